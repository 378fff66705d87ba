// Copyright (c) obkvlite authors.
//
// Thrift2's table, family and namespace descriptors and a table spec:
//   - a TColumnFamilyDescriptor becomes a spec family: maxVersions is its
//     max_versions (HBase's default 1; 2147483647 keeps every version),
//     timeToLive its ttl_seconds (2147483647 or -1: forever); every other
//     field and the attributes map are kept as HBase attributes (no effect,
//     as on OBKV-HBase; server/common/attributes_json.h), the
//     configuration map as CONFIGURATION. An attributes map may carry
//     VERSIONS and TTL too, as HBase's descriptor values do; the typed
//     fields win;
//   - a TTableDescriptor's attributes and durability are the table's HBase
//     attributes;
//   - back, a spec family shows its kept attributes in the typed fields,
//     HBase's defaults where it has none (BLOOMFILTER ROW, BLOCKSIZE 65536,
//     BLOCKCACHE true, COMPRESS_TAGS true, the rest off or zero).
// Errors are InvalidArgument naming the Thrift field ("desc.columns[1].
// maxVersions: must be positive, got 0").
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SERVER_THRIFT2_THRIFT2_DESCRIPTORS_H_
#define OBKVLITE_SERVER_THRIFT2_THRIFT2_DESCRIPTORS_H_

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "server/thrift2/gen-cpp/hbase2_types.h"

namespace obkvlite {
namespace server {

namespace gen2 = ::obkvlite::server::hbase_thrift2;

// The spec JSON object of one family.
Result<nlohmann::json> FamilyJson(const gen2::TColumnFamilyDescriptor& d,
                                  const std::string& field);

// The spec JSON of a new table `name` from `desc`, RANGE COLUMNS(K)
// partitioned at `split_keys` when there are any (HBase's pre-split: keys
// sorted, none empty, none twice).
Result<std::string> NewTableSpecJson(const std::string& name,
                                     const gen2::TTableDescriptor& desc,
                                     std::vector<std::string> split_keys);

// `current`'s spec JSON with its families replaced by `desc`'s (families
// it does not list are removed) and its table attributes by `desc`'s
// (HBase's modifyTable).
Result<std::string> ModifiedTableSpecJson(const TableSpec& current,
                                          const gen2::TTableDescriptor& desc);

// `current`'s spec JSON with family `family` added (`add`) or replaced.
// InvalidArgument when it exists already (add) or does not (replace).
Result<std::string> FamilyChangedSpecJson(
    const TableSpec& current, const gen2::TColumnFamilyDescriptor& family,
    bool add);

// `current`'s spec JSON without family `family`; InvalidArgument when it
// has no such family, or only that one.
Result<std::string> FamilyRemovedSpecJson(const TableSpec& current,
                                          const std::string& family);

// The descriptor of `spec`.
gen2::TTableDescriptor TableDescriptorOf(const TableSpec& spec);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT2_THRIFT2_DESCRIPTORS_H_
