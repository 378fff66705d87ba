// Copyright (c) obkvlite authors.
//
// StoreImpl's partitions (obkvlite/store.h): partition changes (add,
// split, merge, drop, truncate, rehash, roll: through ChangeTable),
// partition listing with cell counts and stored bytes, and purge's roll and
// whole-partition purge.

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "ddl/alter_ddl.h"
#include "ddl/server_partitions_sql.h"
#include "ddl/sql_quote.h"
#include "hbase/api_guard.h"
#include "hbase/store/store_impl.h"
#include "layout/partition_sql.h"
#include "obkvlite/index.h"
#include "spec/partition_plan.h"

namespace obkvlite {

Result<PartitionChangeResult> StoreImpl::ChangePartitions(
    const std::string& name, const PartitionChange& change) {
  return GuardApi("partition", [&]() -> Result<PartitionChangeResult> {
    PartitionChangeResult result;
    bool removes_rows = false;  // and so index rows would be left behind
    OBKV_ASSIGN_OR_RETURN(
        result.rows_moved,
        ChangeTable(name, "partition", change.dry_run, &result.oceanbase_ddl,
                    change.progress,
                    [&](const TableSpec& before) -> Result<TableChange> {
                      OBKV_ASSIGN_OR_RETURN(
                          PartitionPlan plan,
                          PlanPartitionChange(before, change, ctx_->NowMs(),
                                              partition_naming()));
                      result.spec = plan.spec;
                      result.warnings = plan.warnings;
                      result.changed = plan.changed;
                      removes_rows = RemovesRows(plan.families);
                      TableChange c;
                      c.after = std::move(plan.spec);
                      c.moves = std::move(plan.families);
                      return c;
                    }));
    // Rows a drop or truncate removed leave their index entries behind: on
    // SQLite the index tables are written anew (doc/indexes.md); a
    // server's plan deletes them with the rows (ddl/alter_ddl.h), so a
    // crash cannot leave them.
    if (removes_rows && !change.dry_run && !result.spec.indexes.empty() &&
        ctx_->engine()->ddl_dialect() == DdlDialect::kSqlite) {
      OBKV_ASSIGN_OR_RETURN(LiveTable * live, Live(name));
      for (const IndexSpec& index : result.spec.indexes) {
        OBKV_RETURN_IF_ERROR(
            live->RebuildIndex(index.name, IndexRebuildOptions()).status());
      }
    }
    return result;
  });
}

Result<int64_t> StoreImpl::CountCells(storage::Connection* conn,
                                      const FamilyInfo& family,
                                      int index) const {
  const PartitionSpec& p = family.spec.partition;
  const int sub = p.SubpartitionCount();
  const SqlDialect d = conn->dialect();
  if (family.partitions_are_tables) {
    int64_t total = 0;
    for (int s = 0; s < sub; ++s) {
      OBKV_ASSIGN_OR_RETURN(std::unique_ptr<storage::Statement> stmt,
                            conn->Prepare(layout::CountRowsSql(
                                d, family.partition_tables[index * sub + s])));
      OBKV_ASSIGN_OR_RETURN(bool row, stmt->Step());
      if (row) total += stmt->ColumnInt(0);
    }
    return total;
  }
  OBKV_ASSIGN_OR_RETURN(std::vector<int64_t> all, CountAllCells(conn, family));
  return index < static_cast<int>(all.size()) ? all[index] : 0;
}

Result<std::vector<int64_t>> StoreImpl::CountAllCells(
    storage::Connection* conn, const FamilyInfo& family) const {
  const int first = family.spec.partition.FirstLevelCount();
  std::vector<int64_t> out(static_cast<size_t>(first), 0);
  if (family.partitions_are_tables) {
    for (int i = 0; i < first; ++i) {
      OBKV_ASSIGN_OR_RETURN(out[i], CountCells(conn, family, i));
    }
    return out;
  }
  // One relation the server partitions itself: its own partitions, by
  // name, in one grouped query. Spec partition i is the server's of the
  // same name (the mysql dialect keeps the names, ddl/mysql_partitioning.cc)
  // where the server's first level is the spec's.
  const std::string& table = family.partition_tables[0];
  std::vector<std::string> server;
  {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<storage::Statement> stmt,
                          conn->Prepare(PartitionNamesSql(table)));
    while (true) {
      OBKV_ASSIGN_OR_RETURN(bool row, stmt->Step());
      if (!row) break;
      server.emplace_back(stmt->ColumnBlob(0));
    }
  }
  std::vector<std::string> names;
  const PartitionSpec& p = family.spec.partition;
  const bool range_first = p.strategy == PartitionStrategy::kRange ||
                           p.strategy == PartitionStrategy::kRangeKey;
  for (int i = 0; i < first && !server.empty(); ++i) {
    names.push_back(range_first ? p.RangePartitionName(i)
                                : "p" + std::to_string(i));
  }
  // Where the server's partitions hold other rows than the spec's of the
  // same name (a KEY first level on MariaDB), the rows are routed, as the
  // writes the pages set beside them; KEY + RANGE is routed on every
  // server, as it always was.
  const bool same_levels =
      p.strategy != PartitionStrategy::kKeyRange &&
      ServerHoldsSpecFirstLevel(p, ctx_->engine()->ddl_dialect()) &&
      std::all_of(names.begin(), names.end(), [&](const std::string& n) {
        return std::find(server.begin(), server.end(), n) != server.end();
      });
  if (!server.empty() && !same_levels) return CountByRouting(conn, family);
  const std::string sql = names.empty()
                              ? layout::CountRowsSql(conn->dialect(), table)
                              : layout::CountByPartitionSql(table, names);
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<storage::Statement> stmt,
                        conn->Prepare(sql));
  while (true) {
    OBKV_ASSIGN_OR_RETURN(bool row, stmt->Step());
    if (!row) break;
    const int64_t i = names.empty() ? 0 : stmt->ColumnInt(0);
    const int64_t n = stmt->ColumnInt(names.empty() ? 0 : 1);
    if (i >= 0 && i < first) out[static_cast<size_t>(i)] = n;
  }
  return out;
}

Result<std::vector<int64_t>> StoreImpl::CountByRouting(
    storage::Connection* conn, const FamilyInfo& family) const {
  // Route every row as the store does, one pass over the relation.
  const int sub = family.spec.partition.SubpartitionCount();
  std::vector<int64_t> out(
      static_cast<size_t>(family.spec.partition.FirstLevelCount()), 0);
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<storage::Statement> stmt,
                        conn->Prepare(layout::KeysAndTimesSql(
                            conn->dialect(), family.partition_tables[0])));
  while (true) {
    OBKV_ASSIGN_OR_RETURN(bool row, stmt->Step());
    if (!row) break;
    Result<int> idx = family.router.Route(stmt->ColumnBlob(0),
                                          std::llabs(stmt->ColumnInt(1)));
    if (idx.ok() && *idx / sub < static_cast<int>(out.size())) {
      ++out[static_cast<size_t>(*idx / sub)];
    }
  }
  return out;
}

Result<std::vector<PartitionInfo>> StoreImpl::ListPartitions(
    const std::string& name, const std::string& family,
    const PartitionListOptions& options) {
  return GuardApi(
      "partition list", [&]() -> Result<std::vector<PartitionInfo>> {
        OBKV_ASSIGN_OR_RETURN(LiveTable * live, Live(name));
        const TableSpec spec = live->spec();
        const std::shared_ptr<const TableSchema> schema = SchemaOf(spec);
        const std::string fname =
            family.empty() ? spec.families.front().name : family;
        OBKV_ASSIGN_OR_RETURN(const FamilyInfo* found,
                              FamilyOf(*schema, fname));
        const FamilyInfo& info = *found;
        const PartitionSpec& p = info.spec.partition;
        OBKV_ASSIGN_OR_RETURN(Snapshot snap, ReadSnapshot());
        OBKV_ASSIGN_OR_RETURN(std::vector<int64_t> cells,
                              CountAllCells(snap.lease.get(), info));
        std::vector<int64_t> bytes;
        if (options.sizes) {
          OBKV_ASSIGN_OR_RETURN(bytes, ctx_->engine()->PartitionBytes(
                                           snap.lease.get(), spec, info.spec));
        }
        std::vector<PartitionInfo> out;
        const bool range_first = p.strategy == PartitionStrategy::kRange ||
                                 p.strategy == PartitionStrategy::kRangeKey;
        for (int i = 0; i < p.FirstLevelCount(); ++i) {
          PartitionInfo part;
          part.index = i;
          part.name = p.FirstLevelName(i, partition_naming());
          part.oceanbase_name = p.FirstLevelName(i, PartitionNaming::kServer);
          if (range_first) {
            const PartitionRange r = RangeOfPartition(p, i);
            part.has_range = true;
            part.has_lower = r.has_lower;
            part.lower = r.lower;
            part.upper = r.upper;
          }
          part.cells = cells[static_cast<size_t>(i)];
          if (static_cast<size_t>(i) < bytes.size()) {
            part.bytes = bytes[static_cast<size_t>(i)];
          }
          out.push_back(std::move(part));
        }
        OBKV_RETURN_IF_ERROR(snap.txn.Commit());
        return out;
      });
}

Result<PurgeStats> StoreImpl::BeforePurge(const std::string& name) {
  PurgeStats stats;
  OBKV_ASSIGN_OR_RETURN(LiveTable * live, Live(name));
  const TableSpec spec = live->spec();
  bool windows = false;
  for (const FamilySpec& f : spec.families) windows = windows || f.time_window;
  if (windows) {
    PartitionChange roll;
    roll.op = PartitionOp::kRoll;
    OBKV_ASSIGN_OR_RETURN(PartitionChangeResult rolled,
                          ChangePartitions(name, roll));
    if (rolled.changed) {
      // The roll drops partitions at the front only: those whose bound is
      // below the new first bound.
      for (const FamilySpec& f : spec.families) {
        const FamilySpec* now = rolled.spec.FindFamily(f.name);
        if (!f.time_window || now == nullptr) continue;
        const int64_t first = now->partition.bounds.front().ts_ms;
        for (const RangeBound& b : f.partition.bounds) {
          if (!b.is_maxvalue && b.ts_ms < first) ++stats.partitions_cleared;
        }
      }
    }
  }
  // Range partitions on G whose every cell is past TimeToLive: emptied in
  // O(1) (a new table) instead of row by row.
  const TableSpec current = live->spec();
  const int64_t now = ctx_->NowMs();
  const std::shared_ptr<const TableSchema> schema = SchemaOf(current);
  for (const FamilyInfo& info : schema->families()) {
    const PartitionSpec& p = info.spec.partition;
    const bool range_g = (p.strategy == PartitionStrategy::kRange &&
                          p.range_column == RangeColumn::kG) ||
                         p.strategy == PartitionStrategy::kRangeKey;
    if (!range_g || info.ttl_ms == 0) continue;
    const int64_t oldest = info.OldestVisible(now);
    for (int i = 0; i < p.FirstLevelCount(); ++i) {
      if (p.bounds[i].is_maxvalue || p.bounds[i].ts_ms > oldest) break;
      int64_t cells = 0;
      {
        OBKV_ASSIGN_OR_RETURN(storage::ConnectionPool::Lease lease,
                              ctx_->readers().Acquire());
        OBKV_ASSIGN_OR_RETURN(cells, CountCells(lease.get(), info, i));
      }
      if (cells == 0) continue;
      PartitionChange truncate;
      truncate.op = PartitionOp::kTruncate;
      truncate.family = info.name();
      truncate.partitions = {i};
      OBKV_RETURN_IF_ERROR(ChangePartitions(name, truncate).status());
      stats.expired_cells += cells;
      ++stats.partitions_cleared;
    }
  }
  return stats;
}

}  // namespace obkvlite
