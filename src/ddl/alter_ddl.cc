// Copyright (c) obkvlite authors.
#include "ddl/alter_ddl.h"

#include <initializer_list>

#include "ddl/ddl_internal.h"
#include "ddl/sql_quote.h"

namespace obkvlite {
namespace {

using ddl_internal::RangePartitionDefinition;

std::string Names(const PartitionSpec& p, const std::vector<int>& indexes) {
  std::string out;
  for (int i : indexes) {
    if (!out.empty()) out += ", ";
    out += QuoteMysqlIdentifier(p.RangePartitionName(i));
  }
  return out;
}

// "(\n  PARTITION ... ,\n  PARTITION ...\n)" of `indexes` in `p`.
std::string Definitions(const PartitionSpec& p, const std::vector<int>& indexes) {
  std::string out = "(\n";
  for (size_t k = 0; k < indexes.size(); ++k) {
    out += "  " + RangePartitionDefinition(p, indexes[k], "PARTITION");
    out += k + 1 < indexes.size() ? ",\n" : "\n";
  }
  return out + ")";
}

// The policy of an ALTER: the short form changes an existing policy (ENABLE,
// PRECREATE_TIME and EXPIRE_TIME are what OceanBase lets change); a table
// that had none gets the whole policy, as OceanBase builds it from this text
// alone (BIGINT_PRECISION would stay 'NONE', refused for a bigint key).
std::string Policy(const FamilySpec& old, const FamilySpec& f) {
  if (!f.time_window) return "(ENABLE = false)";
  if (!old.time_window) return ddl_internal::DynamicPartitionPolicyList(f);
  const std::string unit = TimeUnitName(f.time_window->unit);
  std::string out = "(ENABLE = true, PRECREATE_TIME = '" +
                    std::to_string(f.time_window->precreate) + unit + "'";
  out += ", EXPIRE_TIME = '" +
         (f.time_window->expire > 0
              ? std::to_string(f.time_window->expire) + unit
              : std::string("-1")) +
         "'";
  return out + ")";
}

// The ALTER that switches OceanBase's auto-split on, changes its size or
// turns it off (SIZE('unlimited')), or "" when it stays as it was.
std::string AutoSplitChange(const std::string& table, const FamilySpec& old,
                            const FamilySpec& f) {
  const bool had = old.auto_split_max_cells > 0;
  const bool has = f.auto_split_max_cells > 0;
  if (had == has && (!has || old.auto_split_size == f.auto_split_size)) {
    return "";
  }
  std::string note;
  const std::string clause =
      ddl_internal::AutoSplitClause(f, has ? f.auto_split_size : "unlimited",
                                    &note);
  return note + "ALTER TABLE " + table + " " + clause + ";\n";
}

void OceanBaseSteps(const std::string& table, const FamilyMoves& m,
                    std::vector<std::string>* out) {
  for (const PartitionDdlStep& step : m.steps) {
    const std::string alter = "ALTER TABLE " + table + " ";
    switch (step.kind) {
      case PartitionDdlStep::Kind::kAdd:
        out->push_back(alter + "ADD PARTITION " +
                       Definitions(m.after, step.new_partitions) + ";\n");
        break;
      case PartitionDdlStep::Kind::kDrop:
        out->push_back(alter + "DROP PARTITION " +
                       Names(m.before, step.old_partitions) + ";\n");
        break;
      case PartitionDdlStep::Kind::kTruncate:
        out->push_back(alter + "TRUNCATE PARTITION " +
                       Names(m.before, step.old_partitions) + ";\n");
        break;
      case PartitionDdlStep::Kind::kReorganize:
        if (step.old_partitions.size() == 1) {
          out->push_back(alter + "REORGANIZE PARTITION " +
                         Names(m.before, step.old_partitions) + " INTO " +
                         Definitions(m.after, step.new_partitions) + ";\n");
          break;
        }
        out->push_back(
            "-- OceanBase (MySQL mode) reorganizes one source partition at a "
            "time, so the\n-- merge of " +
            Names(m.before, step.old_partitions) +
            " repartitions the table (an offline DDL).\n" + alter +
            ddl_internal::PartitionClause(m.after) + ";\n");
        break;
      case PartitionDdlStep::Kind::kRepartition:
        out->push_back(alter + ddl_internal::PartitionClause(m.after) + ";\n");
        break;
    }
  }
}

void MysqlSteps(const FamilySpec& f, const std::string& table,
                const FamilyMoves& m,
                std::vector<std::string>* out) {
  std::vector<int> gone;
  bool repartition = false;
  for (const PartitionDdlStep& step : m.steps) {
    if (step.kind == PartitionDdlStep::Kind::kTruncate ||
        step.kind == PartitionDdlStep::Kind::kDrop) {
      gone.insert(gone.end(), step.old_partitions.begin(),
                  step.old_partitions.end());
    }
    repartition = repartition || step.kind != PartitionDdlStep::Kind::kTruncate;
  }
  if (!gone.empty()) {
    out->push_back("ALTER TABLE " + table + " TRUNCATE PARTITION " +
                   Names(m.before, gone) + ";\n");
  }
  if (!repartition) return;
  ddl_internal::MysqlPartitioning p = ddl_internal::MysqlPartitionClause(
      f.partition, ddl_internal::PartitionClause(f.partition));
  out->push_back(p.note + "ALTER TABLE " + table + " " + p.clause + ";\n");
}

// True when a step of `moves` is of one of `kinds`.
bool AnyStep(const std::vector<FamilyMoves>& moves,
             std::initializer_list<PartitionDdlStep::Kind> kinds) {
  for (const FamilyMoves& m : moves) {
    for (const PartitionDdlStep& step : m.steps) {
      for (PartitionDdlStep::Kind kind : kinds) {
        if (step.kind == kind) return true;
      }
    }
  }
  return false;
}

// The DELETEs of the index rows whose main row no longer has the indexed
// cell, one per family relation of each index table of `t`: after a
// partition drop or truncate they would point at removed rows. An index
// row key is the escaped value, the terminator 0x00 0x00 (the first two
// zero bytes in a row: a value's 0x00 is escaped as 0x00 0xFF), then the
// main row key (doc/indexes.md). Each runs again with the same result.
void IndexCleanup(const TableSpec& t, std::vector<std::string>* out) {
  for (const IndexSpec& index : t.indexes) {
    const FamilySpec* main = t.FindFamily(index.family);
    Result<TableSpec> table = IndexTableSpec(t, index);
    if (main == nullptr || !table.ok()) continue;  // the spec was checked
    const std::string main_rel =
        QuoteMysqlTableName(FamilyRelationName(t, *main));
    for (const FamilySpec& f : table->families) {
      out->push_back(
          "-- the index rows of the removed rows go with them\nDELETE i FROM " +
          QuoteMysqlTableName(FamilyRelationName(*table, f)) +
          " AS i WHERE NOT EXISTS (SELECT 1 FROM " + main_rel +
          " AS m WHERE m.`K` = SUBSTRING(i.`K`, LOCATE(x'0000', i.`K`) + 2) "
          "AND m.`Q` = " +
          ddl_internal::KeyLiteral(index.qualifier) + ");\n");
    }
  }
}

}  // namespace

std::vector<std::string> AlterTableStatements(
    const TableSpec& before, const TableSpec& after,
    const std::vector<FamilyMoves>& moves, DdlDialect dialect) {
  std::vector<std::string> out;
  const bool oceanbase = dialect == DdlDialect::kOceanBase;
  for (const FamilySpec& f : before.families) {
    if (after.FindFamily(f.name) == nullptr) {
      out.push_back("DROP TABLE IF EXISTS " + QuoteMysqlTableName(FamilyRelationName(before, f)) +
                    ";\n");
    }
  }
  for (const FamilySpec& f : after.families) {
    const FamilySpec* old = before.FindFamily(f.name);
    const std::string table = QuoteMysqlTableName(FamilyRelationName(after, f));
    if (old == nullptr) {
      out.push_back(ddl_internal::CreateFamilyTable(after, f, dialect));
      continue;
    }
    if (!oceanbase) continue;
    const std::string kv = ddl_internal::KvAttributes(after, f);
    if (kv != ddl_internal::KvAttributes(before, *old)) {
      out.push_back("ALTER TABLE " + table + " " +
                    (kv.empty() ? "kv_attributes = '{\"HBase\": {}}'" : kv) +
                    ";\n");
    }
    const bool had = old->time_window.has_value();
    const bool has = f.time_window.has_value();
    if (had != has ||
        (had && (old->time_window->unit != f.time_window->unit ||
                 old->time_window->precreate != f.time_window->precreate ||
                 old->time_window->expire != f.time_window->expire))) {
      out.push_back("ALTER TABLE " + table + " DYNAMIC_PARTITION_POLICY = " +
                    Policy(*old, f) + ";\n");
    }
    const std::string split = AutoSplitChange(table, *old, f);
    if (!split.empty()) out.push_back(split);
  }
  // OceanBase checks a repartitioned table against the other tables of an
  // ADAPTIVE (the default) or PARTITION table group, so a table of several
  // families is repartitioned with the group's SHARDING at NONE.
  const bool regroup = oceanbase &&
                       AnyStep(moves, {PartitionDdlStep::Kind::kRepartition}) &&
                       after.families.size() > 1;
  if (regroup) {
    out.push_back(
        "-- OceanBase checks a repartitioned table against the other tables "
        "of its table\n-- group: SHARDING = 'NONE' while they change.\n"
        "ALTER TABLEGROUP " +
        QuoteMysqlIdentifier(after.name) + " SHARDING = 'NONE';\n");
  }
  for (const FamilyMoves& m : moves) {
    const FamilySpec* f = after.FindFamily(m.family);
    const std::string table = QuoteMysqlTableName(FamilyRelationName(after, *f));
    if (oceanbase) {
      OceanBaseSteps(table, m, &out);
    } else {
      MysqlSteps(*f, table, m, &out);
    }
  }
  if (regroup) {
    out.push_back("ALTER TABLEGROUP " + QuoteMysqlIdentifier(after.name) +
                  " SHARDING = 'ADAPTIVE';\n");
  }
  if (RemovesRows(moves)) IndexCleanup(after, &out);
  return out;
}

bool RemovesRows(const std::vector<FamilyMoves>& moves) {
  return AnyStep(moves, {PartitionDdlStep::Kind::kDrop,
                         PartitionDdlStep::Kind::kTruncate});
}

std::vector<std::string> TruncateTableStatements(const TableSpec& spec) {
  std::vector<std::string> out;
  for (const FamilySpec& f : spec.families) {
    out.push_back("TRUNCATE TABLE " + QuoteMysqlTableName(FamilyRelationName(spec, f)) + ";\n");
  }
  return out;
}

}  // namespace obkvlite
