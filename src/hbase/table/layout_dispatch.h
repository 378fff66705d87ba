// Copyright (c) obkvlite authors.
//
// The layout seam: the one place a table's layout (DESIGN §2) picks the
// Table implementation: kNormal is NormalTable (normal_table.h),
// kTimeseries is TimeseriesTable (timeseries/timeseries_table.h, over
// src/layout/timeseries_*).
// Both share StoreContext, TableSchema, ReadPlan and limits.h, and count
// their requests into the store's RequestStatsCollector.
//
// REQUIRED: `ctx` and `stats` outlive the table.
// Thread safety: pure factory.

#ifndef OBKVLITE_HBASE_TABLE_LAYOUT_DISPATCH_H_
#define OBKVLITE_HBASE_TABLE_LAYOUT_DISPATCH_H_

#include <memory>

#include "hbase/compat/compat_gate.h"
#include "hbase/context/store_context.h"
#include "hbase/stats/request_stats_collector.h"
#include "hbase/table_schema.h"
#include "obkvlite/table.h"

namespace obkvlite {

// `gate`: the store's compatibility gate (hbase/compat/compat_gate.h).
std::unique_ptr<Table> MakeTable(StoreContext* ctx,
                                 RequestStatsCollector* stats,
                                 const compat::Gate* gate,
                                 std::shared_ptr<const TableSchema> schema);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_TABLE_LAYOUT_DISPATCH_H_
