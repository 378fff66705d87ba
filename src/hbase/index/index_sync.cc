// Copyright (c) obkvlite authors.
#include "hbase/index/index_sync.h"

#include "hbase/write/delete_ops.h"
#include "hbase/write/write_path.h"
#include "layout/timestamp_codec.h"

namespace obkvlite {
namespace {

// Replaces the index row `before` (may be absent) by `after` (may be
// absent).
Status ReplaceEntry(storage::Connection* writer, const IndexInfo& index,
                    std::string_view row,
                    const std::optional<IndexEntry>& before,
                    const std::optional<IndexEntry>& after) {
  const TableSchema& table = *index.table;
  if (after.has_value())
    OBKV_RETURN_IF_ERROR(CheckEntryKey(index, row, *after));
  if (before.has_value()) {
    Delete del;
    del.row = before->key;
    del.type = DeleteType::kRow;
    OBKV_RETURN_IF_ERROR(ApplyDelete(writer, table, del));
  }
  if (!after.has_value()) return Status::OK();
  std::vector<RoutedCell> cells;
  for (size_t i = 0; i < after->cells.size(); ++i) {
    const IndexEntryCell& c = after->cells[i];
    const FamilyInfo& family = table.families()[table.Rank(c.family)];
    OBKV_ASSIGN_OR_RETURN(
        RoutedCell routed,
        RouteCell(family, after->key, c.qualifier, layout::DecodeTimestamp(c.t),
                  c.value, FieldRef("index"),
                  family.spec.cell_ttl ? c.ttl_ms : kNoCellTtl));
    cells.push_back(routed);
  }
  return WriteCells(writer, &cells);
}

}  // namespace

Result<IndexColumnsState> ReadIndexColumns(storage::Connection* conn,
                                           const TableSchema& main,
                                           const IndexInfo& index,
                                           std::string_view row) {
  IndexColumnsState state;
  state.reserve(index.columns.size());
  for (const IndexInfo::ColumnRef& c : index.columns) {
    OBKV_ASSIGN_OR_RETURN(
        std::optional<StoredVersion> v,
        NewestStored(conn, main.families()[c.family], row, c.qualifier));
    state.push_back(std::move(v));
    // Without the indexed column there is no entry to mirror.
    if (!state.front().has_value()) break;
  }
  return state;
}

Status IndexSync::Before(storage::Connection* writer, std::string_view row) {
  if (!active() || rows_.find(row) != rows_.end()) return Status::OK();
  std::vector<IndexColumnsState> states;
  for (const IndexInfo& index : main_->indexes()) {
    OBKV_ASSIGN_OR_RETURN(IndexColumnsState s,
                          ReadIndexColumns(writer, *main_, index, row));
    states.push_back(std::move(s));
  }
  rows_.emplace(std::string(row), std::move(states));
  return Status::OK();
}

void IndexSync::ForgetEntries(std::string_view row,
                              const std::vector<const IndexInfo*>& indexes) {
  auto it = rows_.find(row);
  if (it == rows_.end()) return;
  for (const IndexInfo* index : indexes) {
    it->second[static_cast<size_t>(index - main_->indexes().data())].clear();
  }
}

Status IndexSync::Apply(storage::Connection* writer) {
  for (const auto& [row, states] : rows_) {
    for (size_t i = 0; i < main_->indexes().size(); ++i) {
      const IndexInfo& index = main_->indexes()[i];
      OBKV_ASSIGN_OR_RETURN(IndexColumnsState now,
                            ReadIndexColumns(writer, *main_, index, row));
      std::optional<IndexEntry> before = EntryOf(*main_, index, row, states[i]);
      std::optional<IndexEntry> after = EntryOf(*main_, index, row, now);
      const bool same =
          before.has_value() == after.has_value() &&
          (!before.has_value() ||
           (before->key == after->key && before->cells == after->cells));
      if (same) continue;
      OBKV_RETURN_IF_ERROR(ReplaceEntry(writer, index, row, before, after));
    }
  }
  rows_.clear();
  return Status::OK();
}

}  // namespace obkvlite
