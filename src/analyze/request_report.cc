// Copyright (c) obkvlite authors.
//
// The request report (obkvlite/request_report.h): request statistics per
// partition -> shares, x average, HOT (seed 004), spread (seed 002), node
// balance (seed 003) and the request heatmap, with the key analyzer's
// arithmetic (ComputeLoads, SummarizeLoads, BalanceNodes, BuildHeatmap).

#include "obkvlite/request_report.h"

#include <algorithm>
#include <numeric>

#include "analyze/analyze_internal.h"
#include "ddl/partitioning_text.h"

namespace obkvlite {

namespace {

// The width of the statistics' buckets: the gcd of their distances from
// the first (StoreOptions' default when there is one bucket).
int64_t InferBucketMs(
    const std::vector<analyze_internal::HeatSample>& samples) {
  if (samples.empty()) return 60000;
  int64_t lo = samples.front().ts_ms;
  for (const auto& s : samples) lo = std::min(lo, s.ts_ms);
  int64_t g = 0;
  for (const auto& s : samples) g = std::gcd(g, s.ts_ms - lo);
  return g > 0 ? g : 60000;
}

}  // namespace

std::vector<int> RequestReport::HotPartitions() const {
  std::vector<int> out;
  for (const PartitionRequests& p : partitions) {
    if (p.load.hot) out.push_back(p.load.index);
  }
  return out;
}

Result<RequestReport> BuildRequestReport(
    const TableSpec& spec, std::string_view family,
    const std::vector<RequestStatsBucket>& buckets,
    const RequestReportOptions& options) {
  using namespace analyze_internal;
  OBKV_RETURN_IF_ERROR(CheckReportOptions(options.nodes, options.time_buckets,
                                          options.hot_factor));
  OBKV_ASSIGN_OR_RETURN(const FamilySpec* f, FindReportFamily(spec, family));
  const PartitionRouter router(spec.name, *f);
  const int n = router.partition_count();

  RequestReport r;
  r.table = spec.name;
  r.family = f->name;
  r.partitioning = PartitioningText(f->partition, PartitioningDetail::kCounts);
  r.since_ms = options.since_ms;
  r.until_ms = options.until_ms;
  r.hot_factor = options.hot_factor;
  std::vector<RequestCounts> counts(static_cast<size_t>(n));
  std::vector<HeatSample> samples;
  for (const RequestStatsBucket& b : buckets) {
    if (b.family != f->name) continue;
    if (b.partition < 0 || b.partition >= n) {
      return Status::InvalidArgument(
          "partition: " + std::to_string(b.partition) + " of family '" +
          f->name + "' is outside its " + std::to_string(n) + " partitions");
    }
    counts[static_cast<size_t>(b.partition)] += b.counts;
    r.total += b.counts;
    if (b.counts.requests() > 0) {
      samples.push_back(
          HeatSample{b.partition, b.bucket_start_ms, b.counts.requests()});
    }
  }
  std::vector<int64_t> requests;
  requests.reserve(counts.size());
  for (const RequestCounts& c : counts) requests.push_back(c.requests());
  const LoadSpread spread = SummarizeLoads(requests);
  r.average = spread.average;
  r.stddev = spread.stddev;
  r.max = spread.max;
  r.max_over_average = spread.max_over_average;
  std::vector<PartitionLoad> loads =
      ComputeLoads(router, requests, options.hot_factor);
  for (size_t i = 0; i < loads.size(); ++i) {
    PartitionRequests p;
    p.load = std::move(loads[i]);
    p.counts = counts[i];
    p.share = spread.total > 0 ? static_cast<double>(requests[i]) /
                                     static_cast<double>(spread.total)
                               : 0;
    r.partitions.push_back(std::move(p));
  }
  if (options.nodes > 0) r.balance = BalanceNodes(n, options.nodes, requests);
  const int64_t bucket_ms =
      options.bucket_ms > 0 ? options.bucket_ms : InferBucketMs(samples);
  r.heatmap = BuildHeatmap(samples, /*by_time=*/true, n, options.time_buckets,
                           bucket_ms);
  return r;
}

}  // namespace obkvlite
