// Copyright (c) obkvlite authors.
//
// Reverse timestamps: Long.MAX_VALUE - timestamp (seeds 000, 004), so a
// forward scan returns the newest entries first.

#include <limits>

#include "obkvlite/rowkey.h"

namespace obkvlite {

Result<int64_t> ReverseTimestamp(int64_t ts, std::string_view field) {
  if (ts < 0) {
    return Status::InvalidArgument(std::string(field) +
                                   ": a timestamp must not be negative, got " +
                                   std::to_string(ts));
  }
  return std::numeric_limits<int64_t>::max() - ts;
}

}  // namespace obkvlite
