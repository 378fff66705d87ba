// Copyright (c) obkvlite authors.
//
// PartitionSpec's partition counts (declared in obkvlite/spec.h).

#include "obkvlite/spec.h"

namespace obkvlite {

int PartitionSpec::FirstLevelCount() const {
  switch (strategy) {
    case PartitionStrategy::kNone:
      return 1;
    case PartitionStrategy::kKey:
    case PartitionStrategy::kKeyRange:
      return key_partitions;
    case PartitionStrategy::kRange:
    case PartitionStrategy::kRangeKey:
      return static_cast<int>(bounds.size());
  }
  return 1;
}

int PartitionSpec::SubpartitionCount() const {
  switch (strategy) {
    case PartitionStrategy::kRangeKey:
      return key_partitions;
    case PartitionStrategy::kKeyRange:
      return static_cast<int>(bounds.size());
    default:
      return 1;
  }
}

int PartitionSpec::PhysicalCount() const {
  if (strategy == PartitionStrategy::kNone) return 1;
  return FirstLevelCount() * SubpartitionCount();
}

}  // namespace obkvlite
