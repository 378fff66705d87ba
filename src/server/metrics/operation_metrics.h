// Copyright (c) obkvlite authors.
//
// The operation statistics (obkvlite/operation_stats.h) as a Prometheus
// histogram, for /metrics:
//   obkv_operation_duration_seconds{engine,surface,op}   histogram
// one series per (surface, op) with operations, op as OperationName
// ("get", "checkAndPut", "batch", ...; OBKV's "all" is sum() over op).
// Its buckets are the powers of two of the statistics' buckets, 2^10 ns
// (1.024 us) to 2^36 ns (68.7 s), then +Inf: each a sum of whole buckets,
// so the counts are exact.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SERVER_METRICS_OPERATION_METRICS_H_
#define OBKVLITE_SERVER_METRICS_OPERATION_METRICS_H_

#include <string>
#include <vector>

#include "obkvlite/operation_stats.h"

namespace obkvlite {
namespace metrics {

// Appends the histogram's HELP, TYPE and series of `lines` (one per
// (surface, operation), as Store::OperationStats returns them) to `out`;
// `engine_label` is the engine's label pair (engine="sqlite").
void AppendOperationHistograms(const std::vector<OperationStatsLine>& lines,
                               const std::string& engine_label,
                               std::string* out);

}  // namespace metrics
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_METRICS_OPERATION_METRICS_H_
