// Copyright (c) obkvlite authors.
//
// IndexEntry: the index row that one main row calls for (obkvlite/index.h):
// from the newest stored versions of the index's columns (IndexInfo
// columns: the indexed one, then the covered ones), the key
// EncodeIndexKey(indexed value, row) and the cells the index row holds.
// The one place the write path (index_sync.h) and the check
// (index_check.h) derive entries, so both agree.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_HBASE_INDEX_INDEX_ENTRY_H_
#define OBKVLITE_HBASE_INDEX_INDEX_ENTRY_H_

#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "hbase/table_schema.h"
#include "hbase/write/newest_stored.h"
#include "obkvlite/status.h"

namespace obkvlite {

// The newest stored version of each of an index's columns, in the order
// of IndexInfo::columns.
using IndexColumnsState = std::vector<std::optional<StoredVersion>>;

struct IndexEntryCell {
  std::string family;
  std::string qualifier;
  int64_t t = 0;  // stored (negated) timestamp
  std::string value;
  int64_t ttl_ms = -1;  // the main cell's cell TTL, -1: none

  bool operator<(const IndexEntryCell& o) const {
    return std::tie(family, qualifier, t, value, ttl_ms) <
           std::tie(o.family, o.qualifier, o.t, o.value, o.ttl_ms);
  }
  bool operator==(const IndexEntryCell& o) const {
    return std::tie(family, qualifier, t, value, ttl_ms) ==
           std::tie(o.family, o.qualifier, o.t, o.value, o.ttl_ms);
  }
};

struct IndexEntry {
  std::string key;
  std::vector<IndexEntryCell> cells;  // sorted
};

// The entry `state` calls for; nullopt when the row lacks the indexed
// column.
std::optional<IndexEntry> EntryOf(const TableSchema& main,
                                  const IndexInfo& index, std::string_view row,
                                  const IndexColumnsState& state);

// InvalidArgument when `entry`'s key is longer than kMaxRowKeyBytes, naming
// the index, the row and the limit.
Status CheckEntryKey(const IndexInfo& index, std::string_view row,
                     const IndexEntry& entry);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_INDEX_INDEX_ENTRY_H_
