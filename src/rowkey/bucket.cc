// Copyright (c) obkvlite authors.
//
// Modulo bucketing: seed 000's `long bucket = timestamp % numBuckets;`
// [bucket][timestamp][hostname][log_event].

#include "obkvlite/rowkey.h"

namespace obkvlite {

Result<int64_t> ModuloBucket(int64_t value, int64_t buckets,
                             std::string_view field) {
  if (value < 0) {
    return Status::InvalidArgument(std::string(field) +
                                   ": must be a non-negative integer, got " +
                                   std::to_string(value));
  }
  return value % buckets;
}

}  // namespace obkvlite
