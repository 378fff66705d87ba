// Copyright (c) obkvlite authors.
//
// Tests of the table spec parser (DESIGN §6, §7; src/spec/table_spec_parser.cc,
// json_fields.cc, table_spec.cc): every bad spec gets an InvalidArgument whose
// exact message names the JSON path, the rule and the limit (malformed JSON,
// the root object, identifiers, family fields); good specs produce the
// documented model, defaults and warnings; LoadTableSpecFile names the path.
// Partitions are in partition_spec_parser_test.cc, hbase_attributes in
// hbase_attributes_test.cc, every field of the seed specs and hostile inputs
// in spec_robustness_test.cc.

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "source_files.h"
#include "spec_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A fresh empty directory under the system temp dir.
fs::path TempDir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() /
                 ("obkv_spec_test_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

const std::string kVersionsRule =
    "must be a positive integer (at most 2147483647), got ";

// The root's members ("rowkey" is parsed by src/spec/rowkey_spec_parser.cc).
const std::string kRootFields =
    " (allowed: table, layout, families, partition, rowkey, "
    "hbase_attributes, disabled, time_window, auto_split, indexes)";
const std::string kFamilyFields =
    " (allowed: name, ttl_seconds, max_versions, kv_attributes, value_type, "
    "cell_ttl, partition, hbase_attributes, time_window, auto_split)";

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

TEST_CASE("table and family names follow HBase's rules") {
  const std::string name64(64, 'a');
  const std::string name65(65, 'a');
  const std::string kTableChars =
      "; table names use letters, digits, '_', '-' and '.'";
  CHECK(Err(R"({"table": "", "families": [{"name": "f"}]})") ==
        "table: table name must not be empty");
  CHECK(Err(R"({"table": "a$b", "families": [{"name": "f"}]})") ==
        "table: '$' is reserved as the table$family separator, in 'a$b'");
  // HBase allows '-' and '.' inside a table name, not first.
  Result<TableSpec> dashed = ParseTableSpec(
      R"({"table": "my-table.v2", "families": [{"name": "f"}]})");
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
  // Any printable name without ':', '\' or '/' (node-hbase's suite makes
  // "column 1"); every dialect quotes the relation.
  const std::string kFamilyRule =
      "; HBase's family names are printable, without ':', '\\' or '/'";
  CHECK(Err(WithFamily(R"({"name": "column 1"})")) == "<OK>");
  CHECK(Err(WithFamily(R"({"name": "a\"b`c'd (e), f;g"})")) == "<OK>");
  CHECK(Err(WithFamily("{\"name\": \"\xc3\xa9t\xc3\xa9\"}")) == "<OK>");
  CHECK(Err(WithFamily(R"({"name": "a:b"})")) ==
        "families[0].name: invalid character ':' at position 1 in 'a:b'" +
            kFamilyRule);
  CHECK(Err(WithFamily(R"({"name": "a/b"})")) ==
        "families[0].name: invalid character '/' at position 1 in 'a/b'" +
            kFamilyRule);
  CHECK(Err(WithFamily(R"({"name": "a\\b"})")) ==
        "families[0].name: invalid character '\\' at position 1 in 'a\\b'" +
            kFamilyRule);
  CHECK(Err(WithFamily(R"({"name": "a\tb"})")) ==
        "families[0].name: family name has a control character at byte 1" +
            kFamilyRule);
  CHECK(Err(WithFamily(R"({"name": "a\u0085"})")) ==
        "families[0].name: family name has a control character at byte 1" +
            kFamilyRule);
  // What an identifier on MySQL and OceanBase cannot hold.
  CHECK(Err(WithFamily(R"({"name": " "})")) ==
        "families[0].name: family name ' ' ends with a space, which MySQL "
        "and OceanBase identifiers cannot");
  CHECK(Err(WithFamily(R"({"name": "x\ud83d\ude00"})")) ==
        "families[0].name: family name 'x\xf0\x9f\x98\x80' has a character "
        "beyond U+FFFF at byte 1, which MySQL and OceanBase identifiers "
        "cannot hold");
  CHECK(Err(WithFamily(R"({"name": ")" + name65 + R"("})")) ==
        "families[0].name: family name '" + name65 + "' is 65 bytes, limit 64");
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

}  // namespace
}  // namespace testing
}  // namespace obkvlite
