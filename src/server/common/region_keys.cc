// Copyright (c) obkvlite authors.
#include "server/common/region_keys.h"

namespace obkvlite {
namespace server {

RegionKeys RegionKeysOf(const FamilySpec& family, const PartitionInfo& p) {
  RegionKeys keys;
  const bool key_ranges = family.partition.HasRangeLevel() &&
                          family.partition.range_column == RangeColumn::kK;
  if (key_ranges && p.has_range) {
    if (p.has_lower && !p.lower.is_maxvalue) keys.start = p.lower.key;
    if (!p.upper.is_maxvalue) keys.end = p.upper.key;
  }
  return keys;
}

bool RegionHolds(const RegionKeys& keys, std::string_view row) {
  return row >= keys.start && (keys.end.empty() || row < keys.end);
}

std::string RegionName(std::string_view table, std::string_view start,
                       const PartitionInfo& p) {
  std::string name(table);
  name += ',';
  name += start;
  name += ',' + std::to_string(p.index) + '.' +
          (p.name.empty() ? std::string("p0") : p.name) + '.';
  return name;
}

}  // namespace server
}  // namespace obkvlite
