// Copyright (c) obkvlite authors.
//
// TimeRange: a half-open interval [min_ms, max_ms) of positive HBase
// timestamps in milliseconds, as in HBase's TimeRange.
//
// Thread safety: plain value.

#ifndef OBKVLITE_TIME_RANGE_H_
#define OBKVLITE_TIME_RANGE_H_

#include <cstdint>
#include <limits>
#include <optional>

namespace obkvlite {

struct TimeRange {
  int64_t min_ms = 0;
  int64_t max_ms = std::numeric_limits<int64_t>::max();

  // Every timestamp.
  static TimeRange All() { return TimeRange(); }
  // Exactly one timestamp: [ts, ts + 1). REQUIRED: 0 <= ts < INT64_MAX.
  static TimeRange Exactly(int64_t ts) {
    TimeRange r;
    r.min_ms = ts;
    r.max_ms = ts + 1;
    return r;
  }
  // The versions a delete of "every version <= ts" touches: [0, ts + 1),
  // and all of time when `ts` is absent or Long.MAX_VALUE.
  // REQUIRED: ts >= 0 when present.
  static TimeRange UpTo(std::optional<int64_t> ts) {
    TimeRange r;
    if (ts.has_value() && *ts < std::numeric_limits<int64_t>::max()) {
      r.max_ms = *ts + 1;
    }
    return r;
  }
  // As HBase's TimeRange: [min, max), except that all of time (All())
  // holds Long.MAX_VALUE too.
  constexpr bool Contains(int64_t ts) const {
    return ts >= min_ms && (ts < max_ms || IsAll());
  }
  constexpr bool IsAll() const {
    return min_ms == 0 && max_ms == std::numeric_limits<int64_t>::max();
  }
};

}  // namespace obkvlite

#endif  // OBKVLITE_TIME_RANGE_H_
