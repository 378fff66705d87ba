// Copyright (c) obkvlite authors.
#include "storage/sqlite/sqlite_alter.h"

#include <cstdlib>
#include <map>
#include <memory>
#include <string>

#include "ddl/sql_quote.h"
#include "ddl/sqlite_family_ddl.h"
#include "ddl/store_ddl.h"
#include "obkvlite/ddl.h"
#include "obkvlite/router.h"
#include "storage/catalog.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace storage {
namespace {

std::string Q(std::string_view name) { return QuoteSqlIdentifier(name); }

// Where one family's tables live.
class FamilyTables {
 public:
  FamilyTables(const TableSpec& spec, const FamilySpec& family, int shards)
      : spec_(spec),
        family_(family),
        shards_(shards),
        relation_(FamilyRelationName(spec, family)) {}

  int Shard(int index) const {
    return shards_ > 1 ? ShardOfPartition(spec_.name, index, shards_) : 0;
  }
  std::string Name(int index) const {
    return PartitionTableName(relation_, family_.partition, index);
  }
  // The quoted table `name` in the schema of shard `shard`.
  std::string Qualified(int shard, const std::string& name) const {
    return shards_ > 1 ? Q(ShardSchemaName(shard)) + "." + Q(name) : Q(name);
  }
  std::string Table(int index) const {
    return Qualified(Shard(index), Name(index));
  }
  // An old table's name while the change runs.
  std::string Parked(int index) const {
    return relation_ + "$o" + std::to_string(index);
  }
  std::string Create(int index) const {
    return SqlitePartitionTableDdl(spec_, family_, Table(index));
  }
  std::string Columns() const { return SqliteStoredColumns(spec_, family_); }
  const FamilySpec& family() const { return family_; }

 private:
  const TableSpec& spec_;
  const FamilySpec& family_;
  const int shards_;
  const std::string relation_;
};

Status ExecAll(Connection* conn, const std::vector<std::string>& stmts) {
  for (const std::string& s : stmts) OBKV_RETURN_IF_ERROR(conn->Exec(s));
  return Status::OK();
}

Result<int64_t> CountRows(Connection* conn, const std::string& table) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> stmt,
                        conn->Prepare("SELECT COUNT(*) FROM " + table));
  OBKV_ASSIGN_OR_RETURN(bool row, stmt->Step());
  return row ? stmt->ColumnInt(0) : 0;
}

// Copies the rows of `from` inside `range` (of column `col`) into `to`.
Result<int64_t> CopyRange(Connection* conn, const std::string& from,
                          const std::string& to, const std::string& columns,
                          const PartitionRange* range, RangeColumn col) {
  std::string sql = "INSERT INTO " + to + " (" + columns + ") SELECT " +
                    columns + " FROM " + from;
  const std::string c = col == RangeColumn::kG ? "\"G\"" : "\"K\"";
  std::string where;
  if (range != nullptr && range->has_lower) where += c + " >= ?1";
  if (range != nullptr && !range->upper.is_maxvalue) {
    where += (where.empty() ? "" : " AND ") + c + " < ?2";
  }
  if (!where.empty()) sql += " WHERE " + where;
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> stmt, conn->Prepare(sql));
  auto bind = [&](int index, const RangeBound& b) {
    if (col == RangeColumn::kG) {
      stmt->BindInt(index, b.ts_ms);
    } else {
      stmt->BindBlob(index, b.key);
    }
  };
  if (range != nullptr && range->has_lower) bind(1, range->lower);
  if (range != nullptr && !range->upper.is_maxvalue) bind(2, range->upper);
  OBKV_RETURN_IF_ERROR(stmt->Run());
  return stmt->changes();
}

// Reads every row of the parked tables and writes it where `after` routes
// it.
Result<int64_t> Reroute(Connection* conn, const TableSpec& spec,
                        const FamilyTables& old_tables,
                        const FamilyTables& new_tables, int old_count,
                        int new_count, const MoveProgress& progress) {
  const bool ts = spec.layout == Layout::kTimeseries;
  const bool cell_ttl = !ts && new_tables.family().cell_ttl;
  const PartitionRouter router(spec.name, new_tables.family());
  int64_t total = 0;
  for (int i = 0; i < old_count; ++i) {
    OBKV_ASSIGN_OR_RETURN(
        int64_t n, CountRows(conn, old_tables.Qualified(old_tables.Shard(i),
                                                        old_tables.Parked(i))));
    total += n;
  }
  std::vector<std::unique_ptr<Statement>> inserts(new_count);
  int64_t done = 0;
  const std::string columns = new_tables.Columns();
  for (int i = 0; i < old_count; ++i) {
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<Statement> read,
        conn->Prepare(
            "SELECT " + columns + " FROM " +
            old_tables.Qualified(old_tables.Shard(i), old_tables.Parked(i))));
    while (true) {
      OBKV_ASSIGN_OR_RETURN(bool row, read->Step());
      if (!row) break;
      const std::string_view key = read->ColumnBlob(0);
      const int64_t t = read->ColumnInt(ts ? 1 : 2);
      OBKV_ASSIGN_OR_RETURN(int j, router.Route(key, std::llabs(t)));
      if (inserts[j] == nullptr) {
        OBKV_ASSIGN_OR_RETURN(
            inserts[j],
            conn->Prepare("INSERT INTO " + new_tables.Table(j) + " (" +
                          columns + ") VALUES (?1, ?2, ?3, ?4" +
                          (cell_ttl ? ", ?5)" : ")")));
      }
      Statement* ins = inserts[j].get();
      ins->BindBlob(1, key);
      if (ts) {
        ins->BindInt(2, t);
        ins->BindInt(3, read->ColumnInt(2));
        ins->BindText(4, read->ColumnText(3));
      } else {
        ins->BindBlob(2, read->ColumnBlob(1));
        ins->BindInt(3, t);
        ins->BindBlob(4, read->ColumnBlob(3));
        if (cell_ttl && read->ColumnIsNull(4)) {
          ins->BindNull(5);
        } else if (cell_ttl) {
          ins->BindInt(5, read->ColumnInt(4));
        }
      }
      OBKV_RETURN_IF_ERROR(ins->Run());
      if (++done % 10000 == 0 && progress) progress(done, total);
    }
  }
  if (progress) progress(done, total);
  return done;
}

Result<int64_t> MoveFamily(Connection* conn, const TableSpec& before,
                           const TableSpec& after, const FamilyMoves& m,
                           int shards, const MoveProgress& progress) {
  const FamilySpec& fb = *before.FindFamily(m.family);
  const FamilySpec& fa = *after.FindFamily(m.family);
  const FamilyTables old_tables(before, fb, shards);
  const FamilyTables new_tables(after, fa, shards);
  const int nb = fb.partition.PhysicalCount();
  const int na = fa.partition.PhysicalCount();
  const int sub_b = fb.partition.SubpartitionCount();
  const int sub_a = fa.partition.SubpartitionCount();
  // keep[j]: the old table whose rows j takes whole (-1: none).
  std::vector<int> keep(na, -1);
  std::vector<bool> untouched(na, false);
  std::vector<bool> old_untouched(nb, false);
  if (!m.reroute && sub_a == sub_b) {
    for (int j = 0; j < na; ++j) {
      const int jf = j / sub_a;
      if (!m.whole[jf]) continue;
      keep[j] = m.sources[jf][0] * sub_b + j % sub_a;
      if (keep[j] == j) untouched[j] = old_untouched[j] = true;
    }
  }
  if (shards == 1) {
    OBKV_RETURN_IF_ERROR(
        ExecAll(conn, SqliteFamilyDropViewStatements(before, fb)));
  }
  for (int i = 0; i < nb; ++i) {
    if (old_untouched[i]) continue;
    OBKV_RETURN_IF_ERROR(conn->Exec("ALTER TABLE " + old_tables.Table(i) +
                                    " RENAME TO " + Q(old_tables.Parked(i))));
  }
  std::vector<bool> consumed(nb, false);
  int64_t copied = 0;
  int64_t total = 0;
  if (progress && !m.reroute) {
    for (int j = 0; j < na; ++j) {
      if (untouched[j] ||
          (keep[j] >= 0 && old_tables.Shard(keep[j]) == new_tables.Shard(j))) {
        continue;
      }
      for (int src : m.sources[j / sub_a]) {
        const int i = src * sub_b + j % sub_a;
        OBKV_ASSIGN_OR_RETURN(
            int64_t n,
            CountRows(conn, old_tables.Qualified(old_tables.Shard(i),
                                                 old_tables.Parked(i))));
        total += n;
      }
    }
  }
  for (int j = 0; j < na; ++j) {
    if (untouched[j]) continue;
    const int i = keep[j];
    if (i >= 0 && old_tables.Shard(i) == new_tables.Shard(j)) {
      OBKV_RETURN_IF_ERROR(conn->Exec(
          "ALTER TABLE " +
          old_tables.Qualified(old_tables.Shard(i), old_tables.Parked(i)) +
          " RENAME TO " + Q(new_tables.Name(j))));
      consumed[i] = true;
      continue;
    }
    OBKV_RETURN_IF_ERROR(conn->Exec(new_tables.Create(j)));
    if (m.reroute) continue;
    const int jf = j / sub_a;
    const PartitionRange range = RangeOfPartition(fa.partition, jf);
    for (int src : m.sources[jf]) {
      const int from = src * sub_b + j % sub_a;
      OBKV_ASSIGN_OR_RETURN(
          int64_t n,
          CopyRange(conn,
                    old_tables.Qualified(old_tables.Shard(from),
                                         old_tables.Parked(from)),
                    new_tables.Table(j), new_tables.Columns(),
                    m.whole[jf] ? nullptr : &range, fa.partition.range_column));
      copied += n;
      if (progress) progress(copied, total);
    }
  }
  if (m.reroute) {
    OBKV_ASSIGN_OR_RETURN(
        copied, Reroute(conn, after, old_tables, new_tables, nb, na, progress));
  }
  for (int i = 0; i < nb; ++i) {
    if (old_untouched[i] || consumed[i]) continue;
    OBKV_RETURN_IF_ERROR(
        conn->Exec("DROP TABLE " + old_tables.Qualified(old_tables.Shard(i),
                                                        old_tables.Parked(i))));
  }
  if (shards == 1) {
    OBKV_RETURN_IF_ERROR(ExecAll(conn, SqliteFamilyViewStatements(after, fa)));
  }
  return copied;
}

}  // namespace

Result<int64_t> SqliteAlterTable(Connection* writer, const TableSpec& before,
                                 const TableSpec& after,
                                 const std::vector<FamilyMoves>& moves,
                                 int shards, const MoveProgress& progress) {
  OBKV_ASSIGN_OR_RETURN(Transaction txn,
                        Transaction::Begin(writer, Transaction::Kind::kWrite));
  OBKV_ASSIGN_OR_RETURN(bool exists, CatalogHas(writer, before.name));
  if (!exists) {
    return Status::NotFound("table '" + before.name + "' not found");
  }
  for (const FamilySpec& f : before.families) {
    if (after.FindFamily(f.name) != nullptr) continue;
    const FamilyTables tables(before, f, shards);
    if (shards == 1) {
      OBKV_RETURN_IF_ERROR(
          ExecAll(writer, SqliteFamilyDropViewStatements(before, f)));
    }
    for (int i = 0; i < f.partition.PhysicalCount(); ++i) {
      OBKV_RETURN_IF_ERROR(writer->Exec("DROP TABLE " + tables.Table(i)));
    }
  }
  for (const FamilySpec& f : after.families) {
    if (before.FindFamily(f.name) != nullptr) continue;
    const FamilyTables tables(after, f, shards);
    for (int i = 0; i < f.partition.PhysicalCount(); ++i) {
      OBKV_RETURN_IF_ERROR(writer->Exec(tables.Create(i)));
    }
    if (shards == 1) {
      OBKV_RETURN_IF_ERROR(
          ExecAll(writer, SqliteFamilyViewStatements(after, f)));
    }
  }
  int64_t moved = 0;
  for (const FamilyMoves& m : moves) {
    OBKV_ASSIGN_OR_RETURN(
        int64_t n, MoveFamily(writer, before, after, m, shards, progress));
    moved += n;
  }
  OBKV_RETURN_IF_ERROR(writer->Exec(SqliteCatalogUpdate(after)));
  OBKV_RETURN_IF_ERROR(txn.Commit());
  return moved;
}

}  // namespace storage
}  // namespace obkvlite
