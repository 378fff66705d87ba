// Copyright (c) obkvlite authors.
#include "server/rest/schema_model.h"

#include <nlohmann/json.hpp>

#include "server/common/attributes_json.h"
#include "server/rest/json_body.h"
#include "server/rest/protobuf_body.h"
#include "server/rest/xml_doc.h"
#include "util/xml_escape.h"

namespace obkvlite {
namespace rest {
namespace {

using nlohmann::json;

constexpr int64_t kForever = 2147483647;  // HBase's Integer.MAX_VALUE

// Table attributes HBase's model carries that mean nothing to a spec.
bool IgnoredTableAttribute(const std::string& name) {
  return name == "IS_META" || name == "IS_ROOT" || name == "name";
}

Result<std::map<std::string, std::string>> JsonAttributes(
    const json& object, const std::string& path, const char* skip1,
    const char* skip2) {
  std::map<std::string, std::string> out;
  for (auto it = object.begin(); it != object.end(); ++it) {
    if (it.key() == skip1 || it.key() == skip2) continue;
    if (it->is_string()) {
      out[it.key()] = it->get<std::string>();
    } else if (it->is_number_integer() || it->is_boolean()) {
      out[it.key()] = it->dump();
    } else {
      return Status::InvalidArgument("body: " + path + "." + it.key() +
                                     ": must be a string");
    }
  }
  return out;
}

Result<TableSchemaModel> ParseJson(std::string_view body) {
  OBKV_ASSIGN_OR_RETURN(json doc, ParseJsonObject(body));
  TableSchemaModel model;
  OBKV_ASSIGN_OR_RETURN(auto name, JsonString(doc, "name", "TableSchema.name"));
  if (name) model.name = *name;
  OBKV_ASSIGN_OR_RETURN(
      model.attributes,
      JsonAttributes(doc, "TableSchema", "name", "ColumnSchema"));
  auto cols = doc.find("ColumnSchema");
  // None: no families (refused where a table would have none, as HBase
  // 2.x's "Table should have at least one column family").
  if (cols == doc.end()) return model;
  if (!cols->is_array()) {
    return Status::InvalidArgument(
        "body: TableSchema.ColumnSchema: must be an array");
  }
  for (size_t i = 0; i < cols->size(); ++i) {
    const std::string path = "ColumnSchema[" + std::to_string(i) + "]";
    const json& c = (*cols)[i];
    if (!c.is_object()) {
      return Status::InvalidArgument("body: " + path + ": must be an object");
    }
    ColumnSchemaModel col;
    OBKV_ASSIGN_OR_RETURN(auto cname, JsonString(c, "name", path + ".name"));
    if (!cname || cname->empty()) {
      return Status::InvalidArgument("body: " + path + ".name: missing");
    }
    col.name = *cname;
    OBKV_ASSIGN_OR_RETURN(col.attributes, JsonAttributes(c, path, "name", ""));
    model.columns.push_back(std::move(col));
  }
  return model;
}

// HBase's TableSchemaModel.getObjectFromMessage: the attributes, then
// inMemory and readOnly as IN_MEMORY and READONLY; a column's ttl,
// maxVersions and compression as TTL, VERSIONS and COMPRESSION.
Result<TableSchemaModel> ParseProtobuf(std::string_view body) {
  pb::TableSchema message;
  OBKV_RETURN_IF_ERROR(ParseProtobufBody(body, &message));
  TableSchemaModel model;
  model.name = message.name();
  for (const pb::TableSchema::Attribute& a : message.attrs()) {
    model.attributes[a.name()] = a.value();
  }
  if (message.has_inmemory()) {
    model.attributes["IN_MEMORY"] = message.inmemory() ? "true" : "false";
  }
  if (message.has_readonly()) {
    model.attributes["READONLY"] = message.readonly() ? "true" : "false";
  }
  for (int i = 0; i < message.columns_size(); ++i) {
    const pb::ColumnSchema& c = message.columns(i);
    if (c.name().empty()) {
      return Status::InvalidArgument("body: ColumnSchema[" + std::to_string(i) +
                                     "].name: missing");
    }
    ColumnSchemaModel col;
    col.name = c.name();
    for (const pb::ColumnSchema::Attribute& a : c.attrs()) {
      col.attributes[a.name()] = a.value();
    }
    if (c.has_ttl()) col.attributes["TTL"] = std::to_string(c.ttl());
    if (c.has_maxversions()) {
      col.attributes["VERSIONS"] = std::to_string(c.maxversions());
    }
    if (c.has_compression()) col.attributes["COMPRESSION"] = c.compression();
    model.columns.push_back(std::move(col));
  }
  return model;
}

// HBase's TableSchemaModel.messageFromObject: every attribute, and a
// column's TTL, VERSIONS and COMPRESSION also in their own fields.
std::string RenderProtobuf(const TableSchemaModel& model) {
  pb::TableSchema message;
  message.set_name(model.name);
  for (const auto& [k, v] : model.attributes) {
    pb::TableSchema::Attribute* a = message.add_attrs();
    a->set_name(k);
    a->set_value(v);
  }
  for (const ColumnSchemaModel& c : model.columns) {
    pb::ColumnSchema* col = message.add_columns();
    col->set_name(c.name);
    for (const auto& [k, v] : c.attributes) {
      pb::ColumnSchema::Attribute* a = col->add_attrs();
      a->set_name(k);
      a->set_value(v);
      if (k == "TTL" || k == "VERSIONS") {
        Result<int64_t> n = ParseIntField(v, k, INT32_MIN, INT32_MAX);
        if (n.ok() && k == "TTL") col->set_ttl(static_cast<int32_t>(*n));
        if (n.ok() && k == "VERSIONS") {
          col->set_maxversions(static_cast<int32_t>(*n));
        }
      }
      if (k == "COMPRESSION") col->set_compression(v);
    }
  }
  if (auto it = model.attributes.find("READONLY");
      it != model.attributes.end()) {
    message.set_readonly(it->second == "true");
  }
  return ProtobufBytes(message);
}

Result<TableSchemaModel> ParseXml(std::string_view body) {
  OBKV_ASSIGN_OR_RETURN(XmlDocument doc,
                        XmlDocument::Parse(body, "TableSchema"));
  TableSchemaModel model;
  for (auto& [k, v] : XmlAttributes(doc.root())) {
    if (k == "name") {
      model.name = v;
    } else {
      model.attributes[k] = v;
    }
  }
  const std::vector<XmlNode*> cols = XmlChildren(doc.root(), "ColumnSchema");
  for (size_t i = 0; i < cols.size(); ++i) {
    ColumnSchemaModel col;
    for (auto& [k, v] : XmlAttributes(cols[i])) {
      if (k == "name") {
        col.name = v;
      } else {
        col.attributes[k] = v;
      }
    }
    if (col.name.empty()) {
      return Status::InvalidArgument("body: ColumnSchema[" + std::to_string(i) +
                                     "].name: missing");
    }
    model.columns.push_back(std::move(col));
  }
  return model;
}

void AddAttributes(const HBaseAttributes& a,
                   std::map<std::string, std::string>* out) {
  for (const auto& [k, v] : a.values) (*out)[k] = v;
  for (const auto& [k, v] : a.metadata) (*out)[k] = v;
}

// VERSIONS or TTL: a positive integer, or the Integer.MAX_VALUE / FOREVER
// meaning "none" (0).
Result<int64_t> Limit(const std::string& text, const std::string& path) {
  if (text == "FOREVER") return 0;
  OBKV_ASSIGN_OR_RETURN(int64_t v, ParseIntField(text, path, 1, kForever));
  return v == kForever ? 0 : v;
}

Status ApplyColumn(const ColumnSchemaModel& col, const std::string& path,
                   json* family) {
  // The model is the family's whole descriptor, as HBase's: what it does
  // not set goes back to HBase's default.
  std::map<std::string, std::string> rest = col.attributes;
  family->erase("hbase_attributes");
  family->erase("max_versions");
  family->erase("ttl_seconds");
  // HBase's default VERSIONS is 1 (ColumnFamilyDescriptorBuilder's
  // DEFAULT_MAX_VERSIONS), as the shell's; FOREVER keeps every version.
  (*family)["max_versions"] = 1;
  if (auto it = rest.find("VERSIONS"); it != rest.end()) {
    OBKV_ASSIGN_OR_RETURN(int64_t v, Limit(it->second, path + ".VERSIONS"));
    if (v > 0) {
      (*family)["max_versions"] = v;
    } else {
      family->erase("max_versions");
    }
    rest.erase(it);
  }
  if (auto it = rest.find("TTL"); it != rest.end()) {
    OBKV_ASSIGN_OR_RETURN(int64_t v, Limit(it->second, path + ".TTL"));
    if (v > 0) {
      (*family)["ttl_seconds"] = v;
    } else {
      family->erase("ttl_seconds");
    }
    rest.erase(it);
  }
  OBKV_ASSIGN_OR_RETURN(
      json attrs, server::HBaseAttributesJson(
                      rest, HBaseAttributeScope::kFamily, "body: " + path));
  if (!attrs.empty()) (*family)["hbase_attributes"] = attrs;
  return Status::OK();
}

std::string TextAttr(const std::string& k, const std::string& v) {
  return k + " => '" + v + "'";
}

}  // namespace

Result<TableSchemaModel> ParseTableSchema(MediaType type,
                                          std::string_view body) {
  if (type == MediaType::kProtobuf) return ParseProtobuf(body);
  return type == MediaType::kXml ? ParseXml(body) : ParseJson(body);
}

TableSchemaModel SchemaOfSpec(const TableSpec& spec) {
  TableSchemaModel model;
  model.name = spec.name;
  model.attributes["IS_META"] = "false";
  AddAttributes(spec.hbase_attributes, &model.attributes);
  for (const FamilySpec& f : spec.families) {
    ColumnSchemaModel col;
    col.name = f.name;
    AddAttributes(f.hbase_attributes, &col.attributes);
    col.attributes["VERSIONS"] =
        std::to_string(f.max_versions > 0 ? f.max_versions : kForever);
    col.attributes["TTL"] =
        std::to_string(f.ttl_seconds > 0 ? f.ttl_seconds : kForever);
    model.columns.push_back(std::move(col));
  }
  return model;
}

std::string RenderTableSchema(MediaType type, const TableSchemaModel& model) {
  if (type == MediaType::kProtobuf) return RenderProtobuf(model);
  if (type == MediaType::kJson) {
    json doc = {{"name", model.name}};
    for (const auto& [k, v] : model.attributes) doc[k] = v;
    json& cols = doc["ColumnSchema"] = json::array();
    for (const ColumnSchemaModel& c : model.columns) {
      json col = {{"name", c.name}};
      for (const auto& [k, v] : c.attributes) col[k] = v;
      cols.push_back(std::move(col));
    }
    return doc.dump();
  }
  if (type == MediaType::kXml) {
    std::string out = std::string(kXmlDeclaration) + "<TableSchema name=\"" +
                      XmlEscape(model.name) + "\"";
    for (const auto& [k, v] : model.attributes) {
      out += " " + k + "=\"" + XmlEscape(v) + "\"";
    }
    out += ">";
    for (const ColumnSchemaModel& c : model.columns) {
      out += "<ColumnSchema name=\"" + XmlEscape(c.name) + "\"";
      for (const auto& [k, v] : c.attributes) {
        out += " " + k + "=\"" + XmlEscape(v) + "\"";
      }
      out += "/>";
    }
    return out + "</TableSchema>";
  }
  // HBase's TableSchemaModel.toString().
  std::string out = "{ NAME=> '" + model.name + "'";
  for (const auto& [k, v] : model.attributes) out += ", " + TextAttr(k, v);
  out += ", COLUMNS => [ ";
  for (size_t i = 0; i < model.columns.size(); ++i) {
    const ColumnSchemaModel& c = model.columns[i];
    out += (i > 0 ? ", " : "") + std::string("{ ") + TextAttr("NAME", c.name);
    for (const auto& [k, v] : c.attributes) out += ", " + TextAttr(k, v);
    out += " }";
  }
  return out + " ] }\n";
}

Result<std::string> SpecJsonForSchema(const std::string& name,
                                      const TableSchemaModel& model,
                                      const TableSpec* current, bool replace) {
  // A new or replaced table needs a family; an update (POST) without any
  // changes the table's attributes only, as HBase's.
  if (model.columns.empty() && (current == nullptr || replace)) {
    return Status::InvalidArgument(
        "body: TableSchema.ColumnSchema: at least one column family");
  }
  json spec;
  if (current != nullptr) {
    spec = json::parse(current->json);
  } else {
    spec = {{"table", name}, {"families", json::array()}};
  }
  json& families = spec["families"];
  json kept = json::array();
  std::vector<bool> listed(families.size(), false);
  for (size_t i = 0; i < model.columns.size(); ++i) {
    const ColumnSchemaModel& col = model.columns[i];
    const std::string path = "ColumnSchema[" + std::to_string(i) + "]";
    size_t at = families.size();
    for (size_t j = 0; j < families.size(); ++j) {
      if (families[j].value("name", "") == col.name) at = j;
    }
    if (at == families.size()) {
      families.push_back({{"name", col.name}});
      listed.push_back(false);
    }
    listed[at] = true;
    OBKV_RETURN_IF_ERROR(ApplyColumn(col, path, &families[at]));
  }
  if (replace) {
    for (size_t j = 0; j < families.size(); ++j) {
      if (listed[j]) kept.push_back(families[j]);
    }
    families = kept;
  }
  std::map<std::string, std::string> table_attrs;
  for (const auto& [k, v] : model.attributes) {
    if (!IgnoredTableAttribute(k)) table_attrs[k] = v;
  }
  if (!table_attrs.empty()) {
    OBKV_ASSIGN_OR_RETURN(
        json attrs,
        server::HBaseAttributesJson(table_attrs, HBaseAttributeScope::kTable,
                                    "body: TableSchema"));
    spec["hbase_attributes"] = attrs;
  }
  return spec.dump();
}

}  // namespace rest
}  // namespace obkvlite
