// Copyright (c) obkvlite authors.
//
// The SQL text, in each dialect (ddl/sql_quote.h), of every statement
// on the request statistics table "obkv_stats" (obkvlite/request_stats.h):
//
//   obkv_stats (table_name, family, partition_index, bucket_start_ms,
//               reads, rows_read, cells_read, writes, cells_written,
//               bytes_written, deletes)
//   PRIMARY KEY (table_name, family, partition_index, bucket_start_ms)
//
// The upsert adds its counts to the row's, so several processes add up.
// Count columns are numbered in RequestCounts' field order (kStatsCounts).
//
// Thread safety: pure functions.

#ifndef OBKVLITE_LAYOUT_REQUEST_STATS_SQL_H_
#define OBKVLITE_LAYOUT_REQUEST_STATS_SQL_H_

#include <string>

#include "ddl/sql_quote.h"

namespace obkvlite {
namespace layout {

// Number of count columns (reads ... deletes).
inline constexpr int kStatsCounts = 7;

// CREATE TABLE IF NOT EXISTS obkv_stats (...).
std::string StatsCreateSql(SqlDialect dialect);

// Adds counts ?5..?11 to the row (table ?1, family ?2, partition ?3,
// bucket ?4), inserting it when absent.
std::string StatsUpsertSql(SqlDialect dialect);

// SELECT family, partition_index, bucket_start_ms, then the counts, of
// table ?1 with bucket_start_ms in [?2, ?3) (and family ?4 when
// `one_family`), ordered by family, partition_index, bucket_start_ms.
std::string StatsSelectSql(SqlDialect dialect, bool one_family);

// DELETE the rows of table ?1 (and family ?2 when `one_family`).
std::string StatsDeleteSql(SqlDialect dialect, bool one_family);

}  // namespace layout
}  // namespace obkvlite

#endif  // OBKVLITE_LAYOUT_REQUEST_STATS_SQL_H_
