// Copyright (c) obkvlite authors.
//
// `obkv load` and `obkv export`, in-process: the TSV/CSV cell lines, the
// validate-all-then-write semantics (a bad line names FILE:LINE and leaves
// the store unchanged), stdin, the SQL dump's exact text, and the progress
// line's format.

#include <doctest/doctest.h>
#include <sys/stat.h>

#include <fstream>
#include <string>
#include <thread>

#include "cli_test_support.h"
#include "tools/cli/cell_line.h"
#include "tools/cli/progress.h"

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
  // Loads `text` as NAME, which must fail with exactly `error`, and checks
  // the store did not change.
  void LoadFails(const std::string& name, const std::string& text,
                 const std::string& error) {
    const std::string before = Export();
    const CliRun run = box.Run({"load", "t", box.WriteFile(name, text)});
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
  t.LoadFails("quote.csv", "a,f:q,1,\"open\n",
              ":1: expected 4 fields (row, family:qualifier, ts, value), got "
              "1");
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

TEST_CASE("cell lines: parse and format") {
  using cli::CellFormat;
  Result<cli::CellLine> line =
      cli::ParseCellLine("r\tf:\t\t\\x5C", CellFormat::kTsv);
  REQUIRE(line.ok());
  CHECK(line->row == "r");
  CHECK(line->family == "f");
  CHECK(line->qualifier.empty());
  CHECK(!line->ts.has_value());  // empty ts: now
  CHECK(line->value == "\\");
  CHECK(cli::FormatCellLine(Cell{"a,b", "f", "q\"", 7, "\t"},
                            CellFormat::kCsv) == "\"a,b\",\"f:q\"\"\",7,\\x09");
  CHECK(cli::ParseCellLine("\"a\"x,f:q,1,v", CellFormat::kCsv)
            .status()
            .message() == "field 1: text after the closing quote at offset 3");
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

}  // namespace
}  // namespace testing
}  // namespace obkvlite
