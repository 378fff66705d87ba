// Copyright (c) obkvlite authors.
//
// HBase REST's protobuf models (src/server/rest/rest_models.proto) against
// golden encodings written byte by byte from HBase's message definitions
// (hbase-rest's CellSetMessage, CellMessage, ScannerMessage,
// TableSchemaMessage and ColumnSchemaMessage): a field number or wire type
// that drifts from HBase's fails here. The gateway's protobuf answers over
// HTTP are tests/server/rest/rest_protobuf_test.py.

#include <doctest/doctest.h>

#include <initializer_list>
#include <string>

#include "server/rest/cell_set.h"
#include "server/rest/media_type.h"
#include "server/rest/scanner_model.h"
#include "server/rest/schema_model.h"

namespace obkvlite {
namespace rest {
namespace {

std::string Bytes(std::initializer_list<int> bytes) {
  std::string out;
  for (int b : bytes) out.push_back(static_cast<char>(b));
  return out;
}

// A length-delimited field: tag (field << 3 | 2), length, payload.
std::string Field(int field, const std::string& payload) {
  REQUIRE(payload.size() < 128);
  return Bytes({field << 3 | 2, static_cast<int>(payload.size())}) + payload;
}

TEST_CASE("protobuf CellSet: HBase's bytes, rendered and parsed") {
  // CellSet { rows = 1: Row { key = 1: "r1"; values = 2: Cell { column = 2:
  // "f:a"; timestamp = 3 (varint): 5; data = 4: "v" } } }
  const std::string cell =
      Field(2, "f:a") + Bytes({3 << 3 | 0, 5}) + Field(4, "v");
  const std::string golden = Field(1, Field(1, "r1") + Field(2, cell));
  RowResult row;
  row.row = "r1";
  row.cells.push_back({"r1", "f", "a", 5, "v"});
  CHECK(RenderCellSet(MediaType::kProtobuf, {row}) == golden);

  Result<CellSetModel> parsed = ParseCellSet(MediaType::kProtobuf, golden);
  REQUIRE(parsed.ok());
  REQUIRE(parsed->rows.size() == 1);
  CHECK(*parsed->rows[0].key == "r1");
  REQUIRE(parsed->rows[0].cells.size() == 1);
  CHECK(*parsed->rows[0].cells[0].column == "f:a");
  CHECK(*parsed->rows[0].cells[0].timestamp == 5);
  CHECK(parsed->rows[0].cells[0].value == "v");

  // Without column and timestamp: the URL's column and the server's clock.
  parsed = ParseCellSet(MediaType::kProtobuf,
                        Field(1, Field(1, "r") + Field(2, Field(4, "x"))));
  REQUIRE(parsed.ok());
  CHECK_FALSE(parsed->rows[0].cells[0].column.has_value());
  CHECK_FALSE(parsed->rows[0].cells[0].timestamp.has_value());

  // Row.key is required; bytes that are no message are refused.
  const char* kNotCellSet =
      "body: not a protobuf CellSet message (malformed, or a required field "
      "missing)";
  CHECK(ParseCellSet(MediaType::kProtobuf, Field(1, Field(2, "")))
            .status()
            .message() == kNotCellSet);
  CHECK(ParseCellSet(MediaType::kProtobuf, "\xff\xff\xff").status().message() ==
        kNotCellSet);
  // An empty body is an empty CellSet.
  parsed = ParseCellSet(MediaType::kProtobuf, "");
  REQUIRE(parsed.ok());
  CHECK(parsed->rows.empty());
}

TEST_CASE("protobuf Scanner: HBase's field numbers into a Scan") {
  const std::string filter = R"({"type":"PrefixFilter","value":"cw=="})";
  // startRow = 1, endRow = 2, columns = 3, batch = 4, startTime = 5,
  // endTime = 6 (200: varint c8 01), maxVersions = 7, filter = 8,
  // caching = 9, limit = 12.
  const std::string golden =
      Field(1, "a") + Field(2, "z") + Field(3, "f:q") + Field(3, "g") +
      Bytes({4 << 3, 10, 5 << 3, 100, 6 << 3, 0xc8, 0x01, 7 << 3, 2}) +
      Field(8, filter) + Bytes({9 << 3, 50, 12 << 3, 7});
  Result<ScannerModel> m = ParseScannerModel(MediaType::kProtobuf, golden);
  REQUIRE_MESSAGE(m.ok(), m.status().ToString());
  CHECK(m->scan.start_row == "a");
  CHECK(m->scan.stop_row == "z");
  REQUIRE(m->scan.columns.size() == 1);
  CHECK(m->scan.columns[0].family == "f");
  CHECK(m->scan.columns[0].qualifier == "q");
  CHECK(m->scan.families == std::vector<std::string>{"g"});
  CHECK(m->batch == 10);
  CHECK(m->scan.time_range.min_ms == 100);
  CHECK(m->scan.time_range.max_ms == 200);
  CHECK(m->scan.max_versions == 2);
  CHECK(m->scan.limit == 7);
  CHECK(m->scan.caching == 50);
  CHECK(m->scan.filter == "PrefixFilter('s')");

  // Raw bytes: a row key need not be text.
  m = ParseScannerModel(MediaType::kProtobuf,
                        Field(1, Bytes({0, 0xff})) + Bytes({4 << 3, 1}));
  REQUIRE(m.ok());
  CHECK(m->scan.start_row == Bytes({0, 0xff}));
  // The same checks as JSON and XML, naming the field.
  CHECK(ParseScannerModel(MediaType::kProtobuf, Bytes({4 << 3, 0}))
            .status()
            .message() ==
        "body: Scanner.batch: must be an integer in [1, 1000000], got '0'");
  CHECK(ParseScannerModel(MediaType::kProtobuf, Field(3, ":q"))
            .status()
            .message() == "body: Scanner.column[0]: empty family in ':q'");
}

TEST_CASE("protobuf TableSchema: HBase's bytes, rendered and parsed") {
  TableSchemaModel model;
  model.name = "t";
  model.attributes["IS_META"] = "false";
  ColumnSchemaModel f;
  f.name = "f";
  f.attributes["TTL"] = "2147483647";
  f.attributes["VERSIONS"] = "3";
  model.columns.push_back(f);
  // TableSchema { name = 1; attrs = 2 { name = 1; value = 2 }; columns = 3
  // ColumnSchema { name = 1; attrs = 2; ttl = 3 (varint ff ff ff ff 07);
  // maxVersions = 4 } }
  const std::string column =
      Field(1, "f") + Field(2, Field(1, "TTL") + Field(2, "2147483647")) +
      Field(2, Field(1, "VERSIONS") + Field(2, "3")) +
      Bytes({3 << 3, 0xff, 0xff, 0xff, 0xff, 0x07, 4 << 3, 3});
  const std::string golden = Field(1, "t") +
                             Field(2, Field(1, "IS_META") + Field(2, "false")) +
                             Field(3, column);
  CHECK(RenderTableSchema(MediaType::kProtobuf, model) == golden);

  // HBase's getObjectFromMessage: ttl, maxVersions and compression become
  // TTL, VERSIONS and COMPRESSION; inMemory (4) and readOnly (5) become
  // IN_MEMORY and READONLY.
  const std::string sent =
      Field(1, "t") +
      Field(3,
            Field(1, "g") + Bytes({3 << 3, 60, 4 << 3, 2}) + Field(5, "GZ")) +
      Bytes({4 << 3, 1, 5 << 3, 0});
  Result<TableSchemaModel> parsed =
      ParseTableSchema(MediaType::kProtobuf, sent);
  REQUIRE(parsed.ok());
  CHECK(parsed->name == "t");
  CHECK(parsed->attributes ==
        std::map<std::string, std::string>{{"IN_MEMORY", "true"},
                                           {"READONLY", "false"}});
  REQUIRE(parsed->columns.size() == 1);
  CHECK(parsed->columns[0].name == "g");
  CHECK(parsed->columns[0].attributes ==
        std::map<std::string, std::string>{
            {"COMPRESSION", "GZ"}, {"TTL", "60"}, {"VERSIONS", "2"}});
  CHECK(ParseTableSchema(MediaType::kProtobuf, Field(3, Field(5, "GZ")))
            .status()
            .message() == "body: ColumnSchema[0].name: missing");
  // Attribute.value is required.
  CHECK(ParseTableSchema(MediaType::kProtobuf, Field(2, Field(1, "A")))
            .status()
            .message() ==
        "body: not a protobuf TableSchema message (malformed, or a required "
        "field missing)");
}

}  // namespace
}  // namespace rest
}  // namespace obkvlite
