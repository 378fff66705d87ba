// Copyright (c) obkvlite authors.
//
// HBase's TableSchema model (GET/PUT/POST /T/schema) and a table spec:
//   JSON {"name":"t","IS_META":"false","ColumnSchema":[{"name":"f",
//         "VERSIONS":"3","TTL":"86400","BLOOMFILTER":"ROW",...}]}
//   XML  <TableSchema name="t" IS_META="false"><ColumnSchema name="f"
//         VERSIONS="3" TTL="86400" .../></TableSchema>
//   protobuf TableSchema { string name = 1; Attribute attrs = 2; ColumnSchema
//         columns = 3 { name = 1; attrs = 2; int32 ttl = 3; int32
//         maxVersions = 4; string compression = 5 }; bool inMemory = 4;
//         bool readOnly = 5 } (rest_models.proto)
// VERSIONS is the family's MaxVersions and TTL its TimeToLive in seconds,
// 2147483647 (HBase's Integer.MAX_VALUE, "FOREVER") when it has none, as
// the shell's describe shows them; every other attribute is kept in the
// spec's "hbase_attributes" (those HBase does not know under METADATA)
// and shown back.
//
// Thread safety: plain values and pure functions.

#ifndef OBKVLITE_SERVER_REST_SCHEMA_MODEL_H_
#define OBKVLITE_SERVER_REST_SCHEMA_MODEL_H_

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "server/rest/media_type.h"

namespace obkvlite {
namespace rest {

struct ColumnSchemaModel {
  std::string name;
  std::map<std::string, std::string> attributes;  // upper-case names
};

struct TableSchemaModel {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::vector<ColumnSchemaModel> columns;
};

// Parses a JSON, XML or protobuf TableSchema. REQUIRED: type is kJson, kXml
// or kProtobuf.
Result<TableSchemaModel> ParseTableSchema(MediaType type,
                                          std::string_view body);

// The model of `spec`.
TableSchemaModel SchemaOfSpec(const TableSpec& spec);

// Renders the model as JSON, XML, protobuf or HBase's text form.
std::string RenderTableSchema(MediaType type, const TableSchemaModel& model);

// The spec JSON of table `name` after applying `model` to `current` (the
// table's spec, or null for a new table): each listed family gets the
// model's VERSIONS, TTL and attributes, new families are added, and with
// `replace` (PUT) the families the model does not list are removed.
Result<std::string> SpecJsonForSchema(const std::string& name,
                                      const TableSchemaModel& model,
                                      const TableSpec* current, bool replace);

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_SCHEMA_MODEL_H_
