// Copyright (c) obkvlite authors.
//
// The names, buckets and quantiles of obkvlite/operation_stats.h.

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>

#include "obkvlite/operation_stats.h"

namespace obkvlite {
namespace {

// Bucket 0 holds [0, 2^kFirstOctave) ns; then kSubBuckets buckets per power
// of two up to 2^kEndOctave ns; then the overflow bucket.
constexpr int kFirstOctave = 10;
constexpr int kEndOctave = 36;
constexpr int kSubBits = 3;
constexpr int kSubBuckets = 1 << kSubBits;
static_assert(kLatencyBuckets == 2 + (kEndOctave - kFirstOctave) * kSubBuckets,
              "kLatencyBuckets matches the octaves");

constexpr const char* kOperationNames[kOperations] = {
    "get",         "scan",           "put",
    "delete",      "append",         "increment",
    "checkAndPut", "checkAndDelete", "checkAndMutate",
    "batch"};

constexpr const char* kSurfaceNames[kOperationSurfaces] = {
    "library", "cli", "exec", "shell", "thrift", "rest", "other"};

int OperationIndexOf(const std::string& name) {
  for (int i = 0; i < kOperations; ++i) {
    if (name == kOperationNames[i]) return i;
  }
  return kOperations;  // after every operation: "all" or unknown
}

}  // namespace

const char* OperationName(Operation op) {
  return kOperationNames[static_cast<int>(op)];
}

const char* OperationSurfaceName(int index) { return kSurfaceNames[index]; }

int OperationSurfaceIndex(std::string_view name) {
  for (int i = 0; i + 1 < kOperationSurfaces; ++i) {
    if (name == kSurfaceNames[i]) return i;
  }
  return kOperationSurfaces - 1;
}

int64_t LatencyBucketUpperNs(int i) {
  if (i == 0) return int64_t{1} << kFirstOctave;
  if (i >= kLatencyBuckets - 1) return std::numeric_limits<int64_t>::max();
  const int octave = kFirstOctave + (i - 1) / kSubBuckets;
  const int sub = (i - 1) % kSubBuckets;
  const int64_t step = int64_t{1} << (octave - kSubBits);
  return (int64_t{1} << octave) + (sub + 1) * step;
}

int LatencyBucketOf(int64_t ns) {
  if (ns < (int64_t{1} << kFirstOctave)) return 0;
  const int octave = 63 - __builtin_clzll(static_cast<uint64_t>(ns));
  if (octave >= kEndOctave) return kLatencyBuckets - 1;
  const int sub =
      static_cast<int>((ns >> (octave - kSubBits)) & (kSubBuckets - 1));
  return 1 + (octave - kFirstOctave) * kSubBuckets + sub;
}

double OperationStatsLine::MeanNs() const {
  return count > 0 ? static_cast<double>(sum_ns) / static_cast<double>(count)
                   : 0;
}

int64_t OperationStatsLine::QuantileNs(double q) const {
  int64_t total = 0;
  for (int64_t n : buckets) total += n;
  if (total == 0) return 0;
  q = std::min(1.0, std::max(0.0, q));
  // The rank (1-based) of the q-quantile's sample.
  const int64_t rank = std::max<int64_t>(
      1, static_cast<int64_t>(std::ceil(q * static_cast<double>(total))));
  int64_t seen = 0;
  for (size_t i = 0; i < buckets.size(); ++i) {
    seen += buckets[i];
    if (seen >= rank) {
      // The overflow bucket has no bound: its lower one, 68.7 s.
      const int b = static_cast<int>(i);
      return b == kLatencyBuckets - 1 ? LatencyBucketUpperNs(b - 1)
                                      : LatencyBucketUpperNs(b);
    }
  }
  return LatencyBucketUpperNs(kLatencyBuckets - 2);
}

OperationStatsLine& OperationStatsLine::operator+=(
    const OperationStatsLine& o) {
  count += o.count;
  sum_ns += o.sum_ns;
  if (buckets.size() < o.buckets.size()) buckets.resize(o.buckets.size(), 0);
  for (size_t i = 0; i < o.buckets.size(); ++i) buckets[i] += o.buckets[i];
  return *this;
}

std::vector<OperationStatsLine> SummarizeOperationStats(
    const std::vector<OperationStatsLine>& lines) {
  // (surface index, operation index) -> merged line; "all" of a surface at
  // operation index kOperations.
  std::map<std::pair<int, int>, OperationStatsLine> merged;
  std::map<int, OperationStatsLine> every;  // operation index -> all surfaces
  for (const OperationStatsLine& line : lines) {
    if (line.count == 0 || line.operation == "all") continue;
    const int s = OperationSurfaceIndex(line.surface);
    const int op = OperationIndexOf(line.operation);
    if (op == kOperations) continue;  // an operation this build does not know
    OperationStatsLine& m = merged[{s, op}];
    m.surface = kSurfaceNames[s];
    m.operation = kOperationNames[op];
    m += line;
    OperationStatsLine& all = merged[{s, kOperations}];
    all.surface = kSurfaceNames[s];
    all.operation = "all";
    all += line;
    OperationStatsLine& e = every[op];
    e.surface = "all";
    e.operation = kOperationNames[op];
    e += line;
    OperationStatsLine& ee = every[kOperations];
    ee.surface = "all";
    ee.operation = "all";
    ee += line;
  }
  std::vector<OperationStatsLine> out;
  out.reserve(merged.size() + every.size());
  for (auto& [key, line] : merged) out.push_back(std::move(line));
  for (auto& [op, line] : every) out.push_back(std::move(line));
  return out;
}

}  // namespace obkvlite
