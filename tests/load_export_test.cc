// Copyright (c) obkvlite authors.
//
// `obkv load` and `obkv export`, in-process: the TSV/CSV cell lines, CSV
// records spanning lines (RFC 4180), the validate-all-then-write semantics
// (a bad record names FILE:LINE of its first line and leaves the store
// unchanged), stdin, the SQL dump's exact text, and the progress line's
// format.

#include <doctest/doctest.h>
#include <sys/stat.h>

#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_test_support.h"
#include "tools/cli/cell_line.h"
#include "tools/cli/progress.h"
#include "tools/cli/record_reader.h"

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

}  // namespace
}  // namespace testing
}  // namespace obkvlite
