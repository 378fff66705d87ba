// Copyright (c) obkvlite authors.
#include "obkvlite/spec.h"

namespace obkvlite {

std::string PartitionSuffix(const PartitionSpec& partition, int index) {
  switch (partition.strategy) {
    case PartitionStrategy::kNone:
      return "";
    case PartitionStrategy::kKey:
    case PartitionStrategy::kRange:
      return "p" + std::to_string(index);
    case PartitionStrategy::kRangeKey:
    case PartitionStrategy::kKeyRange: {
      const int sub = partition.SubpartitionCount();
      return "p" + std::to_string(index / sub) + "s" +
             std::to_string(index % sub);
    }
  }
  return "";
}

std::string PartitionTableName(std::string_view relation,
                               const PartitionSpec& partition, int index) {
  std::string name(relation);
  const std::string suffix = PartitionSuffix(partition, index);
  if (!suffix.empty()) {
    name += '$';
    name += suffix;
  }
  return name;
}

}  // namespace obkvlite
