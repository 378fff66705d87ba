// Copyright (c) obkvlite authors.
#include "analyze/report_json_parts.h"

namespace obkvlite {
namespace analyze_internal {

nlohmann::ordered_json HeatmapJson(const Heatmap& m) {
  nlohmann::ordered_json out = {{"axis", m.by_time ? "time" : "input_order"},
                                {"partitions", m.partitions},
                                {"buckets", m.buckets}};
  if (m.by_time) {
    out["start_ms"] = m.start_ms;
    out["bucket_ms"] = m.bucket_ms;
  } else {
    out["keys_per_bucket"] = m.keys_per_bucket;
  }
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (int p = 0; p < m.partitions; ++p) {
    nlohmann::ordered_json row = nlohmann::ordered_json::array();
    for (int b = 0; b < m.buckets; ++b) row.push_back(m.at(p, b));
    rows.push_back(std::move(row));
  }
  out["counts"] = std::move(rows);
  return out;
}

nlohmann::ordered_json NodeBalanceJson(const NodeBalance& b,
                                       const std::string& loads_key) {
  return {{"nodes", b.nodes},
          {"partitions_per_node", b.partitions_per_node},
          {"partition_imbalance", b.partition_imbalance},
          {loads_key, b.keys_per_node},
          {"load_imbalance", b.load_imbalance}};
}

}  // namespace analyze_internal
}  // namespace obkvlite
