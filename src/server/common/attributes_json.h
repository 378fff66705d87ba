// Copyright (c) obkvlite authors.
//
// The one rule by which a gateway keeps the HBase attributes a client
// sends in a table or column family descriptor (REST's schema models,
// Thrift2's descriptors): an attribute HBase knows at that scope is kept
// under its name with its canonical value (CanonicalHBaseAttribute); any
// other name goes under METADATA, as HBase keeps unknown keys in the
// descriptor's values. The result is a spec's "hbase_attributes" object.
//
// Thread safety: a pure function.

#ifndef OBKVLITE_SERVER_COMMON_ATTRIBUTES_JSON_H_
#define OBKVLITE_SERVER_COMMON_ATTRIBUTES_JSON_H_

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace server {

// The "hbase_attributes" object of `attributes` at `scope`; InvalidArgument
// "PATH.NAME: rule" for a known attribute with a bad value.
Result<nlohmann::json> HBaseAttributesJson(
    const std::map<std::string, std::string>& attributes,
    HBaseAttributeScope scope, const std::string& path);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_COMMON_ATTRIBUTES_JSON_H_
