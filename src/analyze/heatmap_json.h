// Copyright (c) obkvlite authors.
//
// A heatmap as JSON, for the key report (`analyze --json`) and the request
// report (`stats --json`): {"axis", "partitions", "buckets", "start_ms" and
// "bucket_ms" (time) or "keys_per_bucket" (input order), "counts":
// [[per bucket] per partition]}.
//
// Thread safety: pure function.

#ifndef OBKVLITE_ANALYZE_HEATMAP_JSON_H_
#define OBKVLITE_ANALYZE_HEATMAP_JSON_H_

#include <nlohmann/json.hpp>

#include "obkvlite/analyze.h"

namespace obkvlite {
namespace analyze_internal {

nlohmann::ordered_json HeatmapJson(const Heatmap& map);

}  // namespace analyze_internal
}  // namespace obkvlite

#endif  // OBKVLITE_ANALYZE_HEATMAP_JSON_H_
