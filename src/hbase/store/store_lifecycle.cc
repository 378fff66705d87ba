// Copyright (c) obkvlite authors.
//
// StoreImpl's lifecycle changes (obkvlite/store.h): exists, disable and
// enable, alter, truncate, partition changes and listing, purge's roll
// and whole-partition purge, and auto-split. Every change runs through
// ChangeTable, the one path that locks, reads the current spec, plans,
// reports the OceanBase statements and installs the changed table.

#include <algorithm>
#include <cstdlib>

#include "ddl/alter_ddl.h"
#include "ddl/sql_quote.h"
#include "hbase/api_guard.h"
#include "hbase/layout_dispatch.h"
#include "hbase/store/store_impl.h"
#include "layout/partition_sql.h"
#include "obkvlite/ddl.h"
#include "obkvlite/index.h"
#include "spec/partition_plan.h"
#include "spec/spec_change_check.h"
#include "spec/spec_json_edit.h"
#include "storage/catalog.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace {

// The current spec of `name` as the catalog on `conn` holds it.
Result<TableSpec> CatalogSpec(storage::Connection* conn,
                              const std::string& name) {
  OBKV_ASSIGN_OR_RETURN(std::vector<TableSpec> specs,
                        storage::LoadCatalog(conn));
  for (TableSpec& spec : specs) {
    if (spec.name == name) return std::move(spec);
  }
  return Status::NotFound("table '" + name + "' not found");
}

Result<TableSpec> WithDisabled(const TableSpec& spec, bool disabled) {
  return EditSpecJson(spec, [&](nlohmann::json& doc) -> Status {
    if (disabled) {
      doc["disabled"] = true;
    } else {
      doc.erase("disabled");
    }
    return Status::OK();
  });
}

}  // namespace

Result<int64_t> StoreImpl::ChangeTable(const std::string& name,
                                       const char* what, bool dry_run,
                                       std::vector<std::string>* ddl,
                                       const storage::MoveProgress& progress,
                                       const PlanFn& plan) {
  if (!dry_run) OBKV_RETURN_IF_ERROR(ctx_->CheckWritable(what));
  OBKV_ASSIGN_OR_RETURN(LiveTable * live, Live(name));
  auto change = live->ChangeLock();
  StoreContext::AllShardsLock write_lock(ctx_.get());
  OBKV_ASSIGN_OR_RETURN(TableSpec before, CatalogSpec(ctx_->writer(), name));
  OBKV_ASSIGN_OR_RETURN(TableChange planned, plan(before));
  if (ddl != nullptr) {
    *ddl = AlterTableStatements(before, planned.after, planned.moves,
                                DdlDialect::kOceanBase);
  }
  // Nothing to do (a roll with nothing due, on every purge): no write.
  if (dry_run || (planned.moves.empty() && planned.after.json == before.json)) {
    return int64_t{0};
  }
  OBKV_ASSIGN_OR_RETURN(
      int64_t moved,
      ctx_->engine()->AlterTable(ctx_->writer(), before, planned.after,
                                 planned.moves, progress));
  ctx_->EvictWriterStatements(name + "$");
  ctx_->readers().InvalidateStatements();
  auto_split_.Forget(name);
  live->Replace(MakeTable(ctx_.get(), SchemaOf(planned.after)));
  return moved;
}

Result<bool> StoreImpl::TableExists(const std::string& name) {
  return GuardApi("exists", [&]() -> Result<bool> {
    Result<LiveTable*> live = Live(name);
    if (live.ok()) return true;
    if (live.status().IsNotFound()) return false;
    return live.status();
  });
}

Status StoreImpl::SetDisabled(const std::string& name, bool disabled,
                              const ChangeOptions& options) {
  const char* what = disabled ? "disable" : "enable";
  return GuardApi(what, [&]() -> Status {
    return ChangeTable(name, what, options.dry_run, options.oceanbase_ddl, {},
                       [&](const TableSpec& before) -> Result<TableChange> {
                         if (before.disabled == disabled) {
                           return Status::FailedPrecondition(
                               "table '" + name + "' is already " +
                               (disabled ? "disabled" : "enabled"));
                         }
                         TableChange c;
                         OBKV_ASSIGN_OR_RETURN(c.after,
                                               WithDisabled(before, disabled));
                         return c;
                       })
        .status();
  });
}

Status StoreImpl::DisableTable(const std::string& name,
                               const ChangeOptions& options) {
  return SetDisabled(name, true, options);
}

Status StoreImpl::EnableTable(const std::string& name,
                              const ChangeOptions& options) {
  return SetDisabled(name, false, options);
}

Status StoreImpl::AlterTable(const TableSpec& spec,
                             const ChangeOptions& options) {
  return GuardApi("alter", [&]() -> Status {
    if (spec.json.empty()) {
      return Status::InvalidArgument(
          "spec: json is empty; make specs with ParseTableSpec");
    }
    return ChangeTable(
               spec.name, "alter", options.dry_run, options.oceanbase_ddl, {},
               [&](const TableSpec& before) -> Result<TableChange> {
                 TableChange c;
                 // The state stays as it is; disable/enable change it.
                 OBKV_ASSIGN_OR_RETURN(
                     c.after,
                     before.disabled ? WithDisabled(spec, true)
                                     : ParseTableSpec(spec.json));
                 OBKV_RETURN_IF_ERROR(CheckSpecChange(before, c.after));
                 return c;
               })
        .status();
  });
}

Status StoreImpl::TruncateTable(const std::string& name,
                                const ChangeOptions& options) {
  return GuardApi("truncate", [&]() -> Status {
    if (!options.dry_run) OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("truncate"));
    OBKV_ASSIGN_OR_RETURN(LiveTable * live, Live(name));
    auto change = live->ChangeLock();
    StoreContext::AllShardsLock write_lock(ctx_.get());
    OBKV_ASSIGN_OR_RETURN(TableSpec spec, CatalogSpec(ctx_->writer(), name));
    // The index tables empty with their table, in the same transaction.
    std::vector<TableSpec> tables = {spec};
    for (const IndexSpec& index : spec.indexes) {
      OBKV_ASSIGN_OR_RETURN(TableSpec own, IndexTableSpec(spec, index));
      tables.push_back(std::move(own));
    }
    if (options.oceanbase_ddl != nullptr) {
      options.oceanbase_ddl->clear();
      for (const TableSpec& t : tables) {
        for (std::string& stmt : TruncateTableStatements(t)) {
          options.oceanbase_ddl->push_back(std::move(stmt));
        }
      }
    }
    if (options.dry_run) return Status::OK();
    OBKV_RETURN_IF_ERROR(ctx_->engine()->TruncateTables(ctx_->writer(), tables));
    auto_split_.Forget(name);
    return Status::OK();
  });
}

Result<PartitionChangeResult> StoreImpl::ChangePartitions(
    const std::string& name, const PartitionChange& change) {
  return GuardApi("partition", [&]() -> Result<PartitionChangeResult> {
    PartitionChangeResult result;
    bool removes_rows = false;
    OBKV_ASSIGN_OR_RETURN(
        result.rows_moved,
        ChangeTable(name, "partition", change.dry_run, &result.oceanbase_ddl,
                    change.progress,
                    [&](const TableSpec& before) -> Result<TableChange> {
                      OBKV_ASSIGN_OR_RETURN(
                          PartitionPlan plan,
                          PlanPartitionChange(before, change, ctx_->NowMs()));
                      result.spec = plan.spec;
                      result.warnings = plan.warnings;
                      result.changed = plan.changed;
                      for (const FamilyMoves& m : plan.families) {
                        for (const PartitionDdlStep& step : m.steps) {
                          removes_rows =
                              removes_rows ||
                              step.kind == PartitionDdlStep::Kind::kDrop ||
                              step.kind == PartitionDdlStep::Kind::kTruncate;
                        }
                      }
                      TableChange c;
                      c.after = std::move(plan.spec);
                      c.moves = std::move(plan.families);
                      return c;
                    }));
    // Rows a drop or truncate removed leave their index entries behind:
    // the index tables are written anew (doc/indexes.md).
    if (removes_rows && !change.dry_run && !result.spec.indexes.empty()) {
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
      OBKV_ASSIGN_OR_RETURN(
          std::unique_ptr<storage::Statement> stmt,
          conn->Prepare(layout::CountRowsSql(
              d, family.partition_tables[index * sub + s])));
      OBKV_ASSIGN_OR_RETURN(bool row, stmt->Step());
      if (row) total += stmt->ColumnInt(0);
    }
    return total;
  }
  // One relation the server partitions itself: route every row as the
  // store does (the server's own KEY hash may differ from OceanBase's).
  OBKV_ASSIGN_OR_RETURN(
      std::unique_ptr<storage::Statement> stmt,
      conn->Prepare(layout::KeysAndTimesSql(d, family.partition_tables[0])));
  int64_t total = 0;
  while (true) {
    OBKV_ASSIGN_OR_RETURN(bool row, stmt->Step());
    if (!row) break;
    Result<int> idx =
        family.router.Route(stmt->ColumnBlob(0), std::llabs(stmt->ColumnInt(1)));
    if (idx.ok() && *idx / sub == index) ++total;
  }
  return total;
}

Result<std::vector<PartitionInfo>> StoreImpl::ListPartitions(
    const std::string& name, const std::string& family) {
  return GuardApi("partition list", [&]() -> Result<std::vector<PartitionInfo>> {
    OBKV_ASSIGN_OR_RETURN(LiveTable * live, Live(name));
    const TableSpec spec = live->spec();
    const std::shared_ptr<const TableSchema> schema = SchemaOf(spec);
    const std::string fname =
        family.empty() ? spec.families.front().name : family;
    OBKV_ASSIGN_OR_RETURN(const FamilyInfo* found, FamilyOf(*schema, fname));
    const FamilyInfo& info = *found;
    const PartitionSpec& p = info.spec.partition;
    OBKV_ASSIGN_OR_RETURN(Snapshot snap, ReadSnapshot());
    std::vector<PartitionInfo> out;
    const bool range_first = p.strategy == PartitionStrategy::kRange ||
                             p.strategy == PartitionStrategy::kRangeKey;
    for (int i = 0; i < p.FirstLevelCount(); ++i) {
      PartitionInfo part;
      part.index = i;
      part.name = p.strategy == PartitionStrategy::kNone
                      ? ""
                      : "p" + std::to_string(i);
      part.oceanbase_name =
          range_first ? p.RangePartitionName(i) : part.name;
      if (range_first) {
        const PartitionRange r = RangeOfPartition(p, i);
        part.has_range = true;
        part.has_lower = r.has_lower;
        part.lower = r.lower;
        part.upper = r.upper;
      }
      OBKV_ASSIGN_OR_RETURN(part.cells,
                            CountCells(snap.lease.get(), info, i));
      out.push_back(std::move(part));
    }
    OBKV_RETURN_IF_ERROR(snap.txn.Commit());
    return out;
  });
}

Result<PurgeStats> StoreImpl::PurgePartitions(const std::string& name) {
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

Result<std::optional<std::string>> StoreImpl::SplitKey(
    const FamilyInfo& info, int index, const AutoSplitter::Key& key,
    int64_t limit) {
  OBKV_ASSIGN_OR_RETURN(storage::ConnectionPool::Lease lease,
                        ctx_->readers().Acquire());
  storage::Connection* conn = lease.get();
  OBKV_ASSIGN_OR_RETURN(int64_t exact, CountCells(conn, info, index));
  if (exact <= limit) {
    auto_split_.Set(key, exact);
    return std::optional<std::string>();
  }
  // The partition's rows: its table, within its range (on a server the
  // relation holds every partition).
  const PartitionRange range = RangeOfPartition(info.spec.partition, index);
  auto split_sql = [&](layout::SplitQuery query) {
    return layout::SplitKeySql(conn->dialect(), info.partition_tables[index],
                               range.has_lower, !range.upper.is_maxvalue,
                               query);
  };
  auto bind_range = [&](storage::Statement* stmt) {
    if (range.has_lower) stmt->BindBlob(2, range.lower.key);
    if (!range.upper.is_maxvalue) stmt->BindBlob(3, range.upper.key);
  };
  // The median cell's row key; when it is the partition's first row key,
  // the next row key, so that both halves keep rows and no row is divided.
  OBKV_ASSIGN_OR_RETURN(
      std::unique_ptr<storage::Statement> median,
      conn->Prepare(split_sql(layout::SplitQuery::kNth)));
  median->BindInt(1, exact / 2);
  bind_range(median.get());
  OBKV_ASSIGN_OR_RETURN(bool row, median->Step());
  if (!row) return std::optional<std::string>();
  std::string bound(median->ColumnBlob(0));
  OBKV_ASSIGN_OR_RETURN(
      std::unique_ptr<storage::Statement> first,
      conn->Prepare(split_sql(layout::SplitQuery::kFirst)));
  bind_range(first.get());
  OBKV_ASSIGN_OR_RETURN(bool has_first, first->Step());
  if (has_first && first->ColumnBlob(0) == bound) {
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<storage::Statement> next,
        conn->Prepare(split_sql(layout::SplitQuery::kAfter)));
    bind_range(next.get());
    next->BindBlob(4, bound);
    OBKV_ASSIGN_OR_RETURN(bool has_next, next->Step());
    if (!has_next) {
      auto_split_.Set(key, exact);  // a single row: nothing to split at
      return std::optional<std::string>();
    }
    bound = std::string(next->ColumnBlob(0));
  }
  return std::optional<std::string>(std::move(bound));
}

void StoreImpl::AfterWrite(const std::string& name,
                           const std::vector<LiveTable::WrittenRow>& rows) {
  Result<LiveTable*> live = Live(name);
  if (!live.ok()) return;
  const TableSpec spec = (*live)->spec();
  bool any = false;
  for (const FamilySpec& f : spec.families) {
    any = any || f.auto_split_max_cells > 0;
  }
  if (!any) return;
  const std::shared_ptr<const TableSchema> schema = SchemaOf(spec);
  // Cells per (family rank, partition).
  std::map<std::pair<int, int>, int64_t> written;
  for (const LiveTable::WrittenRow& row : rows) {
    const int rank = schema->Rank(row.family);
    if (rank < 0) continue;
    const FamilyInfo& info = schema->families()[rank];
    if (info.spec.auto_split_max_cells == 0) continue;
    Result<int> p = info.router.Route(row.row, std::nullopt);
    if (p.ok()) written[{rank, *p}] += row.cells;
  }
  // Partitions to count exactly, one at a time. One commit may leave both
  // halves of a split above the limit (a batch of many rows), so each half
  // is checked again until every partition is within the limit or holds a
  // single row.
  std::vector<std::pair<int, int>> todo;
  for (const auto& [where, cells] : written) {
    const FamilyInfo& info = schema->families()[where.first];
    const AutoSplitter::Key key{name, info.name(), where.second};
    if (auto_split_.Add(key, cells, info.spec.auto_split_max_cells)) {
      todo.push_back(where);
    }
  }
  std::shared_ptr<const TableSchema> current = schema;
  while (!todo.empty()) {
    const auto [rank, index] = todo.back();
    todo.pop_back();
    const FamilyInfo& info = current->families()[rank];
    const AutoSplitter::Key key{name, info.name(), index};
    Result<std::optional<std::string>> bound =
        SplitKey(info, index, key, info.spec.auto_split_max_cells);
    if (!bound.ok()) return;
    if (!*bound) continue;
    PartitionChange split;
    split.op = PartitionOp::kSplit;
    split.family = info.name();
    split.partitions = {index};
    split.bound = RangeBound::Key(**bound);
    Result<PartitionChangeResult> done = ChangePartitions(name, split);
    if (!done.ok() || !done->changed) return;
    current = SchemaOf(done->spec);
    // The partitions after the split one moved up by one.
    for (auto& [r, i] : todo) {
      if (r == rank && i > index) ++i;
    }
    todo.push_back({rank, index + 1});
    todo.push_back({rank, index});
  }
}

}  // namespace obkvlite
