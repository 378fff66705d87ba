// Copyright (c) obkvlite authors.
//
// TimeseriesScanner: the Scanner (and the Get) of the timeseries layout.
// A scanner leases a read connection, holds one read transaction (a consistent
// snapshot), opens one cursor per pruned partition of the plan's single
// family (SELECT K,T,S,V ... ORDER BY K,T,S) and merges them by row: the
// documents of the smallest row of every cursor are decoded, each JSON
// member becomes a cell, cells are sorted qualifier ascending, timestamp
// descending, and for the same (qualifier, ts) the newest write (smallest
// S) wins. TimeToLive and the time range are SQL bounds on T; max_versions
// is ignored (OBKV). Memory: the cursors plus one row.
//
// REQUIRED: the StoreContext outlives the scanner; the plan has exactly one
// family, is forward, has no filter and no batch.
// Thread safety: one thread at a time.

#ifndef OBKVLITE_HBASE_TIMESERIES_TIMESERIES_SCANNER_H_
#define OBKVLITE_HBASE_TIMESERIES_TIMESERIES_SCANNER_H_

#include <memory>

#include "hbase/read/read_plan.h"
#include "hbase/context/store_context.h"
#include "obkvlite/scanner.h"

namespace obkvlite {

Result<std::unique_ptr<Scanner>> OpenTimeseriesScanner(StoreContext* ctx,
                                                       ReadPlan plan);

// The first row of `plan` (a Get), read through StoreContext::RunRead; an
// empty RowResult when nothing matches.
Result<RowResult> ReadTimeseriesRow(StoreContext* ctx, ReadPlan plan);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_TIMESERIES_TIMESERIES_SCANNER_H_
