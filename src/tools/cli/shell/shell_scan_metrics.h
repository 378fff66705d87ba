// Copyright (c) obkvlite authors.
//
// The scan metrics the shell's scan prints with METRICS => ['NAME', ...]
// or ALL_METRICS => true, under HBase 2.x's names (ScanMetrics and
// ServerSideScanMetrics), measured on an embedded store:
//   BYTES_IN_RESULTS       what HBase's client adds per returned cell,
//                          PrivateCellUtil.estimatedSerializedSizeOf: a
//                          KeyValue's row, family, qualifier and value plus
//                          24 bytes of lengths, timestamp and type;
//   MILLIS_BETWEEN_NEXTS   the milliseconds spent getting the results;
//   REGIONS_SCANNED        the regions (first-level partitions of the first
//                          family, as every gateway shows them) the router
//                          sends the scan to, up to the one holding the
//                          last row when a LIMIT stopped it;
//   ROWS_SCANNED           the rows the scan reads before its filter (a
//                          second pass without the filter over the same
//                          range, only when there is a filter);
//   ROWS_FILTERED          ROWS_SCANNED minus the rows returned;
//   RPC_CALLS, RPC_RETRIES, REMOTE_RPC_CALLS, REMOTE_RPC_RETRIES,
//   BYTES_IN_REMOTE_RESULTS, NOT_SERVING_REGION_EXCEPTION
//                          0: the shell calls the store in process, with no
//                          region server in between.
// The table lists them alphabetically, as HBase's formatter does.
//
// Thread safety: plain values and functions.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_SCAN_METRICS_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_SCAN_METRICS_H_

#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "obkvlite/cell.h"
#include "obkvlite/query.h"
#include "obkvlite/spec.h"

namespace obkvlite {
namespace cli {

struct ShellScanMetrics {
  int64_t bytes_in_results = 0;
  int64_t millis_between_nexts = 0;
  int64_t regions_scanned = 0;
  int64_t rows_scanned = 0;
  int64_t rows_filtered = 0;
};

// HBase's estimated serialized size of one returned cell.
int64_t CellResultBytes(const Cell& cell);

// The regions `scan` of a table of `spec` reaches: every region its first
// family's router keeps for the scan's keys and times, or, when `last_row`
// is set (a LIMIT stopped the scan there), those up to the region holding
// it in the scan's direction.
int64_t RegionsScanned(const TableSpec& spec, const Scan& scan,
                       const std::optional<std::string>& last_row);

// "METRIC  VALUE" and one line per metric in `names` (nullopt: all), after
// an empty line, in HBase's layout.
std::string ScanMetricsTable(const ShellScanMetrics& m,
                             const std::optional<std::set<std::string>>& names);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_SCAN_METRICS_H_
