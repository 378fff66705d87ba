// Copyright (c) obkvlite authors.
//
// The oceanbase and mysql dialects: CREATE TABLEGROUP and one CREATE TABLE
// per family, as in the OBKV-HBase schema reference (seed 003).

#include <sstream>

#include "ddl/ddl_internal.h"
#include "ddl/sql_quote.h"
#include "ddl/store_ddl.h"
#include "obkvlite/ddl.h"

namespace obkvlite {
namespace {

std::string Q(std::string_view name) { return QuoteMysqlIdentifier(name); }

std::string KeyColumn(const PartitionSpec& p) {
  return Q(p.prefix_length > 0 ? "K_PREFIX" : "K");
}

}  // namespace

namespace ddl_internal {

// A RANGE COLUMNS(K) bound: a quoted string when printable, else X'..'.
std::string KeyLiteral(const std::string& key) {
  bool printable = true;
  for (unsigned char c : key) {
    printable = printable && c >= 0x20 && c <= 0x7E && c != '\'' && c != '\\';
  }
  if (printable) return "'" + key + "'";
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "X'";
  for (unsigned char c : key) {
    out.push_back(kHex[c >> 4]);
    out.push_back(kHex[c & 0xF]);
  }
  return out + "'";
}

std::string BoundLiteral(const RangeBound& bound, RangeColumn column) {
  if (bound.is_maxvalue) return "MAXVALUE";
  if (column == RangeColumn::kG) return "(" + std::to_string(bound.ts_ms) + ")";
  return "(" + KeyLiteral(bound.key) + ")";
}

std::string RangePartitionDefinition(const PartitionSpec& p, int index,
                                     const char* keyword) {
  return std::string(keyword) + " " + Q(p.RangePartitionName(index)) +
         " VALUES LESS THAN " + BoundLiteral(p.bounds[index], p.range_column);
}

// "(\n  PARTITION `p0` VALUES LESS THAN (..),\n ...\n)"
std::string RangeList(const PartitionSpec& p, const char* keyword,
                      const char* indent) {
  std::string out = "(\n";
  for (size_t i = 0; i < p.bounds.size(); ++i) {
    out += indent + RangePartitionDefinition(p, static_cast<int>(i), keyword);
    out += i + 1 < p.bounds.size() ? ",\n" : "\n";
  }
  return out + ")";
}

std::string PartitionClause(const PartitionSpec& p) {
  const std::string range_col =
      Q(p.range_column == RangeColumn::kG ? "G" : "K");
  switch (p.strategy) {
    case PartitionStrategy::kNone:
      return "";
    case PartitionStrategy::kKey:
      return "PARTITION BY KEY(" + KeyColumn(p) + ") PARTITIONS " +
             std::to_string(p.key_partitions);
    case PartitionStrategy::kRange:
      return "PARTITION BY RANGE COLUMNS(" + range_col + ") " +
             RangeList(p, "PARTITION", "  ");
    case PartitionStrategy::kRangeKey:
      return "PARTITION BY RANGE COLUMNS(" + Q("G") + ") SUBPARTITION BY KEY(" +
             KeyColumn(p) + ") SUBPARTITIONS " +
             std::to_string(p.key_partitions) + " " +
             RangeList(p, "PARTITION", "  ");
    case PartitionStrategy::kKeyRange:
      return "PARTITION BY KEY(" + KeyColumn(p) +
             ") SUBPARTITION BY RANGE COLUMNS(" + Q("G") +
             ") SUBPARTITION TEMPLATE " + RangeList(p, "SUBPARTITION", "  ") +
             " PARTITIONS " + std::to_string(p.key_partitions);
  }
  return "";
}

std::string KvAttributes(const TableSpec& t, const FamilySpec& f) {
  if (f.ttl_seconds == 0 && f.max_versions == 0 && !f.kv_attributes &&
      !t.disabled) {
    return "";
  }
  std::string inner;
  if (f.ttl_seconds > 0) {
    inner += "\"TimeToLive\": " + std::to_string(f.ttl_seconds);
  }
  if (f.max_versions > 0) {
    if (!inner.empty()) inner += ", ";
    inner += "\"MaxVersions\": " + std::to_string(f.max_versions);
  }
  if (t.disabled) {
    if (!inner.empty()) inner += ", ";
    inner += "\"State\": \"disable\"";
  }
  return "kv_attributes = '{\"HBase\": {" + inner + "}}'";
}

}  // namespace ddl_internal

namespace {

using ddl_internal::KvAttributes;
using ddl_internal::PartitionClause;

std::string ValueType(const FamilySpec& f) {
  if (f.longblob) return "longblob";
  return "varbinary(" + std::to_string(f.value_max_bytes) + ")";
}

}  // namespace

namespace ddl_internal {

std::string DynamicPartitionPolicyList(const FamilySpec& f) {
  const TimeWindow& w = *f.time_window;
  const std::string unit = TimeUnitName(w.unit);
  std::string out = "(ENABLE = true, TIME_UNIT = '" + unit +
                    "', PRECREATE_TIME = '" + std::to_string(w.precreate) +
                    unit + "'";
  if (w.expire > 0) {
    out += ", EXPIRE_TIME = '" + std::to_string(w.expire) + unit + "'";
  }
  return out + ", BIGINT_PRECISION = 'ms')";
}

std::string AutoSplitClause(const FamilySpec& f, const std::string& size,
                            std::string* note) {
  std::string clause = PartitionClause(f.partition);
  // RANGE COLUMNS(K) SIZE('...') (...): OceanBase splits by size.
  const std::string head = "PARTITION BY RANGE COLUMNS(" + Q("K") + ")";
  clause.insert(head.size(), " SIZE('" + size + "')");
  if (note != nullptr && f.auto_split_max_cells > 0) {
    *note = "-- auto_split: obkvlite splits a partition above " +
            std::to_string(f.auto_split_max_cells) +
            " stored cells at its median row key;\n-- OceanBase splits by "
            "size (SIZE), at most one partition at a time.\n";
  }
  return clause;
}

std::string CreateFamilyTable(const TableSpec& t, const FamilySpec& f,
                              DdlDialect dialect) {
  const PartitionSpec& p = f.partition;
  const bool ts = t.layout == Layout::kTimeseries;
  const bool mysql = dialect == DdlDialect::kMysql;
  std::string clause = PartitionClause(p);
  std::ostringstream s;
  if (f.auto_split_max_cells > 0 && !mysql) {
    std::string note;
    clause = AutoSplitClause(f, f.auto_split_size, &note);
    s << note;
  }
  if (mysql) {
    ddl_internal::MysqlPartitioning m =
        ddl_internal::MysqlPartitionClause(p, clause);
    s << m.note;
    clause = m.clause;
  }
  if (p.HasKeyLevel() && p.hash == HashFunction::kMurmur3) {
    s << "-- note: this family routes with \"hash\": \"murmur3\"; OceanBase's "
         "KEY partitioning\n-- hashes with MurmurHash64A, so partition "
         "numbers differ there.\n";
  }
  s << "CREATE TABLE " << QuoteMysqlTableName(FamilyRelationName(t, f))
    << " (\n";
  s << "  " << Q("K") << " varbinary(1024) NOT NULL,\n";
  if (!ts) s << "  " << Q("Q") << " varbinary(256) NOT NULL,\n";
  s << "  " << Q("T") << " bigint(20) NOT NULL,\n";
  if (ts) {
    s << "  " << Q("S") << " bigint(20) NOT NULL,\n";
    s << "  " << Q("V") << " json NOT NULL,\n";
  } else {
    s << "  " << Q("V") << " "
      << (mysql ? ddl_internal::MysqlValueType(f) : ValueType(f))
      << " NOT NULL,\n";
    if (f.cell_ttl) s << "  " << Q("TTL") << " bigint(20) DEFAULT NULL,\n";
  }
  if (ddl_internal::HasGColumn(t, f)) {
    s << "  " << Q("G") << " bigint(20) GENERATED ALWAYS AS (ABS(" << Q("T")
      << ")),\n";
  }
  if (p.prefix_length > 0) {
    s << "  " << Q("K_PREFIX") << " varbinary(1024) GENERATED ALWAYS AS "
      << "(substring(" << Q("K") << ", 1, " << p.prefix_length << ")),\n";
  }
  s << "  PRIMARY KEY (" << Q("K") << ", " << Q(ts ? "T" : "Q") << ", "
    << Q(ts ? "S" : "T") << ")\n)";
  if (dialect == DdlDialect::kOceanBase) {
    s << " TABLEGROUP = " << Q(t.name);
    const std::string kv = KvAttributes(t, f);
    if (!kv.empty()) s << "\n" << kv;
    if (f.time_window) {
      s << "\nDYNAMIC_PARTITION_POLICY = " << DynamicPartitionPolicyList(f);
    }
  }
  if (!clause.empty()) s << "\n" << clause;
  s << ";\n";
  return s.str();
}

bool HasGColumn(const TableSpec& t, const FamilySpec& f) {
  return t.layout == Layout::kTimeseries || f.partition.NeedsTimestamp();
}

std::string MysqlFamilyDdl(const TableSpec& t, DdlDialect dialect) {
  std::string out;
  for (const std::string& stmt : ServerCreateStatements(t, dialect)) {
    if (!out.empty()) out += "\n";
    out += stmt;
  }
  return out;
}

}  // namespace ddl_internal

std::vector<std::string> ServerCreateStatements(const TableSpec& t,
                                                DdlDialect dialect) {
  std::vector<std::string> out;
  if (TableNamespace(t.name) != kDefaultNamespace) {
    out.push_back("CREATE DATABASE IF NOT EXISTS " + Q(TableNamespace(t.name)) +
                  ";\n");
  }
  if (dialect == DdlDialect::kOceanBase) {
    out.push_back("CREATE TABLEGROUP " + Q(t.name) + ";\n");
  }
  for (const FamilySpec& f : t.families) {
    out.push_back(ddl_internal::CreateFamilyTable(t, f, dialect));
  }
  return out;
}

std::string ServerCatalogDdl() {
  return "CREATE TABLE IF NOT EXISTS " + Q(kCatalogTable) + " (\n  " +
         Q("name") + " varbinary(255) NOT NULL,\n  " + Q("spec") +
         " longblob NOT NULL,\n  PRIMARY KEY (" + Q("name") + ")\n);\n";
}

std::string ServerDdlPlanDdl() {
  return "CREATE TABLE IF NOT EXISTS " + Q(kDdlPlanTable) + " (\n  " + Q("id") +
         " bigint NOT NULL AUTO_INCREMENT,\n  " + Q("kind") +
         " varchar(32) NOT NULL,\n  " + Q("subject") +
         " varbinary(255) NOT NULL,\n  " + Q("plan") +
         " longblob NOT NULL,\n  " + Q("reached") +
         " int NOT NULL DEFAULT 0,\n  PRIMARY KEY (" + Q("id") + ")\n);\n";
}

std::string ServerNamespaceDdl() {
  return "CREATE TABLE IF NOT EXISTS " + Q(kNamespaceTable) + " (\n  " +
         Q("name") + " varbinary(64) NOT NULL,\n  PRIMARY KEY (" + Q("name") +
         ")\n);\n";
}

std::vector<std::string> ServerDropStatements(const TableSpec& t,
                                              DdlDialect dialect) {
  std::vector<std::string> out;
  for (const FamilySpec& f : t.families) {
    out.push_back("DROP TABLE IF EXISTS " +
                  QuoteMysqlTableName(FamilyRelationName(t, f)) + ";\n");
  }
  if (dialect == DdlDialect::kOceanBase) {
    out.push_back("DROP TABLEGROUP IF EXISTS " + Q(t.name) + ";\n");
  }
  return out;
}
}  // namespace obkvlite
