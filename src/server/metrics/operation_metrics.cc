// Copyright (c) obkvlite authors.
#include "server/metrics/operation_metrics.h"

#include <cstdint>
#include <cstdio>

#include "server/metrics/prometheus_text.h"

namespace obkvlite {
namespace metrics {
namespace {

// Fine buckets per Prometheus bucket: the statistics' buckets whose upper
// bound is a power of two are 0, 8, 16, ... 208.
constexpr int kFinePerOctave = 8;

std::string Seconds(int64_t ns) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.12g", static_cast<double>(ns) / 1e9);
  return buf;
}

}  // namespace

void AppendOperationHistograms(const std::vector<OperationStatsLine>& lines,
                               const std::string& engine_label,
                               std::string* out) {
  const char* const name = "obkv_operation_duration_seconds";
  *out += std::string("# HELP ") + name +
          " Response time of table operations, by surface (library, cli, "
          "exec, shell, thrift, rest, other) and operation (OBKV-HBase's "
          "monitoring set; doc/monitoring.md).\n# TYPE " +
          name + " histogram\n";
  for (const OperationStatsLine& line : lines) {
    if (line.count == 0 || line.operation == "all") continue;
    const std::string labels = engine_label + ",surface=\"" +
                               EscapeLabelValue(line.surface) + "\",op=\"" +
                               EscapeLabelValue(line.operation) + "\"";
    int64_t cumulative = 0;
    for (int b = 0; b < obkvlite::kLatencyBuckets - 1; ++b) {
      cumulative += line.buckets[static_cast<size_t>(b)];
      if (b % kFinePerOctave != 0) continue;
      *out += std::string(name) + "_bucket{" + labels + ",le=\"" +
              Seconds(LatencyBucketUpperNs(b)) + "\"} " +
              std::to_string(cumulative) + "\n";
    }
    *out += std::string(name) + "_bucket{" + labels + ",le=\"+Inf\"} " +
            std::to_string(line.count) + "\n";
    char sum[48];
    std::snprintf(sum, sizeof sum, "%.9g",
                  static_cast<double>(line.sum_ns) / 1e9);
    *out += std::string(name) + "_sum{" + labels + "} " + sum + "\n";
    *out += std::string(name) + "_count{" + labels + "} " +
            std::to_string(line.count) + "\n";
  }
}

}  // namespace metrics
}  // namespace obkvlite
