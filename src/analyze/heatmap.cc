// Copyright (c) obkvlite authors.
//
// The heatmap grid: partitions x time buckets (or input-order buckets when
// the keys carry no timestamps), as Bigtable's Key Visualizer shows key
// ranges x time.

#include <algorithm>

#include "analyze/analyze_internal.h"

namespace obkvlite {
namespace analyze_internal {
namespace {

int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

// Bucket widths a reader can take in at a glance, in ms.
constexpr int64_t kNiceWidths[] = {
    1,        2,        5,        10,        20,       50,
    100,      200,      500,      1000,      2000,     5000,
    10000,    15000,    30000,    60000,     120000,   300000,
    600000,   900000,   1800000,  3600000,   7200000,  10800000,
    21600000, 43200000, 86400000, 172800000, 604800000};

// Aligns time buckets to a nice width starting at a multiple of it, using
// at most `max_buckets` columns, each at least `min_width` wide.
void AlignTimeBuckets(int64_t lo, int64_t hi, int max_buckets,
                      int64_t min_width, Heatmap* map) {
  const int64_t span = hi - lo + 1;
  for (int64_t width : kNiceWidths) {
    if (width < min_width) continue;
    const int64_t start = lo - lo % width;
    const int64_t buckets = (hi - start) / width + 1;
    if (buckets <= max_buckets) {
      map->start_ms = start;
      map->bucket_ms = width;
      map->buckets = static_cast<int>(buckets);
      return;
    }
  }
  map->start_ms = lo;
  map->bucket_ms = std::max(min_width, CeilDiv(span, max_buckets));
  map->buckets = static_cast<int>(CeilDiv(span, map->bucket_ms));
}

}  // namespace

Heatmap BuildHeatmap(const std::vector<HeatSample>& samples, bool by_time,
                     int partitions, int max_buckets, int64_t min_bucket_ms) {
  Heatmap map;
  map.partitions = partitions;
  map.by_time = by_time && !samples.empty();
  const int64_t n = static_cast<int64_t>(samples.size());
  if (map.by_time) {
    int64_t lo = samples.front().ts_ms;
    int64_t hi = lo;
    for (const HeatSample& s : samples) {
      lo = std::min(lo, s.ts_ms);
      hi = std::max(hi, s.ts_ms);
    }
    AlignTimeBuckets(lo, hi, max_buckets, min_bucket_ms, &map);
  } else {
    map.keys_per_bucket = std::max<int64_t>(1, CeilDiv(n, max_buckets));
    map.buckets =
        static_cast<int>(std::max<int64_t>(1, CeilDiv(n, map.keys_per_bucket)));
  }
  map.counts.assign(static_cast<size_t>(partitions) * map.buckets, 0);
  for (int64_t i = 0; i < n; ++i) {
    const HeatSample& s = samples[static_cast<size_t>(i)];
    const int64_t bucket = map.by_time
                               ? (s.ts_ms - map.start_ms) / map.bucket_ms
                               : i / map.keys_per_bucket;
    map.counts[static_cast<size_t>(s.partition) * map.buckets +
               static_cast<size_t>(bucket)] += s.weight;
  }
  return map;
}

}  // namespace analyze_internal
}  // namespace obkvlite
