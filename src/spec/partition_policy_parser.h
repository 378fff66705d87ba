// Copyright (c) obkvlite authors.
//
// Parses a family's partition policies (DESIGN §6): "time_window" (rolling
// RANGE(G) partitions) and "auto_split" (RANGE COLUMNS(K) split by size),
// given on the family or, as a default for every family, on the table.
// Errors name the JSON path and the rule, e.g. "families[0].time_window:
// needs a RANGE partitioning on G, the family has KEY".
//
// Thread safety: reentrant.

#ifndef OBKVLITE_SPEC_PARTITION_POLICY_PARSER_H_
#define OBKVLITE_SPEC_PARTITION_POLICY_PARSER_H_

#include <nlohmann/json.hpp>
#include <string>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

// Reads `time_window` (may be null) at `path` into family->time_window and
// checks it against family->partition.
Status ParseTimeWindow(const nlohmann::json* time_window,
                       const std::string& path, FamilySpec* family);

// Reads `auto_split` (may be null) at `path` into
// family->auto_split_max_cells and checks it against family->partition.
Status ParseAutoSplit(const nlohmann::json* auto_split, const std::string& path,
                      FamilySpec* family);

}  // namespace obkvlite

#endif  // OBKVLITE_SPEC_PARTITION_POLICY_PARSER_H_
