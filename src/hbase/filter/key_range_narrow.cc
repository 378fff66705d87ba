// Copyright (c) obkvlite authors.
#include "hbase/filter/key_range_narrow.h"

#include <string>

#include "obkvlite/bytes.h"

namespace obkvlite {
namespace filter {

void NarrowLow(KeyRange* range, std::string_view lo, bool inclusive) {
  const int c = lo.compare(range->lo);  // unsigned byte order
  if (c > 0 || (c == 0 && !inclusive)) {
    range->lo = std::string(lo);
    range->lo_inclusive = inclusive;
  }
}

void NarrowHigh(KeyRange* range, std::string_view hi, bool inclusive) {
  if (!range->hi_unbounded) {
    const int c = hi.compare(range->hi);
    if (c > 0 || (c == 0 && (inclusive || !range->hi_inclusive))) return;
  }
  range->hi = std::string(hi);
  range->hi_inclusive = inclusive;
  range->hi_unbounded = false;
}

void NarrowToPrefix(KeyRange* range, std::string_view prefix) {
  NarrowLow(range, prefix, true);
  const std::string successor = PrefixSuccessor(prefix);
  if (!successor.empty()) NarrowHigh(range, successor, false);
}

}  // namespace filter
}  // namespace obkvlite
