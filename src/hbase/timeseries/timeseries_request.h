// Copyright (c) obkvlite authors.
//
// The OBKV limitations of timeseries families (DESIGN §2, seed 003):
// every request works on exactly one family; filters, reversed scans, scan
// batch, increment, append and check_and_mutate are refused. Errors are
// NotSupported and their message contains
// "not supported for timeseries families".
//
// Thread safety: pure functions.

#ifndef OBKVLITE_HBASE_TIMESERIES_TIMESERIES_REQUEST_H_
#define OBKVLITE_HBASE_TIMESERIES_TIMESERIES_REQUEST_H_

#include <string>
#include <vector>

#include "hbase/table_schema.h"
#include "obkvlite/query.h"
#include "obkvlite/status.h"

namespace obkvlite {

// NotSupported("<what>: not supported for timeseries families").
Status TimeseriesUnsupported(const std::string& what);

// Checks the read-only limitations of a Get or Scan (filter, reversed,
// batch) and that its projection names exactly one family, or none on a
// one-family table. Unknown families are left to PlanGet / PlanScan.
Status CheckTimeseriesRead(const TableSchema& schema,
                           const std::vector<std::string>& families,
                           const std::vector<Column>& columns,
                           const std::string& filter, bool reversed, int batch);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_TIMESERIES_TIMESERIES_REQUEST_H_
