// Copyright (c) obkvlite authors.
#include "tools/cli/partitioning_text.h"

#include "obkvlite/bytes.h"

namespace obkvlite {
namespace cli {
namespace {

std::string BoundsText(const PartitionSpec& p) {
  std::string out = "(";
  for (size_t i = 0; i < p.bounds.size(); ++i) {
    const RangeBound& b = p.bounds[i];
    if (i > 0) out += ", ";
    if (b.is_maxvalue) {
      out += "MAXVALUE";
    } else if (p.range_column == RangeColumn::kG) {
      out += std::to_string(b.ts_ms);
    } else {
      out += "'" + ToStringBinary(b.key) + "'";
    }
  }
  return out + ")";
}

std::string KeyColumn(const PartitionSpec& p) {
  if (p.prefix_length == 0) return "K";
  return "K_PREFIX = substr(K, 1, " + std::to_string(p.prefix_length) + ")";
}

std::string HashText(const PartitionSpec& p) {
  return p.hash == HashFunction::kMurmur3 ? ", hash murmur3"
                                          : ", hash oceanbase";
}

std::string RangeText(const PartitionSpec& p) {
  return std::string("RANGE COLUMNS(") +
         (p.range_column == RangeColumn::kG ? "G" : "K") + ") " + BoundsText(p);
}

}  // namespace

std::string PartitioningText(const PartitionSpec& p) {
  const std::string key = "KEY(" + KeyColumn(p) + ")";
  const std::string count = std::to_string(p.key_partitions);
  switch (p.strategy) {
    case PartitionStrategy::kNone:
      return "none";
    case PartitionStrategy::kKey:
      return key + " PARTITIONS " + count + HashText(p);
    case PartitionStrategy::kRange:
      return RangeText(p);
    case PartitionStrategy::kRangeKey:
      return RangeText(p) + " SUBPARTITION BY " + key + " SUBPARTITIONS " +
             count + HashText(p);
    case PartitionStrategy::kKeyRange:
      return key + " PARTITIONS " + count + " SUBPARTITION BY " + RangeText(p) +
             HashText(p);
  }
  return "";
}

}  // namespace cli
}  // namespace obkvlite
