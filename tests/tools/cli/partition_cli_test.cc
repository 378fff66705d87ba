// Copyright (c) obkvlite authors.
//
// A table's life through `obkv`, in-process through RunObkv, with exact
// output: `spec` feeding `ddl` and `route`; drop, disable, enable, exists,
// truncate and alter; every `partition` command with the bounds before and
// after, the cells (scan, count, the "t$f$p<i>" tables by index) and the
// routes of the new spec; the planner's errors, which leave the store as it
// was; the `--ddl-only` statements against tests/golden/lifecycle/ (run
// with OBKV_GOLDEN_RECORD=1 to rewrite those files, then review the diff);
// time windows (roll, purge, DYNAMIC_PARTITION_POLICY) and auto-split.

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "cli_test_support.h"
#include "source_files.h"

namespace obkvlite {
namespace testing {
namespace {

using nlohmann::json;

constexpr int64_t kDayMs = 86400000;
constexpr int64_t kHourMs = 3600000;
// 2024-12-01T00:00:00Z.
constexpr int64_t kDec1 = 1733011200000;

// Four RANGE COLUMNS(K) partitions without MAXVALUE, so that add works:
// p0 [MINVALUE, c) a b; p1 [c, h) c d(2 cells); p2 [h, m) k; p3 [m, t) m n s.
constexpr const char* kRangeSpec = R"({
  "table": "t",
  "families": [{"name": "f", "max_versions": 3}],
  "partition": {"strategy": "range", "column": "K", "bounds": ["c", "h", "m", "t"]}
})";
constexpr const char* kRangeCells =
    "a\tf:q\t100\tva\n"
    "b\tf:q\t100\tvb\n"
    "c\tf:q\t100\tvc\n"
    "d\tf:q\t100\tvd\n"
    "d\tf:r\t100\tvd2\n"
    "k\tf:q\t100\tvk\n"
    "m\tf:q\t100\tvm\n"
    "n\tf:q\t100\tvn\n"
    "s\tf:q\t100\tvs\n";
// What `scan t` prints for kRangeCells.
constexpr const char* kRangeScan =
    "a  f:q  @100  va\n"
    "b  f:q  @100  vb\n"
    "c  f:q  @100  vc\n"
    "d  f:q  @100  vd\n"
    "d  f:r  @100  vd2\n"
    "k  f:q  @100  vk\n"
    "m  f:q  @100  vm\n"
    "n  f:q  @100  vn\n"
    "s  f:q  @100  vs\n";
// kRangeScan without p1's rows (c, d).
constexpr const char* kScanWithoutP1 =
    "a  f:q  @100  va\n"
    "b  f:q  @100  vb\n"
    "k  f:q  @100  vk\n"
    "m  f:q  @100  vm\n"
    "n  f:q  @100  vn\n"
    "s  f:q  @100  vs\n";
constexpr const char* kRangeBounds =
    "p0=p0 [MINVALUE,c) 2; p1=p1 [c,h) 3; p2=p2 [h,m) 1; p3=p3 [m,t) 3";

class Lifecycle {
 public:
  // A sandbox store with table `name` made from `spec` and, when given,
  // `tsv` loaded into it.
  Lifecycle(const std::string& name, const std::string& spec,
            const std::string& tsv = "") {
    box.Create(name, spec);
    if (!tsv.empty()) Ok({"load", name, box.WriteFile("cells.tsv", tsv)});
  }

  // Runs a command that must succeed; returns its stdout.
  std::string Ok(const std::vector<std::string>& args) {
    const CliRun run = box.Run(args);
    INFO(run.err);
    REQUIRE(run.code == 0);
    return run.out;
  }
  // Runs a command that must fail with exit 1; returns its stderr.
  std::string Fail(const std::vector<std::string>& args) {
    const CliRun run = box.Run(args);
    INFO(run.out);
    CHECK(run.code == 1);
    return run.err;
  }

  // `partition list --json` as "name=oceanbase [lower,upper) cells" items,
  // "; " between them.
  std::string Bounds(const std::string& table, const std::string& family = "") {
    std::vector<std::string> args = {"partition", "list", table, "--json"};
    if (!family.empty()) args.insert(args.end(), {"--family", family});
    const json list = json::parse(Ok(args));
    std::string out;
    for (const json& p : list.at("partitions")) {
      if (!out.empty()) out += "; ";
      out += p.at("name").get<std::string>() + "=" +
             p.at("oceanbase_name").get<std::string>();
      if (p.contains("upper")) {
        out += " [" +
               (p.at("lower").is_null() ? std::string("MINVALUE")
                                        : p.at("lower").get<std::string>()) +
               "," + p.at("upper").get<std::string>() + ")";
      }
      out += " " + std::to_string(p.at("cells").get<int64_t>());
    }
    return out;
  }

  // The table's current spec, written to a file for `ddl` and `route`.
  std::string SpecFile(const std::string& table) {
    return box.WriteFile(table + ".current.json", Ok({"spec", table}));
  }

  // `route SPEC ROW` of the current spec: the partition number.
  int Route(const std::string& table, const std::string& row,
            const std::string& extra_flag = "", const std::string& value = "") {
    std::vector<std::string> args = {"route", SpecFile(table), row};
    if (!extra_flag.empty()) args.insert(args.end(), {extra_flag, value});
    const CliRun run = CliSandbox::RunBare(args);
    INFO(run.err);
    REQUIRE(run.code == 0);
    return json::parse(run.out).at("partition").get<int>();
  }

  // The cells stored in the physical table `physical` ("t$f$p2") as
  // "row:qualifier" items, ascending, through `obkv sql`.
  std::string Keys(const std::string& physical) {
    const json rows = json::parse(
        Ok({"sql", "--json",
            "SELECT K, Q FROM \"" + physical + "\" ORDER BY K, Q"}));
    std::string out;
    for (const json& r : rows) {
      out += (out.empty() ? "" : " ") + r.at("K").get<std::string>() + ":" +
             r.at("Q").get<std::string>();
    }
    return out;
  }

  // What must not change when a command fails: the spec, the bounds and
  // every stored row of every family (read with sql, which a disabled
  // table allows).
  std::string Snapshot(const std::string& table) {
    const std::string spec = Ok({"spec", table});
    std::string out = spec + Bounds(table);
    const json parsed = json::parse(spec);  // outlives the loop
    for (const json& f : parsed.at("families")) {
      out += Ok({"sql", "SELECT * FROM \"" + table + "$" +
                            f.at("name").get<std::string>() +
                            "\" ORDER BY K, Q, T"});
    }
    return out;
  }

  CliSandbox box;
};

// ---- spec, ddl, route ------------------------------------------------------

TEST_CASE("spec: its output feeds ddl and route unchanged after a split") {
  Lifecycle lc("t", kRangeSpec, kRangeCells);
  lc.Ok({"partition", "split", "t", "p1", "d"});
  const std::string spec = lc.SpecFile("t");
  CHECK(CliSandbox::ReadFile(spec) ==
        "{\n"
        "  \"families\": [\n"
        "    {\n"
        "      \"max_versions\": 3,\n"
        "      \"name\": \"f\"\n"
        "    }\n"
        "  ],\n"
        "  \"partition\": {\n"
        "    \"bounds\": [\n"
        "      \"c\",\n"
        "      \"d\",\n"
        "      \"h\",\n"
        "      \"m\",\n"
        "      \"t\"\n"
        "    ],\n"
        "    \"column\": \"K\",\n"
        "    \"names\": [\n"
        "      \"p0\",\n"
        "      \"p4\",\n"
        "      \"p5\",\n"
        "      \"p2\",\n"
        "      \"p3\"\n"
        "    ],\n"
        "    \"strategy\": \"range\"\n"
        "  },\n"
        "  \"table\": \"t\"\n"
        "}\n");
  const CliRun ddl = RunCli({"ddl", spec});
  INFO(ddl.err);
  CHECK(ddl.code == 0);
  CHECK(ddl.out ==
        "CREATE TABLEGROUP `t`;\n"
        "\n"
        "CREATE TABLE `t$f` (\n"
        "  `K` varbinary(1024) NOT NULL,\n"
        "  `Q` varbinary(256) NOT NULL,\n"
        "  `T` bigint(20) NOT NULL,\n"
        "  `V` varbinary(1048576) NOT NULL,\n"
        "  PRIMARY KEY (`K`, `Q`, `T`)\n"
        ") TABLEGROUP = `t`\n"
        "kv_attributes = '{\"HBase\": {\"MaxVersions\": 3}}'\n"
        "PARTITION BY RANGE COLUMNS(`K`) (\n"
        "  PARTITION `p0` VALUES LESS THAN ('c'),\n"
        "  PARTITION `p4` VALUES LESS THAN ('d'),\n"
        "  PARTITION `p5` VALUES LESS THAN ('h'),\n"
        "  PARTITION `p2` VALUES LESS THAN ('m'),\n"
        "  PARTITION `p3` VALUES LESS THAN ('t')\n"
        ");\n");
  const CliRun route = RunCli({"route", spec, "d"});
  CHECK(route.out ==
        "{\"family\":\"f\",\"partition\":2,\"table\":\"t$f$p2\"}\n");
  CHECK(lc.Route("t", "a") == 0);
  CHECK(lc.Route("t", "c") == 1);
  CHECK(lc.Route("t", "k") == 3);
  CHECK(lc.Route("t", "s") == 4);
  // The routed table holds the row.
  CHECK(lc.Keys("t$f$p2") == "d:q d:r");
}

// ---- drop, disable, enable, exists, truncate ------------------------------

TEST_CASE("table state: disable refuses reads and writes until enable") {
  Lifecycle lc("t", kRangeSpec, kRangeCells);
  CHECK(lc.Ok({"disable", "t"}) ==
        "disabled t\n"
        "-- OceanBase: the same change on a cluster\n"
        "ALTER TABLE `t$f` kv_attributes = '{\"HBase\": {\"MaxVersions\": 3, "
        "\"State\": \"disable\"}}';\n");
  const std::string refused = "obkv: table 't' is disabled (enable it first)\n";
  CHECK(lc.Fail({"scan", "t"}) == refused);
  CHECK(lc.Fail({"get", "t", "a"}) == refused);
  CHECK(lc.Fail({"put", "t", "z", "f:q", "v"}) == refused);
  CHECK(lc.Fail({"count", "t"}) == refused);
  CHECK(lc.Fail({"disable", "t"}) == "obkv: table 't' is already disabled\n");
  CHECK(json::parse(lc.Ok({"spec", "t"})).at("disabled") == true);
  CHECK(lc.Ok({"enable", "t"}) ==
        "enabled t\n"
        "-- OceanBase: the same change on a cluster\n"
        "ALTER TABLE `t$f` kv_attributes = '{\"HBase\": {\"MaxVersions\": "
        "3}}';\n");
  CHECK(lc.Fail({"enable", "t"}) == "obkv: table 't' is already enabled\n");
  CHECK(lc.Ok({"scan", "t"}) == kRangeScan);
  CHECK_FALSE(json::parse(lc.Ok({"spec", "t"})).contains("disabled"));
}

TEST_CASE("table state: exists, drop") {
  Lifecycle lc("t", kRangeSpec, kRangeCells);
  CHECK(lc.Ok({"exists", "t"}) == "Table t does exist\n");
  CHECK(lc.Ok({"exists", "nope"}) == "Table nope does not exist\n");
  CHECK(lc.Ok({"drop", "t"}) ==
        "dropped t\n"
        "-- OceanBase: the same change on a cluster\n"
        "DROP TABLE IF EXISTS `t$f`;\n"
        "DROP TABLEGROUP IF EXISTS `t`;\n");
  CHECK(lc.Ok({"exists", "t"}) == "Table t does not exist\n");
  CHECK(lc.Ok({"list"}).empty());
  CHECK(lc.Fail({"scan", "t"}).find("'t'") != std::string::npos);
  // No table, no partition table left behind.
  CHECK(lc.Ok({"sql",
               "SELECT count(*) AS n FROM sqlite_master WHERE name "
               "LIKE 't$%'"}) == "n\n-\n0\n");
  // The name can be used again.
  lc.box.Create("t", kRangeSpec);
  CHECK(lc.Ok({"count", "t"}) == "t: 0 rows, 0 cells\n");
}

TEST_CASE("table state: truncate keeps the bounds and removes every cell") {
  Lifecycle lc("t", kRangeSpec, kRangeCells);
  const std::string spec = lc.Ok({"spec", "t"});
  CHECK(lc.Ok({"truncate", "t"}) ==
        "truncated t\n"
        "-- OceanBase: the same change on a cluster\n"
        "TRUNCATE TABLE `t$f`;\n");
  CHECK(lc.Ok({"spec", "t"}) == spec);
  CHECK(lc.Bounds("t") ==
        "p0=p0 [MINVALUE,c) 0; p1=p1 [c,h) 0; p2=p2 [h,m) 0; p3=p3 [m,t) 0");
  CHECK(lc.Ok({"scan", "t"}).empty());
  CHECK(lc.Ok({"count", "t"}) == "t: 0 rows, 0 cells\n");
  // Still writable, with the same routing.
  lc.Ok({"put", "t", "k", "f:q", "again", "--ts", "5"});
  CHECK(lc.Keys("t$f$p2") == "k:q");
}

// ---- alter -----------------------------------------------------------------

TEST_CASE("alter: add, change and delete families") {
  Lifecycle lc("t", kRangeSpec, kRangeCells);
  CHECK(lc.Ok({"alter", "t", "--add-family", "g", "--ttl", "3600", "--versions",
               "2"})
            .rfind("altered t\n-- OceanBase: the same change on a cluster\n"
                   "CREATE TABLE `t$g` (\n",
                   0) == 0);
  json spec = json::parse(lc.Ok({"spec", "t"}));
  CHECK(spec.at("families") == json::parse(R"([{"name": "f", "max_versions": 3},
                        {"name": "g", "ttl_seconds": 3600, "max_versions": 2}])"));
  // The new family has the table's partitions, empty.
  CHECK(lc.Bounds("t", "g") ==
        "p0=p0 [MINVALUE,c) 0; p1=p1 [c,h) 0; p2=p2 [h,m) 0; p3=p3 [m,t) 0");
  lc.Ok({"put", "t", "k", "g:x", "gv", "--ts", "100"});
  CHECK(lc.Keys("t$g$p2") == "k:x");

  CHECK(lc.Ok({"alter", "t", "--family", "f", "--ttl", "FOREVER", "--versions",
               "5"}) ==
        "altered t\n"
        "-- OceanBase: the same change on a cluster\n"
        "ALTER TABLE `t$f` kv_attributes = '{\"HBase\": {\"MaxVersions\": "
        "5}}';\n");
  spec = json::parse(lc.Ok({"spec", "t"}));
  CHECK(spec.at("families").at(0) ==
        json::parse(R"({"name": "f", "max_versions": 5})"));

  CHECK(lc.Ok({"alter", "t", "--delete-family", "g"}) ==
        "altered t\n"
        "-- OceanBase: the same change on a cluster\n"
        "DROP TABLE IF EXISTS `t$g`;\n");
  CHECK(json::parse(lc.Ok({"spec", "t"})).at("families").size() == 1);
  CHECK(lc.Ok({"sql",
               "SELECT count(*) AS n FROM sqlite_master WHERE name "
               "LIKE 't$g%'"}) == "n\n-\n0\n");
  // f's cells are untouched.
  CHECK(lc.Ok({"scan", "t"}) == kRangeScan);
}

TEST_CASE("alter: errors leave the table as it was") {
  Lifecycle lc("t", kRangeSpec, kRangeCells);
  const std::string before = lc.Snapshot("t");
  CHECK(lc.Fail({"alter", "t", "--family", "zz", "--ttl", "5"}) ==
        "obkv: --family: table 't' has no family 'zz' (use --add-family)\n");
  CHECK(lc.Fail({"alter", "t", "--delete-family", "zz"}) ==
        "obkv: family: table 't' has no family 'zz'\n");
  CHECK(lc.Fail({"alter", "t", "--delete-family", "f"}) ==
        "obkv: family: 'f' is the only family of table 't'; a table keeps at "
        "least one (drop the table)\n");
  CHECK(lc.Fail({"alter", "t", "--add-family", "f"}) ==
        "obkv: --add-family: table 't' already has family 'f'\n");
  json changed = json::parse(kRangeSpec);
  changed["partition"]["bounds"] = {"c", "h", "m", "z"};
  const std::string file = lc.box.WriteFile("changed.json", changed.dump());
  CHECK(lc.Fail({"alter", "t", "--spec", file}) ==
        "obkv: families[0].partition: family 'f' changes its partitions "
        "through `obkv partition` (add, split, merge, drop, truncate, "
        "rehash), not alter\n");
  CHECK(lc.Snapshot("t") == before);
}

// ---- partition changes ------------------------------------------------------

TEST_CASE("partition list: text and JSON") {
  Lifecycle lc("t", kRangeSpec, kRangeCells);
  CHECK(lc.Ok({"partition", "list", "t"}) ==
        "index  name  oceanbase  lower     upper  cells\n"
        "-----  ----  ---------  --------  -----  -----\n"
        "0      p0    p0         MINVALUE  c      2\n"
        "1      p1    p1         c         h      3\n"
        "2      p2    p2         h         m      1\n"
        "3      p3    p3         m         t      3\n");
  CHECK(lc.Ok({"partition", "list", "t", "--json"}) ==
        "{\"family\":\"f\",\"partitions\":["
        "{\"cells\":2,\"index\":0,\"lower\":null,\"name\":\"p0\","
        "\"oceanbase_name\":\"p0\",\"upper\":\"c\"},"
        "{\"cells\":3,\"index\":1,\"lower\":\"c\",\"name\":\"p1\","
        "\"oceanbase_name\":\"p1\",\"upper\":\"h\"},"
        "{\"cells\":1,\"index\":2,\"lower\":\"h\",\"name\":\"p2\","
        "\"oceanbase_name\":\"p2\",\"upper\":\"m\"},"
        "{\"cells\":3,\"index\":3,\"lower\":\"m\",\"name\":\"p3\","
        "\"oceanbase_name\":\"p3\",\"upper\":\"t\"}],\"table\":\"t\"}\n");
  CHECK(lc.Bounds("t") == kRangeBounds);
}

TEST_CASE("partition add: a new empty partition above the last bound") {
  Lifecycle lc("t", kRangeSpec, kRangeCells);
  CHECK(lc.Ok({"partition", "add", "t", "x"}) ==
        "add t: family f has 5 partitions, 0 rows moved\n"
        "-- OceanBase: the same change on a cluster\n"
        "ALTER TABLE `t$f` ADD PARTITION (\n"
        "  PARTITION `p4` VALUES LESS THAN ('x')\n"
        ");\n");
  CHECK(lc.Bounds("t") == std::string(kRangeBounds) + "; p4=p4 [t,x) 0");
  CHECK(lc.Ok({"scan", "t"}) == kRangeScan);
  CHECK(lc.Ok({"count", "t"}) == "t: 8 rows, 9 cells\n");
  CHECK(lc.Keys("t$f$p2") == "k:q");
  CHECK(lc.Route("t", "u") == 4);
  // Rows at or above t, refused before, are accepted now.
  lc.Ok({"put", "t", "u", "f:q", "vu", "--ts", "100"});
  CHECK(lc.Keys("t$f$p4") == "u:q");
}

TEST_CASE("partition split: rows at or above the bound move up") {
  Lifecycle lc("t", kRangeSpec, kRangeCells);
  CHECK(lc.Ok({"partition", "split", "t", "p1", "d"}) ==
        "split t: family f has 5 partitions, 3 rows moved\n"
        "-- OceanBase: the same change on a cluster\n"
        "ALTER TABLE `t$f` REORGANIZE PARTITION `p1` INTO (\n"
        "  PARTITION `p4` VALUES LESS THAN ('d'),\n"
        "  PARTITION `p5` VALUES LESS THAN ('h')\n"
        ");\n");
  CHECK(lc.Bounds("t") ==
        "p0=p0 [MINVALUE,c) 2; p1=p4 [c,d) 1; p2=p5 [d,h) 2; p3=p2 [h,m) 1; "
        "p4=p3 [m,t) 3");
  CHECK(lc.Ok({"scan", "t"}) == kRangeScan);
  CHECK(lc.Ok({"count", "t"}) == "t: 8 rows, 9 cells\n");
  CHECK(lc.Keys("t$f$p1") == "c:q");
  CHECK(lc.Keys("t$f$p2") == "d:q d:r");
  CHECK(lc.Keys("t$f$p3") == "k:q");
  CHECK(lc.Route("t", "c") == 1);
  CHECK(lc.Route("t", "d") == 2);
  CHECK(lc.Route("t", "k") == 3);
  CHECK(lc.Route("t", "m") == 4);
}

TEST_CASE("partition merge: two neighbours become one") {
  Lifecycle lc("t", kRangeSpec, kRangeCells);
  CHECK(lc.Ok({"partition", "merge", "t", "p0", "p1"}) ==
        "merge t: family f has 3 partitions, 5 rows moved\n"
        "-- OceanBase: the same change on a cluster\n"
        "-- OceanBase (MySQL mode) reorganizes one source partition at a "
        "time, so the\n"
        "-- merge of `p0`, `p1` repartitions the table (an offline DDL).\n"
        "ALTER TABLE `t$f` PARTITION BY RANGE COLUMNS(`K`) (\n"
        "  PARTITION `p4` VALUES LESS THAN ('h'),\n"
        "  PARTITION `p2` VALUES LESS THAN ('m'),\n"
        "  PARTITION `p3` VALUES LESS THAN ('t')\n"
        ");\n");
  CHECK(lc.Bounds("t") == "p0=p4 [MINVALUE,h) 5; p1=p2 [h,m) 1; p2=p3 [m,t) 3");
  CHECK(lc.Ok({"scan", "t"}) == kRangeScan);
  CHECK(lc.Ok({"count", "t"}) == "t: 8 rows, 9 cells\n");
  CHECK(lc.Keys("t$f$p0") == "a:q b:q c:q d:q d:r");
  CHECK(lc.Keys("t$f$p2") == "m:q n:q s:q");
  // The last index's table is gone: the tables keep their names by index.
  CHECK(lc.Fail({"sql", "SELECT * FROM \"t$f$p3\""}) ==
        "obkv: sql: no such table: t$f$p3\n");
  CHECK(lc.Route("t", "d") == 0);
  CHECK(lc.Route("t", "n") == 2);
}

TEST_CASE("partition drop: exactly the rows in its range go") {
  Lifecycle lc("t", kRangeSpec, kRangeCells);
  CHECK(lc.Ok({"partition", "drop", "t", "p1"}) ==
        "drop t: family f has 3 partitions, 0 rows moved\n"
        "-- OceanBase: the same change on a cluster\n"
        "ALTER TABLE `t$f` DROP PARTITION `p1`;\n");
  // p2 takes p1's range.
  CHECK(lc.Bounds("t") == "p0=p0 [MINVALUE,c) 2; p1=p2 [c,m) 1; p2=p3 [m,t) 3");
  CHECK(lc.Ok({"scan", "t"}) == kScanWithoutP1);
  CHECK(lc.Ok({"count", "t"}) == "t: 6 rows, 6 cells\n");
  CHECK(lc.Keys("t$f$p1") == "k:q");
  CHECK(lc.Keys("t$f$p2") == "m:q n:q s:q");
  CHECK(lc.Route("t", "d") == 1);
  CHECK(lc.Route("t", "m") == 2);
}

TEST_CASE("partition truncate: exactly its rows go, its bounds stay") {
  Lifecycle lc("t", kRangeSpec, kRangeCells);
  CHECK(lc.Ok({"partition", "truncate", "t", "p1"}) ==
        "truncate t: family f has 4 partitions, 0 rows moved\n"
        "-- OceanBase: the same change on a cluster\n"
        "ALTER TABLE `t$f` TRUNCATE PARTITION `p1`;\n");
  CHECK(lc.Bounds("t") ==
        "p0=p0 [MINVALUE,c) 2; p1=p1 [c,h) 0; p2=p2 [h,m) 1; p3=p3 [m,t) 3");
  CHECK(lc.Ok({"scan", "t"}) == kScanWithoutP1);
  CHECK(lc.Ok({"count", "t"}) == "t: 6 rows, 6 cells\n");
  CHECK(lc.Keys("t$f$p2") == "k:q");
  CHECK(lc.Route("t", "d") == 1);
}

// Cells r00..r19 in family f of a KEY table.
std::string KeyCells() {
  std::string tsv;
  for (int i = 0; i < 20; ++i) {
    const std::string row = (i < 10 ? "r0" : "r") + std::to_string(i);
    tsv += row + "\tf:q\t100\tv" + row + "\n";
  }
  return tsv;
}

TEST_CASE("partition rehash: every row lands where the new spec routes it") {
  Lifecycle lc("k", R"({"table": "k", "families": [{"name": "f"}],
                        "partition": {"strategy": "key", "partitions": 7}})",
               KeyCells());
  const std::string scan = lc.Ok({"scan", "k"});
  CHECK(lc.Ok({"partition", "rehash", "k", "13"}) ==
        "rehash k: family f has 13 partitions, 20 rows moved\n"
        "-- OceanBase: the same change on a cluster\n"
        "ALTER TABLE `k$f` PARTITION BY KEY(`K`) PARTITIONS 13;\n");
  CHECK(json::parse(lc.Ok({"spec", "k"})).at("partition") ==
        json::parse(R"({"strategy": "key", "partitions": 13})"));
  CHECK(lc.Ok({"scan", "k"}) == scan);
  CHECK(lc.Ok({"count", "k"}) == "k: 20 rows, 20 cells\n");
  // Each row is in the table its route names, and nowhere else.
  std::vector<std::string> expected(13);
  std::vector<int64_t> cells(13, 0);
  for (int i = 0; i < 20; ++i) {
    const std::string row = (i < 10 ? "r0" : "r") + std::to_string(i);
    const int p = lc.Route("k", row);
    REQUIRE(p >= 0);
    REQUIRE(p < 13);
    expected[p] += (expected[p].empty() ? "" : " ") + row + ":q";
    ++cells[p];
  }
  std::string bounds;
  std::string placement;
  for (int p = 0; p < 13; ++p) {
    CAPTURE(p);
    const std::string physical = "k$f$p" + std::to_string(p);
    CHECK(lc.Keys(physical) == expected[p]);
    placement += "p" + std::to_string(p) + "[" + expected[p] + "] ";
    const std::string name = "p" + std::to_string(p);
    bounds += (p == 0 ? "" : "; ") + name + "=" + name + " " +
              std::to_string(cells[p]);
  }
  CHECK(lc.Bounds("k") == bounds);
  // OceanBase's KEY hash (router_hash_test checks it against OBKV's vectors).
  CHECK(placement ==
        "p0[r08:q r09:q] p1[r06:q r10:q r15:q] p2[] p3[r04:q r19:q] "
        "p4[r12:q r14:q r16:q r17:q] p5[r05:q] p6[r13:q] "
        "p7[r01:q r02:q r03:q] p8[] p9[] p10[r11:q] p11[r00:q] "
        "p12[r07:q r18:q] ");
  // Back to 7: the original placement.
  lc.Ok({"partition", "rehash", "k", "7"});
  CHECK(lc.Ok({"scan", "k"}) == scan);
  CHECK(lc.Fail({"sql", "SELECT * FROM \"k$f$p7\""}) ==
        "obkv: sql: no such table: k$f$p7\n");
}

TEST_CASE("partition: refused changes name the rule and change nothing") {
  Lifecycle lc("t", kRangeSpec, kRangeCells);
  const std::string before = lc.Snapshot("t");
  CHECK(lc.Fail({"partition", "drop", "t", "p9"}) ==
        "obkv: partition: unknown partition 'p9' of family 'f' (it has "
        "p0..p3, as `partition list` shows)\n");
  CHECK(lc.Fail({"partition", "truncate", "t", "p9"}) ==
        "obkv: partition: unknown partition 'p9' of family 'f' (it has "
        "p0..p3, as `partition list` shows)\n");
  CHECK(lc.Fail({"partition", "split", "t", "p1", "x"}) ==
        "obkv: bound: 'x' is not strictly inside partition p1 ['c', 'h')\n");
  CHECK(lc.Fail({"partition", "split", "t", "p1", "c"}) ==
        "obkv: bound: 'c' is not strictly inside partition p1 ['c', 'h')\n");
  CHECK(lc.Fail({"partition", "split", "t", "p0", "MAXVALUE"}) ==
        "obkv: bound: MAXVALUE is not strictly inside partition p0 "
        "[MINVALUE, 'c')\n");
  CHECK(lc.Fail({"partition", "merge", "t", "p0", "p2"}) ==
        "obkv: partitions: p0 and p2 are not adjacent; merge joins "
        "neighbours such as p0 and p1\n");
  CHECK(lc.Fail({"partition", "add", "t", "m"}) ==
        "obkv: bound: 'm' must be above the last bound 't' of p3\n");
  CHECK(lc.Fail({"partition", "drop", "t", "x1"}) ==
        "obkv: partition: unknown partition 'x1' of family 'f' (it has "
        "p0..p3, as `partition list` shows)\n");
  CHECK(lc.Fail({"partition", "rehash", "t", "5"}) ==
        "obkv: family: 'f' of table 't' has no KEY partitions; rehash "
        "changes a KEY partition count\n");
  CHECK(lc.Fail({"partition", "roll", "t"}) ==
        "obkv: table: 't' has no family with a time_window\n");
  CHECK(lc.Snapshot("t") == before);

  // After MAXVALUE nothing can be added.
  lc.Ok({"partition", "add", "t", "MAXVALUE"});
  const std::string with_max = lc.Snapshot("t");
  CHECK(lc.Fail({"partition", "add", "t", "zz"}) ==
        "obkv: bound: cannot ADD a partition after p4, which is VALUES LESS "
        "THAN MAXVALUE: OceanBase adds range partitions only above the last "
        "bound (error 1493, \"VALUES LESS THAN value must be strictly "
        "increasing for each partition\"); use `partition split` to cut p4\n");
  CHECK(lc.Snapshot("t") == with_max);
}

TEST_CASE("partition: OceanBase's rules on KEY, table groups, subpartitions") {
  Lifecycle lc("k", R"({"table": "k", "families": [{"name": "f"}],
                        "partition": {"strategy": "key", "partitions": 7}})",
               KeyCells());
  lc.box.Create("two", R"({"table": "two",
      "families": [{"name": "f"}, {"name": "g"}],
      "partition": {"strategy": "range", "column": "K",
                    "bounds": ["m", "MAXVALUE"]}})");
  lc.box.Create("rk", R"({"table": "rk", "families": [{"name": "f"}],
      "partition": {"strategy": "range_key", "bounds": [1000, 2000],
                    "subpartitions": 3}})");
  lc.Ok({"put", "two", "a", "f:q", "v", "--ts", "100"});
  lc.Ok({"put", "rk", "a", "f:q", "v", "--ts", "1500"});
  const std::string before =
      lc.Snapshot("k") + lc.Snapshot("two") + lc.Snapshot("rk");
  CHECK(lc.Fail({"partition", "split", "k", "p0", "a"}) ==
        "obkv: family: 'f' of table 'k' has KEY partitions; partition split "
        "needs first-level RANGE partitions (use `partition rehash` to "
        "change the KEY count)\n");
  CHECK(lc.Fail({"partition", "add", "k", "a"}) ==
        "obkv: family: 'f' of table 'k' has KEY partitions; partition add "
        "needs first-level RANGE partitions (use `partition rehash` to "
        "change the KEY count)\n");
  CHECK(lc.Fail({"partition", "split", "two", "p0", "c"}) ==
        "obkv: table: 'two' has 2 families (f, g), so its table group holds "
        "several tables; OceanBase cannot REORGANIZE (split or merge) "
        "partitions of a table in a table group of several tables\n");
  CHECK(lc.Fail({"partition", "merge", "two", "p0", "p1"}) ==
        "obkv: table: 'two' has 2 families (f, g), so its table group holds "
        "several tables; OceanBase cannot REORGANIZE (split or merge) "
        "partitions of a table in a table group of several tables\n");
  CHECK(lc.Fail({"partition", "split", "rk", "p0", "500"}) ==
        "obkv: family: 'f' has KEY subpartitions (RANGE + KEY); OceanBase "
        "cannot REORGANIZE (split or merge) partitions of a table with "
        "subpartitions; add, drop, truncate and roll work\n");
  CHECK(lc.Fail({"partition", "split", "rk", "p0", "soon"}) ==
        "obkv: BOUND: must be a positive integer timestamp in ms or MAXVALUE "
        "(the range is on G), got 'soon'\n");
  CHECK(lc.Snapshot("k") + lc.Snapshot("two") + lc.Snapshot("rk") == before);

  // What does work on them: a table-group-wide drop on two families, and
  // add on RANGE(G) + KEY with its subpartitions.
  CHECK(lc.Ok({"partition", "add", "rk", "3000"}) ==
        "add rk: family f has 3 partitions, 0 rows moved\n"
        "-- OceanBase: the same change on a cluster\n"
        "ALTER TABLE `rk$f` ADD PARTITION (\n"
        "  PARTITION `p2` VALUES LESS THAN (3000)\n"
        ");\n");
  lc.Ok({"put", "rk", "a", "f:q", "v2", "--ts", "2500"});
  CHECK(lc.Route("rk", "a", "--ts", "2500") / 3 == 2);
  CHECK(lc.Ok({"partition", "drop", "two", "p0"}) ==
        "drop two: family f has 1 partitions, family g has 1 partitions, 0 "
        "rows moved\n"
        "-- OceanBase: the same change on a cluster\n"
        "ALTER TABLE `two$f` DROP PARTITION `p0`;\n"
        "ALTER TABLE `two$g` DROP PARTITION `p0`;\n");
  CHECK(lc.Ok({"count", "two"}) == "two: 0 rows, 0 cells\n");
}

// ---- --ddl-only goldens
// ------------------------------------------------------

// Compares `text` with tests/golden/lifecycle/NAME.sql; with
// OBKV_GOLDEN_RECORD set, writes the file instead (review the diff).
void CheckGolden(const std::string& name, const std::string& text,
                 std::set<std::string>* seen) {
  CAPTURE(name);
  seen->insert(name + ".sql");
  const std::string path =
      SourcePath("tests/golden/lifecycle/" + name + ".sql");
  if (std::getenv("OBKV_GOLDEN_RECORD") != nullptr) {
    std::filesystem::create_directories(
        std::filesystem::path(path).parent_path());
    std::ofstream(path, std::ios::binary) << text;
    return;
  }
  CHECK(text == ReadSourceFile(path));
}

// Runs `args` with --ddl-only: it must succeed, print only statements and
// leave `table` as it was.
std::string DdlOnly(Lifecycle& lc, const std::string& table,
                    std::vector<std::string> args) {
  const std::string before = lc.Snapshot(table);
  args.push_back("--ddl-only");
  const std::string out = lc.Ok(args);
  CHECK(out.find("-- OceanBase: the same change") == std::string::npos);
  CHECK(lc.Snapshot(table) == before);
  return out;
}

constexpr const char* kDaySpec = R"({
  "table": "w",
  "families": [{"name": "f",
                "time_window": {"unit": "day", "precreate": 2, "expire": 3}}],
  "partition": {"strategy": "range", "column": "G", "bounds": [1733011200000]}
})";

TEST_CASE("golden: the OceanBase statements of every --ddl-only change") {
  std::set<std::string> seen;
  {
    Lifecycle lc("t", kRangeSpec, kRangeCells);
    CheckGolden("partition_add",
                DdlOnly(lc, "t", {"partition", "add", "t", "x"}), &seen);
    CheckGolden("partition_split",
                DdlOnly(lc, "t", {"partition", "split", "t", "p1", "d"}),
                &seen);
    CheckGolden("partition_merge",
                DdlOnly(lc, "t", {"partition", "merge", "t", "p0", "p1"}),
                &seen);
    CheckGolden("partition_drop",
                DdlOnly(lc, "t", {"partition", "drop", "t", "p1"}), &seen);
    CheckGolden("partition_truncate",
                DdlOnly(lc, "t", {"partition", "truncate", "t", "p1"}), &seen);
    CheckGolden("disable", DdlOnly(lc, "t", {"disable", "t"}), &seen);
    lc.Ok({"disable", "t"});
    CheckGolden("enable", DdlOnly(lc, "t", {"enable", "t"}), &seen);
    lc.Ok({"enable", "t"});
    CheckGolden("alter_add_family",
                DdlOnly(lc, "t",
                        {"alter", "t", "--add-family", "g", "--ttl", "86400",
                         "--versions", "2"}),
                &seen);
    CheckGolden(
        "alter_ttl",
        DdlOnly(lc, "t", {"alter", "t", "--family", "f", "--ttl", "3600"}),
        &seen);
    lc.Ok({"alter", "t", "--add-family", "g"});
    CheckGolden("alter_delete_family",
                DdlOnly(lc, "t", {"alter", "t", "--delete-family", "g"}),
                &seen);
    CheckGolden("truncate", DdlOnly(lc, "t", {"truncate", "t"}), &seen);
    CheckGolden("drop", DdlOnly(lc, "t", {"drop", "t"}), &seen);
  }
  {
    Lifecycle lc("k", R"({"table": "k", "families": [{"name": "f"}],
                          "partition": {"strategy": "key", "partitions": 7}})",
                 KeyCells());
    CheckGolden("partition_rehash",
                DdlOnly(lc, "k", {"partition", "rehash", "k", "13"}), &seen);
  }
  {
    Lifecycle lc("w", kDaySpec);
    CheckGolden("partition_roll",
                DdlOnly(lc, "w",
                        {"partition", "roll", "w", "--now",
                         std::to_string(kDec1 + 2 * kDayMs + 10 * kHourMs)}),
                &seen);
  }
  // No golden without a case.
  std::set<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(
           SourcePath("tests/golden/lifecycle"))) {
    files.insert(e.path().filename().string());
  }
  CHECK(files == seen);
}

// ---- time windows
// ------------------------------------------------------------

TEST_CASE("time window: DDL carries OceanBase's DYNAMIC_PARTITION_POLICY") {
  CliSandbox box;
  const CliRun ddl = RunCli({"ddl", box.WriteFile("w.json", kDaySpec)});
  INFO(ddl.err);
  CHECK(ddl.code == 0);
  CHECK(ddl.out.find(") TABLEGROUP = `w`\n"
                     "DYNAMIC_PARTITION_POLICY = (ENABLE = true, TIME_UNIT = "
                     "'day', PRECREATE_TIME = '2day', EXPIRE_TIME = '3day', "
                     "BIGINT_PRECISION = 'ms')\n"
                     "PARTITION BY RANGE COLUMNS(`G`) (\n"
                     "  PARTITION `p0` VALUES LESS THAN (1733011200000)\n"
                     ");\n") != std::string::npos);
}

// OceanBase, "Create a dynamic partitioned table" (V4.3.5 BP2+,
// en.oceanbase.com/docs/common-oceanbase-database-10000000002530102): a
// bigint partitioning key needs BIGINT_PRECISION, and a table without a
// policy gets it from the ALTER's text alone, so the first policy of a
// table is whole (TIME_UNIT, BIGINT_PRECISION) and a later change is short.
TEST_CASE("time window: alter adds the whole policy, changes the short one") {
  constexpr const char* kNoWindow = R"({
  "table": "w", "families": [{"name": "f"}],
  "partition": {"strategy": "range", "column": "G", "bounds": [1733011200000]}
})";
  Lifecycle lc("w", kNoWindow);
  CHECK(lc.Ok({"alter", "w", "--spec", lc.box.WriteFile("d.json", kDaySpec),
               "--ddl-only"}) ==
        "ALTER TABLE `w$f` DYNAMIC_PARTITION_POLICY = (ENABLE = true, "
        "TIME_UNIT = 'day', PRECREATE_TIME = '2day', EXPIRE_TIME = '3day', "
        "BIGINT_PRECISION = 'ms');\n");
  lc.Ok({"alter", "w", "--spec", lc.box.WriteFile("d.json", kDaySpec)});
  std::string longer = kDaySpec;
  longer.replace(longer.find("\"precreate\": 2"), 14, "\"precreate\": 4");
  CHECK(lc.Ok({"alter", "w", "--spec", lc.box.WriteFile("d4.json", longer),
               "--ddl-only"}) ==
        "ALTER TABLE `w$f` DYNAMIC_PARTITION_POLICY = (ENABLE = true, "
        "PRECREATE_TIME = '4day', EXPIRE_TIME = '3day');\n");
}

TEST_CASE("time window: roll by day precreates and expires") {
  Lifecycle lc("w", kDaySpec);
  // 2024-12-03T10:00Z: [12-01, 12-03) catches up, then the day of now and
  // the two precreated days.
  const int64_t now = kDec1 + 2 * kDayMs + 10 * kHourMs;
  CHECK(lc.Ok({"partition", "roll", "w", "--now", std::to_string(now)}) ==
        "roll w: family f has 5 partitions, 0 rows moved\n"
        "-- OceanBase: the same change on a cluster\n"
        "ALTER TABLE `w$f` ADD PARTITION (\n"
        "  PARTITION `p20241201` VALUES LESS THAN (1733184000000)\n"
        ");\n"
        "ALTER TABLE `w$f` ADD PARTITION (\n"
        "  PARTITION `p20241203` VALUES LESS THAN (1733270400000)\n"
        ");\n"
        "ALTER TABLE `w$f` ADD PARTITION (\n"
        "  PARTITION `p20241204` VALUES LESS THAN (1733356800000)\n"
        ");\n"
        "ALTER TABLE `w$f` ADD PARTITION (\n"
        "  PARTITION `p20241205` VALUES LESS THAN (1733443200000)\n"
        ");\n");
  CHECK(lc.Bounds("w") ==
        "p0=p0 [MINVALUE,1733011200000) 0; "
        "p1=p20241201 [1733011200000,1733184000000) 0; "
        "p2=p20241203 [1733184000000,1733270400000) 0; "
        "p3=p20241204 [1733270400000,1733356800000) 0; "
        "p4=p20241205 [1733356800000,1733443200000) 0");
  // Rolling again at the same time does nothing.
  CHECK(lc.Ok({"partition", "roll", "w", "--now", std::to_string(now)}) ==
        "roll w: nothing to do\n");
  // A cell on 12-03 and one on 12-04.
  lc.Ok({"put", "w", "r", "f:old", "x", "--ts", std::to_string(now)});
  lc.Ok({"put", "w", "r", "f:new", "y", "--ts", std::to_string(now + kDayMs)});
  CHECK(lc.Keys("w$f$p2") == "r:old");
  CHECK(lc.Keys("w$f$p3") == "r:new");
  // 2024-12-07T10:00Z: days up to 12-03 are more than 3 days old.
  CHECK(lc.Ok({"partition", "roll", "w", "--now",
               std::to_string(now + 4 * kDayMs)}) ==
        "roll w: family f has 6 partitions, 0 rows moved\n"
        "-- OceanBase: the same change on a cluster\n"
        "ALTER TABLE `w$f` DROP PARTITION `p0`;\n"
        "ALTER TABLE `w$f` DROP PARTITION `p20241201`;\n"
        "ALTER TABLE `w$f` DROP PARTITION `p20241203`;\n"
        "ALTER TABLE `w$f` ADD PARTITION (\n"
        "  PARTITION `p20241206` VALUES LESS THAN (1733529600000)\n"
        ");\n"
        "ALTER TABLE `w$f` ADD PARTITION (\n"
        "  PARTITION `p20241207` VALUES LESS THAN (1733616000000)\n"
        ");\n"
        "ALTER TABLE `w$f` ADD PARTITION (\n"
        "  PARTITION `p20241208` VALUES LESS THAN (1733702400000)\n"
        ");\n"
        "ALTER TABLE `w$f` ADD PARTITION (\n"
        "  PARTITION `p20241209` VALUES LESS THAN (1733788800000)\n"
        ");\n");
  CHECK(lc.Bounds("w") ==
        "p0=p20241204 [MINVALUE,1733356800000) 1; "
        "p1=p20241205 [1733356800000,1733443200000) 0; "
        "p2=p20241206 [1733443200000,1733529600000) 0; "
        "p3=p20241207 [1733529600000,1733616000000) 0; "
        "p4=p20241208 [1733616000000,1733702400000) 0; "
        "p5=p20241209 [1733702400000,1733788800000) 0");
  CHECK(lc.Ok({"scan", "w"}) ==
        "r  f:new  @" + std::to_string(now + kDayMs) + "  y\n");
  CHECK(lc.Keys("w$f$p0") == "r:new");
  const std::string spec = lc.SpecFile("w");
  CHECK(json::parse(CliSandbox::ReadFile(spec)).at("partition").at("names") ==
        json::parse(R"(["p20241204", "p20241205", "p20241206", "p20241207",
                        "p20241208", "p20241209"])"));
  CHECK(lc.Route("w", "r", "--ts", std::to_string(now + 5 * kDayMs)) == 4);
}

// One roll of a fresh single-bound window table at `now`: the partitions
// as Bounds() lists them.
std::string RollOnce(const std::string& window, int64_t bound, int64_t now) {
  Lifecycle lc("w", R"({"table": "w", "families": [{"name": "f",
      "time_window": )" +
                        window + R"(}], "partition": {"strategy": "range",
      "column": "G", "bounds": [)" +
                        std::to_string(bound) + "]}}");
  lc.Ok({"partition", "roll", "w", "--now", std::to_string(now)});
  return lc.Bounds("w");
}

TEST_CASE("time window: hour, week (from Monday) and month (from the 1st)") {
  // 02:30 with the last bound at 00:00: [00:00, 02:00) catches up, 02:00 is
  // now's hour, 03:00 precreated; 00:00 is older than one hour.
  CHECK(RollOnce(R"({"unit": "hour", "precreate": 1, "expire": 1})", kDec1,
                 kDec1 + 2 * kHourMs + 30 * 60000) ==
        "p0=p2024120100 [MINVALUE,1733018400000) 0; "
        "p1=p2024120102 [1733018400000,1733022000000) 0; "
        "p2=p2024120103 [1733022000000,1733025600000) 0");
  // Wednesday 2024-12-04 as the last bound, now Thursday 12-05: the week of
  // Monday 12-02 ends on Monday 12-09, then the next week.
  CHECK(RollOnce(R"({"unit": "week", "precreate": 1})", kDec1 + 3 * kDayMs,
                 kDec1 + 4 * kDayMs + 12 * kHourMs) ==
        "p0=p0 [MINVALUE,1733270400000) 0; "
        "p1=p20241202 [1733270400000,1733702400000) 0; "
        "p2=p20241209 [1733702400000,1734307200000) 0");
  // 2024-12-15: December, then January and February 2025 (31 and 28 days).
  CHECK(RollOnce(R"({"unit": "month", "precreate": 2})", kDec1,
                 kDec1 + 14 * kDayMs) ==
        "p0=p0 [MINVALUE,1733011200000) 0; "
        "p1=p202412 [1733011200000,1735689600000) 0; "
        "p2=p202501 [1735689600000,1738368000000) 0; "
        "p3=p202502 [1738368000000,1740787200000) 0");
}

TEST_CASE("time window: purge rolls the window at the store's clock") {
  Lifecycle lc("w", kDaySpec);
  lc.Ok({"put", "w", "r", "f:q", "old", "--ts", std::to_string(kDec1 - 1)});
  CHECK(lc.Ok({"purge", "w"}) ==
        "purged w: 0 expired cells, 0 excess versions, 1 partitions "
        "cleared\n");
  // Whatever the date: [12-01, today) caught up, then today and two days
  // ahead; p0 (before 12-01) expired with its cell.
  const json list = json::parse(lc.Ok({"partition", "list", "w", "--json"}));
  const json& parts = list.at("partitions");
  REQUIRE(parts.size() == 4);
  CHECK(parts[0].at("oceanbase_name") == "p20241201");
  CHECK(parts[0].at("lower").is_null());
  std::vector<int64_t> uppers;
  for (const json& p : parts) {
    uppers.push_back(std::stoll(p.at("upper").get<std::string>()));
    CHECK(p.at("cells") == 0);
  }
  CHECK(uppers[0] % kDayMs == 0);
  CHECK(uppers[0] > kDec1);
  for (size_t i = 1; i < uppers.size(); ++i) {
    CHECK(uppers[i] - uppers[i - 1] == kDayMs);
  }
  CHECK(lc.Ok({"scan", "w"}).empty());
  // A second purge has nothing left to roll.
  CHECK(lc.Ok({"purge", "w"}) ==
        "purged w: 0 expired cells, 0 excess versions\n");
}

// ---- auto-split
// ----------------------------------------------------------------

constexpr const char* kAutoSpec = R"({
  "table": "a",
  "families": [{"name": "f", "auto_split": {"max_cells": 10}}],
  "partition": {"strategy": "range", "column": "K", "bounds": ["m", "MAXVALUE"]}
})";

// Every partition of `a` holds at most 10 cells, and they add up to
// `total`.
void CheckWithinLimit(Lifecycle& lc, int64_t total) {
  const json list = json::parse(lc.Ok({"partition", "list", "a", "--json"}));
  int64_t sum = 0;
  for (const json& p : list.at("partitions")) {
    CAPTURE(p.dump());
    CHECK(p.at("cells").get<int64_t>() <= 10);
    sum += p.at("cells").get<int64_t>();
  }
  CHECK(sum == total);
  CHECK(list.at("partitions").size() >= 4);  // 25 cells need 3 above m
}

std::string PutLine(const std::string& row, int qualifiers) {
  json cells = json::array();
  for (int q = 0; q < qualifiers; ++q) {
    cells.push_back({{"family", "f"},
                     {"qualifier", "q" + std::to_string(q)},
                     {"value", "v"},
                     {"ts", 100}});
  }
  return json({{"op", "put"}, {"table", "a"}, {"row", row}, {"cells", cells}})
             .dump() +
         "\n";
}

TEST_CASE("auto-split: one put at a time keeps partitions at max_cells") {
  Lifecycle lc("a", kAutoSpec);
  std::string ops;
  for (int i = 1; i <= 25; ++i) {
    ops += PutLine((i < 10 ? "r0" : "r") + std::to_string(i), 1);
  }
  const CliRun run = lc.box.Run({"exec"}, ops);
  CHECK(run.code == 0);
  CHECK(run.out.find("\"ok\":false") == std::string::npos);
  CheckWithinLimit(lc, 25);
  CHECK(lc.Ok({"count", "a"}) == "a: 25 rows, 25 cells\n");
  const CliRun ddl = RunCli({"ddl", lc.SpecFile("a")});
  CHECK(ddl.out.find("PARTITION BY RANGE COLUMNS(`K`) SIZE('2GB') (\n") !=
        std::string::npos);
}

// OceanBase, "Automatic partition splitting" (MySQL mode,
// en.oceanbase.com/docs/common-oceanbase-database-10000000001976537): the
// SIZE clause of a RANGE COLUMNS partitioning switches it on; doc/partitions.md
// gives the ALTER; SIZE('unlimited') switches it off.
TEST_CASE("auto-split: alter adding or removing it prints the SIZE clause") {
  constexpr const char* kPlain = R"({
  "table": "a",
  "families": [{"name": "f"}],
  "partition": {"strategy": "range", "column": "K", "bounds": ["m", "MAXVALUE"]}
})";
  Lifecycle lc("a", kPlain);
  const std::string on = lc.box.WriteFile("on.json", kAutoSpec);
  CHECK(lc.Ok({"alter", "a", "--spec", on, "--ddl-only"}) ==
        "-- auto_split: obkvlite splits a partition above 10 stored cells at "
        "its median row key;\n-- OceanBase splits by size (SIZE), at most one "
        "partition at a time.\n"
        "ALTER TABLE `a$f` PARTITION BY RANGE COLUMNS(`K`) SIZE('2GB') (\n"
        "  PARTITION `p0` VALUES LESS THAN ('m'),\n"
        "  PARTITION `p1` VALUES LESS THAN MAXVALUE\n"
        ");\n");
  lc.Ok({"alter", "a", "--spec", on});
  CHECK(lc.Ok({"alter", "a", "--spec", lc.box.WriteFile("off.json", kPlain),
               "--ddl-only"}) ==
        "ALTER TABLE `a$f` PARTITION BY RANGE COLUMNS(`K`) SIZE('unlimited') "
        "(\n"
        "  PARTITION `p0` VALUES LESS THAN ('m'),\n"
        "  PARTITION `p1` VALUES LESS THAN MAXVALUE\n"
        ");\n");
}

// OceanBase, "Drop a table group"
// (en.oceanbase.com/docs/common-oceanbase-database-10000000001031329): only
// an empty table group can be dropped, so each group's tables go first; the
// index tables go before their table, as the store drops them.
TEST_CASE("drop: the statements drop the index tables and their groups") {
  Lifecycle lc("t", R"({"table": "t", "families": [{"name": "f"}],
    "indexes": [{"name": "i", "family": "f", "qualifier": "q"}]})");
  CHECK(lc.Ok({"drop", "t", "--ddl-only"}) ==
        "DROP TABLE IF EXISTS `i$f`;\n"
        "DROP TABLEGROUP IF EXISTS `i`;\n"
        "DROP TABLE IF EXISTS `t$f`;\n"
        "DROP TABLEGROUP IF EXISTS `t`;\n");
}

TEST_CASE("auto-split: one batch of 25 rows is split until within the limit") {
  Lifecycle lc("a", kAutoSpec);
  std::string tsv;
  for (int i = 1; i <= 25; ++i) {
    tsv += (i < 10 ? "r0" : "r") + std::to_string(i) + "\tf:q\t100\tv\n";
  }
  lc.Ok({"load", "a", lc.box.WriteFile("a.tsv", tsv)});
  CheckWithinLimit(lc, 25);
  CHECK(lc.Ok({"count", "a"}) == "a: 25 rows, 25 cells\n");
}

TEST_CASE("auto-split: a row is never divided") {
  Lifecycle lc("a", kAutoSpec);
  std::string ops;
  for (int i = 1; i <= 20; ++i) {
    ops += PutLine((i < 10 ? "r0" : "r") + std::to_string(i), i == 10 ? 5 : 1);
  }
  CHECK(lc.box.Run({"exec"}, ops).code == 0);
  CheckWithinLimit(lc, 24);
  const int p = lc.Route("a", "r10");
  CHECK(lc.Ok({"sql", "SELECT count(*) AS n FROM \"a$f$p" + std::to_string(p) +
                          "\" WHERE K = CAST('r10' AS BLOB)"}) == "n\n-\n5\n");
  CHECK(lc.Ok({"sql",
               "SELECT count(*) AS n FROM \"a$f\" WHERE K = "
               "CAST('r10' AS BLOB)"}) == "n\n-\n5\n");
  CHECK(lc.Ok({"get", "a", "r10"}) ==
        "r10  f:q0  @100  v\n"
        "r10  f:q1  @100  v\n"
        "r10  f:q2  @100  v\n"
        "r10  f:q3  @100  v\n"
        "r10  f:q4  @100  v\n");
}
}  // namespace
}  // namespace testing
}  // namespace obkvlite
