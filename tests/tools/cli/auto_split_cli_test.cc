// Copyright (c) obkvlite authors.
//
// Auto-split through `obkv`, in-process through RunObkv (doc/partitions.md;
// src/hbase/store/auto_split.cc): puts one at a time and in a batch keep
// every partition at max_cells without dividing a row, and alter adding or
// removing it prints OceanBase's SIZE clause.

#include <doctest/doctest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_test_support.h"
#include "lifecycle_cli_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

using nlohmann::json;

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
