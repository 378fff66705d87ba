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
                          std::string(family) + "'")
      .WithSubCode(Status::SubCode::kUnknownFamily);
}

namespace {

Status TooLong(const std::string& field, size_t size, int64_t limit,
               Status::SubCode subcode) {
  return Status::InvalidArgument(field + ": " + std::to_string(size) +
                                 " bytes, limit " + std::to_string(limit))
      .WithSubCode(subcode);
}

}  // namespace

Status CheckRowKey(std::string_view row, const std::string& field) {
  if (row.empty()) {
    return Status::InvalidArgument(field + ": must not be empty");
  }
  if (row.size() <= kMaxRowKeyBytes) return Status::OK();
  return TooLong(field, row.size(), kMaxRowKeyBytes,
                 Status::SubCode::kRowTooLong);
}

Status CheckQualifierSize(std::string_view qualifier,
                          const std::string& field) {
  if (qualifier.size() <= kMaxQualifierBytes) return Status::OK();
  return TooLong(field, qualifier.size(), kMaxQualifierBytes,
                 Status::SubCode::kQualifierTooLong);
}

Status CheckValueSize(const TableSpec& spec, std::string_view family,
                      std::string_view value, const std::string& field) {
  const int64_t limit = spec.FindFamily(family)->ValueLimit();
  if (static_cast<int64_t>(value.size()) <= limit) return Status::OK();
  return TooLong(field, value.size(), limit, Status::SubCode::kValueTooLong);
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
