// Copyright (c) obkvlite authors.
#include "hbase/read/key_range_ops.h"

namespace obkvlite {

KeyRange IntersectKeyRanges(const KeyRange& a, const KeyRange& b) {
  KeyRange out;
  // The larger lower bound; on a tie, exclusive wins.
  const int lo = std::string_view(a.lo).compare(b.lo);
  if (lo > 0 || (lo == 0 && !a.lo_inclusive)) {
    out.lo = a.lo;
    out.lo_inclusive = a.lo_inclusive;
  } else {
    out.lo = b.lo;
    out.lo_inclusive = b.lo_inclusive;
  }
  // The smaller upper bound; on a tie, exclusive wins.
  const KeyRange* hi = &a;
  if (a.hi_unbounded) {
    hi = &b;
  } else if (!b.hi_unbounded) {
    const int c = std::string_view(a.hi).compare(b.hi);
    if (c > 0 || (c == 0 && !b.hi_inclusive)) hi = &b;
  }
  out.hi = hi->hi;
  out.hi_inclusive = hi->hi_inclusive;
  out.hi_unbounded = hi->hi_unbounded;
  return out;
}

bool KeyRangeContains(const KeyRange& range, std::string_view key) {
  const int lo = key.compare(range.lo);
  if (lo < 0 || (lo == 0 && !range.lo_inclusive)) return false;
  if (range.hi_unbounded) return true;
  const int hi = key.compare(range.hi);
  return hi < 0 || (hi == 0 && range.hi_inclusive);
}

}  // namespace obkvlite
