// Copyright (c) obkvlite authors.
//
// The stored timestamp column T (DESIGN §2): T is the negated HBase
// timestamp in ms, so ascending primary-key order (K, Q, T) is row,
// qualifier, newest first. This file is the one place the negation lives;
// every layout and every SQL bound goes through it.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_LAYOUT_TIMESTAMP_CODEC_H_
#define OBKVLITE_LAYOUT_TIMESTAMP_CODEC_H_

#include <cstdint>
#include <limits>

#include "obkvlite/time_range.h"

namespace obkvlite {
namespace layout {

// T for an HBase timestamp. REQUIRED: ts_ms >= 0 (so -ts never overflows).
constexpr int64_t EncodeTimestamp(int64_t ts_ms) { return -ts_ms; }

// The HBase timestamp of a stored T: the negation is its own inverse.
constexpr int64_t DecodeTimestamp(int64_t t) { return EncodeTimestamp(t); }

// A time range as bounds on T: lo < T <= hi. [min, max) holds ts iff
// -max < -ts <= -min. All of time (TimeRange::All) is HBase's allTime: both
// ends included, ts 0 and Long.MAX_VALUE, so its lo is below every T. This
// is the one place the time-range condition's bounds are written; every
// read, copy, export, purge and timeseries read binds these.
struct TBounds {
  int64_t lo_exclusive;
  int64_t hi_inclusive;
  // The read's clock (ms), bound with them where cell TTLs are judged
  // (layout/normal_layout.h: ReadShape::cell_ttl).
  int64_t now_ms = 0;
};
// `through_max`: the range's upper end holds Long.MAX_VALUE as well (all
// of time, also once TimeToLive raised its min: FamilyRead::through_max).
// REQUIRED: 0 <= range.min_ms.
constexpr TBounds EncodeTimeRange(const TimeRange& range, bool through_max) {
  return TBounds{through_max ? std::numeric_limits<int64_t>::min()
                             : EncodeTimestamp(range.max_ms),
                 EncodeTimestamp(range.min_ms)};
}
constexpr TBounds EncodeTimeRange(const TimeRange& range) {
  return EncodeTimeRange(range, range.IsAll());
}

// The smallest T any cell has (the T of the largest timestamp): "every
// version with timestamp <= ts" is T >= EncodeTimestamp(ts), and "every
// version" is T >= kMinT.
constexpr int64_t kMinT = EncodeTimestamp(std::numeric_limits<int64_t>::max());

}  // namespace layout
}  // namespace obkvlite

#endif  // OBKVLITE_LAYOUT_TIMESTAMP_CODEC_H_
