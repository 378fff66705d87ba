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
// Offer is O(1), the paper's stream summary: counters of equal count share
// a bucket, buckets in a list by count, so counting moves a counter to the
// next bucket and the smallest is the first bucket's. Keys are found in an
// open-addressing table of counter indexes (linear probing, at most half
// full). Nothing allocates once every counter is taken, except a key longer
// than any its counter held.
//
// Thread safety: not thread-safe; callers serialize (HotKeyCounter's
// stripe locks).

#ifndef OBKVLITE_HBASE_STATS_SPACE_SAVING_H_
#define OBKVLITE_HBASE_STATS_SPACE_SAVING_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
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
  void Offer(std::string_view key) { Offer(key, Hash(key)); }
  // The same, for a caller that hashed `key` already. REQUIRED: hash is
  // Hash(key).
  void Offer(std::string_view key, size_t hash);
  static size_t Hash(std::string_view key) {
    return std::hash<std::string_view>()(key);
  }

  // Keys offered so far (N).
  int64_t total() const { return total_; }
  // The most a key not listed can have been offered: the smallest count
  // once every counter is taken, else 0.
  int64_t min_count() const;
  // The listed keys, in no particular order. Valid until the next Offer.
  std::vector<const Counter*> counters() const;

 private:
  static constexpr int32_t kNone = -1;
  // A counter in its bucket's list.
  struct Slot {
    Counter counter;
    size_t hash = 0;
    int32_t bucket = kNone;
    int32_t prev = kNone;
    int32_t next = kNone;
  };
  // The counters of one count, in a list of buckets by ascending count.
  struct Bucket {
    int64_t count = 0;
    int32_t head = kNone;  // a slot
    int32_t prev = kNone;
    int32_t next = kNone;
  };

  // The table position holding slot `s`'s key, or the empty one it goes in.
  size_t Probe(std::string_view key, size_t hash) const;
  void TableInsert(int32_t s);
  void TableErase(int32_t s);
  // Moves slot `s` from its bucket to the one of count + 1.
  void Increment(int32_t s);
  // Unlinks slot `s` from bucket `b`, freeing `b` when it empties.
  void Detach(int32_t s, int32_t b);
  // Links slot `s` into bucket `b`.
  void Attach(int32_t s, int32_t b);
  // A bucket of `count` after bucket `after` (kNone: at the front).
  int32_t NewBucket(int64_t count, int32_t after);

  const size_t capacity_;
  int64_t total_ = 0;
  std::vector<Slot> slots_;      // reserved to capacity_: never moves
  std::vector<Bucket> buckets_;  // reserved to capacity_ + 1
  std::vector<int32_t> free_buckets_;
  int32_t first_ = kNone;       // the bucket of the smallest count
  std::vector<int32_t> table_;  // slot index or kNone; a power of two
  size_t mask_ = 0;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STATS_SPACE_SAVING_H_
