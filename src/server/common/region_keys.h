// Copyright (c) obkvlite authors.
//
// The row keys an HBase region covers, for every gateway that shows
// regions (Thrift1's TRegionInfo, Thrift2's THRegionInfo, REST's regions):
// a region is a first-level partition of the table's first family, and
// covers [start, end) when that family ranges on the row key (RANGE
// COLUMNS(K)); otherwise every partition spans every row key and shows
// empty keys, as HBase's only region does. An empty start is the first
// row; an empty end is past the last.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SERVER_COMMON_REGION_KEYS_H_
#define OBKVLITE_SERVER_COMMON_REGION_KEYS_H_

#include <string>
#include <string_view>

#include "obkvlite/partition_change.h"
#include "obkvlite/spec.h"

namespace obkvlite {
namespace server {

struct RegionKeys {
  std::string start;  // raw bytes; empty: from the first row
  std::string end;    // raw bytes; empty: to past the last row
};

// The keys of partition `p` of `family`.
RegionKeys RegionKeysOf(const FamilySpec& family, const PartitionInfo& p);

// True when `row` lies in [keys.start, keys.end).
bool RegionHolds(const RegionKeys& keys, std::string_view row);

// HBase's name of the region of partition `p` of `table` that starts at
// `start` (raw bytes): "table,start,id.encoded." with the partition's index
// for id and its name for the encoded name ("p0" for a table without
// partitions), e.g. "t,,0.p0." and "t,g,1.p1.". Every gateway names a
// region so: Thrift1's TRegionInfo.name carries these bytes, REST shows
// them as Bytes.toStringBinary.
std::string RegionName(std::string_view table, std::string_view start,
                       const PartitionInfo& p);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_COMMON_REGION_KEYS_H_
