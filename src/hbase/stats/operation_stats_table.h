// Copyright (c) obkvlite authors.
//
// The store's operation statistics table "obkv_op_stats"
// (layout/operation_stats_sql.h): adding harvested bucket counts to it,
// reading it back, emptying it. Its rows name surfaces and operations by
// name and buckets by their upper bound, so a row this build does not know
// (an operation added later) is skipped, and a bound maps to the bucket
// holding the durations just below it.
//
// Thread safety: as the StoreContext or connection used; the caller
// serializes writers (RequestStatsCollector's flush mutex).

#ifndef OBKVLITE_HBASE_STATS_OPERATION_STATS_TABLE_H_
#define OBKVLITE_HBASE_STATS_OPERATION_STATS_TABLE_H_

#include "hbase/stats/operation_recorder.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

class StoreContext;

// Adds `buckets` to obkv_op_stats in one write transaction on shard 0's
// writer, creating the table first unless `*created` (then set).
Status WriteOperationStats(StoreContext* ctx, const OperationBuckets& buckets,
                           bool* created);

// Adds every row of obkv_op_stats to `out` (none when the table is
// missing). REQUIRED: `conn` is in a read transaction.
Status ReadOperationStats(storage::Connection* conn, OperationBuckets* out);

// Deletes every row of obkv_op_stats, creating the table first unless
// `*created` (then set).
Status DeleteOperationStats(StoreContext* ctx, bool* created);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STATS_OPERATION_STATS_TABLE_H_
