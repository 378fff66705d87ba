// Copyright (c) obkvlite authors.
//
// Thrift2Handler's regions and server methods. A region is a first-level
// partition of the table's first family (server/common/region_keys.h),
// served by this gateway: THRegionInfo.regionId is the partition's index,
// startKey and endKey its row-key bounds (empty unless the family ranges on
// K), and the server name the gateway's address, port and start time.
// getRegionLocation finds the region holding the row as the router routes
// it (its bounds, or the hash of a KEY partitioning).

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "obkvlite/router.h"
#include "server/common/region_keys.h"
#include "server/common/server_version.h"
#include "server/thrift2/thrift2_convert.h"
#include "server/thrift2/thrift2_handler.h"

namespace obkvlite {
namespace server {
namespace {

gen2::TServerName ServerNameOf(const Thrift2HandlerOptions& o,
                               int64_t start_code) {
  gen2::TServerName s;
  s.__set_hostName(o.server_name);
  s.__set_port(o.port);
  s.__set_startCode(start_code);
  return s;
}

}  // namespace

std::vector<Thrift2Handler::Region> Thrift2Handler::Regions(
    const char* method, const Text& table, FamilySpec* family) {
  *family = OpenTable(method, table)->spec().families.front();
  CheckCompat(method, table, "C-53");
  Result<std::vector<PartitionInfo>> parts = store_->ListPartitions(table, "");
  if (!parts.ok()) ThrowStatus2(method, parts.status());
  std::vector<Region> out;
  for (const PartitionInfo& p : *parts) {
    Region r;
    r.index = p.index;
    r.keys = RegionKeysOf(*family, p);
    out.push_back(std::move(r));
  }
  return out;
}

gen2::THRegionLocation Thrift2Handler::LocationOf(const Text& table,
                                                  const Region& region) const {
  gen2::THRegionLocation loc;
  loc.serverName = ServerNameOf(options_, start_code_);
  gen2::THRegionInfo& info = loc.regionInfo;
  info.regionId = region.index;
  info.tableName = table;
  info.__set_startKey(region.keys.start);
  info.__set_endKey(region.keys.end);
  info.__set_offline(false);
  info.__set_split(false);
  info.__set_replicaId(0);
  return loc;
}

void Thrift2Handler::getRegionLocation(gen2::THRegionLocation& _return,
                                       const Text& table, const Text& row,
                                       bool /*reload*/) {
  FamilySpec family;
  const std::vector<Region> regions =
      Regions("getRegionLocation", table, &family);
  // The first-level partition the router sends the row to; a family
  // partitioned by time alone has the row in every one: the first.
  PartitionRouter router(table, family);
  const std::vector<int> physical = router.PruneGet(row, TimeRange::All());
  const int subparts = std::max(1, family.partition.SubpartitionCount());
  const int first = physical.empty() ? 0 : physical.front() / subparts;
  for (const Region& r : regions) {
    if (r.index == first) {
      _return = LocationOf(table, r);
      return;
    }
  }
  ThrowIOError2("getRegionLocation",
                "no region of '" + table + "' holds row '" + row + "'");
}

void Thrift2Handler::getAllRegionLocations(
    std::vector<gen2::THRegionLocation>& _return, const Text& table) {
  FamilySpec family;
  for (const Region& r : Regions("getAllRegionLocations", table, &family)) {
    _return.push_back(LocationOf(table, r));
  }
}

gen2::TThriftServerType::type Thrift2Handler::getThriftServerType() {
  return gen2::TThriftServerType::TWO;
}

void Thrift2Handler::getClusterId(std::string& _return) {
  _return = ClusterIdOf(*store_);
}

void Thrift2Handler::getSlowLogResponses(
    std::vector<gen2::TOnlineLogRecord>& _return,
    const std::set<gen2::TServerName>&, const gen2::TLogQueryFilter&) {
  // obkvlite keeps no per-request log: the operation histograms
  // (`obkv stats --ops`, /metrics) are its monitoring.
  _return.clear();
}

void Thrift2Handler::clearSlowLogResponses(
    std::vector<bool>& _return,
    const std::set<gen2::TServerName>& serverNames) {
  _return.assign(serverNames.empty() ? 1 : serverNames.size(), true);
}

bool Thrift2Handler::grant(const gen2::TAccessControlEntity&) {
  ThrowIOError2("grant", kNoAccessControl);
}

bool Thrift2Handler::revoke(const gen2::TAccessControlEntity&) {
  ThrowIOError2("revoke", kNoAccessControl);
}

}  // namespace server
}  // namespace obkvlite
