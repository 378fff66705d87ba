// Copyright (c) obkvlite authors.
//
// KeyRange and TimeRange: the public factory functions (obkvlite/router.h)
// and the shape queries the pruning code asks (router/levels.h).

#include <limits>

#include "obkvlite/bytes.h"
#include "obkvlite/router.h"
#include "router/levels.h"

namespace obkvlite {

KeyRange KeyRange::Point(std::string_view key) {
  KeyRange r;
  r.lo = std::string(key);
  r.lo_inclusive = true;
  r.hi = std::string(key);
  r.hi_inclusive = true;
  r.hi_unbounded = false;
  return r;
}

KeyRange KeyRange::Forward(std::string_view start, std::string_view stop) {
  KeyRange r;
  r.lo = std::string(start);
  r.lo_inclusive = true;
  r.hi = std::string(stop);
  r.hi_inclusive = false;
  r.hi_unbounded = stop.empty();
  return r;
}

KeyRange KeyRange::Reversed(std::string_view start, std::string_view stop) {
  KeyRange r;
  r.lo = std::string(stop);
  // An empty stop runs to the very first key, "" included.
  r.lo_inclusive = stop.empty();
  r.hi = std::string(start);
  r.hi_inclusive = true;
  r.hi_unbounded = start.empty();
  return r;
}

KeyRange KeyRange::Prefix(std::string_view prefix) {
  KeyRange r;
  r.lo = std::string(prefix);
  r.lo_inclusive = true;
  r.hi = PrefixSuccessor(prefix);
  r.hi_inclusive = false;
  r.hi_unbounded = r.hi.empty();
  return r;
}

}  // namespace obkvlite

namespace obkvlite {
namespace router_internal {

bool KeyRangeIsEmpty(const KeyRange& keys) {
  if (keys.hi_unbounded) return false;
  const int c = std::string_view(keys.lo).compare(keys.hi);
  if (c > 0) return true;
  if (c == 0) return !(keys.lo_inclusive && keys.hi_inclusive);
  // lo < hi: empty only when lo is exclusive, hi exclusive, and hi is lo's
  // immediate successor lo + "\x00".
  if (keys.lo_inclusive || keys.hi_inclusive) return false;
  return keys.hi.size() == keys.lo.size() + 1 && keys.hi.back() == '\0' &&
         keys.hi.compare(0, keys.lo.size(), keys.lo) == 0;
}

std::string KeyRangeSmallestKey(const KeyRange& keys) {
  if (keys.lo_inclusive) return keys.lo;
  std::string first = keys.lo;
  first.push_back('\0');
  return first;
}

bool KeyRangeIsSingleKey(const KeyRange& keys, std::string_view smallest) {
  if (keys.hi_unbounded) return false;
  std::string_view hi(keys.hi);
  if (keys.hi_inclusive) return hi == smallest;
  // [smallest, smallest + "\x00") holds only `smallest`.
  return hi.size() == smallest.size() + 1 && hi.back() == '\0' &&
         hi.substr(0, smallest.size()) == smallest;
}

}  // namespace router_internal
}  // namespace obkvlite
