// Copyright (c) obkvlite authors.
//
// Every `obkv partition` command in-process through RunObkv, with exact
// output (src/tools/cli/commands/cmd_partition.cc): list, add, split, merge,
// drop, truncate and rehash with the bounds before and after, the cells
// (scan, count, the "t$f$p<i>" tables by index) and the routes of the new
// spec; the planner's refusals and OceanBase's rules, which leave the store
// as it was; and the `--ddl-only` statements of every change against
// tests/golden/lifecycle/ (run with OBKV_GOLDEN_RECORD=1 to rewrite those
// files, then review the diff).

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "lifecycle_cli_test_support.h"
#include "source_files.h"

namespace obkvlite {
namespace testing {
namespace {

using nlohmann::json;

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

// ---- partition changes ------------------------------------------------------

TEST_CASE("partition list: text and JSON") {
  Lifecycle lc("t", kRangeSpec, kRangeCells);
  // bytes: each partition's table is one 8 KiB page (the default page size)
  // while its cells fit in it.
  CHECK(lc.Ok({"partition", "list", "t"}) ==
        "index  name  oceanbase  lower     upper  cells  bytes\n"
        "-----  ----  ---------  --------  -----  -----  -----\n"
        "0      p0    p0         MINVALUE  c      2      8192\n"
        "1      p1    p1         c         h      3      8192\n"
        "2      p2    p2         h         m      1      8192\n"
        "3      p3    p3         m         t      3      8192\n");
  CHECK(lc.Ok({"partition", "list", "t", "--json"}) ==
        "{\"family\":\"f\",\"partitions\":["
        "{\"bytes\":8192,\"cells\":2,\"index\":0,\"lower\":null,"
        "\"name\":\"p0\",\"oceanbase_name\":\"p0\",\"upper\":\"c\"},"
        "{\"bytes\":8192,\"cells\":3,\"index\":1,\"lower\":\"c\","
        "\"name\":\"p1\",\"oceanbase_name\":\"p1\",\"upper\":\"h\"},"
        "{\"bytes\":8192,\"cells\":1,\"index\":2,\"lower\":\"h\","
        "\"name\":\"p2\",\"oceanbase_name\":\"p2\",\"upper\":\"m\"},"
        "{\"bytes\":8192,\"cells\":3,\"index\":3,\"lower\":\"m\","
        "\"name\":\"p3\",\"oceanbase_name\":\"p3\",\"upper\":\"t\"}],"
        "\"table\":\"t\"}\n");
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

}  // namespace
}  // namespace testing
}  // namespace obkvlite
