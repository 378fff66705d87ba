// Copyright (c) obkvlite authors.
//
// Keys per partition, max/avg and the HOT flag (seed 004: a server with 3x
// the average requests or more is a suspected hotspot).

#include <algorithm>
#include <cmath>

#include "analyze/analyze_internal.h"

namespace obkvlite {
namespace analyze_internal {

std::vector<PartitionLoad> ComputeLoads(const PartitionRouter& router,
                                        const std::vector<int64_t>& counts,
                                        double hot_factor) {
  int64_t total = 0;
  for (int64_t c : counts) total += c;
  const double average =
      counts.empty() ? 0 : static_cast<double>(total) / counts.size();
  std::vector<PartitionLoad> loads;
  loads.reserve(counts.size());
  for (size_t i = 0; i < counts.size(); ++i) {
    PartitionLoad load;
    load.index = static_cast<int>(i);
    load.name = router.PartitionSuffix(load.index);
    load.table = router.PartitionTableName(load.index);
    load.keys = counts[i];
    load.ratio = average > 0 ? static_cast<double>(counts[i]) / average : 0;
    load.hot = average > 0 && load.ratio >= hot_factor;
    loads.push_back(std::move(load));
  }
  return loads;
}

LoadSpread SummarizeLoads(const std::vector<int64_t>& counts) {
  LoadSpread s;
  for (int64_t c : counts) {
    s.total += c;
    s.max = std::max(s.max, c);
  }
  if (counts.empty()) return s;
  const double n = static_cast<double>(counts.size());
  s.average = static_cast<double>(s.total) / n;
  s.max_over_average = s.average > 0 ? s.max / s.average : 0;
  double squares = 0;
  for (int64_t c : counts) {
    const double d = static_cast<double>(c) - s.average;
    squares += d * d;
  }
  s.stddev = std::sqrt(squares / n);
  return s;
}

std::string PartitionLabel(const PartitionLoad& load) {
  return load.name.empty() ? "all" : load.name;
}

}  // namespace analyze_internal

std::vector<int> AnalysisReport::HotPartitions() const {
  std::vector<int> out;
  for (const PartitionLoad& p : partitions) {
    if (p.hot) out.push_back(p.index);
  }
  return out;
}

const Lint* AnalysisReport::FindLint(std::string_view id) const {
  for (const Lint& lint : lints) {
    if (lint.id == id) return &lint;
  }
  return nullptr;
}

int64_t Heatmap::max() const {
  int64_t m = 0;
  for (int64_t c : counts) m = c > m ? c : m;
  return m;
}

std::string_view LintSeverityName(LintSeverity severity) {
  switch (severity) {
    case LintSeverity::kInfo:
      return "info";
    case LintSeverity::kWarning:
      return "warning";
    case LintSeverity::kError:
      return "error";
  }
  return "warning";
}

}  // namespace obkvlite
