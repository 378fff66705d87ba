// Copyright (c) obkvlite authors.
#include "hbase/table/layout_dispatch.h"

#include "hbase/table/normal_table.h"

namespace obkvlite {

std::unique_ptr<Table> MakeTable(StoreContext* ctx,
                                 std::shared_ptr<const TableSchema> schema) {
  switch (schema->spec().layout) {
    case Layout::kNormal:
      return std::make_unique<NormalTable>(ctx, std::move(schema));
    case Layout::kTimeseries:
      return MakeTimeseriesTable(ctx, std::move(schema));
  }
  return nullptr;
}

}  // namespace obkvlite
