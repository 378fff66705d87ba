// Copyright (c) obkvlite authors.
//
// HbaseHandler's table admin and server methods.

#include <climits>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "obkvlite/partition_change.h"
#include "server/common/region_keys.h"
#include "server/common/server_version.h"
#include "server/thrift/hbase_handler.h"
#include "server/thrift/thrift_convert.h"

namespace obkvlite {
namespace server {
namespace {

constexpr int32_t kForever = INT32_MAX;  // HBase's TTL and VERSIONS "all"

// The table part of a table or region name ("t" of "t,start,id").
std::string TableOfRegion(const std::string& name) {
  const size_t comma = name.find(',');
  return comma == std::string::npos ? name : name.substr(0, comma);
}

std::string AttributeOr(const FamilySpec& f, const char* name,
                        const char* fallback) {
  auto it = f.hbase_attributes.values.find(name);
  return it == f.hbase_attributes.values.end() ? fallback : it->second;
}

gen::ColumnDescriptor DescriptorOf(const FamilySpec& f) {
  gen::ColumnDescriptor d;
  d.__set_name(f.name + ":");
  d.__set_maxVersions(f.max_versions > 0 && f.max_versions < kForever
                          ? static_cast<int32_t>(f.max_versions)
                          : kForever);
  d.__set_compression(AttributeOr(f, "COMPRESSION", "NONE"));
  d.__set_inMemory(AttributeOr(f, "IN_MEMORY", "false") == "true");
  d.__set_bloomFilterType(AttributeOr(f, "BLOOMFILTER", "NONE"));
  d.__set_bloomFilterVectorSize(0);
  d.__set_bloomFilterNbHashes(0);
  d.__set_blockCacheEnabled(AttributeOr(f, "BLOCKCACHE", "true") == "true");
  d.__set_timeToLive(f.ttl_seconds > 0 && f.ttl_seconds < kForever
                         ? static_cast<int32_t>(f.ttl_seconds)
                         : kForever);
  return d;
}

// The spec JSON of a createTable call; IllegalArgument naming the field.
std::string SpecJson(const std::string& table,
                     const std::vector<gen::ColumnDescriptor>& families) {
  nlohmann::json spec = {{"table", table}};
  nlohmann::json list = nlohmann::json::array();
  for (size_t i = 0; i < families.size(); ++i) {
    const gen::ColumnDescriptor& d = families[i];
    const std::string field = "columnFamilies[" + std::to_string(i) + "]";
    std::string name = d.name;
    if (!name.empty() && name.back() == ':') name.pop_back();
    if (name.empty() || name.find(':') != std::string::npos) {
      ThrowIllegalArgument("createTable",
                           field +
                               ".name: must be 'family' or 'family:', "
                               "got '" +
                               d.name + "'");
    }
    nlohmann::json f = {{"name", name}};
    if (d.maxVersions <= 0) {
      ThrowIllegalArgument("createTable",
                           field + ".maxVersions: must be positive, got " +
                               std::to_string(d.maxVersions));
    }
    if (d.maxVersions != kForever) f["max_versions"] = d.maxVersions;
    if (d.timeToLive != kForever && d.timeToLive != -1) {
      if (d.timeToLive <= 0) {
        ThrowIllegalArgument("createTable",
                             field +
                                 ".timeToLive: must be positive seconds "
                                 "(2147483647: forever), got " +
                                 std::to_string(d.timeToLive));
      }
      f["ttl_seconds"] = d.timeToLive;
    }
    nlohmann::json attrs = nlohmann::json::object();
    if (!d.compression.empty() && d.compression != "NONE") {
      attrs["COMPRESSION"] = d.compression;
    }
    if (!d.bloomFilterType.empty() && d.bloomFilterType != "NONE") {
      attrs["BLOOMFILTER"] = d.bloomFilterType;
    }
    if (d.inMemory) attrs["IN_MEMORY"] = "true";
    if (!attrs.empty()) f["hbase_attributes"] = attrs;
    list.push_back(std::move(f));
  }
  spec["families"] = std::move(list);
  return spec.dump();
}

}  // namespace

HbaseHandler::HbaseHandler(Store* store, ScannerRegistry* scanners,
                           HbaseHandlerOptions options)
    : store_(store), scanners_(scanners), options_(std::move(options)) {}

Table* HbaseHandler::OpenTable(std::string_view method, const Text& name) {
  if (name.empty()) ThrowIOError(method, "tableName: must not be empty");
  Result<Table*> table = store_->GetTable(name);
  if (!table.ok()) ThrowStatus(method, table.status());
  return *table;
}

void HbaseHandler::CheckWritable(std::string_view method) const {
  if (options_.read_only) {
    ThrowIOError(method,
                 "this gateway is read-only (--readonly): mutations and "
                 "admin changes are refused");
  }
}

void HbaseHandler::CheckCompat(const char* method, const Text& table,
                               const char* rule) {
  Status st = store_->CompatCheck(table, method, rule);
  if (!st.ok()) ThrowStatus(method, st);
}

Status HbaseHandler::Worded(const Text& table, std::string_view method,
                            const Status& status) const {
  return CompatWording(store_->compat_profile(), table, method, status);
}

void HbaseHandler::enableTable(const Text& tableName) {
  CheckWritable("enableTable");
  CheckCompat("enableTable", tableName, "C-46");
  Status st = store_->EnableTable(tableName, ChangeOptions());
  if (!st.ok()) ThrowStatus("enableTable", st);
}

void HbaseHandler::disableTable(const Text& tableName) {
  CheckWritable("disableTable");
  CheckCompat("disableTable", tableName, "C-46");
  Status st = store_->DisableTable(tableName, ChangeOptions());
  if (!st.ok()) ThrowStatus("disableTable", st);
}

bool HbaseHandler::isTableEnabled(const Text& tableName) {
  return !OpenTable("isTableEnabled", tableName)->spec().disabled;
}

void HbaseHandler::compact(const Text& tableNameOrRegionName) {
  CheckWritable("compact");
  CheckCompat("compact", TableOfRegion(tableNameOrRegionName), "C-53");
  Result<PurgeStats> stats =
      OpenTable("compact", TableOfRegion(tableNameOrRegionName))->Purge();
  if (!stats.ok()) ThrowStatus("compact", stats.status());
}

void HbaseHandler::majorCompact(const Text& tableNameOrRegionName) {
  CheckWritable("majorCompact");
  CheckCompat("majorCompact", TableOfRegion(tableNameOrRegionName), "C-53");
  Result<PurgeStats> stats =
      OpenTable("majorCompact", TableOfRegion(tableNameOrRegionName))->Purge();
  if (!stats.ok()) ThrowStatus("majorCompact", stats.status());
}

void HbaseHandler::getTableNames(std::vector<Text>& _return) {
  CheckCompat("getTableNames", "", "C-51");
  _return = store_->ListTables();
}

void HbaseHandler::getTableNamesWithIsTableEnabled(
    std::map<Text, bool>& _return) {
  CheckCompat("getTableNamesWithIsTableEnabled", "", "C-51");
  for (const std::string& name : store_->ListTables()) {
    Result<Table*> table = store_->GetTable(name);
    if (table.ok()) _return[name] = !(*table)->spec().disabled;
  }
}

void HbaseHandler::getColumnDescriptors(
    std::map<Text, gen::ColumnDescriptor>& _return, const Text& tableName) {
  const TableSpec spec = OpenTable("getColumnDescriptors", tableName)->spec();
  for (const FamilySpec& f : spec.families) {
    _return.emplace(f.name + ":", DescriptorOf(f));
  }
}

void HbaseHandler::getTableRegions(std::vector<gen::TRegionInfo>& _return,
                                   const Text& tableName) {
  // A copy: an alter may replace the spec meanwhile.
  const FamilySpec family =
      OpenTable("getTableRegions", tableName)->spec().families.front();
  CheckCompat("getTableRegions", tableName, "C-53");
  // Without sizes: TRegionInfo has no field for a region's size
  // (doc/thrift.md).
  Result<std::vector<PartitionInfo>> parts =
      store_->ListPartitions(tableName, "");
  if (!parts.ok()) ThrowStatus("getTableRegions", parts.status());
  for (const PartitionInfo& p : *parts) {
    gen::TRegionInfo r;
    RegionKeys keys = RegionKeysOf(family, p);
    r.__set_startKey(std::move(keys.start));
    r.__set_endKey(std::move(keys.end));
    r.__set_id(p.index);
    r.__set_name(RegionName(tableName, r.startKey, p));
    r.__set_version(1);
    r.__set_serverName(options_.server_name);
    r.__set_port(options_.port);
    _return.push_back(std::move(r));
  }
}

void HbaseHandler::getRegionInfo(gen::TRegionInfo& _return, const Text& row) {
  // A region-name-like row "table,rowkey,...": the region holding rowkey.
  const size_t first = row.find(',');
  if (first == std::string::npos) {
    ThrowIOError("getRegionInfo",
                 "row: expected 'table,rowkey,...', got '" + row + "'");
  }
  const size_t last = row.rfind(',');
  const std::string key =
      last > first ? row.substr(first + 1, last - first - 1) : "";
  std::vector<gen::TRegionInfo> regions;
  getTableRegions(regions, row.substr(0, first));
  for (const gen::TRegionInfo& r : regions) {
    if (RegionHolds({r.startKey, r.endKey}, key)) {
      _return = r;
      return;
    }
  }
  ThrowIOError("getRegionInfo", "no region holds '" + row + "'");
}

void HbaseHandler::createTable(
    const Text& tableName,
    const std::vector<gen::ColumnDescriptor>& columnFamilies) {
  CheckWritable("createTable");
  CheckCompat("createTable", tableName, "C-46");
  if (tableName.empty()) {
    ThrowIllegalArgument("createTable", "tableName: must not be empty");
  }
  if (columnFamilies.empty()) {
    ThrowIllegalArgument("createTable",
                         "columnFamilies: a table needs at least one column "
                         "family");
  }
  Result<TableSpec> spec = ParseTableSpec(SpecJson(tableName, columnFamilies));
  if (!spec.ok()) {
    // The spec's JSON paths in the call's own names.
    std::string message = spec.status().message();
    if (message.rfind("families[", 0) == 0) {
      message = "columnFamilies" + message.substr(8);
    } else if (message.rfind("table:", 0) == 0) {
      message = "tableName" + message.substr(5);
    }
    ThrowIllegalArgument("createTable", message);
  }
  Status st = store_->CreateTable(*spec);
  if (!st.ok()) ThrowStatus("createTable", st, true, /*already_exists=*/true);
}

void HbaseHandler::deleteTable(const Text& tableName) {
  CheckWritable("deleteTable");
  CheckCompat("deleteTable", tableName, "C-46");
  if (!OpenTable("deleteTable", tableName)->spec().disabled) {
    ThrowIOError("deleteTable", "table '" + tableName +
                                    "' is enabled: disable it first "
                                    "(HBase's TableNotDisabledException)");
  }
  Status st = store_->DropTable(tableName);
  if (!st.ok()) ThrowStatus("deleteTable", st);
}

gen::TThriftServerType::type HbaseHandler::getThriftServerType() {
  return gen::TThriftServerType::ONE;
}

void HbaseHandler::getClusterId(std::string& _return) {
  _return = ClusterIdOf(*store_);
}

bool HbaseHandler::grant(const gen::TAccessControlEntity&) {
  ThrowIOError("grant", kNoAccessControl);
}

bool HbaseHandler::revoke(const gen::TAccessControlEntity&) {
  ThrowIOError("revoke", kNoAccessControl);
}

}  // namespace server
}  // namespace obkvlite
