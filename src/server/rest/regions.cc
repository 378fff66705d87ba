// Copyright (c) obkvlite authors.
#include "server/rest/regions.h"

#include <algorithm>
#include <map>
#include <utility>

#include "obkvlite/bytes.h"
#include "server/common/region_keys.h"

namespace obkvlite {
namespace rest {

Result<std::vector<RegionInfo>> ListRegions(Store* store,
                                            const TableSpec& spec) {
  const FamilySpec& family = spec.families.front();
  PartitionListOptions sizes;
  sizes.sizes = true;
  OBKV_ASSIGN_OR_RETURN(std::vector<PartitionInfo> parts,
                        store->ListPartitions(spec.name, family.name, sizes));
  // The other stores of each region: families partitioned as the first.
  for (size_t f = 1; f < spec.families.size(); ++f) {
    const PartitionSpec& other = spec.families[f].partition;
    if (other.strategy != family.partition.strategy ||
        other.FirstLevelCount() != family.partition.FirstLevelCount()) {
      continue;
    }
    OBKV_ASSIGN_OR_RETURN(
        std::vector<PartitionInfo> more,
        store->ListPartitions(spec.name, spec.families[f].name, sizes));
    for (size_t i = 0; i < parts.size() && i < more.size(); ++i) {
      parts[i].cells += more[i].cells;
      parts[i].bytes = parts[i].bytes < 0 || more[i].bytes < 0
                           ? -1
                           : parts[i].bytes + more[i].bytes;
    }
  }
  OBKV_ASSIGN_OR_RETURN(std::vector<RequestStatsBucket> buckets,
                        store->RequestStats(spec.name, RequestStatsQuery()));
  // Physical partition index -> first-level index.
  const int subparts = family.partition.SubpartitionCount();
  std::map<int, RequestCounts> by_partition;
  for (const RequestStatsBucket& b : buckets) {
    by_partition[b.partition / std::max(1, subparts)] += b.counts;
  }
  std::vector<RegionInfo> out;
  for (const PartitionInfo& p : parts) {
    RegionInfo r;
    r.index = p.index;
    server::RegionKeys keys = server::RegionKeysOf(family, p);
    r.start_key = std::move(keys.start);
    r.end_key = std::move(keys.end);
    r.name = ToStringBinary(server::RegionName(spec.name, r.start_key, p));
    r.cells = p.cells;
    r.bytes = p.bytes;
    r.requests = by_partition[p.index];
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace rest
}  // namespace obkvlite
