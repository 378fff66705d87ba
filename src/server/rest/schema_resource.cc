// Copyright (c) obkvlite authors.
//
// HBase REST's table resources: /T/schema (GET, PUT, POST, DELETE),
// /T/exists and /T/regions.

#include <nlohmann/json.hpp>

#include "obkvlite/bytes.h"
#include "server/rest/base64.h"
#include "server/rest/protobuf_body.h"
#include "server/rest/regions.h"
#include "server/rest/rest_handlers.h"
#include "server/rest/schema_model.h"
#include "server/rest/xml_doc.h"
#include "util/xml_escape.h"

namespace obkvlite {
namespace rest {
namespace {

HttpResponse GetSchema(const RestContext& ctx) {
  HttpResponse refused;
  std::optional<MediaType> type = ResponseType(ctx, kModelTypes, &refused);
  if (!type) return refused;
  Result<Table*> table = TargetTable(ctx);
  if (!table.ok()) return ErrorResponse(table.status());
  return Body(*type, RenderTableSchema(*type, SchemaOfSpec((*table)->spec())));
}

HttpResponse PutSchema(const RestContext& ctx) {
  HttpResponse refused;
  std::optional<MediaType> type = BodyType(ctx, kBodyTypes, &refused);
  if (!type) return refused;
  Result<TableSchemaModel> model = ParseTableSchema(*type, ctx.request.body);
  if (!model.ok()) return ErrorResponse(model.status());
  Result<Table*> table = TargetTable(ctx);
  if (!table.ok() && !table.status().IsNotFound()) {
    return ErrorResponse(table.status());
  }
  const bool exists = table.ok();
  // HBase: PUT replaces the descriptor, POST updates the families listed.
  Result<std::string> json = SpecJsonForSchema(
      ctx.target.table, *model, exists ? &(*table)->spec() : nullptr,
      ctx.request.method == "PUT");
  if (!json.ok()) return ErrorResponse(json.status());
  Result<TableSpec> spec = ParseTableSpec(*json);
  if (!spec.ok()) return ErrorResponse(spec.status().WithPrefix("schema"));
  if (auto r = CompatRefusal(ctx, ctx.target.table,
                             exists ? "modifyTable" : "createTable",
                             exists ? "C-52" : "C-46")) {
    return *r;
  }
  if (exists) {
    Status st = ctx.store->AlterTable(*spec, ChangeOptions());
    return st.ok() ? HttpResponse() : ErrorResponse(st);
  }
  Status st = ctx.store->CreateTable(*spec);
  if (!st.ok()) return ErrorResponse(st);
  HttpResponse created;
  created.status = 201;
  return created;
}

HttpResponse DeleteSchema(const RestContext& ctx) {
  Result<bool> exists = ctx.store->TableExists(ctx.target.table);
  if (!exists.ok()) return ErrorResponse(exists.status());
  if (!*exists) return NotFound("table '" + ctx.target.table + "'");
  if (auto r = CompatRefusal(ctx, ctx.target.table, "deleteTable", "C-46")) {
    return *r;
  }
  Status st = ctx.store->DropTable(ctx.target.table);
  return st.ok() ? HttpResponse() : ErrorResponse(st);
}

}  // namespace

HttpResponse HandleSchema(const RestContext& ctx) {
  const std::string& method = ctx.request.method;
  if (method == "DELETE") return DeleteSchema(ctx);
  if (method == "PUT" || method == "POST") return PutSchema(ctx);
  return GetSchema(ctx);
}

HttpResponse GetExists(const RestContext& ctx) {
  Result<bool> exists = ctx.store->TableExists(ctx.target.table);
  if (!exists.ok()) return ErrorResponse(exists.status());
  if (!*exists) return NotFound("table '" + ctx.target.table + "'");
  return HttpResponse();
}

HttpResponse GetRegions(const RestContext& ctx) {
  HttpResponse refused;
  std::optional<MediaType> type = ResponseType(ctx, kModelTypes, &refused);
  if (!type) return refused;
  Result<Table*> table = TargetTable(ctx);
  if (!table.ok()) return ErrorResponse(table.status());
  if (auto r = CompatRefusal(ctx, ctx.target.table, "getRegions", "C-53")) {
    return *r;
  }
  Result<std::vector<RegionInfo>> regions =
      ListRegions(ctx.store, (*table)->spec());
  if (!regions.ok()) return ErrorResponse(regions.status());
  const std::string& name = ctx.target.table;
  const std::string& location = ctx.options.location;
  if (*type == MediaType::kProtobuf) {
    // HBase's TableInfo message has no size.
    pb::TableInfo message;
    message.set_name(name);
    for (const RegionInfo& r : *regions) {
      pb::TableInfo::Region* region = message.add_regions();
      region->set_name(r.name);
      region->set_startkey(r.start_key);
      region->set_endkey(r.end_key);
      region->set_id(r.index);
      region->set_location(location);
    }
    return Body(*type, ProtobufBytes(message));
  }
  if (*type == MediaType::kJson) {
    nlohmann::json doc = {{"name", name}};
    nlohmann::json& list = doc["Region"] = nlohmann::json::array();
    for (const RegionInfo& r : *regions) {
      // "cells" and "bytes" are obkvlite's: HBase's TableRegionModel has no
      // size.
      list.push_back({{"endKey", Base64Encode(r.end_key)},
                      {"id", r.index},
                      {"location", location},
                      {"name", r.name},
                      {"startKey", Base64Encode(r.start_key)},
                      {"cells", r.cells},
                      {"bytes", r.bytes >= 0 ? nlohmann::json(r.bytes)
                                             : nlohmann::json(nullptr)}});
    }
    return Body(*type, doc.dump());
  }
  if (*type == MediaType::kXml) {
    std::string out = std::string(kXmlDeclaration) + "<TableInfo name=\"" +
                      XmlEscape(name) + "\">";
    for (const RegionInfo& r : *regions) {
      out += "<Region endKey=\"" + Base64Encode(r.end_key) + "\" id=\"" +
             std::to_string(r.index) + "\" location=\"" + XmlEscape(location) +
             "\" name=\"" + XmlEscape(r.name) + "\" startKey=\"" +
             Base64Encode(r.start_key) + "\" cells=\"" +
             std::to_string(r.cells) + "\"" +
             (r.bytes >= 0 ? " bytes=\"" + std::to_string(r.bytes) + "\""
                           : std::string()) +
             "/>";
    }
    return Body(*type, out + "</TableInfo>");
  }
  std::string out;
  for (const RegionInfo& r : *regions) {
    out += r.name + " [" + ToStringBinary(r.start_key) + ", " +
           ToStringBinary(r.end_key) + ") " + location +
           " cells=" + std::to_string(r.cells) + " bytes=" +
           (r.bytes >= 0 ? std::to_string(r.bytes) : std::string("-")) + "\n";
  }
  return Body(*type, out);
}

}  // namespace rest
}  // namespace obkvlite
