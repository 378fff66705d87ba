// Copyright (c) obkvlite authors.
//
// The RANGE level: exclusive upper bounds over K (unsigned byte order) or G
// (the positive timestamp in ms). Partition i holds [bound[i-1], bound[i]);
// partition 0 starts at the smallest value, MAXVALUE has no upper limit.

#include <algorithm>
#include <limits>

#include "obkvlite/bytes.h"
#include "router/levels.h"

namespace obkvlite {
namespace router_internal {
namespace {

inline bool HasMaxValue(const std::vector<RangeBound>& bounds) {
  return !bounds.empty() && bounds.back().is_maxvalue;
}

// Number of bounds that are finite values (all but a trailing MAXVALUE).
inline size_t FiniteCount(const std::vector<RangeBound>& bounds) {
  return bounds.size() - (HasMaxValue(bounds) ? 1 : 0);
}

// Unsigned byte order with a shorter prefix first, as memcmp on the common
// part. The first byte decides most comparisons without a call.
inline bool KeyLessOrEqual(std::string_view a, std::string_view b) {
  if (!a.empty() && !b.empty() && a[0] != b[0]) {
    return static_cast<unsigned char>(a[0]) < static_cast<unsigned char>(b[0]);
  }
  return a.compare(b) <= 0;
}

// Index of the first finite bound strictly above `key` (the partition of
// `key`), FiniteCount() when none is. A branch-free upper bound: the
// routing hot path, where random keys defeat branch prediction.
size_t FirstBoundAboveKey(const std::vector<RangeBound>& bounds,
                          std::string_view key) {
  const RangeBound* const data = bounds.data();
  const RangeBound* base = data;
  size_t n = FiniteCount(bounds);
  if (n == 0) return 0;
  while (n > 1) {
    const size_t half = n / 2;
    base = KeyLessOrEqual(base[half].key, key) ? base + half : base;
    n -= half;
  }
  return static_cast<size_t>(base - data) +
         (KeyLessOrEqual(base->key, key) ? 1 : 0);
}

// Number of finite bounds strictly below `key`.
size_t BoundsBelowKey(const std::vector<RangeBound>& bounds,
                      std::string_view key) {
  auto end = bounds.begin() + FiniteCount(bounds);
  return std::lower_bound(bounds.begin(), end, key,
                          [](const RangeBound& b, std::string_view k) {
                            return std::string_view(b.key) < k;
                          }) -
         bounds.begin();
}

// Index of the first finite bound strictly above `ts`; branch-free as
// FirstBoundAboveKey.
size_t FirstBoundAboveTs(const std::vector<RangeBound>& bounds, int64_t ts) {
  const RangeBound* const data = bounds.data();
  const RangeBound* base = data;
  size_t n = FiniteCount(bounds);
  if (n == 0) return 0;
  while (n > 1) {
    const size_t half = n / 2;
    base = base[half].ts_ms <= ts ? base + half : base;
    n -= half;
  }
  return static_cast<size_t>(base - data) + (base->ts_ms <= ts ? 1 : 0);
}

size_t BoundsBelowTs(const std::vector<RangeBound>& bounds, int64_t ts) {
  auto end = bounds.begin() + FiniteCount(bounds);
  return std::lower_bound(
             bounds.begin(), end, ts,
             [](const RangeBound& b, int64_t t) { return b.ts_ms < t; }) -
         bounds.begin();
}

// The partition that the first finite bound at or above a value leads to:
// `above` is FirstBoundAbove*(), the value's partition when it has one.
inline int PartitionOrMissing(const std::vector<RangeBound>& bounds,
                              size_t above) {
  return above < bounds.size() ? static_cast<int>(above) : -1;
}

// Last partition touched by values strictly below a limit, given the number
// of finite bounds below that limit: the partition starting at the highest
// such bound, clipped to the last partition.
inline int LastBelow(const std::vector<RangeBound>& bounds, size_t below) {
  return static_cast<int>(std::min(below, bounds.size() - 1));
}

}  // namespace

int RangeIndexOfKey(const std::vector<RangeBound>& bounds,
                    std::string_view key) {
  return PartitionOrMissing(bounds, FirstBoundAboveKey(bounds, key));
}

int RangeIndexOfTs(const std::vector<RangeBound>& bounds, int64_t ts) {
  return PartitionOrMissing(bounds, FirstBoundAboveTs(bounds, ts));
}

IndexInterval RangeIntervalOfKeys(const std::vector<RangeBound>& bounds,
                                  const KeyRange& keys) {
  if (bounds.empty() || KeyRangeIsEmpty(keys)) return IndexInterval::None();
  const int first = RangeIndexOfKey(bounds, KeyRangeSmallestKey(keys));
  if (first < 0) return IndexInterval::None();
  int last;
  if (keys.hi_unbounded) {
    last = static_cast<int>(bounds.size()) - 1;
  } else if (keys.hi_inclusive) {
    last = RangeIndexOfKey(bounds, keys.hi);
    if (last < 0) last = static_cast<int>(bounds.size()) - 1;
  } else {
    // Keys strictly below hi reach every partition whose lower bound is
    // below hi; a bound equal to hi starts a partition the scan misses.
    last = LastBelow(bounds, BoundsBelowKey(bounds, keys.hi));
  }
  return IndexInterval{first, last};
}

IndexInterval RangeIntervalOfTimes(const std::vector<RangeBound>& bounds,
                                   const TimeRange& times) {
  const int64_t lo = std::max<int64_t>(times.min_ms, 0);
  if (bounds.empty() || lo >= times.max_ms) return IndexInterval::None();
  const int first = RangeIndexOfTs(bounds, lo);
  if (first < 0) return IndexInterval::None();
  const int last = LastBelow(bounds, BoundsBelowTs(bounds, times.max_ms));
  return IndexInterval{first, last};
}

std::string LastBoundText(const std::vector<RangeBound>& bounds,
                          RangeColumn column) {
  if (bounds.empty()) return "(none)";
  const RangeBound& b = bounds.back();
  if (b.is_maxvalue) return "MAXVALUE";
  if (column == RangeColumn::kG) return std::to_string(b.ts_ms);
  return "'" + ToStringBinary(b.key) + "'";
}

}  // namespace router_internal
}  // namespace obkvlite
