// Copyright (c) obkvlite authors.
//
// Internal: the two kinds of partitioning level the router combines, as
// pure functions over a PartitionSpec.
//
//  - A RANGE level (range_level.cc) maps a key (RANGE COLUMNS(K)) or a
//    timestamp (RANGE COLUMNS(G)) to the partition whose exclusive upper
//    bound is the first one above it, and a key or time interval to the
//    contiguous run of partitions it overlaps.
//  - A KEY level (key_level.cc) maps a key to its hash bucket, and a key
//    interval to one bucket when every key in it hashes the same bytes, or
//    to every bucket otherwise.
//
// Either way a pruned level is a contiguous interval of level indexes,
// which is what IndexInterval holds.
//
// REQUIRED: `bounds` ascend strictly, MAXVALUE (if any) is last, and
// key_partitions >= 1, as ParseTableSpec guarantees.
// Thread safety: pure functions, safe from any thread.

#ifndef OBKVLITE_ROUTER_LEVELS_H_
#define OBKVLITE_ROUTER_LEVELS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/router.h"
#include "obkvlite/spec.h"

namespace obkvlite {
namespace router_internal {

// Level indexes first..last, inclusive; empty when first > last.
struct IndexInterval {
  int first = 0;
  int last = -1;

  static IndexInterval None() { return IndexInterval(); }
  static IndexInterval One(int i) { return IndexInterval{i, i}; }
  bool empty() const { return first > last; }
};

// ---- KeyRange shape (key_range.cc) ----

// True when no byte string lies in `keys`.
bool KeyRangeIsEmpty(const KeyRange& keys);
// The smallest byte string in `keys`: lo, or lo + "\x00" when lo is
// exclusive. REQUIRED: !KeyRangeIsEmpty(keys).
std::string KeyRangeSmallestKey(const KeyRange& keys);
// True when `keys` holds exactly one byte string, which is then `smallest`
// (= KeyRangeSmallestKey(keys)).
bool KeyRangeIsSingleKey(const KeyRange& keys, std::string_view smallest);

// ---- RANGE level (range_level.cc) ----

// Partition of `key` under RANGE COLUMNS(K) bounds, or -1 when `key` is at
// or above the last bound and there is no MAXVALUE.
int RangeIndexOfKey(const std::vector<RangeBound>& bounds,
                    std::string_view key);
// Partition of the timestamp `ts` under RANGE COLUMNS(G) bounds, or -1 when
// it is at or above the last bound and there is no MAXVALUE.
int RangeIndexOfTs(const std::vector<RangeBound>& bounds, int64_t ts);
// Partitions whose key interval overlaps `keys`.
IndexInterval RangeIntervalOfKeys(const std::vector<RangeBound>& bounds,
                                  const KeyRange& keys);
// Partitions whose G interval overlaps `times` (G >= 0 always).
IndexInterval RangeIntervalOfTimes(const std::vector<RangeBound>& bounds,
                                   const TimeRange& times);
// The last bound as text for error messages: 'escaped key', a number, or
// MAXVALUE.
std::string LastBoundText(const std::vector<RangeBound>& bounds,
                          RangeColumn column);

// ---- KEY level (key_level.cc) ----

// Buckets a scan over `keys` may touch: one when every key in `keys` hashes
// the same bytes (a single key, or a range inside one K_PREFIX value),
// every bucket otherwise, none when `keys` is empty.
IndexInterval KeyIntervalOfKeys(const PartitionSpec& spec,
                                const KeyRange& keys);

}  // namespace router_internal
}  // namespace obkvlite

#endif  // OBKVLITE_ROUTER_LEVELS_H_
