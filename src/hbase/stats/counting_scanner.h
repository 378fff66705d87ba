// Copyright (c) obkvlite authors.
//
// CountingScanner: wraps a table's Scanner so that the scan's read
// requests and the rows it returns are counted
// (hbase/stats/request_counting.h). Without a counter (counting off) the
// scanner comes back as it is.
//
// Thread safety: as the wrapped Scanner (one thread at a time).

#ifndef OBKVLITE_HBASE_STATS_COUNTING_SCANNER_H_
#define OBKVLITE_HBASE_STATS_COUNTING_SCANNER_H_

#include <cstdint>
#include <memory>

#include "hbase/stats/scan_counter.h"
#include "obkvlite/scanner.h"

namespace obkvlite {

// `scanner`, just opened for the scan `counter` counts (ScanCounter::For,
// made before the scan's plan moved into the opener), counted: its read
// requests at `now_ms`, then each row Next and each cell NextCell return.
// A scan that failed to open is not counted: call this only with a
// scanner. REQUIRED: `scanner` is not null.
std::unique_ptr<Scanner> CountingScanner(std::unique_ptr<ScanCounter> counter,
                                         int64_t now_ms,
                                         std::unique_ptr<Scanner> scanner);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STATS_COUNTING_SCANNER_H_
