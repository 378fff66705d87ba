// Copyright (c) obkvlite authors.
//
// The timeseries layout (DESIGN §2): one relational row per (row, family,
// ts, put): (K, T, S, V) with PRIMARY KEY (K, T, S), T = EncodeTimestamp(ts),
// S = EncodeTimestamp(write time in ms) so the newest write of a (K, T)
// sorts first, and V a JSON object {"qualifier": "value"} (layout/
// timeseries_value.h). This file owns the SQL text of every statement the
// store runs on a timeseries partition table in each dialect
// (ddl/sql_quote.h); the hbase layer binds them.
//
// Statement kinds are small integers, the per-connection statement cache
// key together with the partition table's name; they start at 100 so they
// never collide with the normal layout's kinds.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_LAYOUT_TIMESERIES_LAYOUT_H_
#define OBKVLITE_LAYOUT_TIMESERIES_LAYOUT_H_

#include <string>
#include <string_view>

#include "ddl/sql_quote.h"
#include "layout/normal_layout.h"
#include "layout/page.h"

namespace obkvlite {
namespace layout {

// Result columns of every timeseries SELECT.
enum TimeseriesColumn { kTsColK = 0, kTsColT = 1, kTsColS = 2, kTsColV = 3 };

enum TimeseriesKind : int {
  // SELECT K,T,S,V WHERE K >= ?1 AND K < ?2 AND T > ?3 AND T <= ?4
  // ORDER BY K,T,S; the first 18 kinds are the lo/hi bound and page
  // variants (TimeseriesScanKind; pages continue after (K, T, S) = (?6,
  // ?7, ?8), layout/page.h).
  kTsScanFirst = 100,
  // INSERT of n rows (K, T, S, V) = (?4i+1, ?4i+2, ?4i+3, ?4i+4), i < n:
  // a conflict is an error and inserts none of them. Kind kTsInsert + n - 1
  // for n = 1..kMaxInsertRows (layout::InsertRowsPerStatement caps n).
  kTsInsert = kTsScanFirst + 18,
  // UPDATE SET V = ?4 WHERE K = ?1 AND T = ?2 AND S = ?3.
  kTsUpdate = kTsInsert + kMaxInsertRows,
  // DELETE WHERE K = ?1 AND T = ?2 AND S = ?3.
  kTsDeleteDoc,
  // DELETE WHERE T > ?1 (every document older than a cutoff).
  kTsDeleteOlder,
};

// Kind of a forward range scan. lo_exclusive: K > ?1 (else K >= ?1);
// hi: 0 = K < ?2, 1 = K <= ?2, 2 = no upper bound (?2 unused).
int TimeseriesScanKind(bool lo_exclusive, int hi, Page page = Page::kAll);

// The SQL of `kind` on the partition table `table` (quoted here), the same
// text in both dialects but for the quoting.
std::string TimeseriesSql(SqlDialect dialect, int kind, std::string_view table);

}  // namespace layout
}  // namespace obkvlite

#endif  // OBKVLITE_LAYOUT_TIMESERIES_LAYOUT_H_
