// Copyright (c) obkvlite authors.
//
// The data commands of `obkv`, in-process through RunObkv, with their exact
// output: create, put, get, scan, delete, describe, list, count, purge, sql
// (and that sql cannot change the store), plus --help and usage errors.

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

constexpr const char* kCliSpec = R"({
  "table": "t",
  "families": [
    {"name": "f", "max_versions": 3},
    {"name": "g", "value_type": "longblob", "partition": {"strategy": "none"}}
  ],
  "partition": {"strategy": "key", "partitions": 7}
})";

class Cli {
 public:
  Cli() { box.Create("t", kCliSpec); }

  // Runs a command that must succeed; returns its stdout.
  std::string Ok(const std::vector<std::string>& args,
                 const std::string& in = "") {
    const CliRun run = box.Run(args, in);
    INFO(run.err);
    CHECK(run.code == 0);
    CHECK(run.err.empty());
    return run.out;
  }
  void Put(const std::string& row, const std::string& column, int64_t ts,
           const std::string& value) {
    CHECK(Ok({"put", "t", row, column, value, "--ts", std::to_string(ts)})
              .empty());
  }

  CliSandbox box;
};

// ---- create ---------------------------------------------------------------

TEST_CASE("create: creates the store and the table, prints a summary") {
  CliSandbox box;
  const CliRun run = box.Run({"create", box.WriteFile("t.json", kCliSpec)});
  CHECK(run.code == 0);
  CHECK(run.out == "created table t: 2 families, 8 partition tables\n");
  CHECK(run.err.empty());
  CHECK(std::filesystem::exists(box.store()));
}

TEST_CASE("create: spec warnings go to stderr") {
  CliSandbox box;
  const CliRun run = box.Run(
      {"create", box.WriteFile("w.json", R"({"table":"w","families":)"
                                         R"([{"name":"a"}],"partition":)"
                                         R"({"strategy":"key",)"
                                         R"("partitions":10}})")});
  CHECK(run.code == 0);
  CHECK(run.out == "created table w: 1 family, 10 partition tables\n");
  CHECK(run.err.rfind("obkv: warning: partition.partitions", 0) == 0);
}

TEST_CASE("create: an existing table or a bad spec fails with exit 1") {
  Cli cli;
  const CliRun again = cli.box.Run({"create", cli.box.Path("t.json")});
  CHECK(again.code == 1);
  CHECK(again.out.empty());
  CHECK(again.err.rfind("obkv: ", 0) == 0);
  CHECK(again.err.find("'t'") != std::string::npos);
  const CliRun bad = cli.box.Run(
      {"create", cli.box.WriteFile("bad.json", R"({"table":"b","x":1})")});
  CHECK(bad.code == 1);
  CHECK(bad.err.rfind("obkv: ", 0) == 0);
}

// ---- store and usage errors -------------------------------------------------

TEST_CASE("data commands need --store: usage error, exit 2") {
  for (const char* command :
       {"create", "put", "get", "scan", "delete", "describe", "list", "count",
        "purge", "sql", "exec"}) {
    CAPTURE(command);
    std::vector<std::string> args = {command};
    const std::string c = command;
    if (c == "create") args.push_back("spec.json");
    if (c == "put") args.insert(args.end(), {"t", "r", "f:q", "v"});
    if (c == "get" || c == "delete") args.insert(args.end(), {"t", "r"});
    if (c == "scan" || c == "describe" || c == "count" || c == "purge") {
      args.push_back("t");
    }
    if (c == "sql") args.push_back("SELECT 1");
    const CliRun run = CliSandbox::RunBare(args);
    CHECK(run.code == 2);
    CHECK(run.out.empty());
    CHECK(run.err == "obkv: " + c + ": --store PATH is required\n");
  }
}

TEST_CASE("a missing store is an error and is not created") {
  CliSandbox box;
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{
           {"get", "t", "r"}, {"list"}, {"exec"}, {"sql", "SELECT 1"}}) {
    CAPTURE(args[0]);
    const CliRun run = box.Run(args);
    CHECK(run.code == 1);
    CHECK(run.err == "obkv: no store at '" + box.store() +
                         "' (make one with: obkv --store " + box.store() +
                         " create SPEC.json)\n");
  }
  CHECK_FALSE(std::filesystem::exists(box.store()));
}

TEST_CASE("usage errors exit 2") {
  Cli cli;
  CHECK(cli.box.Run({"put", "t", "r"}).code == 2);
  CHECK(cli.box.Run({"get", "t", "r", "--bogus"}).code == 2);
  CHECK(cli.box.Run({"get", "t", "r", "--ts", "5", "--time-range", "1", "2"})
            .code == 2);
  CHECK(cli.box.Run({"delete", "t", "r", "--column", "f:q", "--family", "f"})
            .code == 2);
  CHECK(cli.box.Run({"scan", "t", "--limit", "many"}).code == 2);
}

// ---- put / get ------------------------------------------------------------

TEST_CASE("put and get: one cell per line, bytes escaped") {
  Cli cli;
  cli.Put("r1", "f:q", 100, "v1");
  cli.Put("r1", "f:q", 200, "v2");
  cli.Put("r1", "g:\\x00", 100, "a\\x5Cb\\xff");
  CHECK(cli.Ok({"get", "t", "r1"}) ==
        "r1  f:q  @200  v2\n"
        "r1  g:\\x00  @100  a\\x5Cb\\xFF\n");
  CHECK(cli.Ok({"get", "t", "nope"}).empty());
}

TEST_CASE("put without --ts stamps now; --json prints the exec result") {
  Cli cli;
  CHECK(cli.Ok({"put", "t", "r", "f:q", "v", "--json"}) == "{\"ok\":true}\n");
  const std::string line = cli.Ok({"get", "t", "r"});
  CHECK(line.rfind("r  f:q  @1", 0) == 0);  // a 2001+ timestamp in ms
  CHECK(line.size() == std::string("r  f:q  @1700000000000  v\n").size());
}

TEST_CASE("get: --column, --family, --versions, --time-range, --ts, --filter") {
  Cli cli;
  cli.Put("r", "f:a", 100, "a1");
  cli.Put("r", "f:a", 200, "a2");
  cli.Put("r", "f:b", 100, "b1");
  cli.Put("r", "g:x", 100, "x1");
  CHECK(cli.Ok({"get", "t", "r", "--column", "f:a", "--column", "g:x"}) ==
        "r  f:a  @200  a2\nr  g:x  @100  x1\n");
  CHECK(cli.Ok({"get", "t", "r", "--family", "g"}) == "r  g:x  @100  x1\n");
  CHECK(cli.Ok({"get", "t", "r", "--column", "f:a", "--versions", "2"}) ==
        "r  f:a  @200  a2\nr  f:a  @100  a1\n");
  CHECK(cli.Ok({"get", "t", "r", "--family", "f", "--time-range", "0",
                "150"}) == "r  f:a  @100  a1\nr  f:b  @100  b1\n");
  CHECK(cli.Ok({"get", "t", "r", "--ts", "100", "--family", "f"}) ==
        "r  f:a  @100  a1\nr  f:b  @100  b1\n");
  CHECK(cli.Ok({"get", "t", "r", "--filter",
                "QualifierFilter(=,'binary:b')"}) == "r  f:b  @100  b1\n");
  CHECK(cli.Ok({"get", "t", "r", "--column", "g:x", "--json"}) ==
        R"({"ok":true,"cells":[{"row":"r","family":"g","qualifier":"x",)"
        R"("ts":100,"value":"x1"}]})"
        "\n");
}

TEST_CASE("get and put: bad input exits 1 naming the field") {
  Cli cli;
  const CliRun bad_row = cli.box.Run({"get", "t", "a\\q"});
  CHECK(bad_row.code == 1);
  CHECK(bad_row.err ==
        "obkv: row: bad escape at offset 1: expected \\xHH (a backslash "
        "itself is written \\x5C)\n");
  const CliRun bad_column = cli.box.Run({"put", "t", "r", "fq", "v"});
  CHECK(bad_column.code == 1);
  CHECK(bad_column.err ==
        "obkv: FAMILY:QUALIFIER: must be \"family:qualifier\" with a "
        "non-empty family, got \"fq\"\n");
  const CliRun bad_range =
      cli.box.Run({"get", "t", "r", "--time-range", "5", "1"});
  CHECK(bad_range.code == 1);
  CHECK(bad_range.err ==
        "obkv: time_range: must be [min, max) with 0 <= min <= max, got "
        "[5,1]\n");
  const CliRun no_table = cli.box.Run({"get", "x", "r"});
  CHECK(no_table.code == 1);
  CHECK(no_table.err == "obkv: table 'x' not found\n");
}

// ---- scan -----------------------------------------------------------------

class ScanCli : public Cli {
 public:
  ScanCli() {
    Put("a", "f:q", 1, "1");
    Put("ab", "f:q", 1, "2");
    Put("b", "f:q", 1, "3");
    Put("b", "f:q", 2, "3b");
    Put("b", "g:x", 1, "x");
    Put("c", "f:q", 1, "4");
  }
};

TEST_CASE("scan: whole table, range, prefix") {
  ScanCli cli;
  CHECK(cli.Ok({"scan", "t"}) ==
        "a  f:q  @1  1\nab  f:q  @1  2\nb  f:q  @2  3b\nb  g:x  @1  x\n"
        "c  f:q  @1  4\n");
  CHECK(cli.Ok({"scan", "t", "--start", "ab", "--stop", "c"}) ==
        "ab  f:q  @1  2\nb  f:q  @2  3b\nb  g:x  @1  x\n");
  CHECK(cli.Ok({"scan", "t", "--prefix", "a"}) ==
        "a  f:q  @1  1\nab  f:q  @1  2\n");
}

TEST_CASE("scan: --reversed, --limit, --batch") {
  ScanCli cli;
  CHECK(cli.Ok({"scan", "t", "--reversed", "--limit", "2"}) ==
        "c  f:q  @1  4\nb  f:q  @2  3b\nb  g:x  @1  x\n");
  CHECK(cli.Ok({"scan", "t", "--reversed", "--start", "b", "--stop", "a"}) ==
        "b  f:q  @2  3b\nb  g:x  @1  x\nab  f:q  @1  2\n");
  CHECK(cli.Ok({"scan", "t", "--batch", "1", "--start", "b", "--stop", "c"}) ==
        "b  f:q  @2  3b\nb  g:x  @1  x\n");
}

TEST_CASE("scan: --versions, --time-range, --column, --family, --filter") {
  ScanCli cli;
  CHECK(cli.Ok({"scan", "t", "--column", "f:q", "--versions", "2", "--prefix",
                "b"}) == "b  f:q  @2  3b\nb  f:q  @1  3\n");
  CHECK(cli.Ok({"scan", "t", "--time-range", "2", "3"}) == "b  f:q  @2  3b\n");
  CHECK(cli.Ok({"scan", "t", "--family", "g"}) == "b  g:x  @1  x\n");
  CHECK(cli.Ok({"scan", "t", "--filter", "ValueFilter(=,'binary:4')"}) ==
        "c  f:q  @1  4\n");
  CHECK(cli.Ok({"scan", "t", "--family", "g", "--json"}) ==
        R"({"ok":true,"cells":[{"row":"b","family":"g","qualifier":"x",)"
        R"("ts":1,"value":"x"}]})"
        "\n");
}

// ---- delete ---------------------------------------------------------------

TEST_CASE("delete: row, family, column, columns, family_version") {
  Cli cli;
  cli.Put("r", "f:a", 100, "a1");
  cli.Put("r", "f:a", 200, "a2");
  cli.Put("r", "f:a", 300, "a3");
  cli.Put("r", "f:b", 200, "b2");
  cli.Put("r", "g:x", 200, "x2");
  cli.Put("s", "f:a", 1, "s");
  CHECK(cli.Ok({"delete", "t", "r", "--column", "f:a", "--type", "column"})
            .empty());
  CHECK(cli.Ok({"get", "t", "r", "--column", "f:a", "--versions", "3"}) ==
        "r  f:a  @200  a2\nr  f:a  @100  a1\n");
  CHECK(cli.Ok({"delete", "t", "r", "--column", "f:a", "--ts", "100"})
            .empty());  // columns: versions <= 100
  CHECK(cli.Ok({"get", "t", "r", "--versions", "3"}) ==
        "r  f:a  @200  a2\nr  f:b  @200  b2\nr  g:x  @200  x2\n");
  CHECK(cli.Ok({"delete", "t", "r", "--family", "f", "--type", "family_version",
                "--ts", "200", "--json"}) == "{\"ok\":true}\n");
  CHECK(cli.Ok({"get", "t", "r"}) == "r  g:x  @200  x2\n");
  CHECK(cli.Ok({"delete", "t", "r", "--family", "g"}).empty());
  CHECK(cli.Ok({"get", "t", "r"}).empty());
  CHECK(cli.Ok({"delete", "t", "s"}).empty());
  CHECK(cli.Ok({"scan", "t"}).empty());
}

TEST_CASE("delete: shape errors exit 1") {
  Cli cli;
  const CliRun run = cli.box.Run({"delete", "t", "r", "--type", "column"});
  CHECK(run.code == 1);
  CHECK(run.err == "obkv: family: required for type 'column'\n");
}

// ---- describe / list / count / purge --------------------------------------

TEST_CASE("describe: families, TTL, MaxVersions, value type, partitioning") {
  Cli cli;
  cli.box.Create("r", R"({"table":"r","families":[{"name":"e",)"
                      R"j("ttl_seconds":60,"value_type":"varbinary(100)"}],)j"
                      R"("partition":{"strategy":"range_key",)"
                      R"("bounds":[1000,"MAXVALUE"],"subpartitions":3,)"
                      R"("prefix_length":2}})");
  const std::string engine = std::string("engine     sqlite ") +
                             sqlite3_libversion() + "\nstore      " +
                             cli.box.store() + "\n";
  CHECK(cli.Ok({"describe", "t"}) ==
        engine +
        "table      t\n"
        "layout     normal\n"
        "family     f\n"
        "  relation             t$f\n"
        "  TimeToLive           none\n"
        "  MaxVersions          3\n"
        "  value type           varbinary(1048576)\n"
        "  partitioning         KEY(K) PARTITIONS 7, hash oceanbase\n"
        "  physical partitions  7\n"
        "family     g\n"
        "  relation             t$g\n"
        "  TimeToLive           none\n"
        "  MaxVersions          none\n"
        "  value type           longblob\n"
        "  partitioning         none\n"
        "  physical partitions  1\n");
  CHECK(cli.Ok({"describe", "r"}) ==
        engine +
            "table      r\n"
            "layout     normal\n"
            "family     e\n"
            "  relation             r$e\n"
            "  TimeToLive           60 s\n"
            "  MaxVersions          none\n"
            "  value type           varbinary(100)\n"
            "  partitioning         RANGE COLUMNS(G) (1000, MAXVALUE) "
            "SUBPARTITION "
            "BY KEY(K_PREFIX = substring(K, 1, 2)) SUBPARTITIONS 3, hash "
            "oceanbase\n"
            "  physical partitions  6\n");
}

TEST_CASE("describe --json prints the canonical spec; unknown table fails") {
  Cli cli;
  const std::string json = cli.Ok({"describe", "t", "--json"});
  CHECK(json.find(R"("table":"t")") != std::string::npos);
  CHECK(json.back() == '\n');
  const CliRun run = cli.box.Run({"describe", "nope"});
  CHECK(run.code == 1);
  CHECK(run.err == "obkv: table 'nope' not found\n");
}

TEST_CASE("list: table names ascending") {
  Cli cli;
  cli.box.Create("b", R"({"table":"b","families":[{"name":"f"}]})");
  cli.box.Create("a", R"({"table":"a","families":[{"name":"f"}]})");
  CHECK(cli.Ok({"list"}) == "a\nb\nt\n");
}

TEST_CASE("count: rows and cells, per family") {
  Cli cli;
  cli.Put("a", "f:q", 1, "1");
  cli.Put("a", "f:q", 2, "2");
  cli.Put("a", "g:x", 1, "x");
  cli.Put("b", "f:q", 1, "1");
  CHECK(cli.Ok({"count", "t"}) == "t: 2 rows, 4 cells\n");
  CHECK(cli.Ok({"count", "t", "--per-family"}) ==
        "t: 2 rows, 4 cells\n"
        "family f: 2 rows, 3 cells\n"
        "family g: 1 rows, 1 cells\n");
}

TEST_CASE("purge: removes excess versions and expired cells, prints counts") {
  CliSandbox box;
  box.Create("p", R"({"table":"p","families":[{"name":"v","max_versions":2},)"
                  R"({"name":"e","ttl_seconds":3600}]})");
  for (const char* ts : {"1", "2", "3", "4"}) {
    REQUIRE(box.Run({"put", "p", "r", "v:q", "x", "--ts", ts}).code == 0);
  }
  REQUIRE(box.Run({"put", "p", "r", "e:old", "x", "--ts", "1000"}).code == 0);
  REQUIRE(box.Run({"put", "p", "r", "e:new", "y"}).code == 0);
  const CliRun run = box.Run({"purge", "p"});
  CHECK(run.code == 0);
  CHECK(run.out == "purged p: 1 expired cells, 2 excess versions\n");
  const CliRun again = box.Run({"purge", "p"});
  CHECK(again.out == "purged p: 0 expired cells, 0 excess versions\n");
  const CliRun sql = box.Run({"sql",
                              "SELECT count(*) AS n FROM \"p$v\"; "
                              "SELECT count(*) AS n FROM \"p$e\""});
  CHECK(sql.out == "n\n-\n2\nn\n-\n1\n");
}

// ---- sql ------------------------------------------------------------------

TEST_CASE("sql: SELECT * FROM \"t$f\" prints an aligned table") {
  Cli cli;
  cli.Put("r1", "f:q", 100, "v");
  cli.Put("row\\x00", "f:qq", 5, "\\xFF");
  CHECK(cli.Ok({"sql", "SELECT * FROM \"t$f\" ORDER BY K"}) ==
        "K        Q   T     V\n"
        "-------  --  ----  ----\n"
        "r1       q   -100  v\n"
        "row\\x00  qq  -5    \\xFF\n");
  CHECK(cli.Ok({"sql", "SELECT * FROM \"t$g\""}) == "K  Q  T  V\n-  -  -  -\n");
}

TEST_CASE("sql --json: an array of objects; types map to JSON") {
  Cli cli;
  cli.Put("r1", "f:q", 100, "v");
  CHECK(cli.Ok({"sql", "SELECT * FROM \"t$f\"", "--json"}) ==
        R"([{"K":"r1","Q":"q","T":-100,"V":"v"}])"
        "\n");
  CHECK(cli.Ok({"sql",
                "SELECT 1 AS n, NULL AS z, 1.5 AS x, 'text' AS s, "
                "x'00FF5C' AS b",
                "--json"}) ==
        R"([{"n":1,"z":null,"x":1.5,"s":"text","b":"\\x00\\xFF\\x5C"}])"
        "\n");
  CHECK(cli.Ok({"sql", "SELECT 1 AS n, NULL AS z, 1.5 AS x, x'00' AS b"}) ==
        "n  z     x    b\n"
        "-  ----  ---  ----\n"
        "1  NULL  1.5  \\x00\n");
}

TEST_CASE("sql: partitions, several statements and read-only pragmas") {
  Cli cli;
  cli.Put("r1", "f:q", 100, "v");
  const std::string out =
      cli.Ok({"sql",
              "SELECT count(*) AS n FROM \"t$f\"; "
              "SELECT name FROM sqlite_schema WHERE name = 't$f$p6'"});
  CHECK(out == "n\n-\n1\nname\n------\nt$f$p6\n");
  CHECK(cli.Ok({"sql", "PRAGMA table_info(\"t$g\")"}).find("name") !=
        std::string::npos);
  CHECK(cli.Ok({"sql", "PRAGMA table_xinfo(\"t$g\")"}).find("name") !=
        std::string::npos);
  CHECK(cli.Ok({"sql", "PRAGMA user_version"}) ==
        "user_version\n------------\n1\n");
}

TEST_CASE("sql: a syntax error exits 1") {
  Cli cli;
  const CliRun run = cli.box.Run({"sql", "SELEC 1"});
  CHECK(run.code == 1);
  CHECK(run.err == "obkv: sql: near \"SELEC\": syntax error\n");
}

TEST_CASE("sql is read-only: every write is denied, the file is unchanged") {
  Cli cli;
  cli.Put("r1", "f:q", 100, "v");
  const std::string before = CliSandbox::ReadFile(cli.box.store());
  REQUIRE_FALSE(before.empty());
  const std::string other = cli.box.Path("other.db");
  const std::vector<std::string> denied = {
      "INSERT INTO \"t$f$p0\" VALUES (x'61', x'', -1, x'')",
      "INSERT INTO \"t$g\" VALUES (x'61', x'', -1, x'')",
      "UPDATE \"t$g\" SET V = x''",
      "DELETE FROM \"t$f$p0\"",
      "DELETE FROM obkv_catalog",
      "CREATE TABLE x(a)",
      "CREATE TEMP TABLE x(a)",
      "CREATE INDEX i ON \"t$g\"(V)",
      "DROP TABLE \"t$g\"",
      "DROP VIEW \"t$f\"",
      "ALTER TABLE \"t$g\" RENAME TO h",
      "ATTACH DATABASE '" + other + "' AS o",
      "DETACH DATABASE main",
      "PRAGMA journal_mode=DELETE",
      "PRAGMA user_version=5",
      "PRAGMA query_only=0",
      "PRAGMA wal_checkpoint(TRUNCATE)",
      "BEGIN IMMEDIATE",
      "VACUUM",
      "VACUUM INTO '" + other + "'",
      "REINDEX",
      "ANALYZE",
      "SELECT load_extension('x')",
      "SELECT 1; DELETE FROM \"t$g\"",
  };
  for (const std::string& statement : denied) {
    CAPTURE(statement);
    const CliRun run = cli.box.Run({"sql", statement});
    CHECK(run.code == 1);
    CHECK(run.err.rfind("obkv: sql: ", 0) == 0);
    CHECK(run.err.find("obkv sql is read-only") != std::string::npos);
    CHECK(CliSandbox::ReadFile(cli.box.store()) == before);
  }
  CHECK_FALSE(std::filesystem::exists(other));
  CHECK(cli.Ok({"get", "t", "r1"}) == "r1  f:q  @100  v\n");
}

TEST_CASE("sql: denial messages name the action") {
  Cli cli;
  const CliRun insert =
      cli.box.Run({"sql", "INSERT INTO \"t$g\" VALUES (x'61', x'', -1, x'')"});
  CHECK(insert.err ==
        "obkv: sql: not allowed: INSERT into t$g (obkv sql is read-only)\n");
  const CliRun pragma = cli.box.Run({"sql", "PRAGMA journal_mode=DELETE"});
  CHECK(pragma.err ==
        "obkv: sql: not allowed: PRAGMA journal_mode=DELETE (obkv sql is "
        "read-only)\n");
  const CliRun drop = cli.box.Run({"sql", "DROP TABLE \"t$g\""});
  CHECK(drop.err ==
        "obkv: sql: not allowed: a schema change (obkv sql is read-only)\n");
  const CliRun attach = cli.box.Run({"sql", "ATTACH 'x.db' AS x"});
  CHECK(attach.err ==
        "obkv: sql: not allowed: ATTACH x.db (obkv sql is read-only)\n");
}

// ---- help -----------------------------------------------------------------

TEST_CASE("--help documents every command") {
  const std::vector<std::pair<std::string, std::string>> commands = {
      {"create", "SPEC"},       {"put", "FAMILY:QUALIFIER"},
      {"get", "--versions"},    {"scan", "--reversed"},
      {"delete", "--type"},     {"describe", "TABLE"},
      {"list", "List"},         {"count", "--per-family"},
      {"purge", "MaxVersions"}, {"sql", "read-only"},
      {"exec", "JSON"},
  };
  for (const auto& [command, mention] : commands) {
    CAPTURE(command);
    const CliRun run = CliSandbox::RunBare({command, "--help"});
    CHECK(run.code == 0);
    CHECK(run.out.find("obkv " + command) != std::string::npos);
    CHECK(run.out.find(mention) != std::string::npos);
  }
  const CliRun top = CliSandbox::RunBare({"--help"});
  CHECK(top.code == 0);
  for (const auto& [command, mention] : commands) {
    CHECK(top.out.find(command) != std::string::npos);
  }
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
