// Copyright (c) obkvlite authors.
#include "server/thrift2/thrift2_descriptors.h"

#include <algorithm>
#include <climits>
#include <map>
#include <utility>

#include "obkvlite/bytes.h"
#include "server/common/attributes_json.h"
#include "server/thrift2/thrift2_convert.h"
#include "server/thrift2/wire_enum.h"

namespace obkvlite {
namespace server {
namespace {

using nlohmann::json;

constexpr int32_t kForever = INT32_MAX;  // HBase's VERSIONS / TTL "all"

// An enum's name, or "" for a value it does not have.
std::string NameOf(const std::map<int, const char*>& names, int value) {
  auto it = names.find(value);
  return it == names.end() ? "" : it->second;
}

// The value of `name` in `names`, or `fallback`.
int ValueOf(const std::map<int, const char*>& names, const std::string& name,
            int fallback) {
  for (const auto& [v, n] : names) {
    if (name == n) return v;
  }
  return fallback;
}

std::string Bool(bool b) { return b ? "true" : "false"; }

// VERSIONS or TTL from the attributes map: a decimal integer.
Result<int64_t> IntAttribute(const std::string& text,
                             const std::string& field) {
  int64_t v = 0;
  bool ok = !text.empty() && text.size() <= 10;
  for (size_t i = 0; ok && i < text.size(); ++i) {
    ok = (text[i] >= '0' && text[i] <= '9') || (i == 0 && text[i] == '-');
    if (ok && text[i] != '-') v = v * 10 + (text[i] - '0');
  }
  if (!ok || text == "-") {
    return Status::InvalidArgument(field + ": must be an integer, got '" +
                                   text + "'");
  }
  return text[0] == '-' ? -v : v;
}

Status SetVersions(int64_t v, const std::string& field, json* f) {
  if (v < 1) {
    return Status::InvalidArgument(field + ": must be positive, got " +
                                   std::to_string(v));
  }
  if (v == kForever) {
    f->erase("max_versions");
  } else {
    (*f)["max_versions"] = v;
  }
  return Status::OK();
}

Status SetTtl(int64_t v, const std::string& field, json* f) {
  if (v == kForever || v == -1) {
    f->erase("ttl_seconds");
    return Status::OK();
  }
  if (v <= 0) {
    return Status::InvalidArgument(
        field + ": must be positive seconds (2147483647: forever), got " +
        std::to_string(v));
  }
  (*f)["ttl_seconds"] = v;
  return Status::OK();
}

// The table's "hbase_attributes" of a descriptor.
Result<json> TableAttributesJson(const gen2::TTableDescriptor& desc,
                                 const std::string& field) {
  std::map<std::string, std::string> attrs(desc.attributes.begin(),
                                           desc.attributes.end());
  const int32_t durability = WireEnum(desc.durability);
  if (desc.__isset.durability && durability != gen2::TDurability::USE_DEFAULT) {
    const std::string name =
        NameOf(gen2::_TDurability_VALUES_TO_NAMES, durability);
    if (name.empty()) {
      return Status::InvalidArgument(
          field +
          ".durability: must be 0 (USE_DEFAULT) to 4 (FSYNC_WAL), "
          "got " +
          std::to_string(durability));
    }
    attrs["DURABILITY"] = name;
  }
  return HBaseAttributesJson(attrs, HBaseAttributeScope::kTable,
                             field + ".attributes");
}

Result<json> FamiliesJson(const gen2::TTableDescriptor& desc,
                          const std::string& field) {
  if (desc.columns.empty()) {
    return Status::InvalidArgument(field +
                                   ".columns: a table needs at least one "
                                   "column family");
  }
  json families = json::array();
  for (size_t i = 0; i < desc.columns.size(); ++i) {
    OBKV_ASSIGN_OR_RETURN(
        json f, FamilyJson(desc.columns[i],
                           field + ".columns[" + std::to_string(i) + "]"));
    families.push_back(std::move(f));
  }
  return families;
}

std::string At(const std::map<std::string, std::string>& values,
               const char* name, const char* fallback) {
  auto it = values.find(name);
  return it == values.end() ? fallback : it->second;
}

int32_t IntOr(const std::map<std::string, std::string>& values,
              const char* name, int32_t fallback) {
  auto it = values.find(name);
  if (it == values.end()) return fallback;
  Result<int64_t> v = IntAttribute(it->second, name);
  return v.ok() ? static_cast<int32_t>(*v) : fallback;
}

gen2::TColumnFamilyDescriptor FamilyDescriptorOf(const FamilySpec& f) {
  const HBaseAttributes& a = f.hbase_attributes;
  const std::map<std::string, std::string>& v = a.values;
  gen2::TColumnFamilyDescriptor d;
  d.name = f.name;
  for (const auto& [k, value] : v) d.attributes[k] = value;
  for (const auto& [k, value] : a.metadata) d.attributes[k] = value;
  d.__isset.attributes = true;
  if (!a.configuration.empty()) {
    d.__set_configuration(std::map<std::string, std::string>(
        a.configuration.begin(), a.configuration.end()));
  }
  d.__set_blockSize(IntOr(v, "BLOCKSIZE", 65536));
  d.__set_bloomnFilterType(static_cast<gen2::TBloomFilterType::type>(
      ValueOf(gen2::_TBloomFilterType_VALUES_TO_NAMES,
              At(v, "BLOOMFILTER", "ROW"), gen2::TBloomFilterType::ROW)));
  d.__set_compressionType(
      static_cast<gen2::TCompressionAlgorithm::type>(ValueOf(
          gen2::_TCompressionAlgorithm_VALUES_TO_NAMES,
          At(v, "COMPRESSION", "NONE"), gen2::TCompressionAlgorithm::NONE)));
  d.__set_dfsReplication(static_cast<int16_t>(IntOr(v, "DFS_REPLICATION", 0)));
  d.__set_dataBlockEncoding(static_cast<gen2::TDataBlockEncoding::type>(ValueOf(
      gen2::_TDataBlockEncoding_VALUES_TO_NAMES,
      At(v, "DATA_BLOCK_ENCODING", "NONE"), gen2::TDataBlockEncoding::NONE)));
  d.__set_keepDeletedCells(static_cast<gen2::TKeepDeletedCells::type>(ValueOf(
      gen2::_TKeepDeletedCells_VALUES_TO_NAMES,
      At(v, "KEEP_DELETED_CELLS", "FALSE"), gen2::TKeepDeletedCells::FALSE)));
  d.__set_maxVersions(f.max_versions > 0 && f.max_versions < kForever
                          ? static_cast<int32_t>(f.max_versions)
                          : kForever);
  d.__set_minVersions(IntOr(v, "MIN_VERSIONS", 0));
  d.__set_scope(IntOr(v, "REPLICATION_SCOPE", 0));
  d.__set_timeToLive(f.ttl_seconds > 0 && f.ttl_seconds < kForever
                         ? static_cast<int32_t>(f.ttl_seconds)
                         : kForever);
  d.__set_blockCacheEnabled(At(v, "BLOCKCACHE", "true") == "true");
  d.__set_cacheBloomsOnWrite(At(v, "CACHE_BLOOMS_ON_WRITE", "false") == "true");
  d.__set_cacheDataOnWrite(At(v, "CACHE_DATA_ON_WRITE", "false") == "true");
  d.__set_cacheIndexesOnWrite(At(v, "CACHE_INDEX_ON_WRITE", "false") == "true");
  d.__set_compressTags(At(v, "COMPRESS_TAGS", "true") == "true");
  d.__set_evictBlocksOnClose(At(v, "EVICT_BLOCKS_ON_CLOSE", "false") == "true");
  d.__set_inMemory(At(v, "IN_MEMORY", "false") == "true");
  return d;
}

// The index of family `name` in the spec's "families", or npos.
size_t FindFamily(const json& families, const std::string& name) {
  for (size_t i = 0; i < families.size(); ++i) {
    if (families[i].value("name", "") == name) return i;
  }
  return std::string::npos;
}

}  // namespace

Result<json> FamilyJson(const gen2::TColumnFamilyDescriptor& d,
                        const std::string& field) {
  if (d.name.empty()) {
    return Status::InvalidArgument(field + ".name: must not be empty");
  }
  json f = {{"name", d.name}, {"max_versions", 1}};
  std::map<std::string, std::string> attrs(d.attributes.begin(),
                                           d.attributes.end());
  // VERSIONS and TTL in the attributes map, as HBase's descriptor values.
  if (auto it = attrs.find("VERSIONS"); it != attrs.end()) {
    const std::string at = field + ".attributes[\"VERSIONS\"]";
    OBKV_ASSIGN_OR_RETURN(int64_t v, IntAttribute(it->second, at));
    OBKV_RETURN_IF_ERROR(SetVersions(v, at, &f));
    attrs.erase(it);
  }
  if (auto it = attrs.find("TTL"); it != attrs.end()) {
    const std::string at = field + ".attributes[\"TTL\"]";
    OBKV_ASSIGN_OR_RETURN(int64_t v, IntAttribute(it->second, at));
    OBKV_RETURN_IF_ERROR(SetTtl(v, at, &f));
    attrs.erase(it);
  }
  if (d.__isset.maxVersions) {
    OBKV_RETURN_IF_ERROR(
        SetVersions(d.maxVersions, field + ".maxVersions", &f));
  }
  if (d.__isset.timeToLive) {
    OBKV_RETURN_IF_ERROR(SetTtl(d.timeToLive, field + ".timeToLive", &f));
  }
  auto set_enum = [&](bool isset, const std::map<int, const char*>& names,
                      int value, const char* attribute,
                      const char* member) -> Status {
    if (!isset) return Status::OK();
    const std::string name = NameOf(names, value);
    if (name.empty()) {
      return Status::InvalidArgument(
          field + "." + member + ": no such value: " + std::to_string(value));
    }
    attrs[attribute] = name;
    return Status::OK();
  };
  OBKV_RETURN_IF_ERROR(set_enum(
      d.__isset.bloomnFilterType, gen2::_TBloomFilterType_VALUES_TO_NAMES,
      WireEnum(d.bloomnFilterType), "BLOOMFILTER", "bloomnFilterType"));
  OBKV_RETURN_IF_ERROR(set_enum(
      d.__isset.compressionType, gen2::_TCompressionAlgorithm_VALUES_TO_NAMES,
      WireEnum(d.compressionType), "COMPRESSION", "compressionType"));
  OBKV_RETURN_IF_ERROR(set_enum(d.__isset.dataBlockEncoding,
                                gen2::_TDataBlockEncoding_VALUES_TO_NAMES,
                                WireEnum(d.dataBlockEncoding),
                                "DATA_BLOCK_ENCODING", "dataBlockEncoding"));
  OBKV_RETURN_IF_ERROR(set_enum(
      d.__isset.keepDeletedCells, gen2::_TKeepDeletedCells_VALUES_TO_NAMES,
      WireEnum(d.keepDeletedCells), "KEEP_DELETED_CELLS", "keepDeletedCells"));
  if (d.__isset.blockSize) attrs["BLOCKSIZE"] = std::to_string(d.blockSize);
  if (d.__isset.dfsReplication) {
    attrs["DFS_REPLICATION"] = std::to_string(d.dfsReplication);
  }
  if (d.__isset.minVersions) {
    attrs["MIN_VERSIONS"] = std::to_string(d.minVersions);
  }
  if (d.__isset.scope) attrs["REPLICATION_SCOPE"] = std::to_string(d.scope);
  if (d.__isset.blockCacheEnabled) {
    attrs["BLOCKCACHE"] = Bool(d.blockCacheEnabled);
  }
  if (d.__isset.cacheBloomsOnWrite) {
    attrs["CACHE_BLOOMS_ON_WRITE"] = Bool(d.cacheBloomsOnWrite);
  }
  if (d.__isset.cacheDataOnWrite) {
    attrs["CACHE_DATA_ON_WRITE"] = Bool(d.cacheDataOnWrite);
  }
  if (d.__isset.cacheIndexesOnWrite) {
    attrs["CACHE_INDEX_ON_WRITE"] = Bool(d.cacheIndexesOnWrite);
  }
  if (d.__isset.compressTags) attrs["COMPRESS_TAGS"] = Bool(d.compressTags);
  if (d.__isset.evictBlocksOnClose) {
    attrs["EVICT_BLOCKS_ON_CLOSE"] = Bool(d.evictBlocksOnClose);
  }
  if (d.__isset.inMemory) attrs["IN_MEMORY"] = Bool(d.inMemory);
  OBKV_ASSIGN_OR_RETURN(json hbase,
                        HBaseAttributesJson(attrs, HBaseAttributeScope::kFamily,
                                            field + ".attributes"));
  if (!d.configuration.empty()) {
    hbase["CONFIGURATION"] = json(std::map<std::string, std::string>(
        d.configuration.begin(), d.configuration.end()));
  }
  if (!hbase.empty()) f["hbase_attributes"] = std::move(hbase);
  return f;
}

Result<std::string> NewTableSpecJson(const std::string& name,
                                     const gen2::TTableDescriptor& desc,
                                     std::vector<std::string> split_keys) {
  json spec = {{"table", name}};
  OBKV_ASSIGN_OR_RETURN(spec["families"], FamiliesJson(desc, "desc"));
  OBKV_ASSIGN_OR_RETURN(json attrs, TableAttributesJson(desc, "desc"));
  if (!attrs.empty()) spec["hbase_attributes"] = std::move(attrs);
  if (!split_keys.empty()) {
    std::sort(split_keys.begin(), split_keys.end());
    json bounds = json::array();
    for (size_t i = 0; i < split_keys.size(); ++i) {
      if (split_keys[i].empty()) {
        return Status::InvalidArgument(
            "splitKeys: an empty split key must not be passed");
      }
      if (i > 0 && split_keys[i] == split_keys[i - 1]) {
        return Status::InvalidArgument(
            "splitKeys: all split keys must be unique, found duplicate '" +
            ToStringBinary(split_keys[i]) + "'");
      }
      bounds.push_back(ToStringBinary(split_keys[i]));
    }
    bounds.push_back("MAXVALUE");
    spec["partition"] = {
        {"strategy", "range"}, {"column", "K"}, {"bounds", bounds}};
  }
  return spec.dump();
}

Result<std::string> ModifiedTableSpecJson(const TableSpec& current,
                                          const gen2::TTableDescriptor& desc) {
  json spec = json::parse(current.json);
  OBKV_ASSIGN_OR_RETURN(json families, FamiliesJson(desc, "desc"));
  // A kept family keeps what the descriptor cannot say (its partitioning,
  // cell TTL, value size); the descriptor's members replace the rest.
  for (json& f : families) {
    const size_t at = FindFamily(spec["families"], f["name"]);
    if (at == std::string::npos) continue;
    json merged = spec["families"][at];
    merged.erase("max_versions");
    merged.erase("ttl_seconds");
    merged.erase("hbase_attributes");
    merged.update(f);
    f = std::move(merged);
  }
  spec["families"] = std::move(families);
  OBKV_ASSIGN_OR_RETURN(json attrs, TableAttributesJson(desc, "desc"));
  spec.erase("hbase_attributes");
  if (!attrs.empty()) spec["hbase_attributes"] = std::move(attrs);
  return spec.dump();
}

Result<std::string> FamilyChangedSpecJson(
    const TableSpec& current, const gen2::TColumnFamilyDescriptor& family,
    bool add) {
  json spec = json::parse(current.json);
  OBKV_ASSIGN_OR_RETURN(json f, FamilyJson(family, "column"));
  json& families = spec["families"];
  const size_t at = FindFamily(families, family.name);
  if (add && at != std::string::npos) {
    return Status::InvalidArgument("column.name: column family '" +
                                   family.name + "' in table '" + current.name +
                                   "' already exists so cannot be added");
  }
  if (!add && at == std::string::npos) {
    return Status::InvalidArgument("column.name: column family '" +
                                   family.name + "' does not exist in table '" +
                                   current.name + "'");
  }
  if (add) {
    families.push_back(std::move(f));
  } else {
    json& kept = families[at];
    kept.erase("max_versions");
    kept.erase("ttl_seconds");
    kept.erase("hbase_attributes");
    kept.update(f);
  }
  return spec.dump();
}

Result<std::string> FamilyRemovedSpecJson(const TableSpec& current,
                                          const std::string& family) {
  json spec = json::parse(current.json);
  json& families = spec["families"];
  const size_t at = FindFamily(families, family);
  if (at == std::string::npos) {
    return Status::InvalidArgument("column: table '" + current.name +
                                   "' has no column family '" + family + "'");
  }
  if (families.size() == 1) {
    return Status::InvalidArgument(
        "column: '" + family + "' is the only column family of table '" +
        current.name + "'; a table keeps at least one (delete the table)");
  }
  families.erase(at);
  return spec.dump();
}

gen2::TTableDescriptor TableDescriptorOf(const TableSpec& spec) {
  gen2::TTableDescriptor d;
  d.tableName = ThriftTableName(spec.name);
  d.__isset.columns = true;
  for (const FamilySpec& f : spec.families) {
    d.columns.push_back(FamilyDescriptorOf(f));
  }
  const HBaseAttributes& a = spec.hbase_attributes;
  d.__isset.attributes = true;
  for (const auto& [k, v] : a.values) d.attributes[k] = v;
  for (const auto& [k, v] : a.metadata) d.attributes[k] = v;
  d.__set_durability(static_cast<gen2::TDurability::type>(
      ValueOf(gen2::_TDurability_VALUES_TO_NAMES,
              At(a.values, "DURABILITY", "USE_DEFAULT"),
              gen2::TDurability::USE_DEFAULT)));
  return d;
}

}  // namespace server
}  // namespace obkvlite
