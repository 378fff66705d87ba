// Copyright (c) obkvlite authors.
//
// `obkv shell` with piped stdin, in-process: HBase shell syntax for every
// command with its exact output, describe's descriptor style, errors that
// name the line and the argument and leave the store unchanged, and the
// lexer/parser on malformed lines. (scripts/shell_tmux_test.sh drives the
// real binary on a terminal.)

#include <doctest/doctest.h>

#include <string>

#include "cli_test_support.h"
#include "tools/cli/shell_describe.h"
#include "tools/cli/shell_parser.h"

namespace obkvlite {
namespace testing {
namespace {

struct Shell {
  // Runs `lines` through `obkv shell`; returns stdout.
  CliRun Run(const std::string& lines) { return box.Run({"shell"}, lines); }
  std::string Ok(const std::string& lines) {
    const CliRun run = Run(lines);
    INFO(run.err);
    CHECK(run.code == 0);
    CHECK(run.err.empty());
    return run.out;
  }
  CliSandbox box;
};

constexpr const char* kCreate =
    "create 't', {NAME => 'f', VERSIONS => 3}, 'g', NUMREGIONS => 7\n"
    "put 't','r1','f:q','v1', 100\n"
    "put 't','r1','f:q','v2', 200\n"
    "put 't', \"r2\\x00\", 'g:a', \"x\\ty\", 5\n"
    "put 't','a1','f:q','av', 7\n";

TEST_CASE("shell: create, put, get, scan, count, list from piped stdin") {
  Shell sh;
  CHECK(sh.Ok(kCreate) == "Created table t\n");
  CHECK(sh.Ok("get 't','r1',{COLUMN => 'f:q', VERSIONS => 3}\n") ==
        "COLUMN                         CELL\n"
        " f:q                           timestamp=200, value=v2\n"
        " f:q                           timestamp=100, value=v1\n"
        "1 row(s)\n");
  CHECK(sh.Ok("get 't','r1'\nget 't','zz'\n") ==
        "COLUMN                         CELL\n"
        " f:q                           timestamp=200, value=v2\n"
        "1 row(s)\n"
        "COLUMN                         CELL\n"
        "0 row(s)\n");
  CHECK(sh.Ok("scan 't', {STARTROW => 'a', LIMIT => 10, FILTER => "
              "\"PrefixFilter('a')\"}\n") ==
        "ROW                            COLUMN+CELL\n"
        " a1                            column=f:q, timestamp=7, value=av\n"
        "1 row(s)\n");
  CHECK(sh.Ok("scan 't'\n") ==
        "ROW                            COLUMN+CELL\n"
        " a1                            column=f:q, timestamp=7, value=av\n"
        " r1                            column=f:q, timestamp=200, value=v2\n"
        " r2\\x00                        column=g:a, timestamp=5, "
        "value=x\\x09y\n"
        "3 row(s)\n");
  CHECK(sh.Ok("scan 't', {REVERSED => true, LIMIT => 1, COLUMNS => ['f']}\n")
            .find(" r1  ") != std::string::npos);
  CHECK(sh.Ok("count 't'\nlist\n") == "3 row(s)\nTABLE\nt\n1 row(s)\n");
}

TEST_CASE("shell: delete, deleteall, truncate") {
  Shell sh;
  sh.Ok(kCreate);
  // delete: versions <= TS of one column.
  CHECK(sh.Ok("delete 't','r1','f:q', 100\n").empty());
  CHECK(sh.box.Run({"export", "t"}).out ==
        "a1\tf:q\t7\tav\nr1\tf:q\t200\tv2\nr2\\x00\tg:a\t5\tx\\x09y\n");
  CHECK(sh.Ok("deleteall 't','r1'\ndeleteall 't', \"r2\\x00\", 'g'\n").empty());
  CHECK(sh.box.Run({"export", "t"}).out == "a1\tf:q\t7\tav\n");
  CHECK(sh.Ok("truncate 't'\ncount 't'\n") ==
        "Truncating 't' table (it may take a while):\n0 row(s)\n");
  CHECK(sh.Ok("describe 't'\n").find("{NAME => 'f', VERSIONS => '3'") !=
        std::string::npos);  // the spec survives truncate
}

TEST_CASE("shell: describe in HBase's descriptor style plus partitioning") {
  Shell sh;
  sh.Ok(
      "create 't', {NAME => 'f', VERSIONS => 3, TTL => 3600}, "
      "{NAME => 'g', TTL => 'FOREVER', VALUE_TYPE => 'longblob'}, "
      "SPLITS => ['m']\n");
  CHECK(sh.Ok("describe 't'\n") ==
        "Table t is ENABLED\n"
        "t\n"
        "COLUMN FAMILIES DESCRIPTION\n"
        "{NAME => 'f', VERSIONS => '3', TTL => '3600 SECONDS (1 HOUR)', "
        "VALUE_TYPE => 'varbinary(1048576)'}\n"
        "  PARTITIONING => 'RANGE COLUMNS(K) ('m', MAXVALUE)', TABLES => '2'\n"
        "{NAME => 'g', VERSIONS => '2147483647', TTL => 'FOREVER', "
        "VALUE_TYPE => 'longblob'}\n"
        "  PARTITIONING => 'RANGE COLUMNS(K) ('m', MAXVALUE)', TABLES => '2'\n"
        "2 row(s)\n");
  CHECK(cli::HumanReadableTtl(0) == "FOREVER");
  CHECK(cli::HumanReadableTtl(1) == "1 SECOND");
  CHECK(cli::HumanReadableTtl(59) == "59 SECONDS");
  CHECK(cli::HumanReadableTtl(60) == "60 SECONDS (1 MINUTE)");
  CHECK(cli::HumanReadableTtl(90061) ==
        "90061 SECONDS (1 DAY 1 HOUR 1 MINUTE 1 SECOND)");
  CHECK(cli::HumanReadableTtl(2 * 86400 + 7200) ==
        "180000 SECONDS (2 DAYS 2 HOURS)");
}

TEST_CASE("shell: a bad line names line and argument, writes nothing") {
  Shell sh;
  sh.Ok(kCreate);
  const std::string before = sh.box.Run({"export", "t"}).out;
  const CliRun run = sh.Run(
      "put 't','r1'\n"
      "scan 't', {BOGUS => 1}\n"
      "put 't','r9','f:q','v', 'x'\n"
      "get 't', 'r1', {COLUMN => 'f:q'\n"
      "frob 't'\n"
      "put 't','r9','zz:q','v'\n"
      "put 't','r9','fq','v'\n"
      "put 't','r9','f:q','v', -1\n"
      "put 't', '', 'f:q', 'v'\n"
      "put 't', 'r9', 'f:q', 'unterminated\n"
      "scan 't', {LIMIT => 0}\n"
      "get 'nope', 'r'\n"
      "create 'x', {NAME => 'f', VERSIONS => -3}\n"
      "create 'x', 'f', NUMREGIONS => 9000\n"
      "count 't'\n");
  CHECK(run.code == 1);
  CHECK(run.out == "3 row(s)\n");  // only the last line succeeded
  CHECK(run.err ==
        "ERROR: line 1: put: takes 'TABLE', 'ROW', 'FAMILY:QUALIFIER', "
        "'VALUE'[, TS], got 2 arguments\n"
        "ERROR: line 2: scan: unknown option BOGUS\n"
        "ERROR: line 3: put: TS must be a non-negative integer, got 'x'\n"
        "ERROR: line 4: column 32: expected ',' or '}', got the end of the "
        "line\n"
        "ERROR: line 5: unknown command 'frob' (try help)\n"
        "ERROR: line 6: put: cells[0].family: unknown family 'zz' in table "
        "'t'\n"
        "ERROR: line 7: put: COLUMN must be 'family:qualifier', got 'fq'\n"
        "ERROR: line 8: put: TS must be a non-negative integer, got -1\n"
        "ERROR: line 9: put: row: must not be empty\n"
        "ERROR: line 10: column 23: unterminated string\n"
        "ERROR: line 11: scan: LIMIT must be a positive integer, got 0\n"
        "ERROR: line 12: get: table 'nope' not found\n"
        "ERROR: line 13: create: VERSIONS must be a positive integer, got -3\n"
        "ERROR: line 14: create: partition.partitions: must be an integer "
        "between 1 and 8192, got 9000\n");
  CHECK(sh.box.Run({"export", "t"}).out == before);
  CHECK(sh.box.Run({"list"}).out == "t\n");
}

TEST_CASE("shell: help, comments, exit, --help") {
  Shell sh;
  const std::string help = sh.Ok("# a comment\n\nhelp\nexit\nlist\n");
  CHECK(help.rfind("create 'TABLE', 'FAMILY'", 0) == 0);
  CHECK(help.find("TABLE\n") == std::string::npos);  // list after exit
  CHECK(CliSandbox::RunBare({"shell", "--help"}).out.find("HBase shell") !=
        std::string::npos);
  CHECK(CliSandbox::RunBare({"shell"}).code == 2);  // --store required
}

TEST_CASE("shell parser: values, escapes, trailing hash, errors") {
  using cli::ParseShellLine;
  using cli::ShellValue;
  Result<cli::ShellCommand> c = ParseShellLine(
      "get 't', \"a\\x00\\xFFb\", 'it\\'s \\x', {K => [1, -2], "
      "\"s\" => true}, X => 'y'");
  REQUIRE(c.ok());
  CHECK(c->name == "get");
  REQUIRE(c->args.size() == 5);
  CHECK(c->args[1].text == std::string("a\0\xFF"
                                       "b",
                                       4));
  CHECK(c->args[2].text == "it's \\x");  // single quotes keep \x
  CHECK(c->args[3].kind == ShellValue::Kind::kMap);
  CHECK(c->args[3].entries[0].first == "K");
  CHECK(c->args[3].entries[0].second.items[1].integer == -2);
  CHECK(c->args[3].entries[1].second.text == "true");
  CHECK(c->args[4].entries[0].first == "X");  // trailing hash
  CHECK(ParseShellLine("   # only a comment").value().name.empty());
  CHECK(ParseShellLine("put 't' 'r'").status().message() ==
        "column 9: expected ',' or the end, got 'r'");
  CHECK(ParseShellLine("put 't', @").status().message() ==
        "column 10: unexpected character '@'");
  CHECK(ParseShellLine("put \"\\x\"").status().message() ==
        "column 8: \\x must be followed by hex digits");
  CHECK(ParseShellLine("x 99999999999999999999").status().message() ==
        "column 3: integer out of range");
  CHECK(ParseShellLine("x " + std::string(40, '[')).status().message() ==
        "column 20: expected at most 16 levels of nesting, got '['");
  CHECK(ParseShellLine("'t'").status().message() ==
        "column 1: expected a command name, got 't'");
  CHECK(ParseShellLine(std::string("put '\xFF\x01'")).value().args[0].text ==
        "\xFF\x01");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
