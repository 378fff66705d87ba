// Copyright (c) obkvlite authors.
#include "tools/cli/operation_stats_report.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace obkvlite {
namespace cli {

std::string RenderOperationStatsText(
    const std::vector<OperationStatsLine>& lines) {
  const std::vector<OperationStatsLine> summary =
      SummarizeOperationStats(lines);
  if (summary.empty()) return "no operations counted\n";
  std::string out;
  char buf[160];
  std::snprintf(buf, sizeof buf, "%-8s %-15s %10s %10s %10s %10s\n", "surface",
                "operation", "count", "avg_us", "p99_us", "p999_us");
  out += buf;
  for (const OperationStatsLine& line : summary) {
    std::snprintf(buf, sizeof buf, "%-8s %-15s %10lld %10.1f %10.1f %10.1f\n",
                  line.surface.c_str(), line.operation.c_str(),
                  static_cast<long long>(line.count), line.MeanNs() / 1e3,
                  static_cast<double>(line.QuantileNs(0.99)) / 1e3,
                  static_cast<double>(line.QuantileNs(0.999)) / 1e3);
    out += buf;
  }
  return out;
}

std::string RenderOperationStatsJson(
    const std::vector<OperationStatsLine>& lines) {
  nlohmann::ordered_json ops = nlohmann::ordered_json::array();
  for (const OperationStatsLine& line : SummarizeOperationStats(lines)) {
    nlohmann::ordered_json j;
    j["surface"] = line.surface;
    j["operation"] = line.operation;
    j["count"] = line.count;
    j["avg_ns"] = static_cast<int64_t>(std::llround(line.MeanNs()));
    j["p99_ns"] = line.QuantileNs(0.99);
    j["p999_ns"] = line.QuantileNs(0.999);
    ops.push_back(std::move(j));
  }
  nlohmann::ordered_json doc;
  doc["operations"] = std::move(ops);
  return doc.dump();
}

}  // namespace cli
}  // namespace obkvlite
