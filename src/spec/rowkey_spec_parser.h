// Copyright (c) obkvlite authors.
//
// Parses the optional "rowkey" object of a table spec into a RowkeySpec
// (obkvlite/rowkey_spec.h), appending advice (ambiguous field boundaries,
// unpadded numbers) to `warnings`. Errors name the JSON path, e.g.
// "rowkey.fields[2].width: must be an integer between 1 and 19 ...".
// Unknown fields are errors.
//
// Thread safety: reentrant.

#ifndef OBKVLITE_SPEC_ROWKEY_SPEC_PARSER_H_
#define OBKVLITE_SPEC_ROWKEY_SPEC_PARSER_H_

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "obkvlite/rowkey_spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

Result<RowkeySpec> ParseRowkeySpec(const nlohmann::json& value,
                                   const std::string& path,
                                   std::vector<std::string>* warnings);

}  // namespace obkvlite

#endif  // OBKVLITE_SPEC_ROWKEY_SPEC_PARSER_H_
