// Copyright (c) obkvlite authors.
//
// The cell TTL (FamilySpec::cell_ttl, Put/Increment/Append::ttl_ms) on the
// command line's surfaces:
//   - the shell's create {NAME => 'f', CELL_TTL => true}, describe, and
//     put, incr and append with {TTL => ms} (HBase's set_op_ttl), after a
//     timestamp too;
//   - exec's "ttl_ms" on put, increment and append, alone and in a batch;
//   - load's HBASE_CELL_TTL column (ImportTsv's);
//   - export --dialect's `TTL` column.
// A cell stamped in 1970 with a TTL of a few seconds is long expired and a
// TTL of 10^15 ms keeps it, so what reads show does not depend on the
// clock. Each refusal names its field and leaves the store as it was.

#include <doctest/doctest.h>

#include <string>

#include "cli_test_support.h"
#include "tools/cli/shell/shell_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

constexpr const char* kSpec = R"j({"table": "t", "families": [
    {"name": "f", "cell_ttl": true, "max_versions": 3}, {"name": "g"}]})j";

// The INSERT lines of `export t --dialect mysql` (the DDL left out).
std::string DumpRows(CliSandbox& box) {
  const CliRun run = box.Run({"export", "t", "--dialect", "mysql"});
  INFO(run.err);
  CHECK(run.code == 0);
  std::string rows;
  size_t at = run.out.find("INSERT INTO");
  while (at != std::string::npos) {
    const size_t end = run.out.find(";\n", at);
    rows += run.out.substr(at, end + 2 - at);
    at = run.out.find("INSERT INTO", end);
  }
  return rows;
}

TEST_CASE("shell: CELL_TTL => true, describe, put/incr/append {TTL => ms}") {
  Shell sh;
  sh.Ok("create 't', {NAME => 'f', CELL_TTL => true, VERSIONS => 3}, 'g'\n");
  const std::string described = sh.Ok("describe 't'\n");
  CHECK(described.find("{NAME => 'f', VERSIONS => '3', TTL => 'FOREVER', "
                       "VALUE_TYPE => 'varbinary(1048576)', CELL_TTL => "
                       "'true'}") != std::string::npos);
  CHECK(described.find("{NAME => 'g', VERSIONS => '1', TTL => 'FOREVER', "
                       "VALUE_TYPE => 'varbinary(1048576)'}") !=
        std::string::npos);
  // 1970's cells: TTL 5000 expired long ago, 10^15 ms has not.
  sh.Ok(
      "put 't', 'r', 'f:a', 'old', 1000, {TTL => 5000}\n"
      "put 't', 'r', 'f:a', 'kept', 2000, {TTL => 1000000000000000}\n"
      "put 't', 'r', 'f:a', 'gone', 3000, {TTL => 5000}\n"
      "put 't', 'r', 'f:b', 'plain', 1000\n");
  // The expired newest version is no version: 'kept' shows through.
  CHECK(WithoutTimestamps(sh.Ok("get 't', 'r'\n")) ==
        "COLUMN                         CELL\n"
        " f:a                           timestamp=1970-01-01T00:00:02, "
        "value=kept\n"
        " f:b                           timestamp=1970-01-01T00:00:01, "
        "value=plain\n"
        "1 row(s)\n");
  CHECK(DumpRows(sh.box) ==
        "INSERT INTO `t$f` (`K`, `Q`, `T`, `V`, `TTL`) VALUES\n"
        "(X'72', X'61', -3000, X'676F6E65', 5000),\n"
        "(X'72', X'61', -2000, X'6B657074', 1000000000000000),\n"
        "(X'72', X'61', -1000, X'6F6C64', 5000),\n"
        "(X'72', X'62', -1000, X'706C61696E', NULL);\n");
  // incr and append take the TTL given, else keep the old cell's.
  sh.Ok(
      "incr 't', 'c', 'f:n', 2, {TTL => 70000}\n"
      "incr 't', 'c', 'f:n'\n"
      "append 't', 'c', 'f:s', 'x', {TTL => 80000}\n");
  CHECK(sh.Ok("get_counter 't', 'c', 'f:n'\n") == "COUNTER VALUE = 3\n");
  const std::string dump = DumpRows(sh.box);
  CHECK(dump.find("X'6E', -") != std::string::npos);
  // Both versions of the counter carry 70000; the append's cell 80000.
  size_t counters = 0;
  for (size_t at = dump.find("X'6E', -"); at != std::string::npos;
       at = dump.find("X'6E', -", at + 1)) {
    const size_t end = dump.find(')', at);
    CHECK(dump.substr(end - 7, 7) == ", 70000");
    ++counters;
  }
  CHECK(counters == 2);
  CHECK(dump.find("X'78', 80000)") != std::string::npos);
}

TEST_CASE("shell: a TTL is refused naming it, and writes nothing") {
  Shell sh;
  sh.Ok("create 't', {NAME => 'f', CELL_TTL => true}, 'g'\n");
  const auto refused = [&](const std::string& line) {
    const CliRun run = sh.Run(line);
    CHECK(run.code == 1);
    return run.err;
  };
  CHECK(refused("put 't', 'r', 'g:a', 'v', {TTL => 1000}\n") ==
        "ERROR: line 1: put: ttl_ms: family 'g' keeps no cell TTL (its spec "
        "has no \"cell_ttl\": true)\n");
  CHECK(refused("put 't', 'r', 'f:a', 'v', {TTL => -1}\n") ==
        "ERROR: line 1: put: TTL must be a non-negative integer, got -1\n");
  CHECK(refused("incr 't', 'r', 'f:n', 1, {TTL => 'soon'}\n") ==
        "ERROR: line 1: incr: TTL must be a non-negative integer, got "
        "'soon'\n");
  CHECK(refused("append 't', 'r', 'g:s', 'x', {TTL => 5}\n") ==
        "ERROR: line 1: append: ttl_ms: family 'g' keeps no cell TTL (its "
        "spec has no \"cell_ttl\": true)\n");
  CHECK(DumpRows(sh.box).empty());
  // alter cannot add the column to a family that has none.
  const CliRun alter = sh.Run("alter 't', {NAME => 'g', CELL_TTL => true}\n");
  CHECK(alter.code == 1);
  CHECK(alter.err.find("cell_ttl") != std::string::npos);
}

TEST_CASE("exec: ttl_ms on put, increment and append") {
  CliSandbox box;
  box.Create("t", kSpec);
  const CliRun run = box.Run(
      {"exec"},
      R"j({"op": "put", "table": "t", "row": "r", "ttl_ms": 5000, "cells": [{"family": "f", "qualifier": "a", "value": "old", "ts": 1000}]}
{"op": "batch", "table": "t", "ops": [{"op": "put", "row": "r", "ttl_ms": 1000000000000000, "cells": [{"family": "f", "qualifier": "a", "value": "kept", "ts": 2000}]}]}
{"op": "get", "table": "t", "row": "r"}
)j");
  INFO(run.err);
  CHECK(run.code == 0);
  CHECK(run.out.find("\"value\":\"kept\"") != std::string::npos);
  CHECK(run.out.find("\"value\":\"old\"") == std::string::npos);
  const CliRun counters = box.Run(
      {"exec"},
      R"j({"op": "increment", "table": "t", "row": "c", "family": "f", "qualifier": "n", "amount": 5, "ttl_ms": 60000}
{"op": "append", "table": "t", "row": "c", "family": "f", "qualifier": "s", "value": "x", "ttl_ms": 90000}
)j");
  INFO(counters.err);
  CHECK(counters.code == 0);
  const std::string dump = DumpRows(box);
  CHECK(dump.find("X'6E', -") != std::string::npos);
  CHECK(dump.find(", 60000)") != std::string::npos);
  CHECK(dump.find("X'78', 90000)") != std::string::npos);
  CHECK(dump.find("X'6B657074', 1000000000000000)") != std::string::npos);

  const std::string before = DumpRows(box);
  const auto refused = [&](const std::string& line) {
    const CliRun bad = box.Run({"exec"}, line + "\n");
    CHECK(bad.code != 0);
    return bad.out + bad.err;
  };
  CHECK(
      refused(
          R"j({"op": "put", "table": "t", "row": "r", "ttl_ms": -1, "cells": [{"family": "f", "qualifier": "a", "value": "v"}]})j")
          .find("ttl_ms: must be a TTL in milliseconds, >= 0") !=
      std::string::npos);
  CHECK(
      refused(
          R"j({"op": "increment", "table": "t", "row": "r", "family": "g", "qualifier": "n", "ttl_ms": 5})j")
          .find("ttl_ms: family 'g' keeps no cell TTL") != std::string::npos);
  CHECK(refused(R"j({"op": "delete", "table": "t", "row": "r", "ttl_ms": 5})j")
            .find("ttl_ms") != std::string::npos);
  CHECK(DumpRows(box) == before);
}

TEST_CASE("load: HBASE_CELL_TTL is each record's cell TTL") {
  CliSandbox box;
  box.Create("t", kSpec);
  const std::string columns = "HBASE_ROW_KEY,HBASE_TS_KEY,f:a,HBASE_CELL_TTL";
  const CliRun run =
      box.Run({"load", "t",
               box.WriteFile("d.tsv",
                             "r1\t1000\told\t5000\n"
                             "r2\t1000\tkept\t1000000000000000\n"),
               "--columns", columns});
  INFO(run.err);
  REQUIRE(run.code == 0);
  CHECK(DumpRows(box) ==
        "INSERT INTO `t$f` (`K`, `Q`, `T`, `V`, `TTL`) VALUES\n"
        "(X'7231', X'61', -1000, X'6F6C64', 5000),\n"
        "(X'7232', X'61', -1000, X'6B657074', 1000000000000000);\n");
  const CliRun read = box.Run({"export", "t"});
  CHECK(read.out == "r2\tf:a\t1000\tkept\n");  // r1's cell has expired

  const std::string bad = box.WriteFile("bad.tsv", "r3\t1000\tv\tsoon\n");
  const CliRun refused = box.Run({"load", "t", bad, "--columns", columns});
  CHECK(refused.code == 1);
  CHECK(refused.err == "obkv: " + bad +
                           ":1: ttl: must be a non-negative integer (ms), got "
                           "\"soon\"\n");
  CHECK(box.Run({"export", "t"}).out == "r2\tf:a\t1000\tkept\n");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
