// Copyright (c) obkvlite authors.
//
// TableCounters: the in-memory request counts of one table object
// (obkvlite/request_stats.h) for its current time bucket: per family, per
// partition, one slot per RequestCounts field, each a relaxed atomic, so
// the hot path adds without a lock or a write. A partition's slots fill one
// cache line.
//
// An operation calls Enter(now) once (which moves the counters to a newer
// bucket when the clock passed one: the collector then takes the old
// bucket's counts, under its lock, once a bucket), then Add() per count.
// A count added concurrently with a bucket change may land in the newer
// bucket. AddKey counts a request's row key for the table's hot keys
// (obkvlite/hot_keys.h), which have no buckets.
//
// REQUIRED: the collector outlives the counters' use; rank and partition
// are in range (the schema's families and router).
// Thread safety: Enter and Add from any thread.

#ifndef OBKVLITE_HBASE_STATS_TABLE_COUNTERS_H_
#define OBKVLITE_HBASE_STATS_TABLE_COUNTERS_H_

#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "hbase/stats/hot_key_counter.h"
#include "hbase/table_schema.h"
#include "obkvlite/hot_keys.h"

namespace obkvlite {

class RequestStatsCollector;

// The RequestCounts fields, in their order there.
enum RequestField : int {
  kReqReads,
  kReqRowsRead,
  kReqCellsRead,
  kReqWrites,
  kReqCellsWritten,
  kReqBytesWritten,
  kReqDeletes,
  kReqFields,
};

class TableCounters {
 public:
  // `hot_keys`: AddKey counts (StoreOptions::hot_keys).
  TableCounters(const TableSchema& schema, int64_t bucket_ms,
                RequestStatsCollector* collector, bool hot_keys);

  // Counts from here on go to the bucket of `now_ms`.
  void Enter(int64_t now_ms) {
    const int64_t bucket = BucketStart(now_ms);
    if (bucket > bucket_.load(std::memory_order_relaxed)) Rotate(bucket);
  }

  void Add(int rank, int partition, RequestField field, int64_t n) {
    families_[static_cast<size_t>(rank)]
        .slots[static_cast<size_t>(partition) * kSlots + field]
        .fetch_add(n, std::memory_order_relaxed);
  }

  void AddKey(HotKeyType type, std::string_view row) {
    if (hot_keys_on_) hot_keys_.Add(type, row);
  }

  // The start of `now_ms`'s bucket: a multiple of the bucket width.
  int64_t BucketStart(int64_t now_ms) const {
    int64_t r = now_ms % bucket_ms_;
    if (r < 0) r += bucket_ms_;
    return now_ms - r;
  }

  const std::string& table() const { return table_; }

 private:
  friend class RequestStatsCollector;
  static constexpr int kSlots = 8;  // kReqFields, padded to a cache line

  struct Family {
    std::string name;
    int partitions = 0;
    std::unique_ptr<std::atomic<int64_t>[]> slots;
  };

  void Rotate(int64_t bucket);

  const std::string table_;
  const int64_t bucket_ms_;
  RequestStatsCollector* const collector_;
  const bool hot_keys_on_;
  std::vector<Family> families_;  // by rank
  HotKeyCounter hot_keys_;
  // Start of the bucket the slots count; changed under the collector's lock.
  std::atomic<int64_t> bucket_{std::numeric_limits<int64_t>::min()};
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STATS_TABLE_COUNTERS_H_
