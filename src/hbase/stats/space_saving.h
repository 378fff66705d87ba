// Copyright (c) obkvlite authors.
//
// SpaceSaving: the space-saving summary of one stream of keys (Metwally,
// Agrawal and El Abbadi, 2005) in `capacity` counters. A key seen is
// counted exactly while it holds a counter; a key without one takes the
// smallest counter over, inheriting its count as its error. Invariants,
// for a stream of N keys: the counts sum to N; a listed key's true count f
// has count - error <= f <= count; a key not listed has f <= min_count()
// <= N / capacity.
//
// Offer is O(log capacity) (a min-heap on count, the keys' slots found by
// a hash map whose views point into the heap's own strings) and allocates
// only when a key longer than the small-string buffer is stored.
//
// Thread safety: not thread-safe; callers serialize (HotKeyCounter's
// stripe locks).

#ifndef OBKVLITE_HBASE_STATS_SPACE_SAVING_H_
#define OBKVLITE_HBASE_STATS_SPACE_SAVING_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace obkvlite {

class SpaceSaving {
 public:
  struct Counter {
    std::string key;
    int64_t count = 0;
    int64_t error = 0;
  };

  // REQUIRED: capacity >= 1.
  explicit SpaceSaving(int capacity);
  SpaceSaving(const SpaceSaving&) = delete;
  SpaceSaving& operator=(const SpaceSaving&) = delete;

  // Counts one occurrence of `key`.
  void Offer(std::string_view key);

  // Keys offered so far (N).
  int64_t total() const { return total_; }
  // The most a key not listed can have been offered: the smallest count
  // once every counter is taken, else 0.
  int64_t min_count() const {
    return heap_.size() < capacity_ ? 0 : heap_[0]->count;
  }
  // The listed keys, in no particular order. Valid until the next Offer.
  std::vector<const Counter*> counters() const;

 private:
  void SiftDown(size_t i);

  const size_t capacity_;
  int64_t total_ = 0;
  // Counters, allocated once each so the views in slot_ stay valid.
  std::vector<std::unique_ptr<Counter>> heap_;  // min-heap on count
  // Key (a view of its Counter's key) -> heap index.
  std::unordered_map<std::string_view, size_t> slot_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STATS_SPACE_SAVING_H_
