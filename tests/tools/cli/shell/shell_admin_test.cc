// Copyright (c) obkvlite authors.
//
// `obkv shell` in-process, with piped stdin or a FILE: each command with the
// output the HBase shell documents for it (the HBase file is named at each
// test), describe's descriptor style, errors that name the line and the
// argument and leave the store unchanged. The lexer, parser and converters
// are in shell_syntax_test.cc; scripts/shell_tmux_test.sh drives the real
// binary on a terminal.

#include <doctest/doctest.h>

#include <cstdlib>
#include <ctime>

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "cli_test_support.h"
#include "hbase/filter/filter_factory.h"
#include "source_files.h"

namespace obkvlite {
namespace testing {
namespace {

// HBase's "Took %.4f seconds" (hbase-shell commands.rb command_safe).
const std::regex kTookLine("Took [0-9]+\\.[0-9]{4} seconds\n");

// `out` without its "Took N.NNNN seconds" lines; `*count` gets how many
// there were. A line that only looks like one stays and fails the test.
std::string WithoutTook(const std::string& out, int* count = nullptr) {
  if (count != nullptr) {
    *count = static_cast<int>(
        std::distance(std::sregex_iterator(out.begin(), out.end(), kTookLine),
                      std::sregex_iterator()));
  }
  return std::regex_replace(out, kTookLine, "");
}

// Timestamps of puts stamped "now" (this century; the tests' own are in
// 1970) vary; "timestamp=T" stands for them.
std::string WithoutTimestamps(const std::string& out) {
  return std::regex_replace(
      out,
      std::regex("timestamp=2[0-9]{3}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}"
                 "(:[0-9]{2}(\\.[0-9]{3})?)?"),
      "timestamp=T");
}

// The shell prints timestamps in the local time zone (table.rb
// toLocalDateTime); the expectations here are in UTC.
const bool kUtc = [] {
  setenv("TZ", "UTC", 1);
  tzset();
  return true;
}();

struct Shell {
  // Runs `lines` through `obkv shell --create`.
  CliRun Run(const std::string& lines,
             std::vector<std::string> flags = {}) const {
    flags.insert(flags.begin(), {"shell", "--create"});
    return box.Run(flags, lines);
  }
  // Runs lines that must all succeed, with -n (as HBase scripts run: no
  // "=> VALUE" lines, jar-bootstrap.rb's eval_io); returns stdout without
  // Took lines. The "=> VALUE" lines are tested with Run.
  std::string Ok(const std::string& lines,
                 std::vector<std::string> flags = {"-n"}) const {
    const CliRun run = Run(lines, std::move(flags));
    INFO(run.err);
    CHECK(run.code == 0);
    CHECK(run.err.empty());
    return WithoutTook(run.out);
  }
  std::string Export(const std::string& table = "t") const {
    return box.Run({"export", table}).out;
  }
  CliSandbox box;
};

constexpr const char* kCreate =
    "create 't', {NAME => 'f', VERSIONS => 3}, 'g', NUMREGIONS => 7\n"
    "put 't','r1','f:q','v1', 100\n"
    "put 't','r1','f:q','v2', 200\n"
    "put 't', \"r2\\x00\", 'g:a', \"x\\ty\", 5\n"
    "put 't','a1','f:q','av', 7\n";

TEST_CASE("shell: HBase's Getting Started, the whole transcript") {
  // src/main/asciidoc/_chapters/getting_started.adoc, "Use HBase For the
  // First Time", create to drop; then exists (exists.rb). disable, enable
  // and drop print nothing but "Took" (disable.rb, enable.rb, drop.rb).
  Shell sh;
  const CliRun run = sh.Run(
      "create 'test', 'cf'\n"
      "list 'test'\n"
      "describe 'test'\n"
      "put 'test', 'row1', 'cf:a', 'value1'\n"
      "put 'test', 'row2', 'cf:b', 'value2'\n"
      "put 'test', 'row3', 'cf:c', 'value3'\n"
      "scan 'test'\n"
      "get 'test', 'row1'\n"
      "disable 'test'\n"
      "enable 'test'\n"
      "disable 'test'\n"
      "drop 'test'\n"
      "exists 'test'\n");
  INFO(run.err);
  CHECK(run.code == 0);
  CHECK(run.err.empty());
  const std::string took = "Took T seconds\n";
  CHECK(WithoutTimestamps(std::regex_replace(run.out, kTookLine, took)) ==
        "Created table test\n" + took + "=> Hbase::Table - test\n" +
            "TABLE\n"
            "test\n"
            "1 row(s)\n" +
            took + "=> [\"test\"]\n" +
            "Table test is ENABLED\n"
            "test\n"
            "COLUMN FAMILIES DESCRIPTION\n"
            "{NAME => 'cf', VERSIONS => '1', TTL => 'FOREVER', VALUE_TYPE => "
            "'varbinary(1048576)'}\n"
            "  PARTITIONING => 'none', TABLES => '1'\n"
            "1 row(s)\n" +
            took + took + took + took +
            "ROW                            COLUMN+CELL\n"
            " row1                          column=cf:a, timestamp=T, "
            "value=value1\n"
            " row2                          column=cf:b, timestamp=T, "
            "value=value2\n"
            " row3                          column=cf:c, timestamp=T, "
            "value=value3\n"
            "3 row(s)\n" +
            took +
            "COLUMN                         CELL\n"
            " cf:a                          timestamp=T, value=value1\n"
            "1 row(s)\n" +
            took + took + took + took + took +
            "Table test does not exist\n" + took + "=> false\n");
  CHECK(sh.box.Run({"list"}).out.empty());
}

TEST_CASE("shell: disable, enable, drop, exists, is_enabled, is_disabled") {
  // drop.rb refuses an enabled table (admin.rb drop: "Table #{table_name}
  // is enabled. Disable it first."); a disabled table refuses reads and
  // writes (TableNotEnabledException) and describe says DISABLED.
  Shell sh;
  sh.Ok(kCreate);
  const std::string before = sh.Export();
  CliRun run = sh.Run("drop 't'\n");
  CHECK(run.code == 1);
  CHECK(run.err == "ERROR: line 1: drop: Table t is enabled. Disable it first.\n");
  CHECK(sh.Export() == before);
  CHECK(sh.Ok("is_enabled 't'\nis_disabled 't'\nexists 't'\n") ==
        "true\nfalse\nTable t does exist\n");
  CHECK(sh.Ok("disable 't'\nis_enabled 't'\nis_disabled 't'\n") ==
        "false\ntrue\n");
  CHECK(WithoutTook(sh.Run("describe 't'\n").out)
            .rfind("Table t is DISABLED\nt\nCOLUMN FAMILIES DESCRIPTION\n", 0) ==
        0);
  run = sh.Run(
      "scan 't'\n"
      "get 't', 'r1'\n"
      "put 't', 'r1', 'f:q', 'new'\n"
      "count 't'\n"
      "disable 't'\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 1: scan: table 't' is disabled (enable it first)\n"
        "ERROR: line 2: get: table 't' is disabled (enable it first)\n"
        "ERROR: line 3: put: table 't' is disabled (enable it first)\n"
        "ERROR: line 4: count: table 't' is disabled (enable it first)\n");
  CHECK(sh.Ok("enable 't'\n").empty());
  CHECK(sh.Export() == before);
  // admin.rb's enable and disable return when the table is already so, so
  // a script run with -n goes on.
  CHECK(sh.Ok("enable 't'\ndisable 't'\ndisable 't'\nis_disabled 't'\n"
              "enable 't'\n") == "true\n");
  CHECK(sh.Ok("disable 't'\ndrop 't'\nexists 't'\nlist\n") ==
        "Table t does not exist\nTABLE\n0 row(s)\n");
  run = sh.Run("is_enabled 't'\n");
  CHECK(run.code == 1);
  CHECK(run.err == "ERROR: line 1: is_enabled: table 't' not found\n");
}

TEST_CASE("shell: alter changes, adds and deletes families") {
  // admin.rb alter: NAME => 'f' with new attributes changes f, a new NAME
  // adds a family, 'delete' => 'f' or METHOD => 'delete' removes one.
  Shell sh;
  sh.Ok("create 't', 'f', 'f2', 'f3'\nput 't', 'r', 'f:q', 'v', 100\n"
        "put 't', 'r', 'f2:q', 'v2', 100\n");
  CHECK(sh.Ok("alter 't', NAME => 'f', VERSIONS => 5\n") ==
        "Updating all regions with the new schema...\n"
        "1/1 regions updated.\n"
        "Done.\n");
  const std::string f5 =
      "{NAME => 'f', VERSIONS => '5', TTL => 'FOREVER', "
      "VALUE_TYPE => 'varbinary(1048576)'}\n"
      "  PARTITIONING => 'none', TABLES => '1'\n";
  const std::string f2 =
      "{NAME => 'f2', VERSIONS => '1', TTL => 'FOREVER', "
      "VALUE_TYPE => 'varbinary(1048576)'}\n"
      "  PARTITIONING => 'none', TABLES => '1'\n";
  const std::string f3 =
      "{NAME => 'f3', VERSIONS => '1', TTL => 'FOREVER', "
      "VALUE_TYPE => 'varbinary(1048576)'}\n"
      "  PARTITIONING => 'none', TABLES => '1'\n";
  const std::string head =
      "Table t is ENABLED\nt\nCOLUMN FAMILIES DESCRIPTION\n";
  CHECK(sh.Ok("describe 't'\n") == head + f5 + f2 + f3 + "3 row(s)\n");
  CHECK(sh.Ok("alter 't', 'delete' => 'f2'\n") ==
        "Updating all regions with the new schema...\n"
        "1/1 regions updated.\n"
        "Done.\n");
  CHECK(sh.Ok("describe 't'\n") == head + f5 + f3 + "2 row(s)\n");
  sh.Ok("alter 't', {NAME => 'f3', METHOD => 'delete'}\n");
  CHECK(sh.Ok("describe 't'\n") == head + f5 + "1 row(s)\n");
  sh.Ok("alter 't', {NAME => 'g', VERSIONS => 2, TTL => 3600}\n");
  CHECK(sh.Ok("describe 't'\n") ==
        head + f5 +
        "{NAME => 'g', VERSIONS => '2', TTL => '3600 SECONDS (1 HOUR)', "
        "VALUE_TYPE => 'varbinary(1048576)'}\n"
        "  PARTITIONING => 'none', TABLES => '1'\n"
        "2 row(s)\n");
  // f2's cell went with its family. (ts 100 would be past g's TTL.)
  sh.Ok("put 't', 'r', 'g:x', 'gv'\n");
  CHECK(std::regex_match(sh.Export(),
                         std::regex("r\tf:q\t100\tv\nr\tg:x\t[0-9]{13}\tgv\n")));
  // Unknown families and methods are refused.
  const CliRun run = sh.Run("alter 't', 'delete' => 'nope'\n"
                            "alter 't', {NAME => 'f', METHOD => 'drop'}\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 1: alter: family: table 't' has no family 'nope'\n"
        "ERROR: line 2: alter: METHOD must be 'delete', got 'drop'\n");
}

TEST_CASE("shell: get_splits, and truncate keeps the splits") {
  // get_splits.rb: "Total number of splits = N", then each split key.
  Shell sh;
  sh.Ok("create 't', 'f', SPLITS => ['a', 'm']\n"
        "put 't', 'b', 'f:q', 'v', 100\nput 't', 'x', 'f:q', 'v', 100\n");
  CHECK(sh.Ok("get_splits 't'\n") == "Total number of splits = 3\na\nm\n");
  CHECK(sh.Ok("truncate 't'\nget_splits 't'\ncount 't'\n") ==
        "Truncating 't' table (it may take a while):\n"
        " - Disabling table...\n"
        " - Truncating table...\n"
        "Total number of splits = 3\na\nm\n"
        "0 row(s)\n");
  CHECK(sh.box.Run({"partition", "list", "t"}).out ==
        "index  name  oceanbase  lower     upper     cells\n"
        "-----  ----  ---------  --------  --------  -----\n"
        "0      p0    p0         MINVALUE  a         0\n"
        "1      p1    p1         a         m         0\n"
        "2      p2    p2         m         MAXVALUE  0\n");
  // An unsplit table has one region and no split keys.
  sh.Ok("create 'u', 'f'\n");
  CHECK(sh.Ok("get_splits 'u'\n") == "Total number of splits = 1\n");
}

TEST_CASE("shell: create, put, get, scan, count, list from piped stdin") {
  Shell sh;
  CHECK(sh.Ok(kCreate) == "Created table t\n");
  CHECK(sh.Ok("get 't','r1',{COLUMN => 'f:q', VERSIONS => 3}\n") ==
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T00:00:00.200, value=v2\n"
        " f:q                           timestamp=1970-01-01T00:00:00.100, value=v1\n"
        "1 row(s)\n");
  CHECK(sh.Ok("get 't','r1'\nget 't','zz'\n") ==
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T00:00:00.200, value=v2\n"
        "1 row(s)\n"
        "COLUMN                         CELL\n"
        "0 row(s)\n");
  CHECK(sh.Ok("scan 't', {STARTROW => 'a', LIMIT => 10, FILTER => "
              "\"PrefixFilter('a')\"}\n") ==
        "ROW                            COLUMN+CELL\n"
        " a1                            column=f:q, timestamp=1970-01-01T00:00:00.007, value=av\n"
        "1 row(s)\n");
  CHECK(sh.Ok("scan 't'\n") ==
        "ROW                            COLUMN+CELL\n"
        " a1                            column=f:q, timestamp=1970-01-01T00:00:00.007, value=av\n"
        " r1                            column=f:q, timestamp=1970-01-01T00:00:00.200, value=v2\n"
        " r2\\x00                        column=g:a, timestamp=1970-01-01T00:00:00.005, "
        "value=x\\x09y\n"
        "3 row(s)\n");
  CHECK(sh.Ok("scan 't', {REVERSED => true, LIMIT => 1, COLUMNS => ['f']}\n")
            .find(" r1  ") != std::string::npos);
  CHECK(sh.Ok("count 't'\nlist\n") == "3 row(s)\nTABLE\nt\n1 row(s)\n");
}

TEST_CASE("shell: a family gets VERSIONS 1 unless told, as in HBase") {
  // HBase's ColumnFamilyDescriptorBuilder.DEFAULT_MAX_VERSIONS is 1, and
  // OBKV-HBase's Admin writes kv_attributes {"HBase": {"MaxVersions": 1}}.
  Shell sh;
  sh.Ok(
      "create 't', 'f', {NAME => 'g', VERSIONS => '3'}\n"
      "put 't', 'r', 'f:q', 'old', 100\n"
      "put 't', 'r', 'f:q', 'new', 200\n");
  const std::string described = sh.Ok("describe 't'\n");
  CHECK(described.find("{NAME => 'f', VERSIONS => '1',") != std::string::npos);
  CHECK(described.find("{NAME => 'g', VERSIONS => '3',") != std::string::npos);
  CHECK(sh.Ok("get 't', 'r', {COLUMN => 'f:q', VERSIONS => 5}\n") ==
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T00:00:00.200, value=new\n"
        "1 row(s)\n");
  // A spec keeps its meaning: no max_versions is no MaxVersions.
  sh.box.Create("s", R"({"table": "s", "families": [{"name": "f"}]})");
  CHECK(sh.Ok("describe 's'\n").find("VERSIONS => '2147483647'") !=
        std::string::npos);
  // Timeseries families return every version (OBKV): no default there.
  sh.Ok("create 'ts', 'f', LAYOUT => 'timeseries'\n");
  CHECK(sh.Ok("describe 'ts'\n").find("VERSIONS => '2147483647'") !=
        std::string::npos);
}

TEST_CASE("shell: delete removes one version, deleteall every version") {
  // hbase-shell table.rb _createdelete_internal: delete uses
  // Delete.addColumn (the newest version, or exactly TS) and
  // Delete.addFamilyVersion; deleteall uses addColumns and addFamily.
  Shell sh;
  sh.Ok(
      "create 't', {NAME => 'f', VERSIONS => 5}, 'g'\n"
      "put 't','r','f:q','v1', 100\n"
      "put 't','r','f:q','v2', 200\n"
      "put 't','r','f:q','v3', 300\n"
      "put 't','r','f:p','p1', 200\n"
      "put 't','r','g:x','x1', 200\n");
  CHECK(sh.Ok("delete 't', 'r', 'f:q'\n").empty());
  CHECK(sh.Export() ==
        "r\tf:p\t200\tp1\nr\tf:q\t200\tv2\nr\tf:q\t100\tv1\nr\tg:x\t200\tx1\n");
  sh.Ok("delete 't', 'r', 'f:q', 100\n");  // exactly 100, 200 stays
  CHECK(sh.Export() == "r\tf:p\t200\tp1\nr\tf:q\t200\tv2\nr\tg:x\t200\tx1\n");
  sh.Ok("delete 't', 'r', 'f:q', 150\n");  // no version 150: nothing
  CHECK(sh.Export() == "r\tf:p\t200\tp1\nr\tf:q\t200\tv2\nr\tg:x\t200\tx1\n");
  sh.Ok("delete 't', 'r', 'f', 200\n");  // version 200 of every qualifier
  CHECK(sh.Export() == "r\tg:x\t200\tx1\n");
  sh.Ok(
      "put 't','r','f:q','v1', 100\nput 't','r','f:q','v2', 200\n"
      "deleteall 't', 'r', 'f:q', 150\n");  // versions <= 150
  CHECK(sh.Export() == "r\tf:q\t200\tv2\nr\tg:x\t200\tx1\n");
  sh.Ok("deleteall 't', 'r', 'g'\n");  // the family
  CHECK(sh.Export() == "r\tf:q\t200\tv2\n");
  sh.Ok("put 't','r2','f:q','w', 100\ndeleteall 't', 'r', '', 150\n");
  CHECK(sh.Export() == "r\tf:q\t200\tv2\nr2\tf:q\t100\tw\n");  // '' = row
  sh.Ok("deleteall 't', 'r'\n");
  CHECK(sh.Export() == "r2\tf:q\t100\tw\n");
  const CliRun bad = sh.Run("delete 't', 'r2', 'f'\n");
  CHECK(bad.code == 1);
  CHECK(bad.err ==
        "ERROR: line 1: delete: 'f' alone needs TS: it deletes version TS of "
        "every qualifier (deleteall 'TABLE', 'ROW', 'f' deletes the whole "
        "family)\n");
}

TEST_CASE("shell: deleteall with ROWPREFIXFILTER deletes every such row") {
  // hbase-shell table.rb _deleterows_internal (HBASE-16003): the rows of a
  // setRowPrefixFilter scan, deleted CACHE (100) at a time.
  Shell sh;
  sh.Ok(
      "create 't', 'f', 'g'\n"
      "put 't','a1','f:q','x', 1\nput 't','p1','f:q','x', 1\n"
      "put 't','p2','f:q','x', 1\nput 't','p2','g:q','y', 1\n"
      "put 't','p3','g:q','y', 1\nput 't','q1','f:q','x', 1\n");
  sh.Ok("deleteall 't', {ROWPREFIXFILTER => 'p', CACHE => 1}, 'g'\n");
  CHECK(sh.Export() ==
        "a1\tf:q\t1\tx\np1\tf:q\t1\tx\np2\tf:q\t1\tx\nq1\tf:q\t1\tx\n");
  sh.Ok("deleteall 't', {ROWPREFIXFILTER => 'p'}\n");
  CHECK(sh.Export() == "a1\tf:q\t1\tx\nq1\tf:q\t1\tx\n");
  const CliRun bad = sh.Run("deleteall 't', {CACHE => 5}\n");
  CHECK(bad.err ==
        "ERROR: line 1: deleteall: a row map needs ROWPREFIXFILTER => "
        "'prefix'\n");
}

TEST_CASE("shell: ROWPREFIXFILTER replaces STARTROW and STOPROW") {
  // hbase-shell table.rb _hash_to_scan ("This will overwrite any
  // startrow/stoprow settings"); Scan.setRowPrefixFilter sets the start
  // row to the prefix and the stop row to the row after the prefix.
  Shell sh;
  sh.Ok("create 't', 'f'\n");
  for (const char* row : {"ro", "row1", "row20", "row3", "rox"}) {
    sh.Ok(std::string("put 't', '") + row + "', 'f:q', 'v', 1\n");
  }
  const std::string rows =
      "ROW                            COLUMN+CELL\n"
      " row1                          column=f:q, timestamp=1970-01-01T00:00:00.001, value=v\n"
      " row20                         column=f:q, timestamp=1970-01-01T00:00:00.001, value=v\n"
      " row3                          column=f:q, timestamp=1970-01-01T00:00:00.001, value=v\n"
      "3 row(s)\n";
  CHECK(sh.Ok("scan 't', {STARTROW => 'row20', ROWPREFIXFILTER => 'row'}\n") ==
        rows);
  CHECK(sh.Ok("scan 't', {ROWPREFIXFILTER => 'row', STOPROW => 'row20'}\n") ==
        rows);
  CHECK(sh.Ok("count 't', {ROWPREFIXFILTER => 'row', STARTROW => 'row3'}\n") ==
        "3 row(s)\n");
}

TEST_CASE("shell: column formatters convert values as HBase prints them") {
  // hbase-shell table.rb parse_column_format_spec, convert and
  // convert_bytes: 'f:q:toInt' and 'f:q:c(CLASS).METHOD' call Bytes.
  Shell sh;
  sh.Ok(
      "create 't', 'f'\n"
      "put 't', 'r', 'f:i', \"\\x00\\x00\\x00\\x2A\", 1\n"
      "put 't', 'r', 'f:l', \"\\x00\\x00\\x00\\x00\\x00\\x00\\x01\\x00\", 1\n"
      "put 't', 'r', 'f:s', \"caf\\xC3\\xA9\", 1\n");
  CHECK(sh.Ok("get 't', 'r', 'f:i:toInt', "
              "'f:l:c(org.apache.hadoop.hbase.util.Bytes).toLong', "
              "'f:s:toString'\n") ==
        "COLUMN                         CELL\n"
        " f:i                           timestamp=1970-01-01T00:00:00.001, value=42\n"
        " f:l                           timestamp=1970-01-01T00:00:00.001, value=256\n"
        " f:s                           timestamp=1970-01-01T00:00:00.001, value=caf\xC3\xA9\n"
        "1 row(s)\n");
  CHECK(sh.Ok("scan 't', {COLUMNS => ['f:i:toInt', 'f:s']}\n") ==
        "ROW                            COLUMN+CELL\n"
        " r                             column=f:i, timestamp=1970-01-01T00:00:00.001, value=42\n"
        " r                             column=f:s, timestamp=1970-01-01T00:00:00.001, "
        "value=caf\\xC3\\xA9\n"
        "1 row(s)\n");
  CHECK(sh.Ok("get 't', 'r', {COLUMN => 'f:i', FORMATTER => 'toHex', "
              "FORMATTER_CLASS => 'org.apache.hadoop.hbase.util.Bytes'}\n") ==
        "COLUMN                         CELL\n"
        " 66:69                         timestamp=1970-01-01T00:00:00.001, value=0000002a\n"
        "1 row(s)\n");
  // A converter the value does not fit, or one that does not exist, is an
  // error (HBase raises Bytes' IllegalArgumentException), never an empty
  // result.
  CliRun run = sh.Run("get 't', 'r', 'f:i:toLong'\n");
  CHECK(run.code == 1);
  CHECK(WithoutTook(run.out) == "COLUMN                         CELL\n");
  CHECK(run.err ==
        "ERROR: line 1: get: offset (0) + length (8) exceed the capacity of "
        "the array: 4\n");
  run = sh.Run("scan 't', {COLUMNS => 'f:i:toNumber'}\n");
  CHECK(run.err ==
        "ERROR: line 1: scan: unknown formatter 'toNumber' (use one of "
        "toStringBinary, toString, toHex, toInt, toLong, toShort, toFloat, "
        "toDouble, toBoolean, or c(org.apache.hadoop.hbase.util.Bytes)."
        "METHOD)\n");
  run = sh.Run("get 't', 'r', 'f:i:c(com.example.Money).parse'\n");
  CHECK(run.err ==
        "ERROR: line 1: get: formatter 'c(com.example.Money).parse': only "
        "methods of org.apache.hadoop.hbase.util.Bytes can convert values "
        "here, got class com.example.Money\n");
}

TEST_CASE("shell: incr, get_counter, append") {
  // hbase-shell incr.rb, get_counter.rb and append.rb: "COUNTER VALUE = N",
  // "No counter found at specified coordinates", "CURRENT VALUE = V".
  Shell sh;
  sh.Ok("create 't', 'f'\n");
  CHECK(sh.Ok("incr 't', 'r', 'f:c'\n"
              "incr 't', 'r', 'f:c', 10\n"
              "incr 't', 'r', 'f:c', -3\n"
              "get_counter 't', 'r', 'f:c'\n"
              "get_counter 't', 'r', 'f:none'\n"
              "append 't', 'r', 'f:s', 'ab'\n"
              "append 't', 'r', 'f:s', \"c\\x00\"\n") ==
        "COUNTER VALUE = 1\n"
        "COUNTER VALUE = 11\n"
        "COUNTER VALUE = 8\n"
        "COUNTER VALUE = 8\n"
        "No counter found at specified coordinates\n"
        "CURRENT VALUE = ab\n"
        "CURRENT VALUE = abc\\x00\n");
  CHECK(WithoutTimestamps(sh.Ok("get 't', 'r', 'f:c:toLong'\n")) ==
        "COLUMN                         CELL\n"
        " f:c                           timestamp=T, value=8\n"
        "1 row(s)\n");
  const CliRun bad =
      sh.Run("get_counter 't', 'r', 'f:s'\nincr 't', 'r', 'f:s'\n");
  CHECK(bad.err ==
        "ERROR: line 1: get_counter: f:s is not a counter: bytes: a "
        "big-endian long is 8 bytes, got 4\n"
        "ERROR: line 2: incr: f:s holds 4 bytes, increment needs an 8-byte "
        "big-endian long\n");
}

TEST_CASE("shell: get with several columns, count with INTERVAL") {
  // hbase-shell table.rb _get_internal flattens get 't', 'r', 'c1', 'c2'
  // into COLUMNS; count.rb prints "Current count: N, row: R" every
  // INTERVAL rows (count 't', N is the old form) and "N row(s)".
  Shell sh;
  sh.Ok(
      "create 't', 'f', 'g'\n"
      "put 't','r1','f:a','1', 1\nput 't','r1','f:b','2', 1\n"
      "put 't','r1','g:c','3', 1\n"
      "put 't','r2','f:a','x', 1\nput 't','r3','f:a','x', 1\n"
      "put 't','r4','f:a','x', 1\nput 't','r5','g:c','x', 1\n");
  CHECK(sh.Ok("get 't', 'r1', 'f:a', 'g'\nget 't', 'r1', ['f:b']\n") ==
        "COLUMN                         CELL\n"
        " f:a                           timestamp=1970-01-01T00:00:00.001, value=1\n"
        " g:c                           timestamp=1970-01-01T00:00:00.001, value=3\n"
        "1 row(s)\n"
        "COLUMN                         CELL\n"
        " f:b                           timestamp=1970-01-01T00:00:00.001, value=2\n"
        "1 row(s)\n");
  CHECK(sh.Ok("count 't', INTERVAL => 2\n") ==
        "Current count: 2, row: r2\n"
        "Current count: 4, row: r4\n"
        "5 row(s)\n");
  CHECK(sh.Ok("count 't', 3\n") == "Current count: 3, row: r3\n5 row(s)\n");
  CHECK(sh.Ok("count 't', {INTERVAL => 1, CACHE => 100, COLUMNS => ['g'], "
              "CACHE_BLOCKS => 'false'}\n") ==
        "Current count: 1, row: r1\n"
        "Current count: 2, row: r5\n"
        "2 row(s)\n");
}

TEST_CASE("shell: scan TIMESTAMP, MAXLENGTH, CACHE; RAW is refused") {
  // hbase-shell table.rb _hash_to_scan (setTimestamp, setCaching,
  // setCacheBlocks, setRaw) and _scan_internal (MAXLENGTH cuts
  // "timestamp=..., value=...").
  Shell sh;
  sh.Ok(
      "create 't', {NAME => 'f', VERSIONS => 3}\n"
      "put 't','r','f:q','v1', 100\nput 't','r','f:q','v2', 200\n");
  CHECK(sh.Ok("scan 't', {TIMESTAMP => 100, CACHE => 50, CACHE_BLOCKS => "
              "false}\n") ==
        "ROW                            COLUMN+CELL\n"
        " r                             column=f:q, timestamp=1970-01-01T00:00:00.100, value=v1\n"
        "1 row(s)\n");
  CHECK(sh.Ok("scan 't', {MAXLENGTH => 36, VERSIONS => 2}\n") ==
        "ROW                            COLUMN+CELL\n"
        " r                             column=f:q, timestamp=1970-01-01T00:00:00.200, v\n"
        " r                             column=f:q, timestamp=1970-01-01T00:00:00.100, v\n"
        "1 row(s)\n");
  CHECK(sh.Ok("get 't', 'r', {COLUMN => 'f:q', TIMESTAMP => 100}\n") ==
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T00:00:00.100, value=v1\n"
        "1 row(s)\n");
  CHECK(sh.Ok("scan 't', {RAW => false}\n").find("value=v2") !=
        std::string::npos);
  const CliRun raw = sh.Run("scan 't', {RAW => true}\n");
  CHECK(raw.code == 1);
  CHECK(raw.err ==
        "ERROR: line 1: scan: RAW => true is not supported: deletes are "
        "physical here, as in OBKV-HBase, so there are no delete markers or "
        "deleted versions to show\n");
}

TEST_CASE("shell: statements over lines, ';', the call form, integers") {
  Shell sh;
  CHECK(sh.Ok("create 't',\n"
              "  {NAME => 'f',\n"
              "   VERSIONS => 2}, 'g'\n"
              "put 't', 1, 'f:q', 2, 10; put('t', 1, 'f:q', 'x', 20)\n"
              "put 't', 'r', 'g', 'empty qualifier', 1 # put 'f' is f:\n"
              "scan 't', {\n"
              "  COLUMNS => ['f'],\n"
              "  VERSIONS => 2\n"
              "}\n"
              "get('t', 'r', 'g:')\n") ==
        "Created table t\n"
        "ROW                            COLUMN+CELL\n"
        " 1                             column=f:q, timestamp=1970-01-01T00:00:00.020, value=x\n"
        " 1                             column=f:q, timestamp=1970-01-01T00:00:00.010, value=2\n"
        "1 row(s)\n"
        "COLUMN                         CELL\n"
        " g:                            timestamp=1970-01-01T00:00:00.001, value=empty qualifier\n"
        "1 row(s)\n");
  // An error inside a statement over several lines names its line.
  const CliRun run = sh.Run("scan 't', {\n  LIMIT => -1\n}\nget 't',\n  @\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 1: scan: LIMIT must be a non-negative integer, got -1\n"
        "ERROR: line 5: column 3: unexpected character '@'\n");
}

TEST_CASE("shell: help 'scan', list 'regex'") {
  Shell sh;
  const std::string help = sh.Ok("help\n");
  CHECK(help.rfind("create 'TABLE', 'FAMILY'", 0) == 0);
  for (const char* command :
       {"\nput ", "\nget ", "\nscan ", "\ncount ", "\ndelete ", "\ndeleteall ",
        "\nincr ", "\nget_counter ", "\nappend ", "\ndescribe ", "\nlist ",
        "\ntruncate ", "\nhelp ", "\nexit"}) {
    CHECK(help.find(command) != std::string::npos);
  }
  CHECK(sh.Ok("help 'get_counter'\n") ==
        "get_counter 'TABLE', 'ROW', 'FAMILY:QUALIFIER'\n"
        "Prints the counter's value.\n");
  CHECK(sh.Ok("help 'desc'\n").rfind("describe 'TABLE' (or desc)\n", 0) == 0);
  CHECK(sh.Run("help 'frob'\n").err ==
        "ERROR: line 1: help: no command 'frob' (try help)\n");
  // hbase-shell admin.rb list: Admin.listTableNames(Pattern), the whole
  // name matching.
  sh.Ok("create 'test', 'f'\ncreate 'test2', 'f'\ncreate 'other', 'f'\n");
  CHECK(sh.Ok("list 'test'\n") == "TABLE\ntest\n1 row(s)\n");
  CHECK(sh.Ok("list 'te.*'\n") == "TABLE\ntest\ntest2\n2 row(s)\n");
  CHECK(sh.Ok("list\n") == "TABLE\nother\ntest\ntest2\n3 row(s)\n");
  CHECK(sh.Ok("list 'x|other'\n") == "TABLE\nother\n1 row(s)\n");
  CHECK(sh.Run("list '('\n")
            .err.rfind("ERROR: line 1: list: bad REGEX '(': ", 0) == 0);
}

TEST_CASE("shell: Took N.NNNN seconds after each command") {
  // hbase-shell commands.rb command_safe prints
  // format('Took %.4f seconds', ...) after every command it runs, also
  // when the command fails; a line that does not parse runs nothing.
  Shell sh;
  int took = 0;
  CliRun run =
      sh.Run("create 't', 'f'\nlist; list\n\nscan 'nope'\nhelp 'list'\n");
  WithoutTook(run.out, &took);
  CHECK(took == 4);  // help is the shell's own method, not a command
  run = sh.Run("frob 't'\nput 't',\n");
  WithoutTook(run.out, &took);
  CHECK(took == 0);
  CHECK(run.out.empty());
}

TEST_CASE("shell: FILE, -n stops at the first error") {
  // The reference guide's "Read HBase Shell Commands from a Command File"
  // and "Pass Commands to the HBase Shell" (shell.adoc): hbase shell FILE,
  // and -n, which ends at the first error with a non-zero exit code.
  Shell sh;
  const std::string file = sh.box.WriteFile(
      "commands.txt",
      "create 'test', 'cf'\nput 'test', 'row1', 'cf:a', 'value1'\n"
      "get 'test', 'row1'\nfrob\nlist\n");
  CliRun run = sh.box.Run({"shell", "--create", file});
  CHECK(run.code == 1);
  CHECK(WithoutTimestamps(WithoutTook(run.out)) ==
        "Created table test\n"
        "=> Hbase::Table - test\n"
        "COLUMN                         CELL\n"
        " cf:a                          timestamp=T, value=value1\n"
        "1 row(s)\n"
        "TABLE\ntest\n1 row(s)\n"
        "=> [\"test\"]\n");
  CHECK(run.err == "ERROR: line 4: unknown command 'frob' (try help)\n");
  run = sh.box.Run({"shell", "-n", file});
  CHECK(run.code == 1);
  CHECK(WithoutTook(run.out) == "");  // 'test' exists: create fails first
  CHECK(run.err == "ERROR: line 1: create: table 'test' already exists\n");
  run = sh.Run("list\nfrob\nlist\n", {"--non-interactive"});
  CHECK(WithoutTook(run.out) == "TABLE\ntest\n1 row(s)\n");
  CHECK(run.code == 1);
  CHECK(sh.box.Run({"shell", sh.box.Path("missing.txt")}).err ==
        "obkv: " + sh.box.Path("missing.txt") + ": cannot open\n");
}

TEST_CASE("shell: a missing store is refused, with how to make one") {
  CliSandbox box;
  CliRun run = box.Run({"shell"}, "list\n");
  CHECK(run.code == 1);
  CHECK(run.err == "obkv: no store at '" + box.store() +
                       "' (make one with: obkv --store " + box.store() +
                       " shell --create)\n");
  CHECK_FALSE(std::filesystem::exists(box.store()));
  run = box.Run({"shell", "--create"}, "list\n");
  CHECK(run.code == 0);
  CHECK(WithoutTook(run.out) == "TABLE\n0 row(s)\n=> []\n");
  CHECK(std::filesystem::exists(box.store()));
}

TEST_CASE("shell: create takes HBase's attributes and lists them") {
  // hbase-shell admin.rb cfd (family attributes) and update_htd_from_arg
  // (table attributes), and the describe of the reference guide's Getting
  // Started (getting_started.adoc), replayed into create.
  Shell sh;
  CHECK(sh.Ok("create 'test', {NAME => 'cf', VERSIONS => '1', "
              "EVICT_BLOCKS_ON_CLOSE => 'false', NEW_VERSION_BEHAVIOR => "
              "'false', KEEP_DELETED_CELLS => 'FALSE', CACHE_DATA_ON_WRITE => "
              "'false', DATA_BLOCK_ENCODING => 'NONE', TTL => 'FOREVER', "
              "MIN_VERSIONS => '0', REPLICATION_SCOPE => '0', BLOOMFILTER => "
              "'ROW', CACHE_INDEX_ON_WRITE => 'false', IN_MEMORY => 'false', "
              "CACHE_BLOOMS_ON_WRITE => 'false', PREFETCH_BLOCKS_ON_OPEN => "
              "'false', COMPRESSION => 'NONE', BLOCKCACHE => 'true', BLOCKSIZE "
              "=> '65536'}\n") == "Created table test\n");
  CHECK(sh.Ok("describe 'test'\n") ==
        "Table test is ENABLED\n"
        "test\n"
        "COLUMN FAMILIES DESCRIPTION\n"
        "{NAME => 'cf', VERSIONS => '1', TTL => 'FOREVER', VALUE_TYPE => "
        "'varbinary(1048576)', BLOCKCACHE => 'true', BLOCKSIZE => '65536', "
        "BLOOMFILTER => 'ROW', CACHE_BLOOMS_ON_WRITE => 'false', "
        "CACHE_DATA_ON_WRITE => 'false', CACHE_INDEX_ON_WRITE => 'false', "
        "COMPRESSION => 'NONE', DATA_BLOCK_ENCODING => 'NONE', "
        "EVICT_BLOCKS_ON_CLOSE => 'false', IN_MEMORY => 'false', "
        "KEEP_DELETED_CELLS => 'FALSE', MIN_VERSIONS => '0', "
        "NEW_VERSION_BEHAVIOR => 'false', PREFETCH_BLOCKS_ON_OPEN => "
        "'false', REPLICATION_SCOPE => '0'}\n"
        "  PARTITIONING => 'none', TABLES => '1'\n"
        "  NOTE => 'no effect in obkvlite or OBKV-HBase: BLOCKCACHE, "
        "BLOCKSIZE, BLOOMFILTER, CACHE_BLOOMS_ON_WRITE, CACHE_DATA_ON_WRITE, "
        "CACHE_INDEX_ON_WRITE, COMPRESSION, DATA_BLOCK_ENCODING, "
        "EVICT_BLOCKS_ON_CLOSE, IN_MEMORY, KEEP_DELETED_CELLS, MIN_VERSIONS, "
        "NEW_VERSION_BEHAVIOR, PREFETCH_BLOCKS_ON_OPEN, REPLICATION_SCOPE'\n"
        "1 row(s)\n");
  // Values as HBase takes them (any case, quoted numbers, bare booleans),
  // the maps, table attributes, and HBase's notices for unknown keys.
  CHECK(sh.Ok("create 't', {NAME => 'f', VERSIONS => '3', TTL => '1 DAY', "
              "BLOOMFILTER => 'rowcol', COMPRESSION => 'snappy', IN_MEMORY => "
              "true, BLOCKSIZE => 8192, CONFIGURATION => "
              "{'hbase.hstore.blockingStoreFiles' => '10'}, METADATA => {'k' "
              "=> 'v'}, BOGUS => 1}, OWNER => 'bob', METADATA => {'m' => "
              "'n'}, FROB => 2\n") ==
        "Unknown argument ignored for column family f: BOGUS\n"
        "An argument ignored (unknown or overridden): FROB\n"
        "Created table t\n");
  const std::string described = sh.Ok("describe 't'\n");
  CHECK(described ==
        "Table t is ENABLED\n"
        "t, {TABLE_ATTRIBUTES => {OWNER => 'bob', METADATA => {'m' => "
        "'n'}}}\n"
        "  NOTE => 'no effect in obkvlite or OBKV-HBase: OWNER, METADATA'\n"
        "COLUMN FAMILIES DESCRIPTION\n"
        "{NAME => 'f', VERSIONS => '3', TTL => '86400 SECONDS (1 DAY)', "
        "VALUE_TYPE => 'varbinary(1048576)', BLOCKSIZE => '8192', BLOOMFILTER "
        "=> 'ROWCOL', COMPRESSION => 'SNAPPY', IN_MEMORY => 'true', METADATA "
        "=> {'k' => 'v'}, CONFIGURATION => "
        "{'hbase.hstore.blockingStoreFiles' => '10'}}\n"
        "  PARTITIONING => 'none', TABLES => '1'\n"
        "  NOTE => 'no effect in obkvlite or OBKV-HBase: BLOCKSIZE, "
        "BLOOMFILTER, COMPRESSION, IN_MEMORY, METADATA, CONFIGURATION'\n"
        "1 row(s)\n");
  // describe's family map reads back in create.
  const size_t open = described.find("{NAME");
  const std::string family =
      described.substr(open, described.find('\n', open) - open);
  sh.Ok("create 'copy', " + family + "\n");
  CHECK(sh.Ok("describe 'copy'\n").find(family) != std::string::npos);
  // A family named twice takes the later settings (admin.rb cfd starts
  // from the family already in the descriptor).
  CHECK(sh.Ok("create 'twice', {NAME => 'f', TTL => 3600}, {NAME => 'f', "
              "VERSIONS => 2}\n") ==
        "Family 'f' already exists, the old one will be replaced\n"
        "Created table twice\n");
  CHECK(sh.Ok("describe 'twice'\n")
            .find("{NAME => 'f', VERSIONS => '2', TTL => '3600 SECONDS (1 "
                  "HOUR)'") != std::string::npos);
  // Values HBase refuses.
  const CliRun bad = sh.Run(
      "create 'x', {NAME => 'f', BLOOMFILTER => 'BOGUS'}\n"
      "create 'x', {NAME => 'f', IN_MEMORY => 'yes'}\n"
      "create 'x', {NAME => 'f', TTL => '3600 SECONDS (2 HOURS)'}\n"
      "create 'x', {NAME => 'f', VERSIONS => 'three'}\n"
      "create 'x', {NAME => 'f', CONFIGURATION => 'k=v'}\n"
      "create 'x', 'f', READONLY => 'maybe'\n"
      "create 'x', NUMREGIONS => 3\n"
      "create 7, 'f'\n");
  CHECK(bad.err ==
        "ERROR: line 1: create: BLOOMFILTER: must be one of NONE, ROW, "
        "ROWCOL, ROWPREFIX_FIXED_LENGTH, ROWPREFIX_DELIMITED, got 'BOGUS'\n"
        "ERROR: line 2: create: IN_MEMORY: must be true or false, got 'yes'\n"
        "ERROR: line 3: create: Malformed TTL string: TTL values in seconds "
        "and human readable format do not match, got '3600 SECONDS (2 "
        "HOURS)'\n"
        "ERROR: line 4: create: VERSIONS must be a positive integer, got "
        "'three'\n"
        "ERROR: line 5: create: CONFIGURATION must be a {'key' => 'value'} "
        "map, got 'k=v'\n"
        "ERROR: line 6: create: READONLY: must be true or false, got "
        "'maybe'\n"
        "ERROR: line 7: create: Table must have at least one column family\n"
        "ERROR: line 8: create: Table name must be of type String\n");
  CHECK(sh.box.Run({"list"}).out == "copy\nt\ntest\ntwice\n");
}

TEST_CASE("shell: NUMREGIONS with SPLITALGO pre-splits as RegionSplitter") {
  // hbase-shell admin.rb create: RegionSplitter.newSplitAlgoInstance and
  // split(NUMREGIONS); its errors for a missing count or one region.
  Shell sh;
  sh.Ok(
      "create 'h', 'f', {NUMREGIONS => 4, SPLITALGO => 'HexStringSplit'}\n"
      "create 'd', 'f', {NUMREGIONS => 3, SPLITALGO => 'DecimalStringSplit'}\n"
      "create 'u', 'f', {NUMREGIONS => 2, SPLITALGO => 'UniformSplit'}\n"
      "create 'k', 'f', NUMREGIONS => 7\n"
      "create 's', 'f', SPLITS => ['a\\x00', 'm']\n");
  auto partitioning = [&](const std::string& table) {
    const std::string d = sh.Ok("describe '" + table + "'\n");
    const size_t at = d.find("PARTITIONING");
    return d.substr(at, d.find('\n', at) - at);
  };
  CHECK(partitioning("h") ==
        "PARTITIONING => 'RANGE COLUMNS(K) ('40000000', '80000000', "
        "'c0000000', MAXVALUE)', TABLES => '4'");
  CHECK(partitioning("d") ==
        "PARTITIONING => 'RANGE COLUMNS(K) ('33333333', '66666666', "
        "MAXVALUE)', TABLES => '3'");
  CHECK(partitioning("u") ==
        "PARTITIONING => 'RANGE COLUMNS(K) ('\\x80\\x00\\x00\\x00\\x00\\x00"
        "\\x00\\x00', MAXVALUE)', TABLES => '2'");
  CHECK(partitioning("k") ==
        "PARTITIONING => 'KEY(K) PARTITIONS 7, hash oceanbase', TABLES => "
        "'7'");
  CHECK(partitioning("s") ==  // SPLITS are Bytes.toBytesBinary text
        "PARTITIONING => 'RANGE COLUMNS(K) ('a\\x00', 'm', MAXVALUE)', "
        "TABLES => '3'");
  const CliRun bad = sh.Run(
      "create 'x', 'f', {NUMREGIONS => 1, SPLITALGO => 'HexStringSplit'}\n"
      "create 'x', 'f', {SPLITALGO => 'HexStringSplit'}\n"
      "create 'x', 'f', {NUMREGIONS => 3, SPLITALGO => 'MySplit'}\n");
  CHECK(bad.err ==
        "ERROR: line 1: create: Number of regions must be greater than 1\n"
        "ERROR: line 2: create: Number of regions must be specified\n"
        "ERROR: line 3: create: SPLITALGO: must be hex (HexStringSplit), "
        "decimal (DecimalStringSplit) or uniform (UniformSplit), got "
        "\"MySplit\"\n");
}

TEST_CASE("shell: truncate, and describe in HBase's descriptor style") {
  // hbase-shell truncate.rb: "Truncating 't' table (it may take a while):"
  // and admin.rb truncate's " - Disabling table...", " - Truncating
  // table...".
  Shell sh;
  sh.Ok(kCreate);
  CHECK(sh.Ok("truncate 't'\ncount 't'\n") ==
        "Truncating 't' table (it may take a while):\n"
        " - Disabling table...\n"
        " - Truncating table...\n"
        "0 row(s)\n");
  CHECK(sh.Ok("describe 't'\n").find("{NAME => 'f', VERSIONS => '3'") !=
        std::string::npos);  // the spec survives truncate
  // truncate_preserve.rb: the same, keeping the region boundaries, which
  // truncate keeps here too.
  CHECK(sh.Ok("put 't','r1','f:q','v1', 100\ntruncate_preserve 't'\n"
              "count 't'\n") ==
        "Truncating 't' table (it may take a while):\n"
        " - Disabling table...\n"
        " - Truncating table...\n"
        "0 row(s)\n");
  CHECK(sh.Ok("describe 't'\n").find("TABLES => '7'") != std::string::npos);
  sh.Ok(
      "create 'u', {NAME => 'f', VERSIONS => 3, TTL => 3600}, "
      "{NAME => 'g', TTL => 'FOREVER', VALUE_TYPE => 'longblob'}, "
      "SPLITS => ['m']\n");
  CHECK(sh.Ok("desc 'u'\n") ==
        "Table u is ENABLED\n"
        "u\n"
        "COLUMN FAMILIES DESCRIPTION\n"
        "{NAME => 'f', VERSIONS => '3', TTL => '3600 SECONDS (1 HOUR)', "
        "VALUE_TYPE => 'varbinary(1048576)'}\n"
        "  PARTITIONING => 'RANGE COLUMNS(K) ('m', MAXVALUE)', TABLES => '2'\n"
        "{NAME => 'g', VERSIONS => '1', TTL => 'FOREVER', "
        "VALUE_TYPE => 'longblob'}\n"
        "  PARTITIONING => 'RANGE COLUMNS(K) ('m', MAXVALUE)', TABLES => '2'\n"
        "2 row(s)\n");
}

TEST_CASE("shell: a bad line names line and argument, writes nothing") {
  Shell sh;
  sh.Ok(kCreate);
  const std::string before = sh.Export();
  const CliRun run = sh.Run(
      "put 't','r1'\n"
      "scan 't', {BOGUS => 1}\n"
      "put 't','r9','f:q','v', 'x'\n"
      "frob 't'\n"
      "put 't','r9','zz:q','v'\n"
      "put 't','r9','f:q','v', -1\n"
      "put 't', '', 'f:q', 'v'\n"
      "put 't', 'r9', 'f:q', 1.5\n"
      "scan 't', {LIMIT => -1}\n"
      "get 'nope', 'r'\n"
      "create 'x', {NAME => 'f', VERSIONS => -3}\n"
      "create 'x', 'f', NUMREGIONS => 9000\n"
      "put 't', ['r'], 'f:q', 'v'\n"
      "get 't', 'r1', {COLUMN => 'f:q'\n"
      "count 't'\n");
  CHECK(run.code == 1);
  CHECK(WithoutTook(run.out).empty());
  CHECK(run.err ==
        "ERROR: line 1: put: takes 'TABLE', 'ROW', 'FAMILY:QUALIFIER', "
        "'VALUE'[, TS], got 2 arguments\n"
        "ERROR: line 2: scan: unknown option BOGUS\n"
        "ERROR: line 3: put: TS must be a non-negative integer, got 'x'\n"
        "ERROR: line 4: unknown command 'frob' (try help)\n"
        "ERROR: line 5: put: cells[0].family: unknown family 'zz' in table "
        "'t'\n"
        "ERROR: line 6: put: TS must be a non-negative integer, got -1\n"
        "ERROR: line 7: put: row: must not be empty\n"
        "ERROR: line 8: column 23: a float is not a shell value here: give a "
        "string ('1.5') or an integer\n"
        "ERROR: line 9: scan: LIMIT must be a non-negative integer, got -1\n"
        "ERROR: line 10: get: table 'nope' not found\n"
        "ERROR: line 11: create: VERSIONS must be a positive integer, got -3\n"
        "ERROR: line 12: create: NUMREGIONS: at most 8192 (the partitions "
        "of a family), got 9000\n"
        "ERROR: line 13: put: ROW must be a string or an integer, got a "
        "list\n"
        // The open brace takes the last line in: the input ends inside it.
        "ERROR: line 15: column 1: expected ',' or '}', got count\n");
  CHECK(sh.Export() == before);
  CHECK(sh.box.Run({"list"}).out == "t\n");
}

TEST_CASE("shell: comments, exit, --help") {
  Shell sh;
  const std::string out = sh.Ok("# a comment\n\nhelp\nexit\nlist\n");
  CHECK(out.rfind("create 'TABLE', 'FAMILY'", 0) == 0);
  CHECK(out.find("TABLE\n") == std::string::npos);  // list after exit
  CHECK(sh.Ok("list; quit; list\n") == "TABLE\n0 row(s)\n");
  CHECK(CliSandbox::RunBare({"shell", "--help"}).out.find("HBase shell") !=
        std::string::npos);
  CHECK(CliSandbox::RunBare({"shell"}).code == 2);  // --store required
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("shell: namespaces as HBase's namespace commands print them") {
  // create_namespace.rb, list_namespace.rb, list_namespace_tables.rb,
  // describe_namespace.rb, drop_namespace.rb.
  Shell sh;
  const CliRun run = sh.Run(
      "create_namespace 'ns1'\n"
      "create 'ns1:users', 'f'\n"
      "list_namespace\n"
      "list_namespace_tables 'ns1'\n"
      "describe_namespace 'ns1'\n"
      "put 'ns1:users', 'r1', 'f:email', 'a@x'\n"
      "get 'ns1:users', 'r1'\n"
      "list 'ns1:.*'\n"
      "exists 'ns1:users'\n"
      "drop_namespace 'ns1'\n"
      "disable 'ns1:users'\n"
      "drop 'ns1:users'\n"
      "drop_namespace 'ns1'\n"
      "list_namespace 'n.*'\n"
      "create 'nope:t', 'f'\n"
      "create_namespace 'a.b'\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 10: drop_namespace: Only empty namespaces can be removed. "
        "Namespace ns1 has 1 tables\n"
        "ERROR: line 15: create: namespace 'nope' does not exist (create it "
        "first: create_namespace 'nope')\n"
        "ERROR: line 16: create_namespace: namespace: invalid character at "
        "position 1 in 'a.b'; namespace names use letters, digits, '_' and "
        "'-'\n");
  CHECK(WithoutTimestamps(WithoutTook(run.out)) ==
        "Created table ns1:users\n"
        "=> Hbase::Table - ns1:users\n"
        "NAMESPACE\ndefault\nhbase\nns1\n3 row(s)\n"
        "TABLE\nusers\n1 row(s)\n"
        "=> [\"users\"]\n"
        "DESCRIPTION\n{NAME => 'ns1'}\n"
        "COLUMN                         CELL\n"
        " f:email                       timestamp=T, value=a@x\n"
        "1 row(s)\n"
        "TABLE\nns1:users\n1 row(s)\n"
        "=> [\"ns1:users\"]\n"
        "Table ns1:users does exist\n"
        "=> true\n"
        "NAMESPACE\n0 row(s)\n");
  // The table's relation keeps the prefix in the store file.
  CHECK(sh.box.Run({"sql", "SELECT COUNT(*) AS n FROM sqlite_schema WHERE "
                           "name LIKE 'ns1:%'"})
            .out == "n\n-\n0\n");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("shell: split cuts the partition that holds the key, as HBase's "
          "split 'table', 'splitKey'") {
  Shell sh;
  const CliRun run = sh.Run(
      "create 't', 'f', SPLITS => ['m']\n"
      "put 't', 'a', 'f:q', '1'\n"
      "put 't', 'g', 'f:q', '1'\n"
      "put 't', 'x', 'f:q', '1'\n"
      "split 't', 'f'\n"
      "split 't', 'z'\n"
      "get_splits 't'\n"
      "split 't', 'f'\n"
      "count 't'\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 8: split: bound: 'f' is not strictly inside partition "
        "p1 ['f', 'm')\n");
  CHECK(WithoutTook(run.out) ==
        "Created table t\n"
        "=> Hbase::Table - t\n"
        "Total number of splits = 4\nf\nm\nz\n"
        "=> [\"f\", \"m\", \"z\"]\n"
        "3 row(s)\n"
        "=> 3\n");
  CHECK(sh.box.Run({"partition", "list", "t", "--json"}).out ==
        "{\"family\":\"f\",\"partitions\":["
        "{\"cells\":1,\"index\":0,\"lower\":null,\"name\":\"p0\","
        "\"oceanbase_name\":\"p2\",\"upper\":\"f\"},"
        "{\"cells\":1,\"index\":1,\"lower\":\"f\",\"name\":\"p1\","
        "\"oceanbase_name\":\"p3\",\"upper\":\"m\"},"
        "{\"cells\":1,\"index\":2,\"lower\":\"m\",\"name\":\"p2\","
        "\"oceanbase_name\":\"p4\",\"upper\":\"z\"},"
        "{\"cells\":0,\"index\":3,\"lower\":\"z\",\"name\":\"p3\","
        "\"oceanbase_name\":\"p5\",\"upper\":\"MAXVALUE\"}],"
        "\"table\":\"t\"}\n");
}

TEST_CASE("shell: a change of VERSIONS purges the versions over the old one") {
  // Issue 30: HBase's alter reopens the region (admin.rb alter), and the
  // flush drops v1 of a VERSIONS => 1 family, so raising VERSIONS to 3
  // shows v2 alone and a ValueFilter finds no v1.
  Shell sh;
  sh.Ok("create 't', {NAME => 'f', VERSIONS => 1}\n"
        "put 't', 'r', 'f:q', 'v1', 100\n"
        "put 't', 'r', 'f:q', 'v2', 200\n");
  CHECK(sh.Ok("alter 't', {NAME => 'f', VERSIONS => 3}\n"
              "get 't', 'r', {COLUMN => 'f:q', VERSIONS => 3}\n"
              "scan 't', {FILTER => \"ValueFilter(=, 'binary:v1')\"}\n") ==
        "Updating all regions with the new schema...\n1/1 regions updated.\n"
        "Done.\n"
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T00:00:00.200, value=v2\n"
        "1 row(s)\n"
        "ROW                            COLUMN+CELL\n"
        "0 row(s)\n");
}

TEST_CASE("shell: flush, compact and major_compact purge with a count") {
  // flush.rb, compact.rb, major_compact.rb take 'TABLE' or 'TABLE',
  // 'FAMILY'; HBase's flush and compactions drop the versions over
  // VERSIONS and the cells past TTL. Here every family is purged.
  Shell sh;
  sh.Ok("create 't', {NAME => 'f', VERSIONS => 3}\n"
        "put 't', 'r', 'f:q', 'v1', 100\n"
        "put 't', 'r', 'f:q', 'v2', 200\n"
        "put 't', 'r', 'f:q', 'v3', 300\n"
        "alter 't', {NAME => 'f', VERSIONS => 1}\n");
  CHECK(sh.Ok("flush 't'\nmajor_compact 't', 'f'\ncompact 't'\n") ==
        "purged t: 0 expired cells, 2 excess versions\n"
        "purged t: 0 expired cells, 0 excess versions\n"
        "purged t: 0 expired cells, 0 excess versions\n");
  const CliRun run = sh.Run("compact 't', 'zz'\n");
  CHECK(run.code == 1);
  CHECK(run.err == "ERROR: line 1: compact: unknown family 'zz' in table 't'\n");
}

TEST_CASE("shell: operation attributes are noted, security labels refused") {
  // table.rb's get, scan, count, put and delete take ATTRIBUTES,
  // CONSISTENCY, REGION_REPLICA_ID and METRICS / ALL_METRICS (get.rb:
  // "get 't1', 'r1', {CONSISTENCY => 'TIMELINE'}", put.rb: "put 't1', 'r1',
  // 'c1', 'value', {ATTRIBUTES=>{'mykey'=>'myvalue'}}"); VISIBILITY and
  // AUTHORIZATIONS (put.rb, scan.rb) are refused.
  Shell sh;
  sh.Ok("create 't', 'f'\n");
  CHECK(WithoutTimestamps(sh.Ok(
            "put 't', 'r', 'f:q', 'v', {ATTRIBUTES => {'mykey' => 'myvalue'}}\n"
              "get 't', 'r', {CONSISTENCY => 'TIMELINE', REGION_REPLICA_ID => 1}\n"
              "scan 't', {METRICS => ['RPC_RETRIES']}\n"
              "count 't', {ALL_METRICS => true}\n"
              "delete 't', 'r', 'f:q', {ATTRIBUTES => {'k' => 'v'}}\n"
              "count 't'\n")) ==
        "NOTE: ATTRIBUTES has no effect here: attributes are read by HBase's "
        "coprocessors, and there are none here\n"
        "NOTE: CONSISTENCY has no effect here: there are no region replicas "
        "here, every read is STRONG\n"
        "NOTE: REGION_REPLICA_ID has no effect here: there are no region "
        "replicas here, every read is STRONG\n"
        "COLUMN                         CELL\n"
        " f:q                           timestamp=T, value=v\n"
        "1 row(s)\n"
        "NOTE: METRICS has no effect here: scan metrics are HBase region "
        "server counters (obkv stats counts requests here)\n"
        "ROW                            COLUMN+CELL\n"
        " r                             column=f:q, timestamp=T, value=v\n"
        "1 row(s)\n"
        "NOTE: ALL_METRICS has no effect here: scan metrics are HBase region "
        "server counters (obkv stats counts requests here)\n"
        "1 row(s)\n"
        "NOTE: ATTRIBUTES has no effect here: attributes are read by HBase's "
        "coprocessors, and there are none here\n"
        "0 row(s)\n");
  const CliRun run = sh.Run(
      "put 't', 'r', 'f:q', 'v', {VISIBILITY => 'PRIVATE|SECRET'}\n"
      "scan 't', {AUTHORIZATIONS => ['PRIVATE']}\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 1: put: VISIBILITY is refused: obkvlite has no cell "
        "visibility labels, and accepting them without enforcing them would "
        "mislead\n"
        "ERROR: line 2: scan: AUTHORIZATIONS is refused: obkvlite has no cell "
        "visibility labels, and accepting them without enforcing them would "
        "mislead\n");
}

TEST_CASE("shell: names, SPLITS, NUMREGIONS, snapshots, whoami, version") {
  // TableName.valueOf("default:t") is t; admin.rb sorts SPLITS (HBase's
  // createTable sorts the split keys and refuses duplicates);
  // list_snapshots.rb prints its header and "0 row(s)"; whoami.rb prints
  // "USER (auth:SIMPLE)" and "    groups: ...".
  Shell sh;
  CHECK(sh.Ok("create 'default:t', 'f', SPLITS => ['m', 'c', 'x']\n"
              "put 'default:t', 'r', 'f:q', 'v', 1\n"
              "get_splits 't'\n"
              "get 'default:t', 'r'\n"
              "list_snapshots\n") ==
        "Created table t\n"
        "Total number of splits = 4\nc\nm\nx\n"
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T00:00:00.001, value=v\n"
        "1 row(s)\n"
        "SNAPSHOT                       TABLE + CREATION TIME\n"
        "0 row(s)\n");
  const std::string who = sh.Ok("whoami\n");
  CHECK(std::regex_match(who, std::regex("[^ \n]+ \\(auth:SIMPLE\\)\n"
                                         "    groups: [^\n]+\n")));
  CHECK(sh.Ok("version\n").rfind("obkvlite ", 0) == 0);
  const CliRun run = sh.Run(
      "create 'a', 'f', SPLITS => ['m', 'm']\n"
      "create 'b', 'f', NUMREGIONS => 100000\n"
      "snapshot 't', 's1'\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 1: create: All split keys must be unique, found "
        "duplicate: m\n"
        "ERROR: line 2: create: NUMREGIONS: at most 8192 (the partitions of a "
        "family), got 100000\n"
        "ERROR: line 3: snapshot: refused: obkvlite keeps no snapshots "
        "(HBase's are HFile references); copy the table with obkv export and "
        "obkv load, or copy the store itself\n");
}

TEST_CASE("shell: strings as JRuby reads them, LIMIT => 0, floats") {
  // Ruby's double quotes: "\u00e9" and "\u{1F600}" are UTF-8, a
  // backslash-newline continues the string, and a string spans lines (the
  // FILTER example of scan.rb's help); table.rb's scan stops only when
  // LIMIT > 0, so LIMIT => 0 scans every row.
  Shell sh;
  CHECK(sh.Ok("create 't', 'f'\n"
              "put 't', \"caf\\u00e9\", 'f:q', \"\\u{1F600}\", 1\n"
              "put 't', 'r2', 'f:a', \"one \\\ntwo\", 1\n"
              "scan 't', {FILTER => \"ValueFilter(=,\n'substring:two')\"}\n"
              "scan 't', {LIMIT => 0}\n") ==
        "Created table t\n"
        "ROW                            COLUMN+CELL\n"
        " r2                            column=f:a, timestamp=1970-01-01T00:00:00.001, value=one two\n"
        "1 row(s)\n"
        "ROW                            COLUMN+CELL\n"
        " caf\\xC3\\xA9                   column=f:q, timestamp=1970-01-01T00:00:00.001, "
        "value=\\xF0\\x9F\\x98\\x80\n"
        " r2                            column=f:a, timestamp=1970-01-01T00:00:00.001, value=one two\n"
        "2 row(s)\n");
  const CliRun run = sh.Run(
      "put 't', 'r', 'f:q', 1.5\n"
      "put 't', \"\\u00e\", 'f:q', 'v'\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 1: column 22: a float is not a shell value here: give a "
        "string ('1.5') or an integer\n"
        "ERROR: line 2: column 11: \\u must be followed by 4 hex digits\n");
}

TEST_CASE("shell --help lists every command; obkv --help names mysql://") {
  Shell sh;
  const std::string help = sh.Ok("help\n");
  const CliRun shell_help = RunCli({"shell", "--help"});
  CHECK(shell_help.code == 0);
  size_t start = 0;
  int commands = 0;
  while (start < help.size()) {
    const size_t end = help.find('\n', start);
    const std::string line = help.substr(start, end - start);
    const std::string name = line.substr(0, line.find_first_of(" '("));
    INFO(name);
    const bool listed =
        shell_help.out.find(" " + name + ",") != std::string::npos ||
        shell_help.out.find(" " + name + " (") != std::string::npos ||
        shell_help.out.find(" " + name + ";") != std::string::npos;
    CHECK(listed);
    ++commands;
    start = end + 1;
  }
  CHECK(commands >= 35);
  const CliRun obkv_help = RunCli({"--help"});
  CHECK(obkv_help.out.find(
            "'mysql://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?socket=PATH]'") !=
        std::string::npos);
  CHECK(obkv_help.out.find("one SQLite database") == std::string::npos);
}

TEST_CASE("doc/shell-commands.md: every status it states is true") {
  // The table of HBase's shell commands: "works" ones are in shell --help,
  // "refused" ones are refused with the reason the table gives.
  const std::string doc = ReadSourceFile(SourcePath("doc/shell-commands.md"));
  const CliRun help = RunCli({"shell", "--help"});
  const std::regex row("\\| `([a-z_A-Z /]+)` \\| (works|refused) \\| ([^|\n]*) \\|\n");
  Shell sh;
  int works = 0;
  int refused = 0;
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), row);
       it != std::sregex_iterator(); ++it) {
    const std::string names = (*it)[1];
    const std::string name = names.substr(0, names.find(' '));
    INFO(name);
    if ((*it)[2] == "works") {
      ++works;
      const bool listed = help.out.find(" " + name + ",") != std::string::npos ||
                          help.out.find(" " + name + " (") != std::string::npos;
      CHECK(listed);
      continue;
    }
    ++refused;
    const CliRun run = sh.Run(name + "\n");
    CHECK(run.code == 1);
    CHECK(run.err == "ERROR: line 1: " + name + ": refused: " +
                         std::string((*it)[3]) + "\n");
  }
  CHECK(works == 46);
  CHECK(refused > 100);
}

TEST_CASE("shell: a delete of the newest version shows the next until a purge") {
  // HBase's reference guide ("Delete" under Versions): deleting the newest
  // version of a VERSIONS => 1 column shows the older one that no flush or
  // compaction has dropped yet. After flush has purged it, nothing shows.
  Shell sh;
  CHECK(sh.Ok("create 't', {NAME => 'f', VERSIONS => 1}\n"
              "put 't', 'r', 'f:q', 'v1', 100\n"
              "put 't', 'r', 'f:q', 'v2', 200\n"
              "delete 't', 'r', 'f:q'\n"
              "get 't', 'r'\n"
              "put 't', 'r', 'f:q', 'v2', 200\n"
              "flush 't'\n"
              "delete 't', 'r', 'f:q'\n"
              "get 't', 'r'\n") ==
        "Created table t\n"
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T00:00:00.100, value=v1\n"
        "1 row(s)\n"
        "purged t: 0 expired cells, 1 excess versions\n"
        "COLUMN                         CELL\n"
        "0 row(s)\n");
}

TEST_CASE("shell: family names as HBase's isLegalColumnFamilyName") {
  // ColumnFamilyDescriptorBuilder.isLegalColumnFamilyName: '-' and '.' are
  // legal, a leading '.' and "recovered.edits" are not.
  Shell sh;
  CHECK(sh.Ok("create 'fx', 'a-b', 'c.d'\n"
              "put 'fx', 'r', 'a-b:q', 'v1', 1\n"
              "put 'fx', 'r', 'c.d:q', 'v2', 2\n"
              "scan 'fx'\n") ==
        "Created table fx\n"
        "ROW                            COLUMN+CELL\n"
        " r                             column=a-b:q, timestamp=1970-01-01T00:00:00.001, value=v1\n"
        " r                             column=c.d:q, timestamp=1970-01-01T00:00:00.002, value=v2\n"
        "1 row(s)\n");
  const CliRun run = sh.Run(
      "create 'fy', '.x'\n"
      "create 'fy', 'recovered.edits'\n"
      "create 'fy', 'a:b'\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 1: create: families[0].name: family name '.x' must not "
        "start with '.' (HBase's rule)\n"
        "ERROR: line 2: create: families[0].name: family name "
        "'recovered.edits' is reserved (HBase's rule)\n"
        "ERROR: line 3: create: families[0].name: invalid character at "
        "position 1 in 'a:b'; family names use letters, digits, '_', '-' "
        "and '.'\n");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("shell: timestamps as HBase 2.3+ prints them, epoch ms with -D") {
  // table.rb toLocalDateTime: LocalDateTime.ofInstant(Instant.ofEpochMilli(
  // ts), ZoneId.systemDefault()).toString, the shortest ISO-8601 time that
  // keeps the value (HH:mm, HH:mm:ss, HH:mm:ss.SSS); with
  // -Dhbase.shell.timestamp.format.epoch=true (HConstants
  // SHELL_TIMESTAMP_FORMAT_EPOCH_KEY) the milliseconds.
  Shell sh;
  sh.Ok(
      "create 't', {NAME => 'f', VERSIONS => 5}\n"
      "put 't', 'r', 'f:q', 'a', 1733097600000\n"
      "put 't', 'r', 'f:q', 'b', 1733128205000\n"
      "put 't', 'r', 'f:q', 'c', 1733128205007\n"
      "put 't', 's', 'f:q', 'd', 0\n");
  const std::string iso =
      "ROW                            COLUMN+CELL\n"
      " r                             column=f:q, "
      "timestamp=2024-12-02T08:30:05.007, value=c\n"
      " r                             column=f:q, "
      "timestamp=2024-12-02T08:30:05, value=b\n"
      " r                             column=f:q, "
      "timestamp=2024-12-02T00:00, value=a\n"
      " s                             column=f:q, "
      "timestamp=1970-01-01T00:00, value=d\n"
      "2 row(s)\n";
  CHECK(sh.Ok("scan 't', {VERSIONS => 5}\n") == iso);
  CHECK(sh.Ok("scan 't', {VERSIONS => 5}\n",
              {"-n", "-Dhbase.shell.timestamp.format.epoch=true"}) ==
        "ROW                            COLUMN+CELL\n"
        " r                             column=f:q, timestamp=1733128205007, "
        "value=c\n"
        " r                             column=f:q, timestamp=1733128205000, "
        "value=b\n"
        " r                             column=f:q, timestamp=1733097600000, "
        "value=a\n"
        " s                             column=f:q, timestamp=0, value=d\n"
        "2 row(s)\n");
  // hirb.rb's -D key=value form too, and Configuration.getBoolean's false.
  CHECK(sh.Ok("get 't', 's'\n",
              {"-n", "-D", "hbase.shell.timestamp.format.epoch=FALSE"}) ==
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T00:00, value=d\n"
        "1 row(s)\n");
  CliRun run = sh.Run("list\n", {"-Dhbase.zookeeper.quorum=zk"});
  CHECK(run.code == 1);
  CHECK(run.err ==
        "obkv: shell -D: unknown key 'hbase.zookeeper.quorum' (the one key is "
        "hbase.shell.timestamp.format.epoch)\n");
  run = sh.Run("list\n", {"-Dhbase.shell.timestamp.format.epoch=yes"});
  CHECK(run.err ==
        "obkv: shell -D hbase.shell.timestamp.format.epoch: 'yes' is not true "
        "or false\n");
  // The local time zone (ZoneId.systemDefault), here UTC+8.
  setenv("TZ", "CST-8", 1);
  tzset();
  const std::string east = sh.Ok("get 't', 's'\n");
  setenv("TZ", "UTC", 1);
  tzset();
  CHECK(east ==
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T08:00, value=d\n"
        "1 row(s)\n");
}

TEST_CASE("shell: the => line after commands that return a value") {
  // HBase's IRB session prints a command's return value as "=> %s"
  // (jar-bootstrap.rb's RETURN prompt), nothing for nil (irb/hirb.rb
  // output_value); list.rb, exists.rb, is_enabled.rb, is_disabled.rb,
  // count.rb, get_splits.rb, list_namespace_tables.rb and list_snapshots.rb
  // return their answer, create.rb the table (=> Hbase::Table - t, as the
  // reference guide's Getting Started shows). put, get, scan, describe and
  // list_namespace return nil. With -n, eval_io prints no return values.
  Shell sh;
  const std::string script =
      "create 't', 'f', SPLITS => ['m']\n"
      "put 't', 'r', 'f:q', 'v'\n"
      "list\n"
      "exists 't'\n"
      "exists 'nope'\n"
      "is_enabled 't'\n"
      "is_disabled 't'\n"
      "count 't'\n"
      "get_splits 't'\n"
      "list_snapshots\n"
      "list_namespace_tables 'default'\n"
      "list_namespace 'd.*'\n";
  CHECK(sh.Ok(script, {}) ==
        "Created table t\n=> Hbase::Table - t\n"
        "TABLE\nt\n1 row(s)\n=> [\"t\"]\n"
        "Table t does exist\n=> true\n"
        "Table nope does not exist\n=> false\n"
        "true\n=> true\n"
        "false\n=> false\n"
        "1 row(s)\n=> 1\n"
        "Total number of splits = 2\nm\n=> [\"m\"]\n"
        "SNAPSHOT                       TABLE + CREATION TIME\n0 row(s)\n"
        "=> []\n"
        "TABLE\nt\n1 row(s)\n=> [\"t\"]\n"
        "NAMESPACE\ndefault\n1 row(s)\n");
  CHECK(sh.Ok("list\ncount 't'\n") == "TABLE\nt\n1 row(s)\n1 row(s)\n");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("shell: table references, as table.rb and table_help document") {
  // table.rb: help's examples (t = create 't', 'cf'; t = get_table 't';
  // t.put 'r', 'cf:q', 'v'; t.scan; t.enable; t.flush; t.disable; t.drop),
  // add_shell_command (put, get, scan, count, delete, deleteall, incr,
  // get_counter, append, get_splits), add_admin_utils, to_s/inspect
  // ("Hbase::Table - t"), name, get_all_columns; get_table.rb
  // (t1 = get_table 't1'); create.rb (t1 = create 't1', 'f1').
  Shell sh;
  const CliRun run = sh.Run(
      "t = create 't', 'cf', 'g'\n"
      "t.put 'r', 'cf:q', 'v', 100\n"
      "t.put 'r2', 'g:q', 'w', 200\n"
      "t.scan\n"
      "t.get 'r'\n"
      "t.count\n"
      "t.incr 'c', 'cf:n', 3\n"
      "t.get_counter 'c', 'cf:n'\n"
      "t.append 'r', 'cf:q', 'x'\n"
      "t.delete 'r', 'cf:q'\n"
      "t.deleteall 'r2'\n"
      "t.name\n"
      "t.get_all_columns\n"
      "t.close\n"
      "t.get_splits\n"
      "t.flush\n"
      "t1 = get_table 't'\n"
      "t1\n"
      "t1.count\n"
      "t.truncate\n"
      "tables = list\n"
      "tables\n"
      "tables.put 'x'\n"
      "nope.scan\n"
      "list = 3\n"
      "t.disable\n"
      "t.drop\n"
      "t1.scan\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 20: t.truncate: undefined method 'truncate' for "
        "Hbase::Table - t\n"
        "ERROR: line 23: tables.put: undefined method 'put' for [\"t\"]\n"
        "ERROR: line 24: undefined local variable or method 'nope'\n"
        "ERROR: line 25: column 8: expected a command name, got 3\n"
        "ERROR: line 28: scan: table 't' not found\n");
  const std::string took = "Took T seconds\n";
  CHECK(std::regex_replace(run.out, kTookLine, took) ==
        "Created table t\n" + took + "=> Hbase::Table - t\n" + took + took +
            "ROW                            COLUMN+CELL\n"
            " r                             column=cf:q, "
            "timestamp=1970-01-01T00:00:00.100, value=v\n"
            " r2                            column=g:q, "
            "timestamp=1970-01-01T00:00:00.200, value=w\n"
            "2 row(s)\n" +
            took +
            "COLUMN                         CELL\n"
            " cf:q                          "
            "timestamp=1970-01-01T00:00:00.100, value=v\n"
            "1 row(s)\n" +
            took + "2 row(s)\n" + took + "=> 2\n" + "COUNTER VALUE = 3\n" +
            took + "COUNTER VALUE = 3\n" + took + "CURRENT VALUE = vx\n" +
            took + took + took +
            // t.name, t.get_all_columns, t.close: table.rb's own methods
            "=> \"t\"\n"
            "=> [\"cf:\", \"g:\"]\n"
            "Total number of splits = 1\n" +
            took + "=> []\n" +
            "purged t: 0 expired cells, 0 excess versions\n" + took + took +
            "=> Hbase::Table - t\n"
            "=> Hbase::Table - t\n"
            "2 row(s)\n" + took + "=> 2\n" +
            "TABLE\nt\n1 row(s)\n" + took + "=> [\"t\"]\n" +
            "=> [\"t\"]\n" + took + took + took);
  // table_help and t.help describe them; t.help 'put' is help 'put'.
  const std::string help = sh.Ok("table_help\n");
  CHECK(help.find("  obkv> t = get_table 't'\n") != std::string::npos);
  CHECK(help.find("t.get_splits") != std::string::npos);
  CHECK(sh.Ok("t = get_table 't'\nt.help\n") == "" + help);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("shell: list_regions, one row per partition, as list_regions.rb") {
  // list_regions.rb: the columns SERVER_NAME, REGION_NAME, START_KEY,
  // END_KEY, SIZE, REQ, LOCALITY, each printed " %Ns |" with N the larger
  // of 12/12/10/10/5/5/10 and the longest value; " N rows"; a column list
  // (any case) picks and orders them; "Table t must be enabled.".
  Shell sh;
  sh.Ok(
      "create 't', 'f', 'g', SPLITS => ['m']\n"
      "put 't', 'a', 'f:q', 'v'\n"
      "put 't', 'b', 'g:q', 'v'\n"
      "get 't', 'a'\n"
      "create 'k', 'f', NUMREGIONS => 2\n");
  const std::string server = sh.box.store();
  const std::string pad(server.size() < 12 ? 12 - server.size() : 0, ' ');
  const std::string dashes(std::max<size_t>(12, server.size()), '-');
  const std::string head(std::max<size_t>(12, server.size()) - 11, ' ');
  CliRun run = sh.Run(
      "list_regions 't'\n"
      "list_regions 'k', '', ['start_key', 'REQ', 'start_key']\n"
      "list_regions 't', {SERVER_NAME => 'elsewhere'}, ['REGION_NAME']\n"
      "list_regions 't', {}, ['FOO']\n"
      "list_regions 't', {}, 'x'\n"
      "disable 'k'\n"
      "list_regions 'k'\n");
  CHECK(run.err ==
        "ERROR: line 4: list_regions: FOO is not a valid column. Possible "
        "values are SERVER_NAME, REGION_NAME, START_KEY, END_KEY, SIZE, REQ, "
        "LOCALITY.\n"
        "ERROR: line 5: list_regions: x must be an array of strings. Possible "
        "values are SERVER_NAME, REGION_NAME, START_KEY, END_KEY, SIZE, REQ, "
        "LOCALITY.\n"
        "ERROR: line 7: list_regions: Table k must be enabled.\n");
  CHECK(WithoutTook(run.out) ==
        " " + head + "SERVER_NAME |  REGION_NAME |  START_KEY |    END_KEY | "
        " SIZE |   REQ |   LOCALITY |\n"
        " " + dashes + " | ------------ | ---------- | ---------- | ----- | "
        "----- | ---------- |\n"
        " " + pad + server + " |        t,,p0 |            |          m | "
        "    - |     4 |        1.0 |\n"
        " " + pad + server + " |       t,m,p1 |          m |            | "
        "    - |     0 |        1.0 |\n"
        " 2 rows\n"
        "  START_KEY |   REQ |\n"
        " ---------- | ----- |\n"
        "            |     0 |\n"
        "            |     0 |\n"
        " 2 rows\n"
        "  REGION_NAME |\n"
        " ------------ |\n"
        " 0 rows\n");
  // REQ adds up the request statistics of each family (`obkv stats`): the
  // get read both families' relations.
  CHECK(sh.box.Run({"stats", "t"}).out.find("requests: 2 (reads 1, writes 1") !=
        std::string::npos);
  CHECK(sh.box.Run({"stats", "t", "--family", "g"})
            .out.find("requests: 2 (reads 1, writes 1") != std::string::npos);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("shell: namespace properties, as admin.rb and describe_namespace") {
  // create_namespace.rb (create_namespace 'ns1', {'PROPERTY_NAME' =>
  // 'PROPERTY_VALUE'}), alter_namespace.rb ({METHOD => 'set', ...},
  // {METHOD => 'unset', NAME => ...}), admin.rb (v.to_s; "Unknown method";
  // "is not of Hash type"), describe_namespace.rb with
  // NamespaceDescriptor.toString: {NAME => 'ns1', KEY => 'VALUE'}, keys in
  // TreeMap order.
  Shell sh;
  const CliRun run = sh.Run(
      "create_namespace 'ns1', {'PROPERTY_NAME' => 'PROPERTY_VALUE'}\n"
      "describe_namespace 'ns1'\n"
      "alter_namespace 'ns1', {METHOD => 'set', 'PROPERTY_NAME' => "
      "'PROPERTY_VALUE2', 'hbase.namespace.quota.maxtables' => 5}\n"
      "describe_namespace 'ns1'\n"
      "alter_namespace 'ns1', {METHOD => 'unset', NAME => 'PROPERTY_NAME'}\n"
      "describe_namespace 'ns1'\n"
      "alter_namespace 'ns1', {METHOD => 'frob'}\n"
      "alter_namespace 'ns1', 'x'\n"
      "alter_namespace 'nope', {METHOD => 'set', 'K' => 'V'}\n"
      "alter_namespace 'ns1', {METHOD => 'unset'}\n"
      "create_namespace 'ns2', {'K' => ['a']}\n"
      "drop_namespace 'ns1'\n"
      "create_namespace 'ns1'\n"
      "describe_namespace 'ns1'\n");
  CHECK(run.err ==
        "ERROR: line 7: alter_namespace: Unknown method frob\n"
        "ERROR: line 8: alter_namespace: 'x' is not of Hash type\n"
        "ERROR: line 9: alter_namespace: namespace 'nope' does not exist\n"
        "ERROR: line 10: alter_namespace: METHOD => 'unset' needs NAME => "
        "'KEY'\n"
        "ERROR: line 11: create_namespace: property K: a list is not a "
        "string or an integer\n");
  CHECK(WithoutTook(run.out) ==
        "DESCRIPTION\n{NAME => 'ns1', PROPERTY_NAME => 'PROPERTY_VALUE'}\n"
        "DESCRIPTION\n{NAME => 'ns1', PROPERTY_NAME => 'PROPERTY_VALUE2', "
        "hbase.namespace.quota.maxtables => '5'}\n"
        "DESCRIPTION\n{NAME => 'ns1', hbase.namespace.quota.maxtables => "
        "'5'}\n"
        "DESCRIPTION\n{NAME => 'ns1'}\n");
  CHECK(sh.Run("list_namespace 'ns2'\n").out.find("0 row(s)") !=
        std::string::npos);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("shell: show_filters and alter_status, as show_filters.rb, admin.rb") {
  // show_filters.rb: ParseFilter's getSupportedFilters, one a line; here
  // the filters the filter language builds (filter_factory.h), sorted.
  Shell sh;
  std::string filters;
  for (std::string_view name : filter::KnownFilterNames()) {
    filters += std::string(name) + "\n";
  }
  CHECK(filter::KnownFilterNames().size() == 19);
  CHECK(filters.rfind("ColumnCountGetFilter\nColumnPaginationFilter\n", 0) ==
        0);
  CHECK(filters.find("\nPrefixFilter\n") != std::string::npos);
  CHECK(sh.Ok("show_filters\n") == filters);
  // admin.rb alter_status: "N/M regions updated." then "Done."; an alter
  // here is done when it returns, so M/M, M the partitions list_regions
  // lists; a disabled table's regions are closed (0/M); ArgumentError
  // "Can't find a table: x" for a missing one.
  sh.Ok(
      "create 't', 'f', SPLITS => ['g', 'p']\n"
      "create 'u', 'f'\n"
      "alter 't', {NAME => 'f', VERSIONS => 3}\n");
  CliRun run = sh.Run(
      "alter_status 't'\n"
      "alter_status 'u'\n"
      "disable 'u'\n"
      "alter_status 'u'\n"
      "alter_status 'x'\n"
      "alter_status\n");
  CHECK(run.err ==
        "ERROR: line 5: alter_status: Can't find a table: x\n"
        "ERROR: line 6: alter_status: takes 'TABLE', got 0 arguments\n");
  CHECK(WithoutTook(run.out) ==
        "3/3 regions updated.\nDone.\n"
        "1/1 regions updated.\nDone.\n"
        "0/1 regions updated.\nDone.\n");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("shell: disable_all, enable_all, drop_all ask y/n, as HBase") {
  // disable_all.rb, enable_all.rb, drop_all.rb: the matching tables, then
  // "\nDisable the above N tables (y/n)?", the answer read by gets (the
  // next input line), /y.*/i a yes; admin.rb's disable_all/enable_all/
  // drop_all print "table:T, error:E" for each failure (drop_all with
  // `puts puts`, an empty line after it) and the command the counts.
  Shell sh;
  sh.Ok(
      "create 't1', 'f'\n"
      "create 't2', 'f'\n"
      "create 'u', 'f'\n");
  CliRun run = sh.Run(
      "disable_all 't.*'\n"
      "y\n"
      "disable_all 't1|u'\n"
      "yes\n"
      "enable_all 'u'\n"
      "n\n"
      "enable_all 'u'\n"
      "okay\n"
      "drop_all 't.*|u'\n"
      "Y\n"
      "disable_all 'x.*'\n"
      "drop_all 'x'\n"
      "list\n"
      "drop_all 'u'\n",
      {"-n"});
  CHECK(run.err ==
        "ERROR: line 14: drop_all: no answer to (y/n)? before the end of the "
        "input; no table dropped\n");
  CHECK(WithoutTook(run.out) ==
        "t1\nt2\n\nDisable the above 2 tables (y/n)?\n"
        "2 tables successfully disabled\n"
        "t1\nu\n\nDisable the above 2 tables (y/n)?\n"
        "table:t1, error:org.apache.hadoop.hbase.TableNotEnabledException: "
        "t1\n"
        "1 tables successfully disabled\n"
        "1 tables not disabled due to an exception: t1\n"
        "u\n\nEnable the above 1 tables (y/n)?\n"
        "u\n\nEnable the above 1 tables (y/n)?\n"
        "1 tables successfully enabled\n"
        "t1\nt2\nu\n\nDrop the above 3 tables (y/n)?\n"
        "table:u, error:org.apache.hadoop.hbase.TableNotDisabledException: "
        "u\n\n"
        "2 tables successfully dropped\n"
        "1 tables not dropped due to an exception: u\n"
        "No tables matched the regex (?-mix:^x.*$)\n"
        "No tables matched the regex x\n"
        "TABLE\nu\n1 row(s)\n"
        "u\n\nDrop the above 1 tables (y/n)?\n");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("shell: clone_table_schema, as clone_table_schema.rb") {
  // clone_table_schema.rb / admin.rb: Admin.cloneTableSchema copies the
  // descriptor and, unless PRESERVE_SPLITS is false, the split keys; no
  // data. commands.rb words TableNotFoundException "Unknown table t!" and
  // TableExistsException "Table already exists: t!".
  Shell sh;
  sh.Ok(
      "create 't', 'f', {NAME => 'g', VERSIONS => 3}, SPLITS => ['g', 'p']\n"
      "put 't', 'a', 'f:q', 'v'\n"
      "disable 't'\n"
      "create_namespace 'ns'\n"
      "create 'h', 'f', NUMREGIONS => 2\n");
  CliRun run = sh.Run(
      "clone_table_schema 't', 'ns:c'\n"
      "clone_table_schema 't', 'c2', false\n"
      "clone_table_schema 'h', 'h2', false\n"
      "clone_table_schema 't', 'h'\n",
      {"-n"});
  CHECK(run.err ==
        "ERROR: line 4: clone_table_schema: Table already exists: h!\n");
  CHECK(WithoutTook(run.out).empty());
  run = sh.Run(
      "clone_table_schema 'x', 'c3'\n"
      "clone_table_schema 't', 'c4', 'no'\n"
      "get_splits 'ns:c'\n"
      "get_splits 'c2'\n"
      "get_splits 'h2'\n"
      "is_enabled 'ns:c'\n"
      "count 'ns:c'\n"
      "list 'c.*|h.*|ns:.*'\n");
  CHECK(run.err ==
        "ERROR: line 1: clone_table_schema: Unknown table x!\n"
        "ERROR: line 2: clone_table_schema: PRESERVE_SPLITS must be true or "
        "false, got 'no'\n");
  CHECK(WithoutTook(run.out) ==
        "Total number of splits = 3\ng\np\n=> [\"g\", \"p\"]\n"
        "Total number of splits = 1\n=> []\n"
        "Total number of splits = 2\n=> []\n"
        "true\n=> true\n"
        "0 row(s)\n=> 0\n"
        "TABLE\nc2\nh\nh2\nns:c\n4 row(s)\n"
        "=> [\"c2\", \"h\", \"h2\", \"ns:c\"]\n");
  // The families and their attributes are the source's.
  const std::string described = WithoutTook(sh.Run("describe 't'\n").out);
  const std::string clone = WithoutTook(sh.Run("describe 'c2'\n").out);
  CHECK(clone.find("VERSIONS => '3'") != std::string::npos);
  CHECK(described.find("VERSIONS => '3'") != std::string::npos);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
