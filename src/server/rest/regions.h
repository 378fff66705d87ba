// Copyright (c) obkvlite authors.
//
// A table's regions as HBase's REST shows them: one region per first-level
// partition of the table's first family (Store::ListPartitions), with the
// partition's row-key bounds when it ranges on K (empty keys otherwise, as
// HBase's first and last regions have), HBase's region name
// "TABLE,STARTKEY,ID.pN.", the requests it served (Store::RequestStats,
// every family), and what it stores: as an HBase region holds every store
// (family) of its key range, the cells and bytes of partition i of every
// family partitioned as the first one (the same strategy and first-level
// count), added up. A family partitioned otherwise is in no region.
//
// Thread safety: as the Store.

#ifndef OBKVLITE_SERVER_REST_REGIONS_H_
#define OBKVLITE_SERVER_REST_REGIONS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "obkvlite/request_stats.h"
#include "obkvlite/status.h"
#include "obkvlite/store.h"

namespace obkvlite {
namespace rest {

struct RegionInfo {
  int index = 0;
  std::string name;       // "t,a,3.p3."
  std::string start_key;  // raw bytes; empty: unbounded or not a K range
  std::string end_key;
  int64_t cells = 0;  // stored cells (PartitionInfo::cells), exact
  // Stored bytes (PartitionInfo::bytes); -1 when the engine cannot tell
  // for one of the families.
  int64_t bytes = -1;
  RequestCounts requests;  // every family's counts of this partition index
};

Result<std::vector<RegionInfo>> ListRegions(Store* store,
                                            const TableSpec& spec);

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_REGIONS_H_
