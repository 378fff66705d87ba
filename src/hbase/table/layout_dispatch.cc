// Copyright (c) obkvlite authors.
#include "hbase/table/layout_dispatch.h"

#include <utility>

#include "hbase/table/normal_table.h"
#include "hbase/timeseries/timeseries_table.h"

namespace obkvlite {

std::unique_ptr<Table> MakeTable(StoreContext* ctx,
                                 RequestStatsCollector* stats,
                                 const compat::Gate* gate,
                                 std::shared_ptr<const TableSchema> schema) {
  std::shared_ptr<TableCounters> counters = stats->ForTable(*schema);
  switch (schema->spec().layout) {
    case Layout::kNormal:
      return std::make_unique<NormalTable>(ctx, std::move(schema),
                                           std::move(counters), gate);
    case Layout::kTimeseries:
      return std::make_unique<TimeseriesTable>(ctx, std::move(schema),
                                               std::move(counters), gate);
  }
  return nullptr;
}

}  // namespace obkvlite
