// Copyright (c) obkvlite authors.
//
// Output formats of the CLI that need no store: exec result lines (exact
// JSON text), the human cell line, the aligned text table and the
// "family:qualifier" form.

#include "tools/cli/exec/exec_response.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tools/cli/column_text.h"
#include "tools/cli/print_cells.h"
#include "tools/cli/text_table.h"

namespace obkvlite {
namespace cli {
namespace {

Cell MakeCell(std::string row, std::string family, std::string qualifier,
              int64_t ts, std::string value) {
  Cell cell;
  cell.row = std::move(row);
  cell.family = std::move(family);
  cell.qualifier = std::move(qualifier);
  cell.timestamp = ts;
  cell.value = std::move(value);
  return cell;
}

TEST_CASE("exec response: ok") {
  CHECK(FormatExecResponse(ExecResponse::Ok()) == R"({"ok":true})");
}

TEST_CASE("exec response: cells in key order, bytes escaped") {
  const std::vector<Cell> cells = {
      MakeCell("r1", "f", "q", 100, "v"),
      MakeCell(std::string("a\0b", 3), "f", "\\", 7, "\xFF\x7F"),
  };
  CHECK(FormatExecResponse(ExecResponse::Cells(cells)) ==
        R"({"ok":true,"cells":[)"
        R"({"row":"r1","family":"f","qualifier":"q","ts":100,"value":"v"},)"
        R"({"row":"a\\x00b","family":"f","qualifier":"\\x5C","ts":7,)"
        R"("value":"\\xFF\\x7F"}]})");
}

TEST_CASE("exec response: no cells is an empty array") {
  CHECK(FormatExecResponse(ExecResponse::Cells({})) ==
        R"({"ok":true,"cells":[]})");
}

TEST_CASE("exec response: success") {
  CHECK(FormatExecResponse(ExecResponse::Success(true)) ==
        R"({"ok":true,"success":true})");
  CHECK(FormatExecResponse(ExecResponse::Success(false)) ==
        R"({"ok":true,"success":false})");
}

TEST_CASE("exec response: batch results nest each op's result") {
  const ExecResponse response = ExecResponse::Results({
      ExecResponse::Ok(),
      ExecResponse::Cells({MakeCell("r", "f", "n", 5, "x")}),
      ExecResponse::Success(false),
  });
  CHECK(FormatExecResponse(response) ==
        R"({"ok":true,"results":[{"ok":true},)"
        R"({"ok":true,"cells":[{"row":"r","family":"f","qualifier":"n",)"
        R"("ts":5,"value":"x"}]},{"ok":true,"success":false}]})");
}

TEST_CASE("exec response: error code and message") {
  CHECK(FormatExecError(Status::InvalidArgument(
            "cells[0].qualifier: 300 bytes, limit 256")) ==
        R"({"ok":false,"error":{"code":"InvalidArgument",)"
        R"("message":"cells[0].qualifier: 300 bytes, limit 256"}})");
  CHECK(FormatExecError(Status::NotFound("table 'x' not found")) ==
        R"({"ok":false,"error":{"code":"NotFound",)"
        R"("message":"table 'x' not found"}})");
  CHECK(FormatExecResult(Result<ExecResponse>(Status::Busy("locked"))) ==
        R"({"ok":false,"error":{"code":"Busy","message":"locked"}})");
}

TEST_CASE("exec response: invalid UTF-8 in a message is replaced") {
  CHECK(FormatExecError(Status::InvalidArgument("bad \xFF")) ==
        "{\"ok\":false,\"error\":{\"code\":\"InvalidArgument\","
        "\"message\":\"bad \xEF\xBF\xBD\"}}");
}

TEST_CASE("human cell line: row  family:qualifier  @ts  value") {
  CHECK(FormatCell(MakeCell("r1", "f", "q", 100, "v")) == "r1  f:q  @100  v");
  CHECK(FormatCell(MakeCell(std::string("\0", 1), "f", "", 1, "a b\\")) ==
        "\\x00  f:  @1  a b\\x5C");
  std::ostringstream out;
  PrintCells({MakeCell("a", "f", "q", 2, "x"), MakeCell("a", "f", "q", 1, "y")},
             out);
  CHECK(out.str() == "a  f:q  @2  x\na  f:q  @1  y\n");
}

TEST_CASE("text table: aligned, header and dashes, no trailing padding") {
  std::ostringstream out;
  PrintTextTable({"K", "QUAL", "T"},
                 {{"row1", "q", "-100"}, {"r", "qualifier", "-5"}}, out);
  CHECK(out.str() ==
        "K     QUAL       T\n"
        "----  ---------  ----\n"
        "row1  q          -100\n"
        "r     qualifier  -5\n");
}

TEST_CASE("text table: UTF-8 counts characters; empty last cells") {
  std::ostringstream out;
  PrintTextTable({"a", "b"}, {{"\xC3\xA9t\xC3\xA9", ""}, {"x", "y"}}, out);
  CHECK(out.str() ==
        "a    b\n"
        "---  -\n"
        "\xC3\xA9t\xC3\xA9\n"
        "x    y\n");
}

TEST_CASE("text table: no rows prints the header") {
  std::ostringstream out;
  PrintTextTable({"name"}, {}, out);
  CHECK(out.str() == "name\n----\n");
}

TEST_CASE("column text: split at the first colon") {
  Result<ColumnText> c = SplitColumnText("f:a\\x3A:b", "--column");
  REQUIRE(c.ok());
  CHECK(c->family == "f");
  CHECK(c->qualifier == "a\\x3A:b");
  Result<Column> parsed = ParseColumn("f:a\\x3A:b", "--column");
  REQUIRE(parsed.ok());
  CHECK(parsed->qualifier == "a::b");
  CHECK(SplitColumnText("f", "--column").status().message() ==
        "--column: must be \"family:qualifier\" with a non-empty family, got "
        "\"f\"");
}

}  // namespace
}  // namespace cli
}  // namespace obkvlite
