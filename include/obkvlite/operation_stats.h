// Copyright (c) obkvlite authors.
//
// Operation statistics: OBKV-HBase's monitoring set (doc/monitoring.md maps
// each figure to OBKV's name). Per surface (the ScopedCompatSurface a
// call came through: "library", "cli", "exec", "shell", "thrift", "rest",
// else "other") and per operation kind, how many table operations ran and a
// histogram of their response times, from which the average, p99 and p999
// are read.
//
// What is counted: each call of a Table operation, from its entry to its
// return, succeeded or not:
//   get             Get (each overload) and Exists
//   scan            GetScanner: opening the scanner (planning, the first
//                   statements); the time between and inside its Next
//                   calls is the caller's loop and is not in it
//   put             Put, one call (a vector of puts is one put)
//   delete          Delete
//   append          Append
//   increment       Increment
//   checkAndPut     CheckAndMutate whose mutations are all puts
//   checkAndDelete  CheckAndMutate whose mutations are all deletes
//   checkAndMutate  any other CheckAndMutate (mixed, or none)
//   batch           Batch (OBKV's "hybrid batch")
// "all" (OBKV's hbase_all_*) is the sum over the operations of a surface,
// made when reading (SummarizeOperationStats), never stored.
//
// The histogram has fixed buckets on a log scale (kLatencyBuckets): below
// 1.024 us one bucket; from 2^10 ns to 2^36 ns (68.7 s) each power of two
// split into 8 equal buckets; above, one overflow bucket. Quantile error
// bound: a quantile is reported as the exclusive upper bound of the bucket
// holding the sample of its rank, so it is never below the true value and
// at most 12.5% above it (1/8 of a power of two) for samples in
// [1.024 us, 68.7 s); below, it reads 1.024 us; above, 68.7 s (the last
// bound). The average is exact (sums are kept in ns).
//
// Counting happens in memory with relaxed atomics, sharded by thread
// (StoreOptions::operation_stats); the request statistics' flusher adds the
// bucket counts to the store's table "obkv_op_stats"
// (StoreOptions::request_stats_flush_ms, and at close) with additive
// upserts, so several processes on one store add up.
//
// Thread safety: plain values and pure functions.

#ifndef OBKVLITE_OPERATION_STATS_H_
#define OBKVLITE_OPERATION_STATS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace obkvlite {

// Name of the store's operation statistics table. No '$', so it never
// collides with a "table$family" relation.
inline constexpr std::string_view kOperationStatsTable = "obkv_op_stats";

enum class Operation : int {
  kGet,
  kScan,
  kPut,
  kDelete,
  kAppend,
  kIncrement,
  kCheckAndPut,
  kCheckAndDelete,
  kCheckAndMutate,
  kBatch,
};
inline constexpr int kOperations = 10;

// "get", "scan", "put", "delete", "append", "increment", "checkAndPut",
// "checkAndDelete", "checkAndMutate", "batch".
const char* OperationName(Operation op);

// The surfaces counted apart, in index order; any other surface name
// counts as "other" (the last).
inline constexpr int kOperationSurfaces = 7;
// "library", "cli", "exec", "shell", "thrift", "rest", "other".
// REQUIRED: 0 <= index < kOperationSurfaces.
const char* OperationSurfaceName(int index);
// The index of surface `name` (a ScopedCompatSurface name); "other"'s for
// an unknown one.
int OperationSurfaceIndex(std::string_view name);

// The histogram's buckets (see the header comment).
inline constexpr int kLatencyBuckets = 210;
// The exclusive upper bound of bucket `i` in ns; INT64_MAX for the last.
// REQUIRED: 0 <= i < kLatencyBuckets.
int64_t LatencyBucketUpperNs(int i);
// The bucket of a duration of `ns` (negative counts as 0).
int LatencyBucketOf(int64_t ns);

// The counts of one (surface, operation): stored in "obkv_op_stats" by
// every process, plus this Store's not flushed yet.
struct OperationStatsLine {
  std::string surface;    // OperationSurfaceName's
  std::string operation;  // OperationName's, or "all"
  int64_t count = 0;      // operations; the sum of `buckets`
  int64_t sum_ns = 0;     // their response times added up
  // kLatencyBuckets counts, bucket i holding durations in
  // [LatencyBucketUpperNs(i - 1), LatencyBucketUpperNs(i)).
  std::vector<int64_t> buckets = std::vector<int64_t>(kLatencyBuckets, 0);

  // sum_ns / count (0 without operations).
  double MeanNs() const;
  // The q-quantile (0 < q <= 1) in ns, within the header's bound; 0
  // without operations.
  int64_t QuantileNs(double q) const;
  OperationStatsLine& operator+=(const OperationStatsLine& o);
};

// `lines` (any order; lines of one (surface, operation) merge) in surface
// index then operation order, each surface's lines followed by its "all"
// line; then, when `lines` has counts, surface "all": each operation over
// every surface, and "all". Lines without operations are left out.
std::vector<OperationStatsLine> SummarizeOperationStats(
    const std::vector<OperationStatsLine>& lines);

}  // namespace obkvlite

#endif  // OBKVLITE_OPERATION_STATS_H_
