// Copyright (c) obkvlite authors.
#include "ddl/partitioning_text.h"

#include "obkvlite/bytes.h"

namespace obkvlite {
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

std::string KeyText(const PartitionSpec& p) {
  if (p.prefix_length == 0) return "KEY(K)";
  return "KEY(K_PREFIX = substring(K, 1, " + std::to_string(p.prefix_length) +
         "))";
}

std::string HashText(const PartitionSpec& p) {
  return p.hash == HashFunction::kMurmur3 ? ", hash murmur3"
                                          : ", hash oceanbase";
}

// The range level: its bounds, or how many partitions (`unit`) it makes.
std::string RangeText(const PartitionSpec& p, PartitioningDetail detail,
                      const char* unit) {
  std::string out = std::string("RANGE COLUMNS(") +
                    (p.range_column == RangeColumn::kG ? "G" : "K") + ")";
  if (detail == PartitioningDetail::kBounds) return out + " " + BoundsText(p);
  return out + ", " + std::to_string(p.bounds.size()) + " " + unit;
}

}  // namespace

std::string PartitioningText(const PartitionSpec& p,
                             PartitioningDetail detail) {
  const bool bounds = detail == PartitioningDetail::kBounds;
  const std::string count = std::to_string(p.key_partitions);
  switch (p.strategy) {
    case PartitionStrategy::kNone:
      return "none";
    case PartitionStrategy::kKey:
      return KeyText(p) + " PARTITIONS " + count + HashText(p);
    case PartitionStrategy::kRange:
      return RangeText(p, detail, "partitions");
    case PartitionStrategy::kRangeKey:
      return RangeText(p, detail, "partitions") +
             (bounds ? " SUBPARTITION BY " : " x ") + KeyText(p) +
             " SUBPARTITIONS " + count + HashText(p);
    case PartitionStrategy::kKeyRange:
      return KeyText(p) + " PARTITIONS " + count +
             (bounds ? " SUBPARTITION BY " : " x ") +
             RangeText(p, detail, "subpartitions") + HashText(p);
  }
  return "none";
}

}  // namespace obkvlite
