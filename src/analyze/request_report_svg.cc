// Copyright (c) obkvlite authors.
//
// The request heatmap: the request report handed to the one heatmap
// renderer (heatmap_svg.cc).

#include <cstdio>

#include "analyze/analyze_internal.h"
#include "obkvlite/request_report.h"

namespace obkvlite {

std::string RenderRequestHeatmapSvg(const RequestReport& report) {
  std::vector<PartitionLoad> rows;
  rows.reserve(report.partitions.size());
  for (const PartitionRequests& p : report.partitions) rows.push_back(p.load);
  char spread[96];
  std::snprintf(spread, sizeof spread, ", max/avg %.2f, stddev %.1f",
                report.max_over_average, report.stddev);
  analyze_internal::HeatmapPicture picture;
  picture.map = &report.heatmap;
  picture.rows = &rows;
  picture.kind = "stats";
  picture.name = report.table + "$" + report.family;
  picture.heading = report.partitioning + ", requests per partition";
  picture.summary =
      std::to_string(report.total.requests()) + " requests" + spread;
  picture.unit = "requests";
  picture.hot_factor = report.hot_factor;
  return analyze_internal::RenderHeatmapPicture(picture);
}

}  // namespace obkvlite
