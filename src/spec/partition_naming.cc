// Copyright (c) obkvlite authors.
#include <cstdint>

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

std::string PartitionSpec::RangePartitionName(int index) const {
  if (static_cast<size_t>(index) < names.size()) return names[index];
  return "p" + std::to_string(index);
}

std::string PartitionSpec::FirstLevelName(int index,
                                          PartitionNaming naming) const {
  if (strategy == PartitionStrategy::kNone) return "";
  const bool range_first = strategy == PartitionStrategy::kRange ||
                           strategy == PartitionStrategy::kRangeKey;
  if (naming == PartitionNaming::kServer && range_first) {
    return RangePartitionName(index);
  }
  return "p" + std::to_string(index);
}

const char* TimeUnitName(TimeUnit unit) {
  switch (unit) {
    case TimeUnit::kHour:
      return "hour";
    case TimeUnit::kDay:
      return "day";
    case TimeUnit::kWeek:
      return "week";
    case TimeUnit::kMonth:
      return "month";
  }
  return "day";
}

int ShardOfPartition(std::string_view table, int index, int shards) {
  uint32_t hash = 2166136261u;  // FNV-1a, 32 bits
  for (char c : table) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 16777619u;
  }
  return static_cast<int>((hash % static_cast<uint32_t>(shards) +
                           static_cast<uint32_t>(index) % shards) %
                          static_cast<uint32_t>(shards));
}

}  // namespace obkvlite
