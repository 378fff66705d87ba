// Copyright (c) obkvlite authors.
//
// The JSON pieces the key report (`analyze --json`) and the request report
// (`stats --json`) share.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_ANALYZE_REPORT_JSON_PARTS_H_
#define OBKVLITE_ANALYZE_REPORT_JSON_PARTS_H_

#include <nlohmann/json.hpp>
#include <string>

#include "obkvlite/analyze.h"

namespace obkvlite {
namespace analyze_internal {

// {"axis", "partitions", "buckets", "start_ms" and "bucket_ms" (time) or
// "keys_per_bucket" (input order), "counts": [[per bucket] per partition]}.
nlohmann::ordered_json HeatmapJson(const Heatmap& map);

// {"nodes", "partitions_per_node", "partition_imbalance", <loads_key>,
// "load_imbalance"}; loads_key names the loads: "keys_per_node",
// "requests_per_node".
nlohmann::ordered_json NodeBalanceJson(const NodeBalance& balance,
                                       const std::string& loads_key);

}  // namespace analyze_internal
}  // namespace obkvlite

#endif  // OBKVLITE_ANALYZE_REPORT_JSON_PARTS_H_
