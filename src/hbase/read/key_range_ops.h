// Copyright (c) obkvlite authors.
//
// KeyRange arithmetic the read path needs on top of obkvlite/router.h:
// intersection (a scan's start/stop with its prefix) and membership.
// Partition pruning itself is the router's (PruneScan), never redone here.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_HBASE_READ_KEY_RANGE_OPS_H_
#define OBKVLITE_HBASE_READ_KEY_RANGE_OPS_H_

#include <string_view>

#include "obkvlite/router.h"

namespace obkvlite {

// The keys in both `a` and `b`.
KeyRange IntersectKeyRanges(const KeyRange& a, const KeyRange& b);

// True when `key` lies in `range`.
bool KeyRangeContains(const KeyRange& range, std::string_view key);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_READ_KEY_RANGE_OPS_H_
