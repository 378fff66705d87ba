// Copyright (c) obkvlite authors.
//
// The heatmap for terminals: one row per partition, one shade character
// per bucket, on the same log scale as the SVG.

#include <algorithm>

#include "analyze/analyze_internal.h"

namespace obkvlite {

using analyze_internal::FormatDurationMs;
using analyze_internal::FormatUtcMs;
using analyze_internal::HeatLevel;
using analyze_internal::PartitionLabel;

namespace {

constexpr std::string_view kShades = " .:-=+*#%@";

std::string Axis(const Heatmap& map) {
  if (map.by_time) {
    return std::to_string(map.buckets) + " time buckets of " +
           FormatDurationMs(map.bucket_ms) + " from " +
           FormatUtcMs(map.start_ms);
  }
  return std::to_string(map.buckets) + " buckets of " +
         std::to_string(map.keys_per_bucket) +
         " keys in input order (no ts column)";
}

}  // namespace

std::string RenderHeatmapText(const AnalysisReport& report) {
  const Heatmap& map = report.heatmap;
  const int64_t max = map.max();
  std::string out = "heatmap: " + std::to_string(map.partitions) +
                    " partitions x " + Axis(map) + "; shades \"" +
                    std::string(kShades) + "\" (log scale), max " +
                    std::to_string(max) + " keys per cell\n";
  size_t width = 0;
  for (const PartitionLoad& p : report.partitions) {
    width = std::max(width, PartitionLabel(p).size());
  }
  for (const PartitionLoad& p : report.partitions) {
    std::string label = PartitionLabel(p);
    label.resize(width, ' ');
    out += label + " |";
    for (int b = 0; b < map.buckets; ++b) {
      out += kShades[static_cast<size_t>(HeatLevel(
          map.at(p.index, b), max, static_cast<int>(kShades.size())))];
    }
    out += p.hot ? "| HOT\n" : "|\n";
  }
  return out;
}

}  // namespace obkvlite
