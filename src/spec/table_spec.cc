// Copyright (c) obkvlite authors.
#include "obkvlite/spec.h"

#include <cctype>

namespace obkvlite {

const FamilySpec* TableSpec::FindFamily(std::string_view family) const {
  for (const FamilySpec& f : families) {
    if (f.name == family) return &f;
  }
  return nullptr;
}

Status ValidateIdentifier(std::string_view name, std::string_view field) {
  const std::string path(field);
  if (name.empty()) {
    return Status::InvalidArgument(path + ": must not be empty");
  }
  if (name.size() > kMaxTableNameChars) {
    return Status::InvalidArgument(path + ": " + std::to_string(name.size()) +
                                   " characters, limit 64");
  }
  for (size_t i = 0; i < name.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(name[i]);
    if (std::isalnum(c) || c == '_') continue;
    if (c == '$') {
      return Status::InvalidArgument(
          path + ": '$' is reserved as the table$family separator, in '" +
          std::string(name) + "'");
    }
    return Status::InvalidArgument(
        path + ": invalid character at position " + std::to_string(i) +
        " in '" + std::string(name) +
        "'; identifiers use letters, digits and underscore");
  }
  return Status::OK();
}

std::string FamilyRelationName(const TableSpec& table,
                               const FamilySpec& family) {
  return table.name + "$" + family.name;
}

}  // namespace obkvlite
