// Copyright (c) obkvlite authors.
//
// `obkv load` and `obkv export`, in-process: the TSV/CSV cell lines, CSV
// records spanning lines (RFC 4180), ImportTsv rows (--columns,
// --separator), the validate-all-then-write semantics (a bad record names
// FILE:LINE of its first line and leaves the store unchanged), stdin, the
// SQL dump's exact text, and the progress line's format.
//
// The ImportTsv rules are HBase's, from
// hbase-mapreduce/src/main/java/org/apache/hadoop/hbase/mapreduce/
// ImportTsv.java (class TsvParser, and the checks in ImportTsv.run) and
// TsvImporterMapper.java (how a parsed line becomes a Put); each test below
// names the one it follows.

#include <doctest/doctest.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_test_support.h"
#include "obkvlite/spec.h"
#include "obkvlite/store.h"
#include "tools/cli/transfer/cell_line.h"
#include "tools/cli/transfer/import_columns.h"
#include "tools/cli/transfer/load_cells.h"
#include "tools/cli/transfer/progress.h"
#include "tools/cli/transfer/record_reader.h"

namespace obkvlite {
namespace testing {
namespace {

constexpr const char* kSpec = R"j({"table": "t",
  "families": [{"name": "f", "max_versions": 3},
               {"name": "g", "value_type": "varbinary(8)"}],
  "partition": {"strategy": "key", "partitions": 7}})j";

// Three cells; the second has a 0x00 in its qualifier and a TAB in its
// value, escaped.
constexpr const char* kTsv =
    "r1\tf:q\t100\tv1\n"
    "r2\tf:a\\x00b\t200\thello\\x09world\n"
    "r1\tg:x\t300\tsmall\n";

// The export of kTsv: rows ascending, then family, qualifier.
constexpr const char* kExported =
    "r1\tf:q\t100\tv1\n"
    "r1\tg:x\t300\tsmall\n"
    "r2\tf:a\\x00b\t200\thello\\x09world\n";

struct Loaded {
  Loaded() {
    box.Create("t", kSpec);
    const CliRun run = box.Run({"load", "t", box.WriteFile("d.tsv", kTsv)});
    INFO(run.err);
    REQUIRE(run.code == 0);
    CHECK(run.out == "loaded 3 cells into t\n");
    CHECK(run.err.empty());  // no terminal, no progress bar
  }
  std::string Export(std::vector<std::string> extra = {}) const {
    std::vector<std::string> args = {"export", "t"};
    args.insert(args.end(), extra.begin(), extra.end());
    const CliRun run = box.Run(args);
    INFO(run.err);
    CHECK(run.code == 0);
    return run.out;
  }
  // Loads `text` as NAME (with `extra` arguments), which must fail with
  // exactly `error` after the file name, and checks the store did not
  // change.
  void LoadFails(const std::string& name, const std::string& text,
                 const std::string& error,
                 std::vector<std::string> extra = {}) {
    const std::string before = Export();
    std::vector<std::string> args = {"load", "t", box.WriteFile(name, text)};
    args.insert(args.end(), extra.begin(), extra.end());
    const CliRun run = box.Run(args);
    INFO(name);
    CHECK(run.code == 1);
    CHECK(run.out.empty());
    CHECK(run.err == "obkv: " + box.Path(name) + error + "\n");
    CHECK(Export() == before);
  }
  CliSandbox box;
};

TEST_CASE("load tsv, export tsv and csv") {
  Loaded t;
  CHECK(t.Export() == kExported);
  CHECK(t.Export({"--format", "tsv"}) == kExported);
  CHECK(t.Export({"--format", "csv"}) ==
        "r1,f:q,100,v1\nr1,g:x,300,small\nr2,f:a\\x00b,200,hello\\x09world\n");
}

TEST_CASE("csv: quoted fields round-trip commas and quotes") {
  Loaded t;
  const CliRun run = t.box.Run(
      {"load", "t", "--format", "csv",
       t.box.WriteFile("q.csv", "\"a,b\",f:q,5,\"say \"\"hi\"\", ok\"\r\n")});
  INFO(run.err);
  CHECK(run.code == 0);
  const std::string csv = t.Export({"--format", "csv"});
  CHECK(csv.find("\"a,b\",f:q,5,\"say \"\"hi\"\", ok\"\n") !=
        std::string::npos);
  CHECK(t.Export().find("a,b\tf:q\t5\tsay \"hi\", ok\n") != std::string::npos);
  // The csv export loads back into an empty copy unchanged.
  CliSandbox copy;
  copy.Create("t", kSpec);
  CHECK(
      copy.Run({"load", "t", "--format", "csv", copy.WriteFile("all.csv", csv)})
          .code == 0);
  CHECK(copy.Run({"export", "t"}).out == t.Export());
}

TEST_CASE("load from stdin with -; empty lines are skipped") {
  CliSandbox box;
  box.Create("t", kSpec);
  const CliRun run =
      box.Run({"load", "t", "-", "--batch", "1"}, std::string(kTsv) + "\n\n");
  INFO(run.err);
  CHECK(run.code == 0);
  CHECK(run.out == "loaded 3 cells into t\n");
  CHECK(box.Run({"export", "t"}).out == kExported);
}

TEST_CASE("load from a named pipe: spooled like stdin") {
  CliSandbox box;
  box.Create("t", kSpec);
  const std::string fifo = box.Path("cells.fifo");
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  std::thread writer([&fifo] { std::ofstream(fifo) << kTsv; });
  const CliRun run = box.Run({"load", "t", fifo});
  writer.join();
  INFO(run.err);
  CHECK(run.out == "loaded 3 cells into t\n");
  CHECK(box.Run({"export", "t"}).out == kExported);
}

TEST_CASE("load: a bad line anywhere names FILE:LINE and writes nothing") {
  Loaded t;
  // 2500 good lines, then a bad one: more than two batches of 1000 were
  // valid, and still nothing is written.
  std::string many;
  for (int i = 0; i < 2500; ++i) {
    many += "n" + std::to_string(i) + "\tf:q\t1\tv\n";
  }
  t.LoadFails("many.tsv", many + "x\tf:q\tlater\tv\n",
              ":2501: ts: must be a non-negative integer (ms), got \"later\"");
  t.LoadFails(
      "fields.tsv", "a\tf:q\t1\tv\nb\tf:q\t1\n",
      ":2: expected 4 fields (row, family:qualifier, ts, value), got 3");
  t.LoadFails("escape.tsv", "a\\x4\tf:q\t1\tv\n",
              ":1: row: bad escape at offset 1: expected \\xHH (a backslash "
              "itself is written \\x5C)");
  t.LoadFails("family.tsv", "a\tz:q\t1\tv\n",
              ":1: family: unknown family 'z' in table 't'");
  t.LoadFails("column.tsv", "a\tfq\t1\tv\n",
              ":1: column: must be \"family:qualifier\" with a non-empty "
              "family, got \"fq\"");
  t.LoadFails("value.tsv", "a\tg:q\t1\t123456789\n",
              ":1: value: 9 bytes, limit 8");
  t.LoadFails("negative.tsv", "a\tf:q\t-5\tv\n",
              ":1: ts: must be a non-negative integer (ms), got \"-5\"");
  // Without --format csv a quote is an ordinary byte: one TAB-less field.
  t.LoadFails("quote.tsv", "a,f:q,1,\"open\n",
              ":1: expected 4 fields (row, family:qualifier, ts, value), got "
              "1");
}

TEST_CASE("csv: a quoted field spans lines; errors name the record's line") {
  Loaded t;
  // RFC 4180 section 2, rule 6: a quoted field may hold line breaks
  // (kept as written, CRLF included) and "" is one quote.
  const std::string csv =
      "m1,f:q,5,\"line one\nline \"\"two\"\"\r\nthree\"\r\n"
      "m2,f:q,6,plain\r\n"
      "\r\n"
      "\"m\n3\",f:q,7,x\n";
  CliRun run = t.box.Run(
      {"load", "t", "--format", "csv", t.box.WriteFile("m.csv", csv)});
  INFO(run.err);
  CHECK(run.code == 0);
  CHECK(run.out == "loaded 3 cells into t\n");
  CHECK(t.Export() ==
        "m\\x0A3\tf:q\t7\tx\n"
        "m1\tf:q\t5\tline one\\x0Aline \"two\"\\x0D\\x0Athree\n"
        "m2\tf:q\t6\tplain\n" +
            std::string(kExported));
  // A bad record is named by the line it starts on: record 2 starts on
  // line 2 and spans three lines, record 3 starts on line 5.
  const std::string spans = "a,f:q,1,v\nb,f:q,2,\"x\n\ny\"\nc,f:q,z,v\n";
  t.LoadFails("spans.csv", spans,
              ":5: ts: must be a non-negative integer (ms), got \"z\"",
              {"--format", "csv"});
  t.LoadFails("open.csv", "a,f:q,1,v\nb,f:q,2,\"open\nstill open\n",
              ":2: field 4: unterminated quote opened at offset 8",
              {"--format", "csv"});
  t.LoadFails("after.csv", "a,f:q,1,v\nb,f:q,2,\"x\ny\"z,w\n",
              ":2: field 4: text after the closing quote at offset 13",
              {"--format", "csv"});
}

// TsvParser(columnsSpecification, ...): the list is split on ',' and each
// entry trimmed; "f" has the empty qualifier; HBASE_TS_KEY may be any
// field. TsvImporterMapper.map: one Put per line, a cell for every other
// field, empty ones too (importtsv.skip.empty.columns defaults to false),
// all with the line's timestamp. Fields are raw bytes (ImportTsv: "it
// doesn't do any quoting or escaping").
TEST_CASE("ImportTsv --columns: fields become one Put's cells") {
  CliSandbox box;
  box.Create("t", kSpec);
  CliRun run = box.Run(
      {"load", "t",
       box.WriteFile("rows.tsv", "r1\t100\talice\tx\\y\nr2\t200\tbob\t\n"),
       "--columns", " HBASE_ROW_KEY , HBASE_TS_KEY,f:name,g"});
  INFO(run.err);
  CHECK(run.code == 0);
  CHECK(run.out == "loaded 4 cells into t\n");
  CHECK(box.Run({"export", "t"}).out ==
        "r1\tf:name\t100\talice\n"
        "r1\tg:\t100\tx\\x5Cy\n"
        "r2\tf:name\t200\tbob\n"
        "r2\tg:\t200\t\n");
}

// ImportTsv.SEPARATOR_CONF_KEY (importtsv.separator, default "\t");
// TsvParser: "TsvParser only supports single-byte separators". Any byte
// but a line break, given as is or as \xHH.
TEST_CASE("ImportTsv --separator: one byte") {
  CliSandbox box;
  box.Create("t", kSpec);
  CliRun run =
      box.Run({"load", "t", box.WriteFile("p.txt", "p|1|a\tb\n"), "--columns",
               "HBASE_ROW_KEY,HBASE_TS_KEY,f:q", "--separator", "|"});
  INFO(run.err);
  CHECK(run.code == 0);
  const std::string hive = std::string("h") + '\x01' + "2" + '\x01' + "x,y\n";
  run = box.Run({"load", "t", box.WriteFile("h.txt", hive), "--columns",
                 "HBASE_ROW_KEY,HBASE_TS_KEY,f:q", "--separator", "\\x01"});
  CHECK(run.code == 0);
  CHECK(box.Run({"export", "t"}).out ==
        "h\tf:q\t2\tx,y\n"
        "p\tf:q\t1\ta\\x09b\n");
}

// --format csv with --columns: RFC 4180 quoting around the same rows, so a
// field may hold the separator, quotes and line breaks.
TEST_CASE("ImportTsv --columns with --format csv") {
  CliSandbox box;
  box.Create("t", kSpec);
  CliRun run = box.Run(
      {"load", "t",
       box.WriteFile("c.csv",
                     "k1,5,\"multi\r\nline\",\"a,\"\"b\"\"\"\nk2,6,x,y\n"),
       "--format", "csv", "--columns", "HBASE_ROW_KEY,HBASE_TS_KEY,f:a,f:b"});
  INFO(run.err);
  CHECK(run.code == 0);
  CHECK(run.out == "loaded 4 cells into t\n");
  CHECK(box.Run({"export", "t"}).out ==
        "k1\tf:a\t5\tmulti\\x0D\\x0Aline\n"
        "k1\tf:b\t5\ta,\"b\"\n"
        "k2\tf:a\t6\tx\n"
        "k2\tf:b\t6\ty\n");
}

// ImportTsv.run: "If timestamp option is not specified, use current system
// time", set once for the job (importtsv.timestamp), and every cell
// TsvImporterMapper makes without HBASE_TS_KEY gets it.
TEST_CASE("ImportTsv without HBASE_TS_KEY: one timestamp, the load's start") {
  CliSandbox box;
  box.Create("t", kSpec);
  const auto now = [] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  };
  const int64_t before = now();
  CliRun run =
      box.Run({"load", "t", box.WriteFile("n.tsv", "a\t1\nb\t2\nc\t3\n"),
               "--columns", "HBASE_ROW_KEY,f:q", "--batch", "1"});
  const int64_t after = now();
  CHECK(run.out == "loaded 3 cells into t\n");
  std::istringstream lines(box.Run({"export", "t"}).out);
  std::string row, column, ts, value;
  std::vector<int64_t> stamps;
  while (lines >> row >> column >> ts >> value) {
    stamps.push_back(std::stoll(ts));
  }
  REQUIRE(stamps.size() == 3);
  CHECK(stamps[0] >= before);
  CHECK(stamps[0] <= after);
  CHECK(stamps[1] == stamps[0]);
  CHECK(stamps[2] == stamps[0]);
}

TEST_CASE("ImportTsv without HBASE_TS_KEY takes the store's clock") {
  // obkv load sets LoadOptions::now_ms from Store::NowMs: a store with a
  // clock of its own (StoreOptions::clock_ms) stamps the rows with it.
  const std::string path =
      (std::filesystem::temp_directory_path() / "obkv_load_clock.db").string();
  std::filesystem::remove(path);
  StoreOptions store_options;
  store_options.clock_ms = [] { return int64_t{4242}; };
  Result<std::unique_ptr<Store>> store = Store::Open(store_options, path);
  REQUIRE_MESSAGE(store.ok(), store.status().ToString());
  CHECK((*store)->NowMs() == 4242);
  Result<TableSpec> spec = ParseTableSpec(kSpec);
  REQUIRE(spec.ok());
  REQUIRE((*store)->CreateTable(*spec).ok());
  Result<Table*> table = (*store)->GetTable("t");
  REQUIRE(table.ok());
  cli::LoadOptions options;
  Result<cli::ImportColumns> columns =
      cli::ImportColumns::Parse("HBASE_ROW_KEY,f:q");
  REQUIRE(columns.ok());
  options.columns = *columns;
  options.name = "clock.tsv";
  options.now_ms = (*store)->NowMs();
  std::istringstream in("a\t1\nb\t2\n");
  Result<int64_t> loaded = cli::LoadCells(**table, in, options, nullptr);
  REQUIRE_MESSAGE(loaded.ok(), loaded.status().ToString());
  CHECK(*loaded == 2);
  Get get("b");
  Result<RowResult> row = (*table)->Get(get);
  REQUIRE(row.ok());
  REQUIRE(row->cells.size() == 1);
  CHECK(row->cells[0].timestamp == 4242);
  CHECK(row->cells[0].value == "2");
  store->reset();
  std::filesystem::remove(path);
}

// Bad records: each names FILE:LINE and nothing is written.
//   - TsvParser.parse: "Excessive columns" (more fields than entries) and
//     "No delimiter" (a line without the separator) are bad lines. A line
//     with fewer fields is bad here too, where TsvImporterMapper would
//     write the fields present: a short line is a broken file, and load
//     writes all or nothing.
//   - ImportTsv usage: "Record with invalid timestamps (blank,
//     non-numeric) will be treated as bad record"; a negative one fails
//     HBase's Put (IllegalArgumentException, a bad line in
//     TsvImporterMapper.map), as does an empty row key
//     (TsvParser.parseRowKey: "Empty value for ROW KEY.").
TEST_CASE("ImportTsv: a bad record names FILE:LINE and writes nothing") {
  Loaded t;
  const std::vector<std::string> cols = {"--columns", "HBASE_ROW_KEY,f:a,g:b"};
  const std::vector<std::string> with_ts = {"--columns",
                                            "HBASE_ROW_KEY,HBASE_TS_KEY,f:a"};
  std::string many;
  for (int i = 0; i < 2500; ++i) many += "n" + std::to_string(i) + "\tx\ty\n";
  t.LoadFails("many.tsv", many + "late\tx\n",
              ":2501: expected 3 fields (HBASE_ROW_KEY,f:a,g:b), got 2", cols);
  t.LoadFails("extra.tsv", "a\tx\ty\tz\n",
              ":1: expected 3 fields (HBASE_ROW_KEY,f:a,g:b), got 4", cols);
  t.LoadFails("nodelim.tsv", "a\tx\ty\n\nlonely\n",
              ":3: expected 3 fields (HBASE_ROW_KEY,f:a,g:b), got 1", cols);
  t.LoadFails("row.tsv", "\tx\ty\n", ":1: row: must not be empty", cols);
  t.LoadFails("value.tsv", "a\tx\t123456789\n",
              ":1: field 3 (g:b): value: 9 bytes, limit 8", cols);
  t.LoadFails("blank_ts.tsv", "a\t\tx\n",
              ":1: ts: must be a non-negative integer (ms), got \"\"", with_ts);
  t.LoadFails("text_ts.tsv", "a\tsoon\tx\n",
              ":1: ts: must be a non-negative integer (ms), got \"soon\"",
              with_ts);
  t.LoadFails("neg_ts.tsv", "a\t-1\tx\n",
              ":1: ts: must be a non-negative integer (ms), got \"-1\"",
              with_ts);
}

// ImportTsv.run: "Must specify exactly one column as HBASE_ROW_KEY", "Must
// specify at most one column as HBASE_TS_KEY", "One or more columns in
// addition to the row key and timestamp(optional) are required".
// TsvParser's HBASE_ATTRIBUTES_KEY and HBASE_CELL_VISIBILITY have
// nothing to map to here and are refused; HBASE_CELL_TTL needs a family
// with "cell_ttl" (cell_ttl_cli_test loads one). createSubmittableJob: "Column
// families: [z] do not exist".
TEST_CASE("ImportTsv: --columns and --separator errors") {
  Loaded t;
  const std::string file = t.box.WriteFile("x.tsv", "a\tb\n");
  const auto usage = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = {"load", "t", file};
    args.insert(args.end(), extra.begin(), extra.end());
    const CliRun run = t.box.Run(args);
    CHECK(run.code == 2);
    CHECK(run.out.empty());
    return run.err;
  };
  CHECK(usage({"--columns", "f:a,f:b"}) ==
        "obkv: --columns: HBASE_ROW_KEY must appear exactly once, got 0\n");
  CHECK(usage({"--columns", "HBASE_ROW_KEY,f:a,HBASE_ROW_KEY"}) ==
        "obkv: --columns: HBASE_ROW_KEY must appear exactly once, got 2\n");
  CHECK(usage({"--columns", "HBASE_ROW_KEY,HBASE_TS_KEY,f,HBASE_TS_KEY"}) ==
        "obkv: --columns: HBASE_TS_KEY must appear at most once, got 2\n");
  CHECK(usage({"--columns", "HBASE_ROW_KEY,HBASE_TS_KEY"}) ==
        "obkv: --columns: needs at least one family or family:qualifier "
        "besides HBASE_ROW_KEY, HBASE_TS_KEY and HBASE_CELL_TTL\n");
  CHECK(usage({"--columns", "HBASE_ROW_KEY,HBASE_CELL_TTL,f,HBASE_CELL_TTL"}) ==
        "obkv: --columns: HBASE_CELL_TTL must appear at most once, got 2\n");
  CHECK(usage({"--columns", "HBASE_ROW_KEY,f:a,HBASE_ATTRIBUTES_KEY"}) ==
        "obkv: --columns: entry 3: HBASE_ATTRIBUTES_KEY is not supported: "
        "obkvlite puts carry no operation attributes\n");
  CHECK(usage({"--columns", "HBASE_ROW_KEY,HBASE_CELL_VISIBILITY,f:a"}) ==
        "obkv: --columns: entry 2: HBASE_CELL_VISIBILITY is not supported: "
        "obkvlite has no cell visibility labels\n");
  CHECK(usage({"--columns", "HBASE_ROW_KEY,,f:a"}) ==
        "obkv: --columns: entry 2: empty entry\n");
  CHECK(usage({"--columns", "HBASE_ROW_KEY,f,f:"}) ==
        "obkv: --columns: entry 3: f: names the same column as entry 2\n");
  CHECK(usage({"--columns", "HBASE_ROW_KEY,:a"}) ==
        "obkv: --columns: entry 2: must be \"family:qualifier\" with a "
        "non-empty family, got \":a\"\n");
  CHECK(usage({"--columns", "HBASE_ROW_KEY,f", "--separator", "ab"}) ==
        "obkv: --separator: must be one byte (write a control byte as "
        "\\xHH), got 'ab'\n");
  CHECK(usage({"--columns", "HBASE_ROW_KEY,f", "--separator", "\\x0A"}) ==
        "obkv: --separator: must not be a line break (records are lines)\n");
  CHECK(usage({"--separator", "|"}) ==
        "obkv: --separator: only with --columns (cell lines are separated by "
        "TAB, or by commas with --format csv)\n");
  CHECK(usage({"--columns", "HBASE_ROW_KEY,f", "--format", "csv", "--separator",
               ";"}) ==
        "obkv: --separator: not with --format csv (csv fields are separated "
        "by commas)\n");
  const CliRun run =
      t.box.Run({"load", "t", file, "--columns", "HBASE_ROW_KEY,z:a"});
  CHECK(run.code == 1);
  CHECK(run.err ==
        "obkv: --columns: entry 2: unknown family 'z' in table 't'\n");
  // A cell TTL needs a family that keeps one (FamilySpec::cell_ttl).
  const CliRun no_ttl = t.box.Run(
      {"load", "t", file, "--columns", "HBASE_ROW_KEY,f:a,HBASE_CELL_TTL"});
  CHECK(no_ttl.code == 1);
  CHECK(no_ttl.err ==
        "obkv: --columns: entry 3: HBASE_CELL_TTL: family 'f' keeps no cell "
        "TTL (its spec has no \"cell_ttl\": true)\n");
  CHECK(t.Export() == kExported);
}

TEST_CASE("load/export: usage errors") {
  Loaded t;
  CliRun run = t.box.Run({"load", "t", "x.tsv", "--format", "json"});
  CHECK(run.code == 2);
  CHECK(run.err == "obkv: --format: must be tsv or csv, got 'json'\n");
  run = t.box.Run({"load", "t", "x.tsv", "--batch", "0"});
  CHECK(run.code == 2);
  CHECK(run.err == "obkv: --batch: must be at least 1, got 0\n");
  run = t.box.Run({"load", "t", t.box.Path("missing.tsv")});
  CHECK(run.code == 1);
  CHECK(run.err == "obkv: cannot open '" + t.box.Path("missing.tsv") + "'\n");
  run = t.box.Run({"load", "nope", t.box.WriteFile("a.tsv", kTsv)});
  CHECK(run.code == 1);
  run = t.box.Run({"export", "t", "--dialect", "sqlite"});
  CHECK(run.code == 2);
  CHECK(run.err ==
        "obkv: --dialect: must be oceanbase or mysql, got 'sqlite'\n");
  CHECK(CliSandbox::RunBare({"load", "--help"}).out.find("FILE:LINE") !=
        std::string::npos);
  CHECK(CliSandbox::RunBare({"export", "--help"}).out.find("--dialect") !=
        std::string::npos);
}

TEST_CASE("export --dialect mysql: DDL, then the exact K/Q/T/V rows in hex") {
  Loaded t;
  const std::string dump = t.Export({"--dialect", "mysql"});
  CHECK(dump.rfind("-- obkv export of table t (mysql dialect): DDL, then the "
                   "K/Q/T/V rows (T = -timestamp)\n\nCREATE TABLE `t$f` (\n",
                   0) == 0);
  const std::string inserts =
      "INSERT INTO `t$f` (`K`, `Q`, `T`, `V`) VALUES\n"
      "(X'7231', X'71', -100, X'7631'),\n"
      "(X'7232', X'610062', -200, X'68656C6C6F09776F726C64');\n"
      "INSERT INTO `t$g` (`K`, `Q`, `T`, `V`) VALUES\n"
      "(X'7231', X'78', -300, X'736D616C6C');\n"
      "-- 3 rows\n";
  REQUIRE(dump.size() > inserts.size());
  CHECK(dump.substr(dump.size() - inserts.size()) == inserts);
  // The oceanbase dialect carries the TABLEGROUP and kv_attributes.
  const std::string ob = t.Export({"--dialect", "oceanbase"});
  CHECK(ob.find("CREATE TABLEGROUP `t`;\n") != std::string::npos);
  CHECK(ob.find("kv_attributes = '{\"HBase\": {\"MaxVersions\": 3}}'") !=
        std::string::npos);
  CHECK(ob.substr(ob.size() - inserts.size()) == inserts);
}

// Splits `text` into records with `syntax`; each record's fields are
// joined by '|' and prefixed by its line: "1:a|b".
std::vector<std::string> Records(const std::string& text,
                                 cli::RecordSyntax syntax) {
  std::istringstream in(text);
  cli::RecordReader reader(in, syntax);
  std::vector<std::string> out;
  std::vector<std::string> fields;
  for (;;) {
    Result<bool> more = reader.Next(&fields);
    if (!more.ok()) {
      out.push_back(std::to_string(reader.line()) + ": " +
                    more.status().message());
      return out;
    }
    if (!*more) return out;
    std::string joined = std::to_string(reader.line()) + ":";
    for (size_t i = 0; i < fields.size(); ++i) {
      joined += (i > 0 ? "|" : "") + fields[i];
    }
    out.push_back(joined);
  }
}

TEST_CASE("record reader: tsv, csv, separators, line numbers") {
  using cli::RecordSyntax;
  using V = std::vector<std::string>;
  // tsv: no quoting, every byte between separators is the field's; CRLF
  // and empty lines.
  CHECK(Records("a\tb\\x\t\"c\r\n\n\t\n", RecordSyntax::Tsv()) ==
        V{"1:a|b\\x|\"c", "3:|"});
  CHECK(Records("a|b,c||\n", RecordSyntax::Tsv('|')) == V{"1:a|b,c||"});
  // csv: quotes, "" and a line break inside quotes; an empty line inside a
  // quoted field is part of it.
  CHECK(Records("\"a,b\",\"say \"\"hi\"\"\"\n\"x\n\ny\",z\nlast\n",
                RecordSyntax::Csv()) ==
        V{"1:a,b|say \"hi\"", "2:x\n\ny|z", "5:last"});
  // A quote inside an unquoted field is kept.
  CHECK(Records("ab\"c,d\n", RecordSyntax::Csv()) == V{"1:ab\"c|d"});
  CHECK(Records("\"a\"x,f:q,1,v\n", RecordSyntax::Csv()) ==
        V{"1: field 1: text after the closing quote at offset 3"});
  CHECK(Records("ok\n\"a\nb\n", RecordSyntax::Csv()) ==
        V{"1:ok", "2: field 1: unterminated quote opened at offset 0"});
}

TEST_CASE("cell lines: parse and format") {
  using cli::CellFormat;
  Result<cli::CellLine> line = cli::ParseCellFields({"r", "f:", "", "\\x5C"});
  REQUIRE(line.ok());
  CHECK(line->row == "r");
  CHECK(line->family == "f");
  CHECK(line->qualifier.empty());
  CHECK(!line->ts.has_value());  // empty ts: now
  CHECK(line->value == "\\");
  CHECK(cli::FormatCellLine(Cell{"a,b", "f", "q\"", 7, "\t"},
                            CellFormat::kCsv) == "\"a,b\",\"f:q\"\"\",7,\\x09");
  CHECK(cli::ParseCellFields({"r", "f:q", "1"}).status().message() ==
        "expected 4 fields (row, family:qualifier, ts, value), got 3");
}

TEST_CASE("progress line: bar, percentage, rows/s and ETA") {
  CHECK(cli::FormatProgress(50, 100, 5000, 2000) ==
        "[##########----------]  50%  5000 rows  2500 rows/s  ETA 0:02");
  CHECK(cli::FormatProgress(100, 100, 7, 0) ==
        "[####################] 100%  7 rows  0 rows/s  ETA 0:00");
  CHECK(cli::FormatProgress(0, 100, 0, 0) ==
        "[--------------------]   0%  0 rows  0 rows/s  ETA --:--");
  CHECK(cli::FormatProgress(1, 4000, 1, 1000) ==
        "[--------------------]   0%  1 rows  1 rows/s  ETA 1:06:39");
  // Unknown total: no bar, no ETA.
  CHECK(cli::FormatProgress(10, 0, 42, 1000) == "42 rows  42 rows/s");
}

TEST_CASE("timeseries of several families: count and export per family") {
  // OBKV answers one family per timeseries request (doc/timeseries.md), so
  // count and export go family by family, as scan --family does; a row in
  // two families is one row.
  CliSandbox box;
  box.Create("m", R"({"table": "m", "layout": "timeseries",
                      "families": [{"name": "a"}, {"name": "b"}]})");
  const CliRun load = box.Run(
      {"load", "m",
       box.WriteFile("m.tsv", "r\ta:x\t5\t1\nr\tb:y\t6\t2\nr2\ta:x\t7\t3\n")});
  INFO(load.err);
  REQUIRE(load.code == 0);
  CliRun run = box.Run({"count", "m", "--per-family"});
  INFO(run.err);
  CHECK(run.out ==
        "m: 2 rows, 3 cells\nfamily a: 2 rows, 2 cells\n"
        "family b: 1 rows, 1 cells\n");
  run = box.Run({"export", "m"});
  CHECK(run.code == 0);
  CHECK(run.out == "r\ta:x\t5\t1\nr2\ta:x\t7\t3\nr\tb:y\t6\t2\n");
  // The export loads back into the same table shape.
  CliSandbox copy;
  copy.Create("m", R"({"table": "m", "layout": "timeseries",
                       "families": [{"name": "a"}, {"name": "b"}]})");
  REQUIRE(copy.Run({"load", "m", copy.WriteFile("e.tsv", run.out)}).code == 0);
  CHECK(copy.Run({"export", "m"}).out == run.out);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
