// Copyright (c) obkvlite authors.
//
// The spec's "indexes" array (doc/indexes.md): secondary index tables of a
// normal-layout table, each validated against the table's families and
// turned into the spec of its own index table (IndexTableSpec, spec.h),
// which must itself be a valid spec. Errors name the JSON path, e.g.
// "indexes[1].family: unknown family 'g'".
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SPEC_INDEX_SPEC_PARSER_H_
#define OBKVLITE_SPEC_INDEX_SPEC_PARSER_H_

#include <nlohmann/json.hpp>
#include <vector>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

// Parses `value` (the "indexes" member) of `table`, whose name, layout and
// families are already parsed. `path` is "indexes".
Result<std::vector<IndexSpec>> ParseIndexes(const nlohmann::json& value,
                                            const std::string& path,
                                            const TableSpec& table);

}  // namespace obkvlite

#endif  // OBKVLITE_SPEC_INDEX_SPEC_PARSER_H_
