// Copyright (c) obkvlite authors.
//
// A one-line description of a family's partitioning for reports, in the
// terms of the OceanBase DDL (seed 003).

#include "analyze/analyze_internal.h"

namespace obkvlite {
namespace analyze_internal {
namespace {

std::string KeyColumn(const PartitionSpec& p) {
  std::string col = p.prefix_length > 0
                        ? "K_PREFIX = substring(K, 1, " +
                              std::to_string(p.prefix_length) + ")"
                        : "K";
  if (p.hash == HashFunction::kMurmur3) col += ", murmur3";
  return col;
}

std::string RangeColumnName(const PartitionSpec& p) {
  return p.range_column == RangeColumn::kG ? "G" : "K";
}

}  // namespace

std::string DescribePartitioning(const PartitionSpec& p) {
  const std::string bounds = std::to_string(p.bounds.size());
  switch (p.strategy) {
    case PartitionStrategy::kNone:
      return "unpartitioned";
    case PartitionStrategy::kKey:
      return "KEY(" + KeyColumn(p) + ") PARTITIONS " +
             std::to_string(p.key_partitions);
    case PartitionStrategy::kRange:
      return "RANGE COLUMNS(" + RangeColumnName(p) + "), " + bounds +
             " partitions";
    case PartitionStrategy::kRangeKey:
      return "RANGE COLUMNS(G), " + bounds + " partitions x KEY(" +
             KeyColumn(p) + ") SUBPARTITIONS " +
             std::to_string(p.key_partitions);
    case PartitionStrategy::kKeyRange:
      return "KEY(" + KeyColumn(p) + ") PARTITIONS " +
             std::to_string(p.key_partitions) + " x RANGE COLUMNS(G), " +
             bounds + " subpartitions";
  }
  return "unpartitioned";
}

}  // namespace analyze_internal
}  // namespace obkvlite
