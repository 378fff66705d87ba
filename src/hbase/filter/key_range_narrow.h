// Copyright (c) obkvlite authors.
//
// Narrowing a KeyRange (obkvlite/router.h) for filter push-down. Each
// function only ever shrinks the range: it intersects it with the given
// half-line or interval. The result may be empty (lo above hi); callers
// test that with the router's own emptiness check.
//
// Thread safety: pure functions on the caller's range.

#ifndef OBKVLITE_HBASE_FILTER_KEY_RANGE_NARROW_H_
#define OBKVLITE_HBASE_FILTER_KEY_RANGE_NARROW_H_

#include <string_view>

#include "obkvlite/router.h"

namespace obkvlite {
namespace filter {

// Intersects with the keys above `lo` (inclusive or not).
void NarrowLow(KeyRange* range, std::string_view lo, bool inclusive);
// Intersects with the keys below `hi` (inclusive or not).
void NarrowHigh(KeyRange* range, std::string_view hi, bool inclusive);
// Intersects with the keys that start with `prefix`.
void NarrowToPrefix(KeyRange* range, std::string_view prefix);

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_KEY_RANGE_NARROW_H_
