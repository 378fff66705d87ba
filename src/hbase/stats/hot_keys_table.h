// Copyright (c) obkvlite authors.
//
// The store's hot-key table "obkv_hotkeys" (layout/hot_keys_sql.h) and its
// views: merging harvested summaries into it, reading it back, emptying a
// table's rows. A flush reads a (table, type)'s rows, locking them on a
// server, merges (hbase/stats/hot_key_summary.h) and rewrites them, all in
// one write transaction on shard 0's writer, so concurrent flushes of
// several processes serialize and each adds to the others' counts.
//
// Thread safety: as the StoreContext or connection used; the caller
// serializes its own flushes (RequestStatsCollector's flush mutex).

#ifndef OBKVLITE_HBASE_STATS_HOT_KEYS_TABLE_H_
#define OBKVLITE_HBASE_STATS_HOT_KEYS_TABLE_H_

#include <array>
#include <map>
#include <string>
#include <utility>

#include "hbase/stats/hot_key_summary.h"
#include "obkvlite/hot_keys.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

class StoreContext;

// (table, type) -> the summary of requests not yet in the table.
using HotKeyBuckets = std::map<std::pair<std::string, int>, HotKeySummary>;

// Merges `buckets` into obkv_hotkeys, creating it and its views first
// unless `*created` (then set).
Status WriteHotKeys(StoreContext* ctx, const HotKeyBuckets& buckets,
                    bool* created);

// Adds table `table`'s stored summary of each type to (*out)[type]
// (nothing when the table is missing). REQUIRED: `conn` is in a read
// transaction.
Status ReadHotKeys(storage::Connection* conn, const std::string& table,
                   std::array<HotKeySummary, kHotKeyTypes>* out);

// Deletes table `table`'s rows, creating the table first unless `*created`.
Status DeleteHotKeys(StoreContext* ctx, const std::string& table,
                     bool* created);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STATS_HOT_KEYS_TABLE_H_
