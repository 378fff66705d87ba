// Copyright (c) obkvlite authors.
#include "hbase/index/index_entry.h"

#include <algorithm>

#include "obkvlite/bytes.h"
#include "obkvlite/index.h"

namespace obkvlite {

std::optional<IndexEntry> EntryOf(const TableSchema& main,
                                  const IndexInfo& index, std::string_view row,
                                  const IndexColumnsState& state) {
  if (state.empty() || !state[0].has_value()) return std::nullopt;
  IndexEntry entry;
  entry.key = EncodeIndexKey(state[0]->value, row);
  for (size_t i = 0; i < index.columns.size() && i < state.size(); ++i) {
    if (!state[i].has_value()) continue;
    const IndexInfo::ColumnRef& c = index.columns[i];
    entry.cells.push_back({main.families()[c.family].name(), c.qualifier,
                           state[i]->t, state[i]->value, state[i]->ttl_ms});
  }
  std::sort(entry.cells.begin(), entry.cells.end());
  return entry;
}

Status CheckEntryKey(const IndexInfo& index, std::string_view row,
                     const IndexEntry& entry) {
  if (entry.key.size() <= kMaxRowKeyBytes) return Status::OK();
  return Status::InvalidArgument(
      "index '" + index.spec.name + "': the entry of row '" +
      ToStringBinary(row) + "' has a row key of " +
      std::to_string(entry.key.size()) +
      " bytes (the escaped value, 2 terminator bytes, then the row), limit " +
      std::to_string(kMaxRowKeyBytes));
}

}  // namespace obkvlite
