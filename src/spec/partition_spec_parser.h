// Copyright (c) obkvlite authors.
//
// Parses one "partition" object of a table spec (DESIGN §6) into a
// PartitionSpec, appending advice (non-prime or oversized counts) to
// `warnings`. Errors name the JSON path given in `path`.
//
// Thread safety: reentrant.

#ifndef OBKVLITE_SPEC_PARTITION_SPEC_PARSER_H_
#define OBKVLITE_SPEC_PARTITION_SPEC_PARSER_H_

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

Result<PartitionSpec> ParsePartitionSpec(const nlohmann::json& value,
                                         const std::string& path,
                                         std::vector<std::string>* warnings);

}  // namespace obkvlite

#endif  // OBKVLITE_SPEC_PARTITION_SPEC_PARSER_H_
