// Copyright (c) obkvlite authors.
//
// Parses the "hbase_attributes" object of a family or of the table spec
// (DESIGN §6): {"BLOOMFILTER": "row", "CONFIGURATION": {"k": "v"}} ->
// HBaseAttributes with canonical values (CanonicalHBaseAttribute). Members
// are strings, except CONFIGURATION and METADATA, objects of strings.
// Errors name the JSON path, e.g.
// "families[0].hbase_attributes.BLOOMFILTER: must be one of NONE, ...".
//
// Thread safety: reentrant.

#ifndef OBKVLITE_SPEC_HBASE_ATTRIBUTES_PARSER_H_
#define OBKVLITE_SPEC_HBASE_ATTRIBUTES_PARSER_H_

#include <nlohmann/json.hpp>
#include <string>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

Result<HBaseAttributes> ParseHBaseAttributes(const nlohmann::json& value,
                                             const std::string& path,
                                             HBaseAttributeScope scope);

}  // namespace obkvlite

#endif  // OBKVLITE_SPEC_HBASE_ATTRIBUTES_PARSER_H_
