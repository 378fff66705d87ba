// Copyright (c) obkvlite authors.
//
// ParseTableSpec: JSON text -> validated TableSpec (DESIGN §6).

#include <cctype>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "obkvlite/spec.h"
#include "spec/json_fields.h"
#include "spec/partition_spec_parser.h"

namespace obkvlite {
namespace {

constexpr int64_t kMaxInt32 = 2147483647;

// value_type: "varbinary(N)" with N in 1..1048576, or "longblob"
// (case-insensitive, as in SQL).
Status ReadValueType(const JsonFields& fields, FamilySpec* family) {
  OBKV_ASSIGN_OR_RETURN(auto type, fields.OptionalString("value_type"));
  if (!type) return Status::OK();
  std::string lower;
  for (char c : *type) {
    lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  if (lower == "longblob") {
    family->longblob = true;
    return Status::OK();
  }
  static const std::regex kVarbinary(R"(varbinary\(\s*([0-9]{1,9})\s*\))");
  std::smatch m;
  if (std::regex_match(lower, m, kVarbinary)) {
    int64_t n = std::stoll(m[1].str());
    if (n >= 1 && n <= kMaxVarbinaryValueBytes) {
      family->value_max_bytes = n;
      return Status::OK();
    }
    return Status::InvalidArgument(
        fields.PathOf("value_type") + ": varbinary length " +
        std::to_string(n) + " is out of range 1..1048576 (use longblob for "
                            "values up to 512 MiB)");
  }
  return Status::InvalidArgument(fields.PathOf("value_type") +
                                 ": must be \"varbinary(N)\" with N 1..1048576 "
                                 "or \"longblob\", got \"" +
                                 *type + "\"");
}

Result<FamilySpec> ParseFamily(const nlohmann::json& value,
                               const std::string& path,
                               const TableSpec& table,
                               const PartitionSpec& table_partition,
                               std::vector<std::string>* warnings) {
  JsonFields fields(value, path);
  OBKV_RETURN_IF_ERROR(fields.CheckObject());
  OBKV_RETURN_IF_ERROR(fields.CheckKnown({"name", "ttl_seconds", "max_versions",
                                          "kv_attributes", "value_type",
                                          "partition"}));
  FamilySpec family;
  OBKV_ASSIGN_OR_RETURN(family.name, fields.String("name"));
  OBKV_RETURN_IF_ERROR(ValidateIdentifier(family.name, fields.PathOf("name")));
  const size_t relation_chars = table.name.size() + 1 + family.name.size();
  if (relation_chars > kMaxTableNameChars) {
    return Status::InvalidArgument(
        fields.PathOf("name") + ": '" + table.name + "$" + family.name +
        "' is " + std::to_string(relation_chars) +
        " characters, limit 64 (OceanBase table name)");
  }
  OBKV_ASSIGN_OR_RETURN(
      auto ttl, fields.OptionalInteger("ttl_seconds", 1, kMaxInt32,
                                       "a positive integer (seconds, at most "
                                       "2147483647)"));
  family.ttl_seconds = ttl.value_or(0);
  OBKV_ASSIGN_OR_RETURN(
      auto versions,
      fields.OptionalInteger("max_versions", 1, kMaxInt32,
                             "a positive integer (at most 2147483647)"));
  family.max_versions = versions.value_or(0);
  OBKV_ASSIGN_OR_RETURN(auto kv, fields.OptionalBool("kv_attributes"));
  family.kv_attributes = kv.value_or(false);

  if (table.layout == Layout::kTimeseries && fields.Has("value_type")) {
    return Status::InvalidArgument(fields.PathOf("value_type") +
                                   ": not allowed for the timeseries layout "
                                   "(V is json)");
  }
  OBKV_RETURN_IF_ERROR(ReadValueType(fields, &family));

  if (const nlohmann::json* p = fields.Get("partition")) {
    OBKV_ASSIGN_OR_RETURN(
        family.partition,
        ParsePartitionSpec(*p, fields.PathOf("partition"), warnings));
  } else {
    family.partition = table_partition;
  }
  if (table.layout == Layout::kTimeseries && family.max_versions > 0) {
    warnings->push_back(
        fields.PathOf("max_versions") +
        ": ignored by timeseries families (OBKV returns every version "
        "within the TTL)");
  }
  return family;
}

Result<TableSpec> ParseSpecObject(const nlohmann::json& root) {
  JsonFields fields(root, "");
  OBKV_RETURN_IF_ERROR(fields.CheckObject());
  OBKV_RETURN_IF_ERROR(
      fields.CheckKnown({"table", "layout", "families", "partition"}));

  TableSpec table;
  OBKV_ASSIGN_OR_RETURN(table.name, fields.String("table"));
  OBKV_RETURN_IF_ERROR(ValidateIdentifier(table.name, "table"));

  OBKV_ASSIGN_OR_RETURN(auto layout, fields.OptionalString("layout"));
  if (!layout || *layout == "normal") {
    table.layout = Layout::kNormal;
  } else if (*layout == "timeseries") {
    table.layout = Layout::kTimeseries;
  } else {
    return Status::InvalidArgument(
        "layout: must be \"normal\" or \"timeseries\", got \"" + *layout +
        "\"");
  }

  PartitionSpec table_partition;
  if (const nlohmann::json* p = fields.Get("partition")) {
    OBKV_ASSIGN_OR_RETURN(table_partition,
                          ParsePartitionSpec(*p, "partition", &table.warnings));
  }

  const nlohmann::json* families = fields.Get("families");
  if (families == nullptr) {
    return Status::InvalidArgument(
        "families: required (an array of at least one family)");
  }
  if (!families->is_array() || families->empty()) {
    return Status::InvalidArgument(
        "families: must be a non-empty array of families, got " +
        JsonForMessage(*families));
  }
  std::set<std::string> seen;
  for (size_t i = 0; i < families->size(); ++i) {
    const std::string path = IndexPath("families", i);
    OBKV_ASSIGN_OR_RETURN(
        FamilySpec family,
        ParseFamily((*families)[i], path, table, table_partition,
                    &table.warnings));
    if (!seen.insert(family.name).second) {
      return Status::InvalidArgument(path + ".name: duplicate family '" +
                                     family.name + "'");
    }
    table.families.push_back(std::move(family));
  }
  table.json = root.dump();
  return table;
}

}  // namespace

Result<TableSpec> ParseTableSpec(std::string_view json_text) {
  nlohmann::json root;
  try {
    root = nlohmann::json::parse(json_text.begin(), json_text.end());
  } catch (const nlohmann::json::parse_error& e) {
    return Status::InvalidArgument(std::string("spec: malformed JSON at byte ") +
                                   std::to_string(e.byte) + ": " + e.what());
  } catch (const std::exception& e) {
    return Status::InvalidArgument(std::string("spec: malformed JSON: ") +
                                   e.what());
  }
  try {
    return ParseSpecObject(root);
  } catch (const std::exception& e) {
    // Defensive: nlohmann::json type errors must never escape the API.
    return Status::InvalidArgument(std::string("spec: ") + e.what());
  }
}

Result<TableSpec> LoadTableSpecFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Status::IOError(path + ": cannot open spec file");
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return Status::IOError(path + ": read error");
  Result<TableSpec> spec = ParseTableSpec(text.str());
  if (!spec.ok()) return spec.status().WithPrefix(path);
  return spec;
}

}  // namespace obkvlite
