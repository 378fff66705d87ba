// Copyright (c) obkvlite authors.
//
// `obkv shell`'s reads in-process: get, scan and count with their options
// (ROWPREFIXFILTER, COLUMNS, INTERVAL, TIMESTAMP, MAXLENGTH, CACHE), column
// formatters, and timestamps as HBase 2.3+ prints them, with the output the
// HBase shell documents (src/tools/cli/shell/shell_read.cc,
// shell_read_options.cc, shell_cell_format.cc, shell_formatter.cc).

#include <doctest/doctest.h>

#include <cstdlib>
#include <ctime>
#include <regex>
#include <string>

#include "shell_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

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

// The output with MILLIS_BETWEEN_NEXTS's value as "N".
std::string WithoutMillis(const std::string& text) {
  return std::regex_replace(text, std::regex("( MILLIS_BETWEEN_NEXTS +)[0-9]+"),
                            "$1N");
}

TEST_CASE("shell: scan counts Results with BATCH; METRICS prints the table") {
  // HBase 2.x's table.rb _scan_internal counts each Result (a row, or one
  // BATCH of its cells) and stops at LIMIT Results; scan.rb prints the scan
  // metrics after the count (formatter.rb scan_metrics), alphabetically.
  Shell sh;
  sh.Ok(
      "create 't', 'f', SPLITS => ['m']\n"
      "put 't','a','f:q1','v', 1\nput 't','a','f:q2','v', 1\n"
      "put 't','a','f:q3','v', 1\nput 't','b','f:q1','v', 1\n"
      "put 't','b','f:q2','v', 1\nput 't','b','f:q3','v', 1\n"
      "put 't','n','f:q1','v', 1\n");
  const std::string batched = sh.Ok("scan 't', {BATCH => 2}\n");
  CHECK(batched.substr(batched.rfind('\n', batched.size() - 2) + 1) ==
        "5 row(s)\n");
  CHECK(sh.Ok("scan 't', {BATCH => 1, LIMIT => 2}\n") ==
        "ROW                            COLUMN+CELL\n"
        " a                             column=f:q1, timestamp=1970-01-01T00:00:00.001, value=v\n"
        " a                             column=f:q2, timestamp=1970-01-01T00:00:00.001, value=v\n"
        "2 row(s)\n");
  // 7 cells of 1 + 1 + 2 + 1 bytes, 24 more each: 203 bytes.
  const std::string all = WithoutMillis(
      sh.Ok("scan 't', {ALL_METRICS => true, COLUMNS => ['f:q1']}\n"));
  CHECK(all.substr(all.find("3 row(s)")) ==
        "3 row(s)\n"
        "\n"
        "METRIC                         VALUE\n"
        " BYTES_IN_REMOTE_RESULTS       0\n"
        " BYTES_IN_RESULTS              87\n"
        " MILLIS_BETWEEN_NEXTS          N\n"
        " NOT_SERVING_REGION_EXCEPTION  0\n"
        " REGIONS_SCANNED               2\n"
        " REMOTE_RPC_CALLS              0\n"
        " REMOTE_RPC_RETRIES            0\n"
        " ROWS_FILTERED                 0\n"
        " ROWS_SCANNED                  3\n"
        " RPC_CALLS                     0\n"
        " RPC_RETRIES                   0\n");
  const std::string filtered = sh.Ok(
      "scan 't', {FILTER => \"PrefixFilter('b')\", METRICS => "
      "['ROWS_SCANNED', 'ROWS_FILTERED', 'BYTES_IN_RESULTS']}\n");
  CHECK(filtered.substr(filtered.find("1 row(s)")) ==
        "1 row(s)\n"
        "\n"
        "METRIC                         VALUE\n"
        " BYTES_IN_RESULTS              87\n"
        " ROWS_FILTERED                 2\n"
        " ROWS_SCANNED                  3\n");
  // The regions reached: from STARTROW 'n' one; a LIMIT that stops in the
  // first region, one.
  CHECK(sh.Ok("scan 't', {STARTROW => 'n', METRICS => ['REGIONS_SCANNED']}\n")
            .find(" REGIONS_SCANNED               1\n") != std::string::npos);
  CHECK(sh.Ok("scan 't', {LIMIT => 1, METRICS => ['REGIONS_SCANNED']}\n")
            .find(" REGIONS_SCANNED               1\n") != std::string::npos);
  const CliRun bad = sh.Run("scan 't', {METRICS => 'RPC_CALLS'}\n");
  CHECK(bad.err ==
        "ERROR: line 1: scan: METRICS must be a list of metric names, e.g. "
        "['RPC_RETRIES']\n");
}

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

TEST_CASE("shell: get and scan print their header before they fail") {
  // get.rb and scan.rb print the header (formatter.header) before table.rb
  // reads the options (_get_internal, _hash_to_scan) and before the table
  // is reached (Hbase::Table does not look it up), so a failing get or scan
  // has printed it; count prints nothing before its options are read.
  Shell sh;
  sh.Ok("create 't', 'f'\n");
  const CliRun run = sh.Run(
      "get 'nope', 'r'\n"
      "scan 'nope'\n"
      "get 't', 'r', {COLUMNS => 5}\n"
      "scan 't', {COLUMNS => 5}\n"
      "get 't', 'r', {FILTER => \"Frob(1)\"}\n"
      "scan 't', {FILTER => \"Frob(1)\"}\n"
      "count 'nope'\n"
      "get 't'\n");
  CHECK(run.code == 1);
  CHECK(WithoutTook(run.out) ==
        "COLUMN                         CELL\n"
        "ROW                            COLUMN+CELL\n"
        "COLUMN                         CELL\n"
        "ROW                            COLUMN+CELL\n"
        "COLUMN                         CELL\n"
        "ROW                            COLUMN+CELL\n");
  const std::string frob =
      "filter: position 0: unknown filter 'Frob'; expected one of "
      "ColumnCountGetFilter, ColumnPaginationFilter, ColumnPrefixFilter, "
      "ColumnRangeFilter, ColumnValueFilter, DependentColumnFilter, "
      "FamilyFilter, FirstKeyOnlyFilter, InclusiveStopFilter, KeyOnlyFilter, "
      "MultipleColumnPrefixFilter, PageFilter, PrefixFilter, QualifierFilter, "
      "RowFilter, SingleColumnValueExcludeFilter, SingleColumnValueFilter, "
      "TimestampsFilter, ValueFilter\n";
  CHECK(run.err ==
        "ERROR: line 1: get: table 'nope' not found\n"
        "ERROR: line 2: scan: table 'nope' not found\n"
        "ERROR: line 3: get: COLUMN must be a string, got 5\n"
        "ERROR: line 4: scan: COLUMN must be a string, got 5\n"
        "ERROR: line 5: get: " +
            frob + "ERROR: line 6: scan: " + frob +
            "ERROR: line 7: count: table 'nope' not found\n"
            // Ruby's ArgumentError: the command never ran.
            "ERROR: line 8: get: takes 'TABLE', 'ROW'[, 'F:Q', ... | [COLUMNS] "
            "| {...}], got 1 argument\n");
}

TEST_CASE("shell: FILTER => '' is refused, as ParseFilter refuses it") {
  // table.rb hands any FILTER string to ParseFilter.parseFilterString
  // (_get_internal, _hash_to_scan, so count too), which refuses an empty
  // one ("Incorrect Filter String"); an empty FILTER is not "no filter".
  Shell sh;
  sh.Ok("create 't', 'f'\nput 't', 'r', 'f:q', 'v', 1\n");
  const CliRun run = sh.Run(
      "scan 't', {FILTER => ''}\n"
      "get 't', 'r', {FILTER => \"\"}\n"
      "count 't', {FILTER => ''}\n"
      "scan 't', {FILTER => '  '}\n");
  CHECK(run.code == 1);
  CHECK(WithoutTook(run.out) ==
        "ROW                            COLUMN+CELL\n"
        "COLUMN                         CELL\n"
        "ROW                            COLUMN+CELL\n");
  CHECK(run.err ==
        "ERROR: line 1: scan: filter: position 0: expected a filter name, "
        "SKIP, WHILE or '(', got end of input\n"
        "ERROR: line 2: get: filter: position 0: expected a filter name, "
        "SKIP, WHILE or '(', got end of input\n"
        "ERROR: line 3: count: filter: position 0: expected a filter name, "
        "SKIP, WHILE or '(', got end of input\n"
        "ERROR: line 4: scan: filter: position 2: expected a filter name, "
        "SKIP, WHILE or '(', got end of input\n");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
