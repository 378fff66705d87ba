// Copyright (c) obkvlite authors.
#include "obkvlite/spec.h"

#include <cctype>

#include "util/utf8.h"

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

namespace {

enum class NameKind { kNamespace, kTable };

constexpr const char* kFamilyRule =
    "; HBase's family names are printable, without ':', '\\' or '/'";

// HBase's legal characters of a namespace ([A-Za-z0-9_-]) or a table
// qualifier ([A-Za-z0-9_.-], not starting with '.' or '-'), with the
// position of the first that is not.
Status CheckNameChars(std::string_view name, std::string_view field,
                      NameKind kind) {
  const std::string path(field);
  const char* what = kind == NameKind::kNamespace ? "namespace" : "table";
  const bool dots = kind == NameKind::kTable;
  if (name.empty()) {
    return Status::InvalidArgument(path + ": " + what +
                                   " name must not be empty");
  }
  if (name.size() > kMaxTableNameChars) {
    return Status::InvalidArgument(path + ": " + what + " name '" +
                                   std::string(name) + "' is " +
                                   std::to_string(name.size()) +
                                   " characters, limit 64");
  }
  for (size_t i = 0; i < name.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(name[i]);
    const bool ok =
        std::isalnum(c) || c == '_' || c == '-' || (dots && c == '.');
    const bool bad_start =
        i == 0 && ((dots && c == '.') || (kind == NameKind::kTable && c == '-'));
    if (ok && !bad_start) continue;
    if (c == '$') {
      return Status::InvalidArgument(
          path + ": '$' is reserved as the table$family separator, in '" +
          std::string(name) + "'");
    }
    if (ok) {
      return Status::InvalidArgument(
          path + ": " + what + " name '" + std::string(name) +
          "' must not start with '" + std::string(1, static_cast<char>(c)) +
          "' (HBase's rule)");
    }
    return Status::InvalidArgument(
        path + ": invalid character at position " + std::to_string(i) +
        " in '" + std::string(name) + "'; " + what +
        (dots ? " names use letters, digits, '_', '-' and '.'"
              : " names use letters, digits, '_' and '-'"));
  }
  return Status::OK();
}

}  // namespace

Status ValidateNamespaceName(std::string_view name, std::string_view field) {
  return CheckNameChars(name, field, NameKind::kNamespace);
}

Status ValidateFamilyName(std::string_view name, std::string_view field) {
  const std::string path(field);
  const std::string quoted = "'" + std::string(name) + "'";
  if (name.empty()) {
    return Status::InvalidArgument(path + ": family name must not be empty");
  }
  if (name.size() > kMaxTableNameChars) {
    return Status::InvalidArgument(path + ": family name " + quoted + " is " +
                                   std::to_string(name.size()) +
                                   " bytes, limit 64");
  }
  // HBase's ColumnFamilyDescriptorBuilder.isLegalColumnFamilyName.
  if (name == "recovered.edits") {
    return Status::InvalidArgument(path +
                                   ": family name 'recovered.edits' is "
                                   "reserved (HBase's rule)");
  }
  if (name[0] == '.') {
    return Status::InvalidArgument(path + ": family name " + quoted +
                                   " must not start with '.' (HBase's rule)");
  }
  if (!util::IsValidUtf8(name)) {
    return Status::InvalidArgument(
        path + ": family name is not UTF-8 text (a relation name " +
        "\"table$family\" is an identifier on every engine)");
  }
  for (size_t i = 0; i < name.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(name[i]);
    const bool control = c < 0x20 || c == 0x7f ||
                         (c == 0xc2 && i + 1 < name.size() &&
                          static_cast<unsigned char>(name[i + 1]) < 0xa0);
    if (control) {
      return Status::InvalidArgument(
          path + ": family name has a control character at byte " +
          std::to_string(i) + kFamilyRule);
    }
    if (c == ':' || c == '\\' || c == '/') {
      return Status::InvalidArgument(
          path + ": invalid character '" + std::string(1, name[i]) +
          "' at position " + std::to_string(i) + " in " + quoted + kFamilyRule);
    }
    if (c == '$') {
      return Status::InvalidArgument(
          path + ": '$' is reserved as the table$family separator, in " +
          quoted);
    }
    if (c >= 0xf0) {
      return Status::InvalidArgument(
          path + ": family name " + quoted + " has a character beyond U+FFFF " +
          "at byte " + std::to_string(i) +
          ", which MySQL and OceanBase identifiers cannot hold");
    }
  }
  if (name.back() == ' ') {
    return Status::InvalidArgument(
        path + ": family name " + quoted +
        " ends with a space, which MySQL and OceanBase identifiers cannot");
  }
  return Status::OK();
}

Status ValidateTableName(std::string_view name, std::string_view field) {
  const size_t colon = name.find(':');
  if (colon == std::string_view::npos) {
    return CheckNameChars(name, field, NameKind::kTable);
  }
  OBKV_RETURN_IF_ERROR(
      CheckNameChars(name.substr(0, colon), field, NameKind::kNamespace));
  return CheckNameChars(name.substr(colon + 1), field, NameKind::kTable);
}

std::string_view TableNamespace(std::string_view table) {
  const size_t colon = table.find(':');
  return colon == std::string_view::npos ? kDefaultNamespace
                                         : table.substr(0, colon);
}

std::string_view TableQualifier(std::string_view table) {
  const size_t colon = table.find(':');
  return colon == std::string_view::npos ? table : table.substr(colon + 1);
}

std::string FamilyRelationName(const TableSpec& table,
                               const FamilySpec& family) {
  return table.name + "$" + family.name;
}

}  // namespace obkvlite
