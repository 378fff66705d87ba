// Copyright (c) obkvlite authors.
//
// Time windows through `obkv`, in-process through RunObkv, with exact output
// (src/tools/cli/commands/cmd_partition.cc, cmd_purge.cc): the DDL's
// DYNAMIC_PARTITION_POLICY, alter adding and changing it, `partition roll`
// by hour, day, week and month precreating and expiring partitions, and
// purge rolling the window at the store's clock.

#include <doctest/doctest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_test_support.h"
#include "lifecycle_cli_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

using nlohmann::json;

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

}  // namespace
}  // namespace testing
}  // namespace obkvlite
