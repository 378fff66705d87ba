// Copyright (c) obkvlite authors.
//
// StoreImpl's auto-split (FamilySpec::auto_split, doc/partitions.md): after
// a write, the partitions it grew are checked against their limit
// (AutoSplitter); one over it is split at its median row key (SplitKey)
// through ChangePartitions.

#include "hbase/store/store_impl.h"
#include "layout/partition_sql.h"
#include "spec/partition_plan.h"

namespace obkvlite {

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
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<storage::Statement> median,
                        conn->Prepare(split_sql(layout::SplitQuery::kNth)));
  median->BindInt(1, exact / 2);
  bind_range(median.get());
  OBKV_ASSIGN_OR_RETURN(bool row, median->Step());
  if (!row) return std::optional<std::string>();
  std::string bound(median->ColumnBlob(0));
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<storage::Statement> first,
                        conn->Prepare(split_sql(layout::SplitQuery::kFirst)));
  bind_range(first.get());
  OBKV_ASSIGN_OR_RETURN(bool has_first, first->Step());
  if (has_first && first->ColumnBlob(0) == bound) {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<storage::Statement> next,
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
                           const std::vector<WrittenRow>& rows) {
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
  for (const WrittenRow& row : rows) {
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
