// Copyright (c) obkvlite authors.
//
// Shared by the suites that drive a table's life through `obkv`
// (table_state_cli_test.cc, partition_cli_test.cc, time_window_cli_test.cc,
// auto_split_cli_test.cc): Lifecycle, a sandbox store with one table and
// the commands that read its bounds, routes, cells and state, a RANGE
// COLUMNS(K) table with its cells, and a day time window table.

#ifndef OBKVLITE_TESTS_TOOLS_CLI_LIFECYCLE_CLI_TEST_SUPPORT_H_
#define OBKVLITE_TESTS_TOOLS_CLI_LIFECYCLE_CLI_TEST_SUPPORT_H_

#include <doctest/doctest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_test_support.h"

namespace obkvlite {
namespace testing {

inline constexpr int64_t kDayMs = 86400000;
inline constexpr int64_t kHourMs = 3600000;
// 2024-12-01T00:00:00Z.
inline constexpr int64_t kDec1 = 1733011200000;

// Four RANGE COLUMNS(K) partitions without MAXVALUE, so that add works:
// p0 [MINVALUE, c) a b; p1 [c, h) c d(2 cells); p2 [h, m) k; p3 [m, t) m n s.
inline constexpr const char* kRangeSpec = R"({
  "table": "t",
  "families": [{"name": "f", "max_versions": 3}],
  "partition": {"strategy": "range", "column": "K", "bounds": ["c", "h", "m", "t"]}
})";
inline constexpr const char* kRangeCells =
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
inline constexpr const char* kRangeScan =
    "a  f:q  @100  va\n"
    "b  f:q  @100  vb\n"
    "c  f:q  @100  vc\n"
    "d  f:q  @100  vd\n"
    "d  f:r  @100  vd2\n"
    "k  f:q  @100  vk\n"
    "m  f:q  @100  vm\n"
    "n  f:q  @100  vn\n"
    "s  f:q  @100  vs\n";

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
    const nlohmann::json list = nlohmann::json::parse(Ok(args));
    std::string out;
    for (const nlohmann::json& p : list.at("partitions")) {
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
    return nlohmann::json::parse(run.out).at("partition").get<int>();
  }

  // The cells stored in the physical table `physical` ("t$f$p2") as
  // "row:qualifier" items, ascending, through `obkv sql`.
  std::string Keys(const std::string& physical) {
    const nlohmann::json rows = nlohmann::json::parse(
        Ok({"sql", "--json",
            "SELECT K, Q FROM \"" + physical + "\" ORDER BY K, Q"}));
    std::string out;
    for (const nlohmann::json& r : rows) {
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
    const nlohmann::json parsed =
        nlohmann::json::parse(spec);  // outlives the loop
    for (const nlohmann::json& f : parsed.at("families")) {
      out += Ok({"sql", "SELECT * FROM \"" + table + "$" +
                            f.at("name").get<std::string>() +
                            "\" ORDER BY K, Q, T"});
    }
    return out;
  }

  CliSandbox box;
};

inline constexpr const char* kDaySpec = R"({
  "table": "w",
  "families": [{"name": "f",
                "time_window": {"unit": "day", "precreate": 2, "expire": 3}}],
  "partition": {"strategy": "range", "column": "G", "bounds": [1733011200000]}
})";

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_TOOLS_CLI_LIFECYCLE_CLI_TEST_SUPPORT_H_
