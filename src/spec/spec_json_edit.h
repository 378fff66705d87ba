// Copyright (c) obkvlite authors.
//
// Edits of a table spec through its JSON (TableSpec::json): the change is
// made on the JSON document, which ParseTableSpec then validates, so that a
// changed spec obeys every rule a written one does and `obkv spec` prints
// what the catalog holds.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SPEC_SPEC_JSON_EDIT_H_
#define OBKVLITE_SPEC_SPEC_JSON_EDIT_H_

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

// The "partition" object that ParsePartitionSpec reads back as `p`.
nlohmann::json PartitionSpecToJson(const PartitionSpec& p);

// `spec` with `edit` applied to its JSON document, reparsed.
Result<TableSpec> EditSpecJson(
    const TableSpec& spec, const std::function<Status(nlohmann::json&)>& edit);

// `spec` with the partitioning of the named families replaced. Where every
// family that takes the table's "partition" gets the same new one, the
// table's "partition" changes; otherwise each named family gets its own.
Result<TableSpec> WithFamilyPartitions(
    const TableSpec& spec,
    const std::vector<std::pair<std::string, PartitionSpec>>& partitions);

}  // namespace obkvlite

#endif  // OBKVLITE_SPEC_SPEC_JSON_EDIT_H_
