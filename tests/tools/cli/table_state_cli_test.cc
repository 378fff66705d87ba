// Copyright (c) obkvlite authors.
//
// A table's state and shape through `obkv`, in-process through RunObkv, with
// exact output (src/tools/cli/commands/cmd_spec.cc, cmd_table_state.cc,
// cmd_alter.cc): `spec` feeding `ddl` and `route`; disable, enable, exists,
// drop (and its statements) and truncate; alter, whose errors leave the
// table as it was.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_support.h"
#include "lifecycle_cli_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

using nlohmann::json;

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

}  // namespace
}  // namespace testing
}  // namespace obkvlite
