// Copyright (c) obkvlite authors.
//
// Tests of the table spec parser (DESIGN §6, §7): every bad spec gets an
// InvalidArgument whose exact message names the JSON path, the rule and the
// limit; good specs produce the documented model, defaults and warnings.

#include "obkvlite/spec.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "obkvlite/ddl.h"
#include "obkvlite/status.h"
#include "test_paths.h"

namespace obkvlite {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string SourcePath(const std::string& relative) {
  return std::string(OBKV_SOURCE_DIR) + "/" + relative;
}

// The message of a failed parse. A successful parse yields "<OK>" and an
// error with another code yields its ToString(), so either shows up in the
// failing CHECK's expansion.
std::string Err(std::string_view spec_json) {
  Result<TableSpec> r = ParseTableSpec(spec_json);
  if (r.ok()) return "<OK>";
  if (!r.status().IsInvalidArgument()) return r.status().ToString();
  return r.status().message();
}

// A one-family table "t" with the given table-level partition object.
std::string WithPartition(const std::string& partition) {
  return R"({"table": "t", "families": [{"name": "f"}], "partition": )" +
         partition + "}";
}

// A table "t" with exactly this family object.
std::string WithFamily(const std::string& family) {
  return R"({"table": "t", "families": [)" + family + "]}";
}

TableSpec MustParse(std::string_view spec_json) {
  Result<TableSpec> r = ParseTableSpec(spec_json);
  INFO(spec_json);
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  return std::move(r).value();
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "cannot open " << path);
  return std::string(std::istreambuf_iterator<char>(in),
                     std::istreambuf_iterator<char>());
}

// A fresh empty directory under the system temp dir.
fs::path TempDir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() /
                 ("obkv_spec_test_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

bool IsValidUtf8(const std::string& text) {
  try {
    (void)json(text).dump();
    return true;
  } catch (const json::exception&) {
    return false;
  }
}

const std::string kTtlRule =
    "must be a positive integer (seconds, at most 2147483647), got ";
const std::string kVersionsRule =
    "must be a positive integer (at most 2147483647), got ";
const std::string kCountRule = "must be an integer between 1 and 8192, got ";
const std::string kPrefixRule = "must be an integer between 1 and 1024, got ";
const std::string kGBoundRule =
    "must be a positive integer timestamp in ms or \"MAXVALUE\", got ";
// The root's members ("rowkey" is parsed by src/spec/rowkey_spec_parser.cc).
const std::string kRootFields =
    " (allowed: table, layout, families, partition, rowkey, "
    "hbase_attributes, disabled, time_window, auto_split, indexes)";
const std::string kFamilyFields =
    " (allowed: name, ttl_seconds, max_versions, kv_attributes, value_type, "
    "partition, hbase_attributes, time_window, auto_split)";

// ---------------------------------------------------------------------------
// Bad specs: malformed JSON and the root object.

TEST_CASE("malformed JSON names the byte and nlohmann's reason") {
  CHECK(Err("") ==
        "spec: malformed JSON at byte 1: [json.exception.parse_error.101] "
        "parse error at line 1, column 1: syntax error while parsing value - "
        "unexpected end of input; expected '[', '{', or a literal");
  CHECK(Err("{") ==
        "spec: malformed JSON at byte 2: [json.exception.parse_error.101] "
        "parse error at line 1, column 2: syntax error while parsing object "
        "key - unexpected end of input; expected string literal");
  CHECK(Err(R"({"table": "t",})") ==
        "spec: malformed JSON at byte 15: [json.exception.parse_error.101] "
        "parse error at line 1, column 15: syntax error while parsing object "
        "key - unexpected '}'; expected string literal");
  CHECK(Err(R"({"table":"t","families":[{"name":"f"}]} x)") ==
        "spec: malformed JSON at byte 41: [json.exception.parse_error.101] "
        "parse error at line 1, column 41: syntax error while parsing value - "
        "invalid literal; last read: '\"f\"}]} x'; expected end of input");
  CHECK(Err(R"({"table":"t","families":[{"name":"f","ttl_seconds":1e400}]})") ==
        "spec: malformed JSON: [json.exception.out_of_range.406] number "
        "overflow parsing '1e400'");
}

TEST_CASE("regression: a parse error quoting non-UTF-8 input stays UTF-8") {
  // nlohmann echoes the bytes it read ("last read: '\"\xFF'"); the message
  // used to carry the raw 0xFF, which breaks any JSON that embeds it.
  const std::string msg = Err("{\"table\": \"\xFF\"}");
  CHECK(msg ==
        "spec: malformed JSON at byte 12: [json.exception.parse_error.101] "
        "parse error at line 1, column 12: syntax error while parsing value - "
        "invalid string: ill-formed UTF-8 byte; last read: '\"\\xFF'");
  CHECK(IsValidUtf8(msg));
}

TEST_CASE("regression: a repeated JSON key is an error naming its path") {
  // nlohmann::json keeps the last of two equal keys silently; a spec whose
  // second "ttl_seconds" overrides the first is almost certainly a mistake.
  CHECK(Err(R"({"table": "a", "table": "b", "families": [{"name": "f"}]})") ==
        "table: duplicate key");
  CHECK(Err(WithFamily(R"({"name": "f", "ttl_seconds": 60,
                           "ttl_seconds": 3600})")) ==
        "families[0].ttl_seconds: duplicate key");
  CHECK(Err(R"({"table": "t", "families": [{"name": "f"}, {"name": "g",
      "partition": {"strategy": "key", "partitions": 3, "partitions": 5}}]})") ==
        "families[1].partition.partitions: duplicate key");
  // Paths through nested arrays count every element kind.
  CHECK(Err(R"({"table": "t", "families": [{"name": "f"},
      [1, "x", {"k": [{}, [], {"z": 1, "z": 1}]}]]})") ==
        "families[1][2].k[2].z: duplicate key");
  // The same key in sibling objects is fine.
  CHECK(Err(R"({"table": "t", "families": [{"name": "f"}, {"name": "g"}]})") ==
        "<OK>");
}

TEST_CASE("the root must be an object with known fields") {
  CHECK(Err("[1]") == "spec: must be a JSON object, got [1]");
  CHECK(Err("null") == "spec: must be a JSON object, got null");
  CHECK(Err(R"("t")") == "spec: must be a JSON object, got \"t\"");
  CHECK(Err(R"({"table": "t", "families": [{"name": "f"}], "tables": 1})") ==
        "tables: unknown field" + kRootFields);
  CHECK(Err(R"({"table": "t", "families": [{"name": "f"}], "Table": "t"})") ==
        "Table: unknown field" + kRootFields);
}

TEST_CASE("regression: unusual member names are quoted in the path") {
  // An empty key used to yield ": unknown field" (no path at all) and
  // "families[0].: unknown field".
  CHECK(Err(R"({"table": "t", "families": [{"name": "f"}], "": 1})") ==
        "[\"\"]: unknown field" + kRootFields);
  CHECK(Err(WithFamily(R"({"name": "f", "": 1})")) ==
        "families[0][\"\"]: unknown field" + kFamilyFields);
  CHECK(Err(WithFamily(R"({"name": "f", "ttl seconds": 1})")) ==
        "families[0][\"ttl seconds\"]: unknown field" + kFamilyFields);
  CHECK(Err(WithFamily(R"({"name": "f", "a.b": 1})")) ==
        "families[0][\"a.b\"]: unknown field" + kFamilyFields);
  CHECK(Err(WithFamily(R"({"name": "f", "x\n": 1})")) ==
        "families[0][\"x\\n\"]: unknown field" + kFamilyFields);
}

TEST_CASE("table: required string") {
  CHECK(Err(R"({"families": [{"name": "f"}]})") == "table: required");
  CHECK(Err(R"({"table": 5, "families": [{"name": "f"}]})") ==
        "table: must be a string, got 5");
  CHECK(Err(R"({"table": 1.5, "families": [{"name": "f"}]})") ==
        "table: must be a string, got 1.5");
  CHECK(Err(R"({"table": true, "families": [{"name": "f"}]})") ==
        "table: must be a string, got true");
  CHECK(Err(R"({"table": null, "families": [{"name": "f"}]})") ==
        "table: must be a string, got null");
  CHECK(Err(R"({"table": ["t"], "families": [{"name": "f"}]})") ==
        "table: must be a string, got [\"t\"]");
  CHECK(Err(R"({"table": {}, "families": [{"name": "f"}]})") ==
        "table: must be a string, got {}");
}

TEST_CASE("layout: normal or timeseries") {
  CHECK(
      Err(R"({"table": "t", "layout": "wide", "families": [{"name": "f"}]})") ==
      "layout: must be \"normal\" or \"timeseries\", got \"wide\"");
  CHECK(
      Err(R"({"table": "t", "layout": "Normal", "families": [{"name": "f"}]})") ==
      "layout: must be \"normal\" or \"timeseries\", got \"Normal\"");
  CHECK(Err(R"({"table": "t", "layout": 1, "families": [{"name": "f"}]})") ==
        "layout: must be a string, got 1");
  CHECK(Err(R"({"table": "t", "layout": null, "families": [{"name": "f"}]})") ==
        "layout: must be a string, got null");
}

TEST_CASE("families: a non-empty array of objects") {
  CHECK(Err(R"({"table": "t"})") ==
        "families: required (an array of at least one family)");
  CHECK(Err(R"({"table": "t", "families": []})") ==
        "families: must be a non-empty array of families, got []");
  CHECK(Err(R"({"table": "t", "families": {"name": "f"}})") ==
        "families: must be a non-empty array of families, got "
        "{\"name\":\"f\"}");
  CHECK(Err(R"({"table": "t", "families": "f"})") ==
        "families: must be a non-empty array of families, got \"f\"");
  CHECK(Err(R"({"table": "t", "families": null})") ==
        "families: must be a non-empty array of families, got null");
  CHECK(Err(R"({"table": "t", "families": ["f"]})") ==
        "families[0]: must be a JSON object, got \"f\"");
  CHECK(Err(R"({"table": "t", "families": [{"name": "f"}, 7]})") ==
        "families[1]: must be a JSON object, got 7");
  CHECK(Err(R"({"table": "t", "families": [{"name": "f"}, []]})") ==
        "families[1]: must be a JSON object, got []");
}

// ---------------------------------------------------------------------------
// Bad specs: identifiers.

TEST_CASE("table names follow HBase's rules; family names are identifiers") {
  const std::string name64(64, 'a');
  const std::string name65(65, 'a');
  const std::string kTableChars =
      "; table names use letters, digits, '_', '-' and '.'";
  CHECK(Err(R"({"table": "", "families": [{"name": "f"}]})") ==
        "table: table name must not be empty");
  CHECK(Err(R"({"table": "a$b", "families": [{"name": "f"}]})") ==
        "table: '$' is reserved as the table$family separator, in 'a$b'");
  // HBase allows '-' and '.' inside a table name, not first.
  Result<TableSpec> dashed =
      ParseTableSpec(R"({"table": "my-table.v2", "families": [{"name": "f"}]})");
  REQUIRE(dashed.ok());
  CHECK(dashed->name == "my-table.v2");
  CHECK(Err(R"({"table": "-a", "families": [{"name": "f"}]})") ==
        "table: table name '-a' must not start with '-' (HBase's rule)");
  CHECK(Err(R"({"table": ".a", "families": [{"name": "f"}]})") ==
        "table: table name '.a' must not start with '.' (HBase's rule)");
  CHECK(Err(R"({"table": "my table", "families": [{"name": "f"}]})") ==
        "table: invalid character at position 2 in 'my table'" + kTableChars);
  CHECK(Err(R"({"table": "t`x", "families": [{"name": "f"}]})") ==
        "table: invalid character at position 1 in 't`x'" + kTableChars);
  CHECK(Err(R"({"table": "caf\u00e9", "families": [{"name": "f"}]})") ==
        "table: invalid character at position 3 in 'caf\xC3\xA9'" +
            kTableChars);
  CHECK(Err(R"({"table": ")" + name65 + R"(", "families": [{"name": "f"}]})") ==
        "table: table name '" + name65 + "' is 65 characters, limit 64");
  // Namespaces: "ns:t", "default:t" is "t", "hbase" holds no user table.
  Result<TableSpec> ns =
      ParseTableSpec(R"({"table": "ns1:users", "families": [{"name": "f"}]})");
  REQUIRE(ns.ok());
  CHECK(ns->name == "ns1:users");
  CHECK(TableNamespace(ns->name) == "ns1");
  CHECK(TableQualifier(ns->name) == "users");
  CHECK(FamilyRelationName(*ns, ns->families[0]) == "ns1:users$f");
  Result<TableSpec> dflt =
      ParseTableSpec(R"({"table": "default:t", "families": [{"name": "f"}]})");
  REQUIRE(dflt.ok());
  CHECK(dflt->name == "t");
  CHECK(dflt->json.find("\"table\":\"t\"") != std::string::npos);
  CHECK(Err(R"({"table": "a.b:t", "families": [{"name": "f"}]})") ==
        "table: invalid character at position 1 in 'a.b'; namespace names "
        "use letters, digits, '_' and '-'");
  CHECK(Err(R"({"table": "ns:", "families": [{"name": "f"}]})") ==
        "table: table name must not be empty");
  CHECK(Err(R"({"table": ":t", "families": [{"name": "f"}]})") ==
        "table: namespace name must not be empty");
  CHECK(Err(R"({"table": "a:b:c", "families": [{"name": "f"}]})") ==
        "table: invalid character at position 1 in 'b:c'" + kTableChars);
  CHECK(Err(R"({"table": "hbase:meta", "families": [{"name": "f"}]})") ==
        "table: the namespace 'hbase' is reserved for HBase's system tables, "
        "got 'hbase:meta'");

  CHECK(Err(WithFamily(R"({"name": ""})")) ==
        "families[0].name: family name must not be empty");
  CHECK(Err(WithFamily(R"({"name": "$"})")) ==
        "families[0].name: '$' is reserved as the table$family separator, "
        "in '$'");
  // HBase's isLegalColumnFamilyName: '-' and '.' are legal, not a
  // leading '.'.
  CHECK(Err(WithFamily(R"({"name": "cf-1.x"})")) == "<OK>");
  CHECK(Err(WithFamily(R"({"name": ".cf"})")) ==
        "families[0].name: family name '.cf' must not start with '.' "
        "(HBase's rule)");
  CHECK(Err(WithFamily(R"({"name": " "})")) ==
        "families[0].name: invalid character at position 0 in ' '; "
        "family names use letters, digits, '_', '-' and '.'");
  CHECK(Err(WithFamily(R"({"name": ")" + name65 + R"("})")) ==
        "families[0].name: family name '" + name65 +
            "' is 65 characters, limit 64");
  CHECK(Err(WithFamily(R"({})")) == "families[0].name: required");
  CHECK(Err(WithFamily(R"({"name": 3})")) ==
        "families[0].name: must be a string, got 3");
  CHECK(Err(WithFamily(R"({"name": null})")) ==
        "families[0].name: must be a string, got null");

  // The OceanBase relation "table$family" must fit in 64 characters.
  const std::string t40(40, 't');
  const std::string f23(23, 'f');
  const std::string f24(24, 'f');
  CHECK(Err(R"({"table": ")" + t40 + R"(", "families": [{"name": ")" + f23 +
            R"("}]})") == "<OK>");
  CHECK(Err(R"({"table": ")" + t40 + R"(", "families": [{"name": "a"},
            {"name": ")" +
            f24 + R"("}]})") ==
        "families[1].name: '" + t40 + "$" + f24 +
            "' is 65 characters, limit 64 (OceanBase table name)");
  CHECK(Err(R"({"table": ")" + name64 + R"(", "families": [{"name": "f"}]})") ==
        "families[0].name: '" + name64 +
            "$f' is 66 characters, limit 64 (OceanBase table name)");
}

TEST_CASE("ValidateIdentifier directly") {
  CHECK(ValidateIdentifier("Abc_09", "x").ok());
  CHECK(ValidateIdentifier("9lives", "x").ok());
  CHECK(ValidateIdentifier(std::string(64, 'z'), "x").ok());
  CHECK(ValidateIdentifier("", "name").message() == "name: must not be empty");
  CHECK(ValidateIdentifier("a.b", "families[2].name").message() ==
        "families[2].name: invalid character at position 1 in 'a.b'; "
        "identifiers use letters, digits and underscore");
  CHECK(ValidateIdentifier("a\"b", "t").IsInvalidArgument());
  CHECK(ValidateIdentifier("a'b", "t").IsInvalidArgument());
}

TEST_CASE("duplicate families") {
  CHECK(Err(WithFamily(R"({"name": "cf"}, {"name": "cf2"}, {"name": "cf"})")) ==
        "families[2].name: duplicate family 'cf'");
}

TEST_CASE("regression: family names that differ only in case collide") {
  // SQLite (and OceanBase with lower_case_table_names) compare table names
  // case-insensitively: "t$cf" and "t$CF" used to pass the parser and then
  // fail in the store with 'table "t$CF" already exists'.
  CHECK(Err(WithFamily(R"({"name": "cf"}, {"name": "CF"})")) ==
        "families[1].name: family 'CF' collides with 'cf' (families[0]); "
        "table names are case-insensitive in SQLite and OceanBase");
  CHECK(
      Err(WithFamily(R"({"name": "Data"}, {"name": "x"}, {"name": "dATA"})")) ==
      "families[2].name: family 'dATA' collides with 'Data' (families[0]); "
      "table names are case-insensitive in SQLite and OceanBase");
}

// ---------------------------------------------------------------------------
// Bad specs: family fields.

TEST_CASE("ttl_seconds: a positive 32-bit integer") {
  auto ttl = [](const std::string& v) {
    return Err(WithFamily(R"({"name": "f", "ttl_seconds": )" + v + "}"));
  };
  const std::string p = "families[0].ttl_seconds: ";
  CHECK(ttl("0") == p + kTtlRule + "0");
  CHECK(ttl("-5") == p + kTtlRule + "-5");
  CHECK(ttl("2147483648") == p + kTtlRule + "2147483648");
  CHECK(ttl("18446744073709551615") == p + kTtlRule + "18446744073709551615");
  CHECK(ttl("99999999999999999999") == p + kTtlRule + "1e+20");
  CHECK(ttl("\"3600\"") == p + kTtlRule + "\"3600\"");
  CHECK(ttl("1.5") == p + kTtlRule + "1.5");
  CHECK(ttl("5.0") == p + kTtlRule + "5.0");
  CHECK(ttl("1e3") == p + kTtlRule + "1000.0");
  CHECK(ttl("true") == p + kTtlRule + "true");
  CHECK(ttl("null") == p + kTtlRule + "null");
  CHECK(ttl("[3600]") == p + kTtlRule + "[3600]");
  CHECK(ttl("{}") == p + kTtlRule + "{}");
  CHECK(ttl("2147483647") == "<OK>");
  // The index names the family.
  CHECK(Err(WithFamily(R"({"name": "a"}, {"name": "b", "ttl_seconds": -5})")) ==
        "families[1].ttl_seconds: " + kTtlRule + "-5");
}

TEST_CASE("max_versions: a positive 32-bit integer") {
  auto mv = [](const std::string& v) {
    return Err(WithFamily(R"({"name": "f", "max_versions": )" + v + "}"));
  };
  const std::string p = "families[0].max_versions: ";
  CHECK(mv("0") == p + kVersionsRule + "0");
  CHECK(mv("-1") == p + kVersionsRule + "-1");
  CHECK(mv("2147483648") == p + kVersionsRule + "2147483648");
  CHECK(mv("\"3\"") == p + kVersionsRule + "\"3\"");
  CHECK(mv("3.0") == p + kVersionsRule + "3.0");
  CHECK(mv("false") == p + kVersionsRule + "false");
  CHECK(mv("null") == p + kVersionsRule + "null");
  CHECK(mv("[]") == p + kVersionsRule + "[]");
  CHECK(mv("{\"n\": 3}") == p + kVersionsRule + "{\"n\":3}");
}

TEST_CASE("kv_attributes: a boolean") {
  auto kv = [](const std::string& v) {
    return Err(WithFamily(R"({"name": "f", "kv_attributes": )" + v + "}"));
  };
  const std::string p =
      "families[0].kv_attributes: must be true or false, got ";
  CHECK(kv("\"true\"") == p + "\"true\"");
  CHECK(kv("1") == p + "1");
  CHECK(kv("1.5") == p + "1.5");
  CHECK(kv("null") == p + "null");
  CHECK(kv("[]") == p + "[]");
  CHECK(kv("{}") == p + "{}");
  CHECK(kv("false") == "<OK>");
}

TEST_CASE("value_type: varbinary(1..1048576) or longblob") {
  auto vt = [](const std::string& v) {
    return Err(WithFamily(R"({"name": "f", "value_type": )" + v + "}"));
  };
  const std::string p = "families[0].value_type: ";
  const std::string garbage =
      "must be \"varbinary(N)\" with N 1..1048576 or \"longblob\", got ";
  CHECK(vt("\"varbinary(0)\"") ==
        p + "varbinary length 0 is out of range 1..1048576 (use longblob for "
            "values up to 512 MiB)");
  CHECK(vt("\"varbinary(1048577)\"") ==
        p + "varbinary length 1048577 is out of range 1..1048576 (use "
            "longblob for values up to 512 MiB)");
  CHECK(vt("\"varbinary(1234567890)\"") ==
        p + garbage + "\"varbinary(1234567890)\"");
  CHECK(vt("\"varbinary(-1)\"") == p + garbage + "\"varbinary(-1)\"");
  CHECK(vt("\"varbinary\"") == p + garbage + "\"varbinary\"");
  CHECK(vt("\"blob\"") == p + garbage + "\"blob\"");
  CHECK(vt("\"varbinary(10) \"") == p + garbage + "\"varbinary(10) \"");
  CHECK(vt("\"\"") == p + garbage + "\"\"");
  CHECK(vt("1024") == p + "must be a string, got 1024");
  CHECK(vt("null") == p + "must be a string, got null");
  CHECK(vt("[\"longblob\"]") == p + "must be a string, got [\"longblob\"]");
}

TEST_CASE("regression: a long value_type cannot overflow the stack") {
  // std::regex matched "varbinary(" + 300000 spaces + "1)" by recursing
  // once per space (found through the shell's VALUE_TYPE).
  const std::string spaces(300000, ' ');
  CHECK(Err(WithFamily("{\"name\": \"f\", \"value_type\": \"varbinary(" +
                       spaces + "1)\"}"))
            .rfind("families[0].value_type: must be \"varbinary(N)\"", 0) == 0);
}

TEST_CASE("value_type is not allowed on a timeseries family") {
  CHECK(Err(R"({"table": "t", "layout": "timeseries",
               "families": [{"name": "f", "value_type": "longblob"}]})") ==
        "families[0].value_type: not allowed for the timeseries layout (V is "
        "json)");
}

TEST_CASE("unknown family fields") {
  CHECK(Err(WithFamily(R"({"name": "f", "ttl": 60})")) ==
        "families[0].ttl: unknown field" + kFamilyFields);
  CHECK(Err(WithFamily(R"({"name": "f", "MaxVersions": 3})")) ==
        "families[0].MaxVersions: unknown field" + kFamilyFields);
  CHECK(
      Err(WithFamily(R"({"name": "f"}, {"name": "g", "layout": "normal"})")) ==
      "families[1].layout: unknown field" + kFamilyFields);
}

TEST_CASE("hbase_attributes: known HBase attributes with HBase's rules") {
  // The attributes and their checks are those of hbase-shell's admin.rb
  // (cfd for families, update_htd_from_arg for the table).
  const std::string p = "families[0].hbase_attributes";
  auto fa = [](const std::string& attrs) {
    return Err(
        WithFamily(R"({"name": "f", "hbase_attributes": )" + attrs + "}"));
  };
  CHECK(fa("[]") == p + ": must be an object, got []");
  CHECK(fa(R"({"BOGUS": "1"})") == p + ".BOGUS: unknown HBase attribute");
  CHECK(fa(R"({"MAX_FILESIZE": "1"})") ==  // a table attribute
        p + ".MAX_FILESIZE: unknown HBase attribute");
  CHECK(fa(R"({"BLOOMFILTER": "BOGUS"})") ==
        p + ".BLOOMFILTER: must be one of NONE, ROW, ROWCOL, "
            "ROWPREFIX_FIXED_LENGTH, ROWPREFIX_DELIMITED, got 'BOGUS'");
  CHECK(fa(R"({"IN_MEMORY": "yes"})") ==
        p + ".IN_MEMORY: must be true or false, got 'yes'");
  CHECK(fa(R"({"BLOCKSIZE": "64K"})") ==
        p + ".BLOCKSIZE: must be an integer between 0 and 2147483647, got "
            "'64K'");
  CHECK(fa(R"({"MIN_VERSIONS": 1})") ==
        p + ".MIN_VERSIONS: must be a string, got 1");
  CHECK(fa(R"({"CONFIGURATION": "x"})") ==
        p + ".CONFIGURATION: must be an object of strings, got \"x\"");
  CHECK(fa(R"({"METADATA": {"k": 1}})") ==
        p + ".METADATA.k: must be a string, got 1");
  CHECK(Err(R"({"table": "t", "families": [{"name": "f"}],
               "hbase_attributes": {"BLOOMFILTER": "ROW"}})") ==
        "hbase_attributes.BLOOMFILTER: unknown HBase attribute");

  const TableSpec t = MustParse(
      R"({"table": "t", "families": [{"name": "f", "hbase_attributes": {
            "BLOOMFILTER": "rowcol", "IN_MEMORY": "TRUE", "BLOCKSIZE": "65536",
            "KEEP_DELETED_CELLS": "ttl", "CONFIGURATION": {"a.b": "1"},
            "METADATA": {"k": "v"}}}],
          "hbase_attributes": {"READONLY": "False", "OWNER": "bob",
                               "METADATA": {"m": "n"}}})");
  const HBaseAttributes& f = t.families[0].hbase_attributes;
  CHECK(f.values ==
        std::map<std::string, std::string>{{"BLOCKSIZE", "65536"},
                                           {"BLOOMFILTER", "ROWCOL"},
                                           {"IN_MEMORY", "true"},
                                           {"KEEP_DELETED_CELLS", "TTL"}});
  CHECK(f.configuration == std::map<std::string, std::string>{{"a.b", "1"}});
  CHECK(f.metadata == std::map<std::string, std::string>{{"k", "v"}});
  CHECK(t.hbase_attributes.values ==
        std::map<std::string, std::string>{{"OWNER", "bob"},
                                           {"READONLY", "false"}});
  CHECK(t.hbase_attributes.metadata ==
        std::map<std::string, std::string>{{"m", "n"}});
  CHECK(MustParse(WithFamily(R"({"name": "f"})"))
            .families[0]
            .hbase_attributes.empty());
  // They are not DDL: the statements are those of the spec without them
  // (the sqlite dialect's catalog row keeps the spec, attributes included).
  const TableSpec plain = MustParse(R"({"table": "t", "families": [
      {"name": "f"}]})");
  for (DdlDialect d : {DdlDialect::kOceanBase, DdlDialect::kMysql}) {
    CHECK(GenerateDdl(t, d) == GenerateDdl(plain, d));
  }
  const std::string sqlite = GenerateDdl(t, DdlDialect::kSqlite);
  const std::string plain_sqlite = GenerateDdl(plain, DdlDialect::kSqlite);
  CHECK(sqlite.substr(0, sqlite.find("INSERT INTO")) ==
        plain_sqlite.substr(0, plain_sqlite.find("INSERT INTO")));
}

TEST_CASE("CanonicalHBaseAttribute directly") {
  using S = HBaseAttributeScope;
  CHECK(CanonicalHBaseAttribute(S::kFamily, "COMPRESSION", "snappy").value() ==
        "SNAPPY");
  CHECK(CanonicalHBaseAttribute(S::kFamily, "BLOCKCACHE", "False").value() ==
        "false");
  CHECK(CanonicalHBaseAttribute(S::kTable, "DURABILITY", "async_wal").value() ==
        "ASYNC_WAL");
  CHECK(
      CanonicalHBaseAttribute(S::kTable, "MAX_FILESIZE", "9223372036854775807")
          .value() == "9223372036854775807");
  CHECK(CanonicalHBaseAttribute(S::kFamily, "REPLICATION_SCOPE", "-1")
            .status()
            .message() ==
        "REPLICATION_SCOPE: must be an integer between 0 and 2147483647, got "
        "'-1'");
  CHECK(CanonicalHBaseAttribute(S::kFamily, "OWNER", "x").status().message() ==
        "OWNER: not an HBase column family attribute");
  CHECK(CanonicalHBaseAttribute(S::kFamily, "CONFIGURATION", "x")
            .status()
            .IsNotFound());
  CHECK(CanonicalHBaseAttribute(S::kTable, "OWNER", "").status().message() ==
        "OWNER: must be a non-empty string, got ''");
}

// ---------------------------------------------------------------------------
// Bad specs: partitions.

TEST_CASE("partition: an object with a known strategy") {
  CHECK(Err(WithPartition("97")) == "partition: must be a JSON object, got 97");
  CHECK(Err(WithPartition("null")) ==
        "partition: must be a JSON object, got null");
  CHECK(Err(WithPartition("[]")) == "partition: must be a JSON object, got []");
  CHECK(Err(WithPartition("{}")) == "partition.strategy: required");
  CHECK(Err(WithPartition(R"({"strategy": "hash", "partitions": 97})")) ==
        "partition.strategy: must be one of none, key, range, range_key, "
        "key_range; got \"hash\"");
  CHECK(Err(WithPartition(R"({"strategy": "KEY", "partitions": 97})")) ==
        "partition.strategy: must be one of none, key, range, range_key, "
        "key_range; got \"KEY\"");
  CHECK(Err(WithPartition(R"({"strategy": 1})")) ==
        "partition.strategy: must be a string, got 1");
  CHECK(Err(WithPartition(R"({"strategy": null})")) ==
        "partition.strategy: must be a string, got null");
  CHECK(Err(WithFamily(R"({"name": "f", "partition": "none"})")) ==
        "families[0].partition: must be a JSON object, got \"none\"");
}

TEST_CASE("regression: a long bad string is cut in the message") {
  // The strategy, layout, hash, column and value_type messages used to copy
  // the whole string (here 10 000 bytes) into the error.
  const std::string long_value(10000, 'x');
  CHECK(Err(WithPartition(R"({"strategy": ")" + long_value + R"("})")) ==
        "partition.strategy: must be one of none, key, range, range_key, "
        "key_range; got \"" +
            std::string(59, 'x') + "...");
  CHECK(Err(R"({"table": "t", "layout": ")" + long_value +
            R"(", "families": [{"name": "f"}]})") ==
        "layout: must be \"normal\" or \"timeseries\", got \"" +
            std::string(59, 'x') + "...");
  // Control characters are escaped rather than copied.
  CHECK(Err(WithPartition(R"({"strategy": "key\n", "partitions": 3})")) ==
        "partition.strategy: must be one of none, key, range, range_key, "
        "key_range; got \"key\\n\"");
}

TEST_CASE("regression: a cut message never splits a UTF-8 character") {
  // JsonForMessage cut at 60 bytes, which could leave half of a two-byte
  // character; 40 x U+00E9 dumps as '"' + 80 bytes.
  std::string e_acute;
  for (int i = 0; i < 40; ++i) e_acute += "\xC3\xA9";
  const std::string msg =
      Err(WithFamily(R"({"name": "f", "ttl_seconds": ")" + e_acute + R"("})"));
  std::string shown = "\"";
  for (int i = 0; i < 29; ++i) shown += "\xC3\xA9";
  CHECK(msg == "families[0].ttl_seconds: " + kTtlRule + shown + "...");
  CHECK(IsValidUtf8(msg));
}

TEST_CASE("key partitions: count 1..8192, prefix_length 1..1024, hash") {
  const std::string p = "partition.partitions: ";
  CHECK(Err(WithPartition(R"({"strategy": "key"})")) ==
        "partition.partitions: required (an integer between 1 and 8192)");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": 0})")) ==
        p + kCountRule + "0");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": 8193})")) ==
        p + kCountRule + "8193");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": -97})")) ==
        p + kCountRule + "-97");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": "97"})")) ==
        p + kCountRule + "\"97\"");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": 97.0})")) ==
        p + kCountRule + "97.0");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": true})")) ==
        p + kCountRule + "true");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": [97]})")) ==
        p + kCountRule + "[97]");
  CHECK(Err(WithPartition(R"({"strategy": "key", "partitions": 8192})")) ==
        "<OK>");

  const std::string q = "partition.prefix_length: ";
  CHECK(Err(WithPartition(
            R"({"strategy": "key", "partitions": 97, "prefix_length": 0})")) ==
        q + kPrefixRule + "0");
  CHECK(
      Err(WithPartition(
          R"({"strategy": "key", "partitions": 97, "prefix_length": 1025})")) ==
      q + kPrefixRule + "1025");
  CHECK(
      Err(WithPartition(
          R"({"strategy": "key", "partitions": 97, "prefix_length": "4"})")) ==
      q + kPrefixRule + "\"4\"");
  CHECK(
      Err(WithPartition(
          R"({"strategy": "key", "partitions": 97, "prefix_length": 1024})")) ==
      "<OK>");

  CHECK(Err(WithPartition(
            R"({"strategy": "key", "partitions": 97, "hash": "md5"})")) ==
        "partition.hash: must be \"oceanbase\" or \"murmur3\", got \"md5\"");
  CHECK(Err(WithPartition(
            R"({"strategy": "key", "partitions": 97, "hash": "Murmur3"})")) ==
        "partition.hash: must be \"oceanbase\" or \"murmur3\", got "
        "\"Murmur3\"");
  CHECK(Err(WithPartition(
            R"({"strategy": "key", "partitions": 97, "hash": 3})")) ==
        "partition.hash: must be a string, got 3");
}

TEST_CASE("unknown partition fields, per strategy") {
  CHECK(Err(WithPartition(R"({"strategy": "none", "partitions": 1})")) ==
        "partition.partitions: unknown field (allowed: strategy)");
  CHECK(Err(WithPartition(
            R"({"strategy": "key", "partitions": 97, "bounds": ["a"]})")) ==
        "partition.bounds: unknown field (allowed: strategy, partitions, "
        "prefix_length, hash)");
  CHECK(Err(WithPartition(
            R"({"strategy": "key", "partitions": 97, "subpartitions": 3})")) ==
        "partition.subpartitions: unknown field (allowed: strategy, "
        "partitions, prefix_length, hash)");
  CHECK(Err(WithPartition(
            R"({"strategy": "range", "bounds": ["a"], "partitions": 2})")) ==
        "partition.partitions: unknown field (allowed: strategy, column, "
        "bounds, names)");
  CHECK(Err(WithPartition(
            R"({"strategy": "range", "bounds": ["a"], "prefix_length": 2})")) ==
        "partition.prefix_length: unknown field (allowed: strategy, column, "
        "bounds, names)");
  CHECK(Err(WithPartition(
            R"({"strategy": "range", "bounds": ["a"], "hash": "murmur3"})")) ==
        "partition.hash: unknown field (allowed: strategy, column, bounds, "
        "names)");
  CHECK(Err(WithPartition(R"({"strategy": "range_key", "bounds": [1],
                             "subpartitions": 3, "partitions": 3})")) ==
        "partition.partitions: unknown field (allowed: strategy, bounds, "
        "names, subpartitions, prefix_length, hash)");
  CHECK(Err(WithPartition(R"({"strategy": "range_key", "bounds": [1],
                             "subpartitions": 3, "column": "G"})")) ==
        "partition.column: unknown field (allowed: strategy, bounds, "
        "names, subpartitions, prefix_length, hash)");
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "bounds": [1],
                             "partitions": 3, "subpartitions": 3})")) ==
        "partition.subpartitions: unknown field (allowed: strategy, "
        "partitions, bounds, prefix_length, hash)");
  CHECK(Err(WithFamily(R"({"name": "f", "partition": {"strategy": "none",
                           "extra": true}})")) ==
        "families[0].partition.extra: unknown field (allowed: strategy)");
}

TEST_CASE("range partitions: column and bounds shape") {
  CHECK(Err(WithPartition(R"({"strategy": "range", "column": "T",
                             "bounds": [1]})")) ==
        "partition.column: must be \"K\" or \"G\", got \"T\"");
  CHECK(Err(WithPartition(R"({"strategy": "range", "column": "k",
                             "bounds": ["a"]})")) ==
        "partition.column: must be \"K\" or \"G\", got \"k\"");
  CHECK(Err(WithPartition(R"({"strategy": "range", "column": 0,
                             "bounds": ["a"]})")) ==
        "partition.column: must be a string, got 0");
  CHECK(Err(WithPartition(R"({"strategy": "range"})")) ==
        "partition.bounds: required (ascending range bounds, MAXVALUE allowed "
        "last)");
  CHECK(Err(WithPartition(R"({"strategy": "range", "bounds": []})")) ==
        "partition.bounds: must be an array of 1 to 8192 bounds, got []");
  CHECK(Err(WithPartition(R"({"strategy": "range", "bounds": "a"})")) ==
        "partition.bounds: must be an array of 1 to 8192 bounds, got \"a\"");
  CHECK(Err(WithPartition(R"({"strategy": "range", "bounds": {"0": "a"}})")) ==
        "partition.bounds: must be an array of 1 to 8192 bounds, got "
        "{\"0\":\"a\"}");
  json many = json::array();
  for (int i = 1; i <= 8193; ++i) many.push_back(i);
  CHECK(Err(WithPartition(R"({"strategy": "range", "column": "G",
                             "bounds": )" +
                          many.dump() + "}")) ==
        "partition.bounds: must be an array of 1 to 8192 bounds, got "
        "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23...");
  many.erase(many.size() - 1);
  CHECK(Err(WithPartition(R"({"strategy": "range", "column": "G",
                             "bounds": )" +
                          many.dump() + "}")) == "<OK>");
}

TEST_CASE("range bounds on K: ascending escaped row keys") {
  auto k = [](const std::string& bounds) {
    return Err(
        WithPartition(R"({"strategy": "range", "bounds": )" + bounds + "}"));
  };
  CHECK(k(R"(["w", "a"])") ==
        "partition.bounds[1]: bounds must ascend strictly, but 'a' follows "
        "'w'");
  CHECK(k(R"(["a", "a", "MAXVALUE"])") ==
        "partition.bounds[1]: bounds must ascend strictly, but 'a' follows "
        "'a'");
  // Bytes compare unsigned: 0xFF sorts after 'z'.
  CHECK(k(R"(["\\xFF", "z"])") ==
        "partition.bounds[1]: bounds must ascend strictly, but 'z' follows "
        "'\\xFF'");
  CHECK(k(R"(["z", "\\xFF"])") == "<OK>");
  CHECK(k(R"(["a", "MAXVALUE", "w"])") ==
        "partition.bounds[1]: MAXVALUE may only be the last bound");
  CHECK(k(R"(["MAXVALUE", "MAXVALUE"])") ==
        "partition.bounds[0]: MAXVALUE may only be the last bound");
  CHECK(k(R"(["a", 5])") ==
        "partition.bounds[1]: must be a row key string (\\xHH escapes) or "
        "\"MAXVALUE\", got 5");
  CHECK(k(R"([null])") ==
        "partition.bounds[0]: must be a row key string (\\xHH escapes) or "
        "\"MAXVALUE\", got null");
  CHECK(k(R"(["a\\q"])") ==
        "partition.bounds[0]: bad escape at offset 1: expected \\xHH (a "
        "backslash itself is written \\x5C)");
  CHECK(k(R"(["ab\\x4"])") ==
        "partition.bounds[0]: bad escape at offset 2: expected \\xHH (a "
        "backslash itself is written \\x5C)");
  CHECK(k(R"(["a", "\\xZZ"])") ==
        "partition.bounds[1]: bad escape at offset 0: expected \\xHH (a "
        "backslash itself is written \\x5C)");
  CHECK(k(R"(["a\\"])") ==
        "partition.bounds[0]: bad escape at offset 1: expected \\xHH (a "
        "backslash itself is written \\x5C)");
  CHECK(k(R"([""])") ==
        "partition.bounds[0]: must not be empty (it would leave the first "
        "partition empty)");
  const std::string k1024(1024, 'k');
  const std::string k1025(1025, 'k');
  CHECK(k(R"([")" + k1024 + R"("])") == "<OK>");
  CHECK(k(R"([")" + k1025 + R"("])") ==
        "partition.bounds[0]: 1025 bytes, limit 1024 (K is varbinary(1024))");
  // The limit counts decoded bytes, not escaped characters.
  std::string escaped;
  for (int i = 0; i < 1025; ++i) escaped += "\\\\x00";
  CHECK(k(R"(["a", ")" + escaped + R"("])") ==
        "partition.bounds[1]: 1025 bytes, limit 1024 (K is varbinary(1024))");
}

TEST_CASE("range bounds on G: ascending positive integers") {
  auto g = [](const std::string& bounds) {
    return Err(WithPartition(R"({"strategy": "range", "column": "G",
                                "bounds": )" +
                             bounds + "}"));
  };
  CHECK(g(R"(["a"])") == "partition.bounds[0]: " + kGBoundRule + "\"a\"");
  CHECK(g(R"([1728921600000, "1729008000000"])") ==
        "partition.bounds[1]: " + kGBoundRule + "\"1729008000000\"");
  CHECK(g(R"([-1])") == "partition.bounds[0]: " + kGBoundRule + "-1");
  CHECK(g(R"([0])") == "partition.bounds[0]: " + kGBoundRule + "0");
  CHECK(g(R"([1.5])") == "partition.bounds[0]: " + kGBoundRule + "1.5");
  CHECK(g(R"([1, true])") == "partition.bounds[1]: " + kGBoundRule + "true");
  CHECK(g(R"(["maxvalue"])") ==
        "partition.bounds[0]: " + kGBoundRule + "\"maxvalue\"");
  CHECK(g(R"([1729008000000, 1728921600000])") ==
        "partition.bounds[1]: bounds must ascend strictly, but 1728921600000 "
        "follows 1729008000000");
  CHECK(g(R"([5, 5])") ==
        "partition.bounds[1]: bounds must ascend strictly, but 5 follows 5");
  CHECK(g(R"([1, "MAXVALUE", 2])") ==
        "partition.bounds[1]: MAXVALUE may only be the last bound");
  // Two-level strategies always range on G.
  CHECK(Err(WithPartition(R"({"strategy": "range_key", "bounds": ["a"],
                             "subpartitions": 3})")) ==
        "partition.bounds[0]: " + kGBoundRule + "\"a\"");
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "partitions": 3,
                             "bounds": [2, 1]})")) ==
        "partition.bounds[1]: bounds must ascend strictly, but 1 follows 2");
}

TEST_CASE("two-level partitions: counts and the 8192 physical limit") {
  json bounds100 = json::array();
  for (int i = 1; i < 100; ++i) bounds100.push_back(i);
  bounds100.push_back("MAXVALUE");
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "partitions": 97,
                             "bounds": )" +
                          bounds100.dump() + "}")) ==
        "partition: 100 x 97 = 9700 physical partitions, limit 8192");
  CHECK(Err(WithPartition(R"({"strategy": "range_key", "subpartitions": 97,
                             "bounds": )" +
                          bounds100.dump() + "}")) ==
        "partition: 100 x 97 = 9700 physical partitions, limit 8192");
  CHECK(Err(WithFamily(R"({"name": "f", "partition": {"strategy": "key_range",
        "partitions": 97, "bounds": )" +
                       bounds100.dump() + "}}")) ==
        "families[0].partition: 100 x 97 = 9700 physical partitions, limit "
        "8192");
  // Exactly 8192 is allowed.
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "partitions": 4096,
                             "bounds": [1, "MAXVALUE"]})")) == "<OK>");
  CHECK(Err(WithPartition(R"({"strategy": "range_key", "bounds": [1],
                             "subpartitions": 0})")) ==
        "partition.subpartitions: " + kCountRule + "0");
  CHECK(Err(WithPartition(R"({"strategy": "range_key", "bounds": [1]})")) ==
        "partition.subpartitions: required (an integer between 1 and 8192)");
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "bounds": [1]})")) ==
        "partition.partitions: required (an integer between 1 and 8192)");
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "partitions": 8193,
                             "bounds": [1]})")) ==
        "partition.partitions: " + kCountRule + "8193");
  CHECK(Err(WithPartition(R"({"strategy": "range_key", "bounds": [1],
                  "subpartitions": 3, "prefix_length": 1025})")) ==
        "partition.prefix_length: " + kPrefixRule + "1025");
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "bounds": [1],
                  "partitions": 3, "hash": "crc32"})")) ==
        "partition.hash: must be \"oceanbase\" or \"murmur3\", got \"crc32\"");
  CHECK(Err(WithPartition(R"({"strategy": "key_range", "partitions": 3})")) ==
        "partition.bounds: required (ascending range bounds, MAXVALUE allowed "
        "last)");
}

TEST_CASE("a family partition error names the family path") {
  CHECK(Err(R"({"table": "t", "families": [{"name": "a"}, {"name": "b",
      "partition": {"strategy": "key", "partitions": 0}}],
      "partition": {"strategy": "key", "partitions": 97}})") ==
        "families[1].partition.partitions: " + kCountRule + "0");
  CHECK(Err(R"({"table": "t", "families": [{"name": "a", "partition":
      {"strategy": "range", "bounds": ["b", "a"]}}]})") ==
        "families[0].partition.bounds[1]: bounds must ascend strictly, but "
        "'a' follows 'b'");
  // A table-level partition is validated even if every family overrides it.
  CHECK(Err(R"({"table": "t", "families": [{"name": "a", "partition":
      {"strategy": "none"}}], "partition": {"strategy": "key"}})") ==
        "partition.partitions: required (an integer between 1 and 8192)");
}

// ---------------------------------------------------------------------------
// Good specs: the parsed model.

TEST_CASE("defaults of a minimal spec") {
  const TableSpec t =
      MustParse(R"({"table": "t", "families": [{"name": "f"}]})");
  CHECK(t.name == "t");
  CHECK(t.layout == Layout::kNormal);
  CHECK(t.warnings.empty());
  REQUIRE(t.families.size() == 1);
  const FamilySpec& f = t.families[0];
  CHECK(f.name == "f");
  CHECK(f.ttl_seconds == 0);
  CHECK(f.max_versions == 0);
  CHECK_FALSE(f.kv_attributes);
  CHECK_FALSE(f.longblob);
  CHECK(f.value_max_bytes == 1048576);
  CHECK(f.ValueLimit() == 1048576);
  CHECK(f.partition.strategy == PartitionStrategy::kNone);
  CHECK(f.partition.key_partitions == 1);
  CHECK(f.partition.prefix_length == 0);
  CHECK(f.partition.hash == HashFunction::kOceanBase);
  CHECK(f.partition.bounds.empty());
  CHECK(f.partition.PhysicalCount() == 1);
  CHECK_FALSE(f.partition.HasKeyLevel());
  CHECK_FALSE(f.partition.HasRangeLevel());
  CHECK_FALSE(f.partition.NeedsTimestamp());
  CHECK(FamilyRelationName(t, f) == "t$f");
  CHECK(PartitionTableName("t$f", f.partition, 0) == "t$f");
  CHECK(t.json == R"({"families":[{"name":"f"}],"table":"t"})");
}

TEST_CASE("the DESIGN §6 example: family override vs table default") {
  const TableSpec t = MustParse(R"j({
    "table": "htable1",
    "layout": "normal",
    "families": [
      {"name": "family1", "ttl_seconds": 3600, "max_versions": 3},
      {"name": "family2", "value_type": "varbinary(1024)",
       "partition": {"strategy": "none"}}
    ],
    "partition": {"strategy": "key", "partitions": 97}
  })j");
  CHECK(t.warnings.empty());
  REQUIRE(t.families.size() == 2);
  const FamilySpec& f1 = t.families[0];
  CHECK(f1.ttl_seconds == 3600);
  CHECK(f1.max_versions == 3);
  CHECK(f1.partition.strategy == PartitionStrategy::kKey);
  CHECK(f1.partition.key_partitions == 97);
  CHECK(f1.partition.PhysicalCount() == 97);
  CHECK(PartitionTableName(FamilyRelationName(t, f1), f1.partition, 96) ==
        "htable1$family1$p96");
  const FamilySpec& f2 = t.families[1];
  CHECK(f2.partition.strategy == PartitionStrategy::kNone);
  CHECK(f2.value_max_bytes == 1024);
  CHECK(f2.ValueLimit() == 1024);
  CHECK(t.FindFamily("family2") == &t.families[1]);
  CHECK(t.FindFamily("family3") == nullptr);
  CHECK(t.FindFamily("FAMILY2") == nullptr);
}

TEST_CASE("value types: longblob and varbinary spellings") {
  const TableSpec t = MustParse(WithFamily(
      R"j({"name": "a", "value_type": "longblob"},
         {"name": "b", "value_type": "LONGBLOB"},
         {"name": "c", "value_type": "VarBinary( 16 )"},
         {"name": "d", "value_type": "varbinary(1)"},
         {"name": "e", "value_type": "varbinary(1048576)"})j"));
  CHECK(t.families[0].longblob);
  CHECK(t.families[0].ValueLimit() == 536870912);
  CHECK(t.families[1].longblob);
  CHECK_FALSE(t.families[2].longblob);
  CHECK(t.families[2].value_max_bytes == 16);
  CHECK(t.families[3].value_max_bytes == 1);
  CHECK(t.families[4].value_max_bytes == 1048576);
}

TEST_CASE("kv_attributes, ttl and max_versions are kept") {
  const TableSpec t = MustParse(WithFamily(
      R"({"name": "a", "kv_attributes": true},
         {"name": "b", "ttl_seconds": 2147483647, "max_versions": 2147483647},
         {"name": "c", "kv_attributes": false, "max_versions": 1})"));
  CHECK(t.families[0].kv_attributes);
  CHECK(t.families[1].ttl_seconds == 2147483647);
  CHECK(t.families[1].max_versions == 2147483647);
  CHECK_FALSE(t.families[2].kv_attributes);
  CHECK(t.families[2].max_versions == 1);
}

TEST_CASE("escaped K bounds are decoded to raw bytes") {
  const TableSpec t = MustParse(WithPartition(
      R"({"strategy": "range", "column": "K",
          "bounds": ["\\x00\\xFF", "a\\x5Cb", "a\\x5cc", "caf\u00e9", "MAXVALUE"]})"));
  const PartitionSpec& p = t.families[0].partition;
  CHECK(p.strategy == PartitionStrategy::kRange);
  CHECK(p.range_column == RangeColumn::kK);
  REQUIRE(p.bounds.size() == 5);
  CHECK(p.bounds[0].key == std::string("\x00\xFF", 2));
  CHECK_FALSE(p.bounds[0].is_maxvalue);
  CHECK(p.bounds[1].key == "a\\b");
  CHECK(p.bounds[2].key == "a\\c");         // lower-case hex digits accepted
  CHECK(p.bounds[3].key == "caf\xC3\xA9");  // raw UTF-8 bytes kept
  CHECK(p.bounds[4].is_maxvalue);
  CHECK(p.FirstLevelCount() == 5);
  CHECK(p.SubpartitionCount() == 1);
  CHECK(p.PhysicalCount() == 5);
  CHECK_FALSE(p.NeedsTimestamp());
  CHECK_FALSE(p.HasKeyLevel());
  // Without "column", a range is on K.
  const TableSpec k =
      MustParse(WithPartition(R"({"strategy": "range", "bounds": ["m"]})"));
  CHECK(k.families[0].partition.range_column == RangeColumn::kK);
  CHECK(k.families[0].partition.bounds[0].key == "m");
}

TEST_CASE("G bounds, range_key and key_range models") {
  const TableSpec g = MustParse(WithPartition(
      R"({"strategy": "range", "column": "G",
          "bounds": [1728921600000, 9223372036854775807]})"));
  const PartitionSpec& pg = g.families[0].partition;
  CHECK(pg.range_column == RangeColumn::kG);
  CHECK(pg.NeedsTimestamp());
  REQUIRE(pg.bounds.size() == 2);
  CHECK(pg.bounds[0].ts_ms == 1728921600000);
  CHECK(pg.bounds[1].ts_ms == INT64_MAX);
  CHECK(pg.PhysicalCount() == 2);

  const TableSpec rk = MustParse(WithPartition(
      R"({"strategy": "range_key", "subpartitions": 97, "prefix_length": 4,
          "hash": "murmur3",
          "bounds": [1728921600000, 1729008000000, 1729094400000, "MAXVALUE"]})"));
  const PartitionSpec& p = rk.families[0].partition;
  CHECK(p.strategy == PartitionStrategy::kRangeKey);
  CHECK(p.range_column == RangeColumn::kG);
  CHECK(p.key_partitions == 97);
  CHECK(p.prefix_length == 4);
  CHECK(p.hash == HashFunction::kMurmur3);
  CHECK(p.IsTwoLevel());
  CHECK(p.NeedsTimestamp());
  CHECK(p.FirstLevelCount() == 4);
  CHECK(p.SubpartitionCount() == 97);
  CHECK(p.PhysicalCount() == 388);
  CHECK(PartitionSuffix(p, 0) == "p0s0");
  CHECK(PartitionSuffix(p, 97 * 2 + 5) == "p2s5");
  CHECK(PartitionTableName("htable1$cf1", p, 387) == "htable1$cf1$p3s96");

  const TableSpec kr = MustParse(WithPartition(
      R"({"strategy": "key_range", "partitions": 97,
          "bounds": [1728921600000, 1729008000000, 1729094400000, "MAXVALUE"]})"));
  const PartitionSpec& q = kr.families[0].partition;
  CHECK(q.strategy == PartitionStrategy::kKeyRange);
  CHECK(q.hash == HashFunction::kOceanBase);
  CHECK(q.prefix_length == 0);
  CHECK(q.FirstLevelCount() == 97);
  CHECK(q.SubpartitionCount() == 4);
  CHECK(q.PhysicalCount() == 388);
  CHECK(PartitionTableName("htable1$cf3", q, 387) == "htable1$cf3$p96s3");
  CHECK(PartitionTableName("htable1$cf3", q, 5) == "htable1$cf3$p1s1");
}

TEST_CASE("key partitions with prefix and hash") {
  const TableSpec t = MustParse(WithPartition(
      R"({"strategy": "key", "partitions": 97, "prefix_length": 4,
          "hash": "murmur3"})"));
  const PartitionSpec& p = t.families[0].partition;
  CHECK(p.strategy == PartitionStrategy::kKey);
  CHECK(p.prefix_length == 4);
  CHECK(p.hash == HashFunction::kMurmur3);
  CHECK(PartitionSuffix(p, 42) == "p42");
  const TableSpec o = MustParse(WithPartition(
      R"({"strategy": "key", "partitions": 97, "hash": "oceanbase"})"));
  CHECK(o.families[0].partition.hash == HashFunction::kOceanBase);
}

TEST_CASE("a timeseries table") {
  const TableSpec t = MustParse(R"({"table": "ts", "layout": "timeseries",
      "families": [{"name": "m", "ttl_seconds": 86400}]})");
  CHECK(t.layout == Layout::kTimeseries);
  CHECK(t.families[0].ttl_seconds == 86400);
  CHECK(t.warnings.empty());
}

TEST_CASE("the canonical json round-trips") {
  const TableSpec t =
      MustParse(ReadFile(SourcePath("schemas/seed003/key_range.json")));
  const TableSpec again = MustParse(t.json);
  CHECK(again.json == t.json);
  CHECK(json::parse(t.json) ==
        json::parse(ReadFile(SourcePath("schemas/seed003/key_range.json"))));
}

// ---------------------------------------------------------------------------
// Warnings.

TEST_CASE("warnings: non-prime and over-997 partition counts") {
  CHECK(MustParse(WithPartition(R"({"strategy": "key", "partitions": 97})"))
            .warnings.empty());
  CHECK(MustParse(WithPartition(R"({"strategy": "key", "partitions": 997})"))
            .warnings.empty());
  CHECK(MustParse(WithPartition(R"({"strategy": "key", "partitions": 2})"))
            .warnings.empty());

  const TableSpec t100 =
      MustParse(WithPartition(R"({"strategy": "key", "partitions": 100})"));
  CHECK(t100.warnings ==
        std::vector<std::string>{"partition.partitions: 100 is not prime; OBKV "
                                 "recommends a prime such as 97, 193 or 389"});
  const TableSpec t1 =
      MustParse(WithPartition(R"({"strategy": "key", "partitions": 1})"));
  CHECK(t1.warnings ==
        std::vector<std::string>{"partition.partitions: 1 is not prime; OBKV "
                                 "recommends a prime such as 97, 193 or 389"});
  // 1009 is prime, but over 997.
  const TableSpec t1009 =
      MustParse(WithPartition(R"({"strategy": "key", "partitions": 1009})"));
  CHECK(t1009.warnings ==
        std::vector<std::string>{"partition.partitions: 1009 partitions is "
                                 "over 997, OBKV's recommended maximum"});
  // Over 997 and not prime: one warning, the size one.
  const TableSpec t2000 =
      MustParse(WithPartition(R"({"strategy": "key", "partitions": 2000})"));
  CHECK(t2000.warnings ==
        std::vector<std::string>{"partition.partitions: 2000 partitions is "
                                 "over 997, OBKV's recommended maximum"});

  // Every level and family is advised, in order; the table-level count is
  // advised once however many families inherit it.
  const TableSpec many = MustParse(R"({"table": "t", "families": [
      {"name": "a"}, {"name": "b"},
      {"name": "c", "partition": {"strategy": "range_key", "bounds": [1],
                                  "subpartitions": 96}},
      {"name": "d", "partition": {"strategy": "key_range", "bounds": [1],
                                  "partitions": 97}}],
    "partition": {"strategy": "key", "partitions": 9}})");
  CHECK(many.warnings ==
        std::vector<std::string>{
            "partition.partitions: 9 is not prime; OBKV recommends a prime "
            "such as 97, 193 or 389",
            "families[2].partition.subpartitions: 96 is not prime; OBKV "
            "recommends a prime such as 97, 193 or 389"});
}

TEST_CASE("warnings: max_versions on a timeseries family") {
  const TableSpec t = MustParse(R"({"table": "t", "layout": "timeseries",
      "families": [{"name": "a"}, {"name": "b", "max_versions": 3}]})");
  CHECK(t.warnings ==
        std::vector<std::string>{
            "families[1].max_versions: ignored by timeseries families (OBKV "
            "returns every version within the TTL)"});
  CHECK(t.families[1].max_versions == 3);
}

// ---------------------------------------------------------------------------
// LoadTableSpecFile.

TEST_CASE("LoadTableSpecFile names the path in every error") {
  const fs::path dir = TempDir("load");
  const std::string missing = (dir / "missing.json").string();
  Result<TableSpec> r = LoadTableSpecFile(missing);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().code() == Status::Code::kIOError);
  CHECK(r.status().message() == missing + ": cannot open spec file");

  const std::string bad = (dir / "bad.json").string();
  std::ofstream(bad) << R"({"table": "t", "families": [{"name": "f",
                          "ttl_seconds": -5}]})";
  r = LoadTableSpecFile(bad);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().IsInvalidArgument());
  CHECK(r.status().message() ==
        bad + ": families[0].ttl_seconds: " + kTtlRule + "-5");

  const std::string empty = (dir / "empty.json").string();
  std::ofstream(empty).flush();
  r = LoadTableSpecFile(empty);
  REQUIRE_FALSE(r.ok());
  CHECK(
      r.status().message() ==
      empty +
          ": spec: malformed JSON at byte 1: [json.exception.parse_error.101] "
          "parse error at line 1, column 1: syntax error while parsing value "
          "- unexpected end of input; expected '[', '{', or a literal");

  const std::string good = SourcePath("schemas/seed003/normal.json");
  r = LoadTableSpecFile(good);
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  CHECK(r->name == "htable1");
  CHECK(r->families.size() == 2);
  fs::remove_all(dir);
}

TEST_CASE("regression: LoadTableSpecFile on a directory") {
  // An ifstream opens a directory and reads nothing, so this used to say
  // "DIR: spec: malformed JSON at byte 1: ...".
  const fs::path dir = TempDir("dir");
  Result<TableSpec> r = LoadTableSpecFile(dir.string());
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().code() == Status::Code::kIOError);
  CHECK(r.status().message() ==
        dir.string() + ": is a directory, not a spec file");
  fs::remove_all(dir);
}

// ---------------------------------------------------------------------------
// Robustness: every field of every seed spec replaced by every JSON kind.

struct FieldPath {
  std::string dotted;          // "families[0].partition.bounds[1]"
  json::json_pointer pointer;  // "/families/0/partition/bounds/1"
  std::string parent_array;    // "…bounds" when the field is an element
};

void CollectPaths(const json& value, const std::string& dotted,
                  const json::json_pointer& pointer,
                  std::vector<FieldPath>* out) {
  if (value.is_object()) {
    for (auto it = value.begin(); it != value.end(); ++it) {
      const std::string child =
          dotted.empty() ? it.key() : dotted + "." + it.key();
      out->push_back({child, pointer / it.key(), ""});
      CollectPaths(it.value(), child, pointer / it.key(), out);
    }
  } else if (value.is_array()) {
    for (size_t i = 0; i < value.size(); ++i) {
      const std::string child = dotted + "[" + std::to_string(i) + "]";
      out->push_back({child, pointer / i, dotted});
      CollectPaths(value[i], child, pointer / i, out);
    }
  }
}

// True when `msg` names `path` itself: the path followed by ':', '.' or '['.
bool NamesPath(const std::string& msg, const std::string& path) {
  return msg.size() > path.size() && msg.compare(0, path.size(), path) == 0 &&
         (msg[path.size()] == ':' || msg[path.size()] == '.' ||
          msg[path.size()] == '[');
}

std::vector<std::string> SeedSpecFiles() {
  std::vector<std::string> files;
  for (const auto& entry :
       fs::directory_iterator(SourcePath("schemas/seed003"))) {
    if (entry.path().extension() == ".json") {
      files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST_CASE("robustness: every field of the seed specs, every JSON kind") {
  const std::vector<json> replacements = {
      nullptr, true, 1.5, -1, "x", json::array(), json::object()};
  const std::vector<std::string> files = SeedSpecFiles();
  REQUIRE(files.size() >= 12);
  int parsed = 0;
  int rejected = 0;
  for (const std::string& file : files) {
    const json original = json::parse(ReadFile(file));
    std::vector<FieldPath> paths;
    CollectPaths(original, "", json::json_pointer(), &paths);
    REQUIRE(paths.size() >= 3);
    for (const FieldPath& field : paths) {
      const json& old_value = original.at(field.pointer);
      for (const json& replacement : replacements) {
        json mutated = original;
        mutated.at(field.pointer) = replacement;
        const std::string text = mutated.dump();
        INFO(file << " " << field.dotted << " = " << replacement.dump());
        std::optional<Result<TableSpec>> r;
        CHECK_NOTHROW(r.emplace(ParseTableSpec(text)));
        REQUIRE(r.has_value());
        // Only a string replaced by "x" or a boolean replaced by true may
        // still be valid; every other kind or value breaks a rule.
        const bool may_pass = (old_value.is_string() && replacement == "x") ||
                              (old_value.is_boolean() && replacement == true);
        if (r->ok()) {
          CHECK_MESSAGE(may_pass, "accepted");
          ++parsed;
          // The DDL of whatever was accepted is generated without trouble.
          for (DdlDialect d : {DdlDialect::kOceanBase, DdlDialect::kMysql,
                               DdlDialect::kSqlite}) {
            CHECK_NOTHROW((void)GenerateDdl(r->value(), d));
          }
          continue;
        }
        ++rejected;
        const std::string& msg = r->status().message();
        CHECK(r->status().IsInvalidArgument());
        CHECK(IsValidUtf8(msg));
        if (NamesPath(msg, field.dotted)) continue;
        // A bound that breaks the ascending order may be reported at its
        // neighbour, which is where the order fails.
        const bool order_error =
            msg.find("bounds must ascend strictly") != std::string::npos ||
            msg.find("MAXVALUE may only be the last bound") !=
                std::string::npos;
        const bool sibling =
            !field.parent_array.empty() && NamesPath(msg, field.parent_array);
        CHECK_MESSAGE((sibling && order_error), msg);
      }
    }
    // Each member removed: required ones are named, optional ones pass.
    for (const FieldPath& field : paths) {
      if (!field.parent_array.empty()) continue;
      json mutated = original;
      mutated.at(field.pointer.parent_pointer()).erase(field.pointer.back());
      INFO(file << " without " << field.dotted);
      std::optional<Result<TableSpec>> r;
      CHECK_NOTHROW(r.emplace(ParseTableSpec(mutated.dump())));
      REQUIRE(r.has_value());
      if (!r->ok()) {
        CHECK_MESSAGE(NamesPath(r->status().message(), field.dotted),
                      r->status().message());
      }
    }
    // The whole spec replaced.
    for (const json& replacement : replacements) {
      if (replacement.is_object()) continue;
      INFO(replacement.dump());
      CHECK(Err(replacement.dump()) ==
            "spec: must be a JSON object, got " + replacement.dump());
    }
  }
  // Both outcomes were exercised ("x" for a table name is valid).
  CHECK(parsed > 0);
  CHECK(rejected > 500);
}

TEST_CASE("regression: deeply nested input cannot overflow the stack") {
  // JsonForMessage used nlohmann's dump(), which recurses once per level:
  // 100 000 nested arrays crashed the parser with SIGSEGV. It now renders
  // only the 60 bytes it shows.
  const std::string pairs(200000, '[');
  const std::string deep = pairs + std::string(200000, ']');
  CHECK(Err(deep) ==
        "spec: must be a JSON object, got " + std::string(60, '[') + "...");
  CHECK(Err(R"({"table": "t", "families": [{"name": "f"}], "partition": )" +
            deep + "}") == "partition: must be a JSON object, got " +
                               std::string(60, '[') + "...");
  // Objects nest the same way.
  std::string objects;
  for (int i = 0; i < 100000; ++i) objects += R"({"a":)";
  objects += "1" + std::string(100000, '}');
  CHECK(Err(R"({"families": [{"name": "f"}], "table": )" + objects + "}") ==
        "table: must be a string, got " + objects.substr(0, 60) + "...");
}

TEST_CASE("regression: duplicate-key tracking stays linear in the depth") {
  // The first DuplicateKeyChecker built the path string of every open
  // container (quadratic: 20 000 nested arrays took 14 s).
  const auto start = std::chrono::steady_clock::now();
  const std::string deep = std::string(100000, '[') + R"({"k": 1, "k": 2})" +
                           std::string(100000, ']');
  const std::string msg =
      Err(R"({"table": "t", "families": [{"name": "f"}], "partition": )" +
          deep + "}");
  std::string expected = "partition";
  for (int i = 0; i < 100000; ++i) expected += "[0]";
  CHECK(msg == expected + ".k: duplicate key");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  CHECK(seconds < 5.0);
}

TEST_CASE("robustness: hostile inputs return a Status") {
  CHECK(Err(std::string("{\"table\"\0: 1}", 13))
            .rfind("spec: malformed JSON at byte 9: ", 0) == 0);
  CHECK(Err(R"({"table": "t\u0000", "families": [{"name": "f"}]})") ==
        "table: invalid character at position 1 in 't" + std::string(1, '\0') +
            "'; table names use letters, digits, '_', '-' and '.'");
  CHECK(Err(WithFamily(R"({"name": "f", "ttl_seconds": -0})")) ==
        "families[0].ttl_seconds: " + kTtlRule + "0");
  CHECK(Err(WithFamily(
            R"({"name": "f", "ttl_seconds": -9223372036854775809})")) ==
        "families[0].ttl_seconds: " + kTtlRule + "-9.223372036854776e+18");
}

}  // namespace
}  // namespace obkvlite
