// Copyright (c) obkvlite authors.
//
// The exec request parser on its own (no store): every op and option, and
// every error path with its exact message.

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <variant>

#include "tools/cli/exec/exec_request.h"

namespace obkvlite {
namespace cli {
namespace {

ExecRequest ParseOk(std::string_view line) {
  Result<ExecRequest> r = ParseExecRequest(line);
  INFO(line);
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  return std::move(r).value();
}

template <typename T>
T ParseAs(std::string_view line) {
  ExecRequest request = ParseOk(line);
  REQUIRE(std::holds_alternative<T>(request.operation));
  return std::get<T>(std::move(request.operation));
}

// The message of a line that must fail with InvalidArgument.
std::string ErrorOf(std::string_view line) {
  Result<ExecRequest> r = ParseExecRequest(line);
  INFO(line);
  REQUIRE_FALSE(r.ok());
  CHECK(r.status().IsInvalidArgument());
  return r.status().message();
}

const std::string kBadEscape =
    ": expected \\xHH (a backslash itself is written \\x5C)";

// ---- put ------------------------------------------------------------------

TEST_CASE("put: table, row and cells with and without ts") {
  ExecRequest request =
      ParseOk(R"({"op":"put","table":"t","row":"r1","cells":[)"
              R"({"family":"f","qualifier":"q","value":"v","ts":100},)"
              R"({"family":"g","qualifier":"q2","value":"w"}]})");
  CHECK(request.table == "t");
  const Put& put = std::get<Put>(request.operation);
  CHECK(put.row == "r1");
  REQUIRE(put.cells.size() == 2);
  CHECK(put.cells[0].family == "f");
  CHECK(put.cells[0].qualifier == "q");
  CHECK(put.cells[0].value == "v");
  CHECK(put.cells[0].timestamp == 100);
  CHECK(put.cells[1].family == "g");
  CHECK_FALSE(put.cells[1].timestamp.has_value());
}

TEST_CASE("put: toStringBinary escapes decode, incl. 0x00, 0xFF, backslash") {
  Put put = ParseAs<Put>(
      R"({"op":"put","table":"t","row":"a\\x00b\\xFF","cells":[)"
      R"({"family":"f","qualifier":"\\x5C","value":"\\xfe\\x0a"}]})");
  CHECK(put.row == std::string("a\0b\xFF", 4));
  CHECK(put.cells[0].qualifier == "\\");
  CHECK(put.cells[0].value == "\xFE\n");
}

TEST_CASE("put: empty qualifier and empty value are accepted") {
  Put put = ParseAs<Put>(R"({"op":"put","table":"t","row":"r","cells":[)"
                         R"({"family":"f","qualifier":"","value":""}]})");
  CHECK(put.cells[0].qualifier.empty());
  CHECK(put.cells[0].value.empty());
}

TEST_CASE("put: ts bounds are 0 and INT64_MAX") {
  Put put = ParseAs<Put>(
      R"({"op":"put","table":"t","row":"r","cells":[)"
      R"({"family":"f","qualifier":"a","value":"","ts":0},)"
      R"({"family":"f","qualifier":"b","value":"","ts":9223372036854775807}]})");
  CHECK(put.cells[0].timestamp == 0);
  CHECK(put.cells[1].timestamp == std::numeric_limits<int64_t>::max());
  CHECK(ErrorOf(R"({"op":"put","table":"t","row":"r","cells":[)"
                R"({"family":"f","qualifier":"a","value":"",)"
                R"("ts":18446744073709551615}]})") ==
        "cells[0].ts: must be a non-negative integer (ms), got "
        "18446744073709551615");
}

TEST_CASE("put: cells errors name the cell") {
  const std::string head = R"({"op":"put","table":"t","row":"r","cells":)";
  CHECK(ErrorOf(R"({"op":"put","table":"t","row":"r"})") == "cells: required");
  CHECK(ErrorOf(head + "[]}") == "cells: must be a non-empty array, got []");
  CHECK(ErrorOf(head + "{}}") == "cells: must be a non-empty array, got {}");
  CHECK(ErrorOf(head + "[5]}") == "cells[0]: must be a JSON object, got 5");
  CHECK(ErrorOf(head + R"([{"qualifier":"q","value":"v"}]})") ==
        "cells[0].family: required");
  CHECK(ErrorOf(head + R"([{"family":"f","value":"v"}]})") ==
        "cells[0].qualifier: required");
  CHECK(ErrorOf(head + R"([{"family":"f","qualifier":"q"}]})") ==
        "cells[0].value: required");
  CHECK(ErrorOf(head + R"([{"family":"f","qualifier":"q","value":7}]})") ==
        "cells[0].value: must be a string, got 7");
}

TEST_CASE("put: unknown cell field names the cell and the allowed fields") {
  CHECK(ErrorOf(
            R"({"op":"put","table":"t","row":"r","cells":[)"
            R"({"family":"f","qualifier":"q","value":"v"},)"
            R"({"family":"f","qualifier":"q","value":"v","timestamp":1}]})") ==
        "cells[1].timestamp: unknown field (allowed: family, qualifier, "
        "value, ts)");
}

TEST_CASE("put: bad ts") {
  const std::string head =
      R"({"op":"put","table":"t","row":"r","cells":[{"family":"f",)"
      R"("qualifier":"q","value":"v","ts":)";
  CHECK(ErrorOf(head + "-1}]}") ==
        "cells[0].ts: must be a non-negative integer (ms), got -1");
  CHECK(ErrorOf(head + "1.5}]}") ==
        "cells[0].ts: must be a non-negative integer (ms), got 1.5");
  CHECK(ErrorOf(head + "\"100\"}]}") ==
        "cells[0].ts: must be a non-negative integer (ms), got \"100\"");
}

TEST_CASE("bad escapes name the field and the offset") {
  CHECK(ErrorOf(R"({"op":"get","table":"t","row":"a\\q"})") ==
        "row: bad escape at offset 1" + kBadEscape);
  CHECK(ErrorOf(R"({"op":"get","table":"t","row":"ab\\x4"})") ==
        "row: bad escape at offset 2" + kBadEscape);
  CHECK(ErrorOf(R"({"op":"put","table":"t","row":"r","cells":[)"
                R"({"family":"f","qualifier":"\\","value":"v"}]})") ==
        "cells[0].qualifier: bad escape at offset 0" + kBadEscape);
  CHECK(ErrorOf(R"({"op":"put","table":"t","row":"r","cells":[)"
                R"({"family":"f","qualifier":"q","value":"x\\xG0"}]})") ==
        "cells[0].value: bad escape at offset 1" + kBadEscape);
  CHECK(ErrorOf(R"({"op":"scan","table":"t","prefix":"\\x"})") ==
        "prefix: bad escape at offset 0" + kBadEscape);
}

// ---- request envelope -----------------------------------------------------

TEST_CASE("invalid JSON is an error naming the position") {
  CHECK(ErrorOf("{") ==
        "request: invalid JSON: parse error at line 1, column 2: syntax "
        "error while parsing object key - unexpected end of input; expected "
        "string literal");
  CHECK(ErrorOf("").rfind("request: invalid JSON: ", 0) == 0);
  CHECK(ErrorOf(R"({"op":"get"} x)").rfind("request: invalid JSON: ", 0) == 0);
}

TEST_CASE("invalid UTF-8 inside a JSON string is invalid JSON") {
  CHECK(ErrorOf("{\"op\":\"get\",\"table\":\"t\",\"row\":\"\xFF\"}")
            .rfind("request: invalid JSON: ", 0) == 0);
}

TEST_CASE("a request must be an object") {
  CHECK(ErrorOf("[1,2]") == "request: must be a JSON object, got [1,2]");
  CHECK(ErrorOf("\"put\"") == "request: must be a JSON object, got \"put\"");
}

TEST_CASE("op is required, a string, and known") {
  CHECK(ErrorOf(R"({"table":"t"})") == "op: required");
  CHECK(ErrorOf(R"({"op":5})") == "op: must be a string, got 5");
  CHECK(ErrorOf(R"({"op":"frob","table":"t"})") ==
        "op: unknown operation 'frob' (expected put, get, scan, delete, "
        "increment, append, check_and_mutate, batch, stats, index_scan)");
  CHECK(ErrorOf(R"({"op":"PUT","table":"t"})")
            .rfind("op: unknown operation 'PUT'", 0) == 0);
}

TEST_CASE("table is required and a string") {
  CHECK(ErrorOf(R"({"op":"get","row":"r"})") == "table: required");
  CHECK(ErrorOf(R"({"op":"get","table":1,"row":"r"})") ==
        "table: must be a string, got 1");
}

TEST_CASE("unknown top-level fields are errors listing the op's fields") {
  CHECK(ErrorOf(R"({"op":"put","table":"t","row":"r","cells":[],"x":1})") ==
        "x: unknown field (allowed: op, table, row, cells, ttl_ms)");
  CHECK(ErrorOf(R"({"op":"scan","table":"t","row":"r"})") ==
        "row: unknown field (allowed: op, table, start, stop, prefix, "
        "reversed, limit, batch, max_versions, time_range, families, "
        "columns, filter, consistency)");
  CHECK(ErrorOf(R"({"op":"batch","table":"t","ops":[],"row":"r"})") ==
        "row: unknown field (allowed: op, table, ops)");
}

TEST_CASE("row is required for single-row ops") {
  CHECK(ErrorOf(R"({"op":"get","table":"t"})") == "row: required");
  CHECK(ErrorOf(R"({"op":"delete","table":"t"})") == "row: required");
  CHECK(ErrorOf(R"({"op":"get","table":"t","row":null})") ==
        "row: must be a string, got null");
}

// ---- get ------------------------------------------------------------------

TEST_CASE("get: defaults") {
  Get get = ParseAs<Get>(R"({"op":"get","table":"t","row":"r1"})");
  CHECK(get.row == "r1");
  CHECK(get.families.empty());
  CHECK(get.columns.empty());
  CHECK(get.max_versions == 1);
  CHECK(get.time_range.IsAll());
  CHECK_FALSE(get.timestamp.has_value());
  CHECK(get.filter.empty());
}

TEST_CASE("get: every option") {
  Get get = ParseAs<Get>(
      R"({"op":"get","table":"t","row":"r1","columns":["f:q","g:\\x00"],)"
      R"("families":["h"],"max_versions":3,"time_range":[0,200],)"
      R"j("filter":"ValueFilter(=,'binary:x')"})j");
  REQUIRE(get.columns.size() == 2);
  CHECK(get.columns[0].family == "f");
  CHECK(get.columns[0].qualifier == "q");
  CHECK(get.columns[1].family == "g");
  CHECK(get.columns[1].qualifier == std::string(1, '\0'));
  CHECK(get.families == std::vector<std::string>{"h"});
  CHECK(get.max_versions == 3);
  CHECK(get.time_range.min_ms == 0);
  CHECK(get.time_range.max_ms == 200);
  CHECK(get.filter == "ValueFilter(=,'binary:x')");
}

TEST_CASE("get: exact ts") {
  Get get = ParseAs<Get>(R"({"op":"get","table":"t","row":"r","ts":7})");
  CHECK(get.timestamp == 7);
  CHECK(ErrorOf(R"({"op":"get","table":"t","row":"r","ts":7,)"
                R"("time_range":[0,9]})") ==
        "ts: cannot be combined with time_range");
}

TEST_CASE("columns: \"family:qualifier\", empty qualifier allowed") {
  Get get = ParseAs<Get>(
      R"({"op":"get","table":"t","row":"r","columns":["f:","f:a:b"]})");
  CHECK(get.columns[0].qualifier.empty());
  CHECK(get.columns[1].qualifier == "a:b");
}

TEST_CASE("columns errors") {
  const std::string head = R"({"op":"get","table":"t","row":"r","columns":)";
  CHECK(ErrorOf(head + R"("f:q"})") ==
        "columns: must be an array, got \"f:q\"");
  CHECK(ErrorOf(head + R"(["f:q",3]})") ==
        "columns[1]: must be a string, got 3");
  CHECK(ErrorOf(head + R"(["fq"]})") ==
        "columns[0]: must be \"family:qualifier\" with a non-empty family, "
        "got \"fq\"");
  CHECK(ErrorOf(head + R"([":q"]})") ==
        "columns[0]: must be \"family:qualifier\" with a non-empty family, "
        "got \":q\"");
  // The escape offset counts from the start of "family:qualifier".
  CHECK(ErrorOf(head + R"(["f:\\x4G"]})") ==
        "columns[0]: bad escape at offset 2" + kBadEscape);
}

TEST_CASE("families errors") {
  CHECK(ErrorOf(R"({"op":"get","table":"t","row":"r","families":"f"})") ==
        "families: must be an array, got \"f\"");
  CHECK(ErrorOf(R"({"op":"get","table":"t","row":"r","families":[null]})") ==
        "families[0]: must be a string, got null");
}

TEST_CASE("max_versions must be a positive int") {
  const std::string head = R"({"op":"get","table":"t","row":"r",)";
  CHECK(ErrorOf(head + R"("max_versions":0})") ==
        "max_versions: must be a positive integer, got 0");
  CHECK(ErrorOf(head + R"("max_versions":2147483648})") ==
        "max_versions: must be a positive integer, got 2147483648");
  CHECK(ParseAs<Get>(head + R"("max_versions":2147483647})").max_versions ==
        2147483647);
}

TEST_CASE("time_range must be [min, max) with 0 <= min <= max") {
  const std::string head = R"({"op":"get","table":"t","row":"r",)";
  const std::string rule =
      "time_range: must be [min, max) with 0 <= min <= max, got ";
  CHECK(ErrorOf(head + R"("time_range":[5,1]})") == rule + "[5,1]");
  CHECK(ErrorOf(head + R"("time_range":[-1,5]})") == rule + "[-1,5]");
  CHECK(ErrorOf(head + R"("time_range":[1,2,3]})") == rule + "[1,2,3]");
  CHECK(ErrorOf(head + R"("time_range":[1]})") == rule + "[1]");
  CHECK(ErrorOf(head + R"("time_range":"0-5"})") == rule + "\"0-5\"");
  CHECK(ErrorOf(head + R"("time_range":[0,1.5]})") == rule + "[0,1.5]");
  CHECK(ErrorOf(head + R"("time_range":[0,18446744073709551615]})") ==
        rule + "[0,18446744073709551615]");
  Get empty = ParseAs<Get>(head + R"("time_range":[5,5]})");
  CHECK(empty.time_range.min_ms == 5);
  CHECK(empty.time_range.max_ms == 5);
}

TEST_CASE("filter must be a string") {
  CHECK(ErrorOf(R"({"op":"get","table":"t","row":"r","filter":1})") ==
        "filter: must be a string, got 1");
}

// ---- scan -----------------------------------------------------------------

TEST_CASE("scan: defaults") {
  Scan scan = ParseAs<Scan>(R"({"op":"scan","table":"t"})");
  CHECK(scan.start_row.empty());
  CHECK(scan.stop_row.empty());
  CHECK(scan.prefix.empty());
  CHECK_FALSE(scan.reversed);
  CHECK(scan.limit == 0);
  CHECK(scan.batch == 0);
  CHECK(scan.max_versions == 1);
  CHECK(scan.time_range.IsAll());
  CHECK(scan.families.empty());
  CHECK(scan.columns.empty());
  CHECK(scan.filter.empty());
}

TEST_CASE("scan: every option") {
  Scan scan = ParseAs<Scan>(
      R"({"op":"scan","table":"t","start":"z\\xFF","stop":"a\\x00",)"
      R"("prefix":"p","reversed":true,"limit":10,"batch":2,)"
      R"("max_versions":4,"time_range":[10,20],"families":["f"],)"
      R"j("columns":["g:q"],"filter":"PrefixFilter('r')"})j");
  CHECK(scan.start_row == "z\xFF");
  CHECK(scan.stop_row == std::string("a\0", 2));
  CHECK(scan.prefix == "p");
  CHECK(scan.reversed);
  CHECK(scan.limit == 10);
  CHECK(scan.batch == 2);
  CHECK(scan.max_versions == 4);
  CHECK(scan.time_range.min_ms == 10);
  CHECK(scan.time_range.max_ms == 20);
  CHECK(scan.families == std::vector<std::string>{"f"});
  REQUIRE(scan.columns.size() == 1);
  CHECK(scan.columns[0].family == "g");
  CHECK(scan.filter == "PrefixFilter('r')");
}

TEST_CASE("scan: option errors") {
  const std::string head = R"({"op":"scan","table":"t",)";
  CHECK(ErrorOf(head + R"("reversed":"yes"})") ==
        "reversed: must be true or false, got \"yes\"");
  CHECK(ErrorOf(head + R"("limit":-1})") ==
        "limit: must be a non-negative integer (0 = unlimited), got -1");
  CHECK(ErrorOf(head + R"("batch":-2})") ==
        "batch: must be a non-negative integer (0 = whole rows), got -2");
  CHECK(ErrorOf(head + R"("start":5})") == "start: must be a string, got 5");
  CHECK(ErrorOf(head + R"("ts":5})").rfind("ts: unknown field", 0) == 0);
}

// ---- delete ---------------------------------------------------------------

TEST_CASE("delete: each explicit type") {
  const std::string head = R"({"op":"delete","table":"t","row":"r",)";
  Delete column = ParseAs<Delete>(
      head + R"("type":"column","family":"f","qualifier":"q"})");
  CHECK(column.type == DeleteType::kColumn);
  CHECK(column.family == "f");
  CHECK(column.qualifier == "q");
  CHECK_FALSE(column.timestamp.has_value());
  Delete columns = ParseAs<Delete>(
      head + R"("type":"columns","family":"f","qualifier":"","ts":100})");
  CHECK(columns.type == DeleteType::kColumns);
  CHECK(columns.qualifier.empty());
  CHECK(columns.timestamp == 100);
  CHECK(ParseAs<Delete>(head + R"("type":"family","family":"f"})").type ==
        DeleteType::kFamily);
  Delete version =
      ParseAs<Delete>(head + R"("type":"family_version","family":"f","ts":5})");
  CHECK(version.type == DeleteType::kFamilyVersion);
  CHECK(version.timestamp == 5);
  CHECK(ParseAs<Delete>(head + R"("type":"row","ts":9})").type ==
        DeleteType::kRow);
}

TEST_CASE("delete: type inferred from family and qualifier") {
  const std::string head = R"({"op":"delete","table":"t","row":"r")";
  CHECK(ParseAs<Delete>(head + "}").type == DeleteType::kRow);
  CHECK(ParseAs<Delete>(head + R"(,"family":"f"})").type ==
        DeleteType::kFamily);
  CHECK(ParseAs<Delete>(head + R"(,"family":"f","qualifier":"q"})").type ==
        DeleteType::kColumns);
  CHECK(ErrorOf(head + R"(,"qualifier":"q"})") ==
        "family: required when qualifier is given");
}

TEST_CASE("delete: shape errors per type") {
  const std::string head = R"({"op":"delete","table":"t","row":"r",)";
  CHECK(ErrorOf(head + R"("type":"cells"})") ==
        "type: unknown delete type 'cells' (expected column, columns, "
        "family, family_version, row)");
  CHECK(ErrorOf(head + R"("type":"column","family":"f"})") ==
        "qualifier: required for type 'column'");
  CHECK(ErrorOf(head + R"("type":"columns","qualifier":"q"})") ==
        "family: required for type 'columns'");
  CHECK(ErrorOf(head + R"("type":"family_version","family":"f"})") ==
        "ts: required for type 'family_version'");
  CHECK(ErrorOf(head + R"("type":"row","family":"f"})") ==
        "family: not allowed with type 'row'");
  CHECK(ErrorOf(head + R"("type":"family","family":"f","qualifier":"q"})") ==
        "qualifier: not allowed with type 'family'");
  CHECK(ErrorOf(head + R"("type":"row","ts":-3})") ==
        "ts: must be a non-negative integer (ms), got -3");
}

// ---- increment / append ----------------------------------------------------

TEST_CASE("increment: amount defaults to 1 and may be negative") {
  Increment inc = ParseAs<Increment>(
      R"({"op":"increment","table":"t","row":"r","family":"f",)"
      R"("qualifier":"n"})");
  REQUIRE(inc.columns.size() == 1);
  CHECK(inc.row == "r");
  CHECK(inc.columns[0].family == "f");
  CHECK(inc.columns[0].qualifier == "n");
  CHECK(inc.columns[0].amount == 1);
  CHECK(ParseAs<Increment>(
            R"({"op":"increment","table":"t","row":"r","family":"f",)"
            R"("qualifier":"n","amount":-9223372036854775808})")
            .columns[0]
            .amount == std::numeric_limits<int64_t>::min());
}

TEST_CASE("increment: errors") {
  const std::string head = R"({"op":"increment","table":"t","row":"r",)";
  CHECK(ErrorOf(head + R"("family":"f"})") == "qualifier: required");
  CHECK(ErrorOf(head + R"("qualifier":"q"})") == "family: required");
  CHECK(ErrorOf(head + R"("family":"f","qualifier":"q","amount":1.5})") ==
        "amount: must be an integer, got 1.5");
  CHECK(ErrorOf(head + R"("family":"f","qualifier":"q","value":"x"})") ==
        "value: unknown field (allowed: op, table, row, family, qualifier, "
        "amount, ttl_ms)");
}

TEST_CASE("append: family, qualifier and value") {
  Append app =
      ParseAs<Append>(R"({"op":"append","table":"t","row":"r","family":"f",)"
                      R"("qualifier":"q","value":"\\x00x"})");
  REQUIRE(app.columns.size() == 1);
  CHECK(app.columns[0].family == "f");
  CHECK(app.columns[0].qualifier == "q");
  CHECK(app.columns[0].value == std::string("\0x", 2));
  CHECK(ErrorOf(R"({"op":"append","table":"t","row":"r","family":"f",)"
                R"("qualifier":"q"})") == "value: required");
}

// ---- check_and_mutate -----------------------------------------------------

TEST_CASE("check_and_mutate: value condition with put and delete") {
  ExecRequest request = ParseOk(
      R"({"op":"check_and_mutate","table":"t","row":"r1",)"
      R"("condition":{"family":"f","qualifier":"q","op":">=","value":"5"},)"
      R"("mutations":[{"op":"put","cells":[{"family":"f","qualifier":"q",)"
      R"("value":"6"}]},{"op":"delete","table":"t","row":"r1",)"
      R"("family":"f","qualifier":"old","type":"column"}]})");
  const CheckAndMutate& cam = std::get<CheckAndMutate>(request.operation);
  CHECK(cam.row == "r1");
  CHECK(cam.family == "f");
  CHECK(cam.qualifier == "q");
  CHECK(cam.op == CompareOp::kGreaterOrEqual);
  CHECK(cam.value == "5");
  CHECK_FALSE(cam.check_not_exists);
  REQUIRE(cam.mutations.size() == 2);
  const Put& put = std::get<Put>(cam.mutations[0]);
  CHECK(put.row == "r1");
  CHECK(put.cells[0].value == "6");
  const Delete& del = std::get<Delete>(cam.mutations[1]);
  CHECK(del.row == "r1");
  CHECK(del.qualifier == "old");
  CHECK(del.type == DeleteType::kColumn);
}

TEST_CASE("check_and_mutate: every comparison operator") {
  const std::pair<const char*, CompareOp> ops[] = {
      {"<", CompareOp::kLess},
      {"<=", CompareOp::kLessOrEqual},
      {"=", CompareOp::kEqual},
      {"!=", CompareOp::kNotEqual},
      {">=", CompareOp::kGreaterOrEqual},
      {">", CompareOp::kGreater},
  };
  for (const auto& [text, op] : ops) {
    CAPTURE(text);
    CheckAndMutate cam = ParseAs<CheckAndMutate>(
        std::string(R"({"op":"check_and_mutate","table":"t","row":"r",)") +
        R"("condition":{"family":"f","qualifier":"q","op":")" + text +
        R"(","value":"v"},"mutations":[{"op":"delete"}]})");
    CHECK(cam.op == op);
  }
}

TEST_CASE("check_and_mutate: exists false") {
  CheckAndMutate cam = ParseAs<CheckAndMutate>(
      R"({"op":"check_and_mutate","table":"t","row":"r",)"
      R"("condition":{"family":"f","qualifier":"q","exists":false},)"
      R"("mutations":[{"op":"put","cells":[{"family":"f","qualifier":"q",)"
      R"("value":"first"}]}]})");
  CHECK(cam.check_not_exists);
  REQUIRE(cam.mutations.size() == 1);
}

TEST_CASE("check_and_mutate: condition errors") {
  const std::string head = R"({"op":"check_and_mutate","table":"t","row":"r",)";
  const std::string tail = R"(,"mutations":[{"op":"delete"}]})";
  CHECK(ErrorOf(head + R"("mutations":[{"op":"delete"}]})") ==
        "condition: required");
  CHECK(ErrorOf(head + R"("condition":[])" + tail) ==
        "condition: must be a JSON object, got []");
  CHECK(ErrorOf(head +
                R"("condition":{"family":"f","qualifier":"q","value":"v"})" +
                tail) ==
        "condition.op: required (<, <=, =, !=, >=, >), or \"exists\": false");
  CHECK(ErrorOf(head +
                R"("condition":{"family":"f","qualifier":"q","op":"==",)"
                R"("value":"v"})" +
                tail) ==
        "condition.op: unknown comparison '==' (expected <, <=, =, !=, >=, "
        ">)");
  CHECK(ErrorOf(head +
                R"("condition":{"family":"f","qualifier":"q","op":"="})" +
                tail) == "condition.value: required");
  CHECK(ErrorOf(head +
                R"("condition":{"family":"f","qualifier":"q","exists":true})" +
                tail) ==
        "condition.exists: only false is supported (test a present cell "
        "with \"op\" and \"value\")");
  CHECK(ErrorOf(head +
                R"("condition":{"family":"f","qualifier":"q","exists":false,)"
                R"("value":"v"})" +
                tail) == "condition.value: not allowed with \"exists\": false");
  CHECK(ErrorOf(head +
                R"("condition":{"family":"f","qualifier":"q","op":"=",)"
                R"("value":"v","row":"r"})" +
                tail) ==
        "condition.row: unknown field (allowed: family, qualifier, op, "
        "value, exists)");
}

TEST_CASE("check_and_mutate: mutation errors") {
  const std::string head =
      R"({"op":"check_and_mutate","table":"t","row":"r1",)"
      R"("condition":{"family":"f","qualifier":"q","exists":false},)";
  CHECK(ErrorOf(head + R"("mutations":[]})") ==
        "mutations: must be a non-empty array, got []");
  CHECK(ErrorOf(head + R"("mutations":[{"op":"increment"}]})") ==
        "mutations[0].op: 'increment' is not allowed in check_and_mutate's "
        "mutations (expected put, delete)");
  CHECK(ErrorOf(head + R"("mutations":[{"op":"delete"},)"
                       R"({"op":"delete","row":"r2"}]})") ==
        "mutations[1].row: must be the checked row 'r1', got 'r2'");
  CHECK(ErrorOf(head + R"("mutations":[{"op":"delete","table":"u"}]})") ==
        "mutations[0].table: must be the enclosing table 't', got 'u'");
  CHECK(ErrorOf(head + R"("mutations":[{"op":"put","cells":[{"family":"f",)"
                       R"("qualifier":"q","value":"\\"}]}]})") ==
        "mutations[0].cells[0].value: bad escape at offset 0" + kBadEscape);
}

// ---- batch ----------------------------------------------------------------

TEST_CASE("batch: every allowed op in order") {
  ExecRequest request = ParseOk(
      R"({"op":"batch","table":"t","ops":[)"
      R"({"op":"put","row":"a","cells":[{"family":"f","qualifier":"q",)"
      R"("value":"1"}]},)"
      R"({"op":"delete","table":"t","row":"b"},)"
      R"({"op":"increment","row":"c","family":"f","qualifier":"n",)"
      R"("amount":2},)"
      R"({"op":"append","row":"d","family":"f","qualifier":"s","value":"x"},)"
      R"({"op":"check_and_mutate","row":"e","condition":{"family":"f",)"
      R"("qualifier":"q","exists":false},"mutations":[{"op":"delete"}]}]})");
  const ExecBatch& batch = std::get<ExecBatch>(request.operation);
  REQUIRE(batch.mutations.size() == 5);
  CHECK(std::get<Put>(batch.mutations[0]).row == "a");
  CHECK(std::get<Delete>(batch.mutations[1]).row == "b");
  CHECK(std::get<Increment>(batch.mutations[2]).columns[0].amount == 2);
  CHECK(std::get<Append>(batch.mutations[3]).columns[0].value == "x");
  const CheckAndMutate& cam = std::get<CheckAndMutate>(batch.mutations[4]);
  CHECK(cam.row == "e");
  CHECK(std::get<Delete>(cam.mutations[0]).row == "e");
}

TEST_CASE("batch: an empty ops list is accepted") {
  CHECK(ParseAs<ExecBatch>(R"({"op":"batch","table":"t","ops":[]})")
            .mutations.empty());
}

TEST_CASE("batch: errors name the op") {
  const std::string head = R"({"op":"batch","table":"t","ops":)";
  CHECK(ErrorOf(R"({"op":"batch","table":"t"})") == "ops: required");
  CHECK(ErrorOf(head + "{}}") == "ops: must be an array, got {}");
  CHECK(ErrorOf(head + "[1]}") == "ops[0]: must be a JSON object, got 1");
  CHECK(ErrorOf(head + R"([{"op":"scan"}]})") ==
        "ops[0].op: 'scan' is not allowed in a batch (expected put, delete, "
        "increment, append, check_and_mutate)");
  CHECK(ErrorOf(head + R"([{"op":"batch","ops":[]}]})") ==
        "ops[0].op: 'batch' is not allowed in a batch (expected put, "
        "delete, increment, append, check_and_mutate)");
  CHECK(ErrorOf(head + R"([{"op":"frob"}]})") ==
        "ops[0].op: unknown operation 'frob' (expected put, delete, "
        "increment, append, check_and_mutate)");
  CHECK(ErrorOf(head + R"([{"op":"delete","row":"r"},)"
                       R"({"op":"delete","table":"u","row":"r"}]})") ==
        "ops[1].table: must be the enclosing table 't', got 'u'");
  CHECK(ErrorOf(head + R"([{"op":"delete","row":"r"},{"op":"put","row":"r",)"
                       R"("cells":[{"family":"f","qualifier":"q","value":"v",)"
                       R"("ts":-1}]}]})") ==
        "ops[1].cells[0].ts: must be a non-negative integer (ms), got -1");
  CHECK(ErrorOf(head + R"([{"op":"check_and_mutate","row":"r","condition":)"
                       R"({"family":"f","qualifier":"q","exists":false},)"
                       R"("mutations":[{"op":"put","cells":[{"family":"f",)"
                       R"("qualifier":"q","value":"v","ts":1.0}]}]}]})") ==
        "ops[0].mutations[0].cells[0].ts: must be a non-negative integer "
        "(ms), got 1.0");
}

TEST_CASE("JSON \\u escapes are raw bytes too") {
  Get get = ParseAs<Get>(R"({"op":"get","table":"t","row":"a\u0000b"})");
  CHECK(get.row == std::string("a\0b", 3));
}

// ---- robustness -----------------------------------------------------------

TEST_CASE("deep nesting is refused before parsing") {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  CHECK(ErrorOf(deep) == "request: nested deeper than 32 levels");
  CHECK(
      ErrorOf(R"({"op":"get","table":"t","row":)" + std::string(50000, '[')) ==
      "request: nested deeper than 32 levels");
  // Brackets inside strings do not count.
  Get get = ParseAs<Get>(R"({"op":"get","table":"t","row":")" +
                         std::string(100, '[') + R"(\"{"})");
  CHECK(get.row == std::string(100, '[') + "\"{");
  CHECK(ErrorOf(R"({"op":"get","table":"t","row":[[[1]]]})") ==
        "row: must be a string, got [[[1]]]");
}

TEST_CASE("random and mutated input never crashes and always explains") {
  const std::string seeds[] = {
      R"({"op":"put","table":"t","row":"r","cells":[{"family":"f","qualifier":"q","value":"v","ts":1}]})",
      R"({"op":"scan","table":"t","start":"a","stop":"z","time_range":[0,9],"columns":["f:q"]})",
      R"({"op":"batch","table":"t","ops":[{"op":"check_and_mutate","row":"r","condition":{"family":"f","qualifier":"q","op":"=","value":"v"},"mutations":[{"op":"delete"}]}]})",
  };
  std::mt19937 rng(42);
  int parsed = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string line = seeds[i % 3];
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      const size_t at = rng() % line.size();
      switch (rng() % 3) {
        case 0:
          line[at] = static_cast<char>(rng() % 256);
          break;
        case 1:
          line.erase(at, 1 + rng() % 3);
          break;
        default:
          line.insert(at, 1, "{}[]\",:\\0-9 x"[rng() % 14]);
          break;
      }
      if (line.empty()) line = "{";
    }
    Result<ExecRequest> r = ParseExecRequest(line);
    if (r.ok()) {
      ++parsed;
    } else {
      REQUIRE(r.status().IsInvalidArgument());
      REQUIRE_FALSE(r.status().message().empty());
    }
  }
  CHECK(parsed > 0);
}

TEST_CASE("get and scan: consistency") {
  // obkvlite/read_consistency.h; absent: the store's.
  CHECK(!ParseAs<Get>(R"({"op":"get","table":"t","row":"r"})")
             .consistency.has_value());
  CHECK(
      ParseAs<Get>(R"({"op":"get","table":"t","row":"r","consistency":"weak"})")
          .consistency == ReadConsistency::kWeak);
  CHECK(ParseAs<Scan>(R"({"op":"scan","table":"t","consistency":"strong"})")
            .consistency == ReadConsistency::kStrong);
  CHECK(ErrorOf(R"({"op":"scan","table":"t","consistency":"timeline"})") ==
        "consistency: must be \"strong\" or \"weak\", got \"timeline\"");
  CHECK(ErrorOf(R"({"op":"get","table":"t","row":"r","consistency":1})")
            .rfind("consistency: ", 0) == 0);
}

}  // namespace
}  // namespace cli
}  // namespace obkvlite
