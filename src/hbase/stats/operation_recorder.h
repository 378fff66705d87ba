// Copyright (c) obkvlite authors.
//
// OperationRecorder: the in-memory operation statistics of one store
// (obkvlite/operation_stats.h): per (surface, operation) a latency
// histogram of kLatencyBuckets buckets, each bucket a count and a sum of
// ns. Record() is the hot path: no lock, two relaxed atomic adds on one
// cache line of the calling thread's shard (kShards shards; a thread keeps
// its shard for life), whose histogram is allocated at its first use.
// Harvest() takes the counts out (exchanging them with 0); a Record
// concurrent with it lands in this harvest or the next, its count and its
// sum maybe in different ones.
//
// Memory: kShards * kOperationSurfaces * kOperations pointers, plus 3,360
// bytes per (shard, surface, operation) used.
//
// Thread safety: Record and Harvest from any thread.

#ifndef OBKVLITE_HBASE_STATS_OPERATION_RECORDER_H_
#define OBKVLITE_HBASE_STATS_OPERATION_RECORDER_H_

#include <atomic>
#include <cstdint>
#include <map>
#include <tuple>

#include "obkvlite/operation_stats.h"

namespace obkvlite {

// The counts of one latency bucket.
struct OperationBucketCounts {
  int64_t count = 0;
  int64_t sum_ns = 0;
  OperationBucketCounts& operator+=(const OperationBucketCounts& o) {
    count += o.count;
    sum_ns += o.sum_ns;
    return *this;
  }
};

// (surface index, operation index, bucket index) -> counts; the rows of
// "obkv_op_stats".
using OperationBuckets =
    std::map<std::tuple<int, int, int>, OperationBucketCounts>;

class OperationRecorder {
 public:
  static constexpr int kShards = 8;

  OperationRecorder();
  ~OperationRecorder();
  OperationRecorder(const OperationRecorder&) = delete;
  OperationRecorder& operator=(const OperationRecorder&) = delete;

  // One operation `op` through surface `surface` (an OperationSurfaceIndex)
  // that took `ns`. REQUIRED: 0 <= surface < kOperationSurfaces.
  void Record(Operation op, int surface, int64_t ns) {
    if (ns < 0) ns = 0;
    Bucket& b = Histogram(op, surface)->buckets[LatencyBucketOf(ns)];
    b.count.fetch_add(1, std::memory_order_relaxed);
    b.sum_ns.fetch_add(ns, std::memory_order_relaxed);
  }

  // The calling thread's surface index: its ScopedCompatSurface's
  // (obkvlite/compat.h), looked up once per name.
  static int CurrentSurface();

  // Adds every count since the last harvest to `out`, and zeroes it here.
  void Harvest(OperationBuckets* out);

 private:
  struct alignas(16) Bucket {
    std::atomic<int64_t> count{0};
    std::atomic<int64_t> sum_ns{0};
  };
  struct Hist {
    Bucket buckets[kLatencyBuckets];
  };
  static constexpr int kSlots = kShards * kOperationSurfaces * kOperations;

  // The calling thread's shard, handed out round-robin at its first call.
  static int ThisShard() {
    static thread_local int shard = -1;
    if (shard < 0) shard = NextShard();
    return shard;
  }
  static int NextShard();
  Hist* Histogram(Operation op, int surface) {
    const int slot =
        (ThisShard() * kOperationSurfaces + surface) * kOperations +
        static_cast<int>(op);
    Hist* h = slots_[slot].load(std::memory_order_acquire);
    return h != nullptr ? h : Allocate(slot);
  }
  // Installs slot `slot`'s histogram (once, by compare-and-swap).
  Hist* Allocate(int slot);

  std::atomic<Hist*> slots_[kSlots];
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STATS_OPERATION_RECORDER_H_
