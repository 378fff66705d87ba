// Copyright (c) obkvlite authors.
//
// The SQL text, in each dialect (ddl/sql_quote.h), of every statement on
// the operation statistics table "obkv_op_stats"
// (obkvlite/operation_stats.h):
//
//   obkv_op_stats (surface, operation, bucket_le_ns, samples, sum_ns)
//   PRIMARY KEY (surface, operation, bucket_le_ns)
//
// One row per latency bucket with operations: bucket_le_ns is the bucket's
// exclusive upper bound in ns (LatencyBucketUpperNs; INT64_MAX for the
// overflow bucket), samples the operations that took a time in it, sum_ns
// their times added up. The upsert adds its counts to the row's, so
// several processes add up.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_LAYOUT_OPERATION_STATS_SQL_H_
#define OBKVLITE_LAYOUT_OPERATION_STATS_SQL_H_

#include <string>

#include "ddl/sql_quote.h"

namespace obkvlite {
namespace layout {

// CREATE TABLE IF NOT EXISTS obkv_op_stats (...).
std::string OpStatsCreateSql(SqlDialect dialect);

// Adds samples ?4 and sum_ns ?5 to the row (surface ?1, operation ?2,
// bucket_le_ns ?3), inserting it when absent.
std::string OpStatsUpsertSql(SqlDialect dialect);

// SELECT surface, operation, bucket_le_ns, samples, sum_ns of every row,
// in primary-key order.
std::string OpStatsSelectSql(SqlDialect dialect);

// DELETE every row.
std::string OpStatsDeleteSql(SqlDialect dialect);

}  // namespace layout
}  // namespace obkvlite

#endif  // OBKVLITE_LAYOUT_OPERATION_STATS_SQL_H_
