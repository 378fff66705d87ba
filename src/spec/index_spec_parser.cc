// Copyright (c) obkvlite authors.
//
// ParseIndexes and IndexTableSpec (index_spec_parser.h, obkvlite/spec.h).

#include "spec/index_spec_parser.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>

#include "obkvlite/bytes.h"
#include "spec/json_fields.h"
#include "spec/partition_spec_parser.h"

namespace obkvlite {
namespace {

std::string Lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) {
    return static_cast<char>(std::tolower(c));
  });
  return out;
}

// A qualifier in the escaped byte form, at most kMaxQualifierBytes.
Result<std::string> ReadQualifier(std::string_view text,
                                  const std::string& path) {
  OBKV_ASSIGN_OR_RETURN(std::string q, FromStringBinary(text, path));
  if (q.size() > kMaxQualifierBytes) {
    return Status::InvalidArgument(path + ": " + std::to_string(q.size()) +
                                   " bytes, limit 256");
  }
  return q;
}

// The index table's full name: "name" in the main table's namespace.
Result<std::string> IndexTableName(const std::string& name,
                                   const std::string& path,
                                   const TableSpec& table) {
  OBKV_RETURN_IF_ERROR(ValidateTableName(name, path));
  const std::string_view ns = TableNamespace(table.name);
  if (name.find(':') != std::string::npos && TableNamespace(name) != ns) {
    return Status::InvalidArgument(
        path + ": an index lives in its table's namespace '" + std::string(ns) +
        "', got '" + name + "'");
  }
  const std::string qualifier(TableQualifier(name));
  std::string full =
      ns == kDefaultNamespace ? qualifier : std::string(ns) + ":" + qualifier;
  if (Lower(full) == Lower(table.name)) {
    return Status::InvalidArgument(path + ": '" + name +
                                   "' is the name of the indexed table");
  }
  return full;
}

Result<IndexColumn> ParseCovered(const nlohmann::json& value,
                                 const std::string& path,
                                 const TableSpec& table) {
  if (!value.is_string()) {
    return Status::InvalidArgument(path +
                                   ": must be a string \"family:"
                                   "qualifier\", got " +
                                   JsonForMessage(value));
  }
  const std::string text = value.get<std::string>();
  const size_t colon = text.find(':');
  if (colon == std::string::npos) {
    return Status::InvalidArgument(
        path + ": must be \"family:qualifier\", got '" + text + "'");
  }
  IndexColumn column;
  column.family = text.substr(0, colon);
  if (table.FindFamily(column.family) == nullptr) {
    return Status::InvalidArgument(path + ": unknown family '" + column.family +
                                   "' in table '" + table.name + "'");
  }
  OBKV_ASSIGN_OR_RETURN(
      column.qualifier,
      ReadQualifier(std::string_view(text).substr(colon + 1), path));
  return column;
}

Result<IndexSpec> ParseIndex(const nlohmann::json& value,
                             const std::string& path, const TableSpec& table) {
  JsonFields fields(value, path);
  OBKV_RETURN_IF_ERROR(fields.CheckObject());
  OBKV_RETURN_IF_ERROR(fields.CheckKnown(
      {"name", "family", "qualifier", "partition", "covered"}));
  IndexSpec index;
  OBKV_ASSIGN_OR_RETURN(std::string name, fields.String("name"));
  OBKV_ASSIGN_OR_RETURN(index.name,
                        IndexTableName(name, fields.PathOf("name"), table));
  OBKV_ASSIGN_OR_RETURN(index.family, fields.String("family"));
  if (table.FindFamily(index.family) == nullptr) {
    return Status::InvalidArgument(fields.PathOf("family") +
                                   ": unknown family '" + index.family +
                                   "' in table '" + table.name + "'");
  }
  OBKV_ASSIGN_OR_RETURN(std::string qualifier, fields.String("qualifier"));
  OBKV_ASSIGN_OR_RETURN(index.qualifier,
                        ReadQualifier(qualifier, fields.PathOf("qualifier")));
  if (const nlohmann::json* p = fields.Get("partition")) {
    std::vector<std::string> ignored;  // the index table's parse warns
    OBKV_RETURN_IF_ERROR(
        ParsePartitionSpec(*p, fields.PathOf("partition"), &ignored).status());
    index.partition_json = p->dump();
  }
  if (const nlohmann::json* covered = fields.Get("covered")) {
    if (!covered->is_array()) {
      return Status::InvalidArgument(
          fields.PathOf("covered") +
          ": must be an array of \"family:qualifier\", got " +
          JsonForMessage(*covered));
    }
    std::set<std::pair<std::string, std::string>> seen{
        {index.family, index.qualifier}};
    for (size_t i = 0; i < covered->size(); ++i) {
      const std::string at = IndexPath(fields.PathOf("covered"), i);
      OBKV_ASSIGN_OR_RETURN(IndexColumn column,
                            ParseCovered((*covered)[i], at, table));
      if (!seen.insert({column.family, column.qualifier}).second) {
        return Status::InvalidArgument(at + ": '" +
                                       (*covered)[i].get<std::string>() +
                                       "' is already indexed or covered");
      }
      index.covered.push_back(std::move(column));
    }
  }
  // The index table must itself be a valid table (name lengths, ...).
  Result<TableSpec> own = IndexTableSpec(table, index);
  if (!own.ok()) return own.status().WithPrefix(path);
  return index;
}

}  // namespace

const IndexSpec* TableSpec::FindIndex(std::string_view name) const {
  for (const IndexSpec& index : indexes) {
    if (index.name == name || TableQualifier(index.name) == name) {
      return &index;
    }
  }
  return nullptr;
}

Result<std::vector<IndexSpec>> ParseIndexes(const nlohmann::json& value,
                                            const std::string& path,
                                            const TableSpec& table) {
  if (table.layout != Layout::kNormal) {
    return Status::InvalidArgument(
        path +
        ": secondary indexes need the normal layout (a timeseries row has "
        "no single newest value per qualifier to index)");
  }
  if (!value.is_array()) {
    return Status::InvalidArgument(
        path + ": must be an array of indexes, got " + JsonForMessage(value));
  }
  std::vector<IndexSpec> out;
  std::map<std::string, size_t> seen;  // lower-case name -> position
  for (size_t i = 0; i < value.size(); ++i) {
    const std::string at = IndexPath(path, i);
    OBKV_ASSIGN_OR_RETURN(IndexSpec index, ParseIndex(value[i], at, table));
    auto [it, inserted] = seen.emplace(Lower(index.name), i);
    if (!inserted) {
      return Status::InvalidArgument(at + ".name: duplicate index '" +
                                     index.name + "' (" +
                                     IndexPath(path, it->second) + ")");
    }
    out.push_back(std::move(index));
  }
  return out;
}

Result<TableSpec> IndexTableSpec(const TableSpec& main,
                                 const IndexSpec& index) {
  nlohmann::json doc;
  doc["table"] = index.name;
  nlohmann::json families = nlohmann::json::array();
  std::set<std::string> added;
  auto add = [&](const std::string& name) {
    if (!added.insert(name).second) return;
    const FamilySpec* f = main.FindFamily(name);
    nlohmann::json family;
    family["name"] = name;
    // An entry expires with the main cell it mirrors.
    if (f != nullptr && f->cell_ttl) family["cell_ttl"] = true;
    if (f != nullptr && f->longblob) {
      family["value_type"] = "longblob";
    } else if (f != nullptr && f->value_max_bytes != kMaxVarbinaryValueBytes) {
      family["value_type"] =
          "varbinary(" + std::to_string(f->value_max_bytes) + ")";
    }
    families.push_back(std::move(family));
  };
  add(index.family);
  for (const IndexColumn& c : index.covered) add(c.family);
  doc["families"] = std::move(families);
  if (!index.partition_json.empty()) {
    doc["partition"] = nlohmann::json::parse(index.partition_json);
  }
  return ParseTableSpec(doc.dump());
}

}  // namespace obkvlite
