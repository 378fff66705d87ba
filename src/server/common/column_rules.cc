// Copyright (c) obkvlite authors.
#include "server/common/column_rules.h"

#include <algorithm>
#include <utility>

namespace obkvlite {
namespace server {

ColumnParts SplitColumnName(std::string_view text) {
  ColumnParts parts;
  const size_t colon = text.find(':');
  parts.family = text.substr(0, colon);
  if (colon != std::string_view::npos) {
    parts.qualifier = text.substr(colon + 1);
    parts.has_colon = true;
  }
  return parts;
}

Status CheckFamily(const TableSpec& spec, std::string_view family) {
  if (spec.FindFamily(family) != nullptr) return Status::OK();
  return Status::NotFound("table '" + spec.name + "' has no column family '" +
                          std::string(family) + "'");
}

Status AddToProjection(const TableSpec& spec, ColumnName column,
                       std::vector<std::string>* families,
                       std::vector<Column>* columns) {
  OBKV_RETURN_IF_ERROR(CheckFamily(spec, column.family));
  if (!column.whole_family) {
    columns->push_back({std::move(column.family), std::move(column.qualifier)});
  } else if (std::find(families->begin(), families->end(), column.family) ==
             families->end()) {
    families->push_back(std::move(column.family));
  }
  return Status::OK();
}

}  // namespace server
}  // namespace obkvlite
