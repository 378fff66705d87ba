// Copyright (c) obkvlite authors.
//
// `obkv stats --ops`: the operation statistics (obkvlite/operation_stats.h)
// as text or JSON, one line per (surface, operation) with operations, each
// surface's "all" after its operations, and surface "all" last
// (SummarizeOperationStats).
//
// Text, times in us (the quantiles are bucket bounds: at most 12.5% above
// the true value):
//   surface  operation          count     avg_us     p99_us    p999_us
//   library  get                    7       41.2       53.2       53.2
//
// JSON, times in ns:
//   {"operations":[{"surface":"library","operation":"get","count":7,
//     "avg_ns":41230,"p99_ns":53248,"p999_ns":53248}, ...]}
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_OPERATION_STATS_REPORT_H_
#define OBKVLITE_TOOLS_CLI_OPERATION_STATS_REPORT_H_

#include <string>
#include <vector>

#include "obkvlite/operation_stats.h"

namespace obkvlite {
namespace cli {

// `lines` as Store::OperationStats returns them.
std::string RenderOperationStatsText(
    const std::vector<OperationStatsLine>& lines);
std::string RenderOperationStatsJson(
    const std::vector<OperationStatsLine>& lines);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_OPERATION_STATS_REPORT_H_
