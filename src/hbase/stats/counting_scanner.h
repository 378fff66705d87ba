// Copyright (c) obkvlite authors.
//
// CountingScanner: wraps a table's Scanner so that the scan's read
// requests and the rows it returns are counted
// (hbase/stats/request_counting.h). Without counters (counting off) the scanner
// comes back as it is.
//
// Thread safety: as the wrapped Scanner (one thread at a time).

#ifndef OBKVLITE_HBASE_STATS_COUNTING_SCANNER_H_
#define OBKVLITE_HBASE_STATS_COUNTING_SCANNER_H_

#include <cstdint>
#include <functional>
#include <memory>

#include "hbase/read/read_plan.h"
#include "hbase/stats/table_counters.h"
#include "obkvlite/scanner.h"

namespace obkvlite {

using ScanOpener =
    std::function<Result<std::unique_ptr<Scanner>>(ReadPlan plan)>;

// open(plan), counted into `counters`: the read requests at `now_ms` once
// it opened, then each row Next returns. An error passes through
// uncounted.
Result<std::unique_ptr<Scanner>> CountingScanner(
    std::shared_ptr<TableCounters> counters, ReadPlan plan, int64_t now_ms,
    const ScanOpener& open);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STATS_COUNTING_SCANNER_H_
