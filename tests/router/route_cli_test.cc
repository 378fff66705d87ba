// Copyright (c) obkvlite authors.
//
// Tests of `obkv route` (DESIGN §5; src/tools/cli/commands/cmd_route.cc),
// in-process: its exact output for a row and for scans, agreement with the
// library's router for every strategy, the default family, and its errors.

#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "cli_test_support.h"
#include "obkvlite/bytes.h"
#include "obkvlite/router.h"
#include "router_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

using namespace std::string_literals;

// ---- obkv route ----

// A spec file with one family per strategy, written once per process.
constexpr const char* kRouteSpecJson = R"json({
  "table": "t",
  "families": [
    {"name": "f", "partition": {"strategy": "key", "partitions": 97}},
    {"name": "m3", "partition": {"strategy": "key", "partitions": 97,
                                  "hash": "murmur3"}},
    {"name": "pk", "partition": {"strategy": "key", "partitions": 16,
                                  "prefix_length": 4}},
    {"name": "rk", "partition": {"strategy": "range", "column": "K",
                                  "bounds": ["h", "w", "MAXVALUE"]}},
    {"name": "rb", "partition": {"strategy": "range", "column": "K",
                                  "bounds": ["\\x00\\x01", "\\x80", "\\xFF"]}},
    {"name": "rg", "partition": {"strategy": "range", "column": "G",
                                  "bounds": [1000, 2000, "MAXVALUE"]}},
    {"name": "rgk", "partition": {"strategy": "range_key",
                                   "bounds": [1000, 2000, "MAXVALUE"],
                                   "subpartitions": 97}},
    {"name": "krg", "partition": {"strategy": "key_range", "partitions": 97,
                                   "bounds": [1000, "MAXVALUE"],
                                   "prefix_length": 3}},
    {"name": "n", "partition": {"strategy": "none"}}
  ]
})json";

class TempDir {
 public:
  TempDir()
      : path_(std::filesystem::temp_directory_path() /
              ("obkv_router_test_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string Write(const std::string& name, const std::string& text) const {
    const std::filesystem::path file = path_ / name;
    std::ofstream(file) << text;
    return file.string();
  }

 private:
  std::filesystem::path path_;
};

const TempDir& Temp() {
  static const TempDir dir;
  return dir;
}

const std::string& RouteSpecPath() {
  static const std::string path = Temp().Write("route.json", kRouteSpecJson);
  return path;
}

std::string RowLine(const std::string& family, int partition,
                    const std::string& table) {
  return "{\"family\":\"" + family +
         "\",\"partition\":" + std::to_string(partition) + ",\"table\":\"" +
         table + "\"}\n";
}

std::string ScanLine(const PartitionRouter& router, const std::string& family,
                     const std::vector<int>& partitions) {
  std::string line = "{\"family\":\"" + family + "\",\"partitions\":[";
  for (size_t i = 0; i < partitions.size(); ++i) {
    if (i > 0) line += ",";
    line += std::to_string(partitions[i]);
  }
  line += "],\"tables\":[";
  for (size_t i = 0; i < partitions.size(); ++i) {
    if (i > 0) line += ",";
    line += "\"" + router.PartitionTableName(partitions[i]) + "\"";
  }
  return line + "]}\n";
}

TEST_CASE("obkv route: exact output for one row") {
  const std::string spec = RouteSpecPath();
  struct Case {
    std::vector<std::string> args;
    std::string out;
  };
  const Case cases[] = {
      {{"route", spec, "row1"}, RowLine("f", 69, "t$f$p69")},
      {{"route", spec, "partitionKey", "--family", "f"},
       RowLine("f", 80, "t$f$p80")},
      {{"route", spec, "row1", "--family", "m3"},
       RowLine("m3", 18, "t$m3$p18")},
      {{"route", spec, "partition_1", "--family", "pk"},
       RowLine("pk", 11, "t$pk$p11")},
      {{"route", spec, "partition_1", "--family", "rk"},
       RowLine("rk", 1, "t$rk$p1")},
      {{"route", spec, "h", "--family", "rk"}, RowLine("rk", 1, "t$rk$p1")},
      {{"route", spec, "\\x00\\x01", "--family", "rb"},
       RowLine("rb", 1, "t$rb$p1")},
      {{"route", spec, "\\x7F\\xFF", "--family", "rb"},
       RowLine("rb", 1, "t$rb$p1")},
      {{"route", spec, "\\x80", "--family", "rb"}, RowLine("rb", 2, "t$rb$p2")},
      {{"route", spec, "r", "--family", "rg", "--ts", "1000"},
       RowLine("rg", 1, "t$rg$p1")},
      {{"route", spec, "row1", "--family", "rgk", "--ts", "1500"},
       RowLine("rgk", 166, "t$rgk$p1s69")},
      {{"route", spec, "row1", "--ts=999", "--family", "rgk"},
       RowLine("rgk", 69, "t$rgk$p0s69")},
      {{"route", spec, "usr0001", "--family", "krg", "--ts", "1000"},
       RowLine("krg", 77 * 2 + 1, "t$krg$p77s1")},
      {{"route", spec, "row1", "--family", "n"}, RowLine("n", 0, "t$n")},
      {{"route", spec, "--family", "n", "--", "-row"}, RowLine("n", 0, "t$n")},
  };
  for (const Case& c : cases) {
    CAPTURE(c.args[2]);
    CliRun run = RunCli(c.args);
    CHECK(run.code == 0);
    CHECK(run.out == c.out);
    CHECK(run.err == "");
  }
}

TEST_CASE("obkv route: exact output for scans") {
  const std::string spec = RouteSpecPath();
  struct Case {
    std::vector<std::string> args;
    std::string out;
  };
  const Case cases[] = {
      {{"route", spec, "--scan", "a", "h", "--family", "rk"},
       "{\"family\":\"rk\",\"partitions\":[0],\"tables\":[\"t$rk$p0\"]}\n"},
      {{"route", spec, "--scan", "h", "", "--family", "rk"},
       "{\"family\":\"rk\",\"partitions\":[1,2],"
       "\"tables\":[\"t$rk$p1\",\"t$rk$p2\"]}\n"},
      {{"route", spec, "--scan", "w", "h", "--reversed", "--family", "rk"},
       "{\"family\":\"rk\",\"partitions\":[1,2],"
       "\"tables\":[\"t$rk$p1\",\"t$rk$p2\"]}\n"},
      {{"route", spec, "--scan", "b", "a", "--family", "rk"},
       "{\"family\":\"rk\",\"partitions\":[],\"tables\":[]}\n"},
      {{"route", spec, "--scan", "", "", "--family", "rg", "--time-range",
        "1000", "2000"},
       "{\"family\":\"rg\",\"partitions\":[1],\"tables\":[\"t$rg$p1\"]}\n"},
      {{"route", spec, "--scan", "part", "paru", "--family", "pk"},
       "{\"family\":\"pk\",\"partitions\":[11],\"tables\":[\"t$pk$p11\"]}\n"},
      {{"route", spec, "--scan", "row1", "row1\\x00", "--time-range", "0",
        "1500", "--family", "rgk"},
       "{\"family\":\"rgk\",\"partitions\":[69,166],"
       "\"tables\":[\"t$rgk$p0s69\",\"t$rgk$p1s69\"]}\n"},
      {{"route", spec, "--scan", "usr", "uss", "--family", "krg"},
       "{\"family\":\"krg\",\"partitions\":[154,155],"
       "\"tables\":[\"t$krg$p77s0\",\"t$krg$p77s1\"]}\n"},
      {{"route", spec, "--family", "n", "--scan", "a", "b"},
       "{\"family\":\"n\",\"partitions\":[0],\"tables\":[\"t$n\"]}\n"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.out);
    CliRun run = RunCli(c.args);
    CHECK(run.code == 0);
    CHECK(run.out == c.out);
    CHECK(run.err == "");
  }
}

TEST_CASE("obkv route: agrees with the library for every strategy") {
  const std::string spec_path = RouteSpecPath();
  Result<TableSpec> spec = LoadTableSpecFile(spec_path);
  REQUIRE_MESSAGE(spec.ok(), spec.status().ToString());
  const std::vector<std::string> keys = {"row1",        "a",
                                         "h",           "partition_1",
                                         "usr0001",     "zz",
                                         "\x00"s,       "\x00\x01"s,
                                         "\x7f"s,       "\x80"s,
                                         "\xff"s,       "\xff\xff\x00"s,
                                         "back\\slash", std::string(1024, 'k')};
  const std::vector<std::optional<int64_t>> times = {std::nullopt, 0, 999, 1000,
                                                     2500};
  for (const FamilySpec& family : spec->families) {
    const PartitionRouter router(spec->name, family);
    for (const std::string& key : keys) {
      for (const std::optional<int64_t>& ts : times) {
        std::vector<std::string> args = {
            "route", spec_path, ToStringBinary(key), "--family", family.name};
        if (ts.has_value()) {
          args.push_back("--ts");
          args.push_back(std::to_string(*ts));
        }
        CAPTURE(family.name);
        CAPTURE(ToStringBinary(key));
        CAPTURE(ts.value_or(-1));
        const CliRun run = RunCli(args);
        const Result<int> want = router.Route(key, ts);
        if (want.ok()) {
          CHECK(run.code == 0);
          CHECK(run.out ==
                RowLine(family.name, *want, router.PartitionTableName(*want)));
          CHECK(run.err == "");
        } else {
          CHECK(run.code == 1);
          CHECK(run.out == "");
          CHECK(run.err == "obkv: " + want.status().message() + "\n");
        }
      }
    }
    struct Scan {
      std::string start, stop;
      bool reversed;
    };
    const Scan scans[] = {{"", "", false},       {"a", "h", false},
                          {"h", "w", false},     {"part", "paru", false},
                          {"usr", "uss", false}, {"row1", "row1\x00"s, false},
                          {"w", "h", true},      {"", "v", true},
                          {"\xff"s, "", true},   {"z", "a", false}};
    const std::vector<std::vector<int64_t>> ranges = {
        {}, {0, 1000}, {1000, 2000}, {1500, 2500}, {5, 5}};
    for (const Scan& s : scans) {
      for (const auto& tr : ranges) {
        std::vector<std::string> args = {"route",
                                         spec_path,
                                         "--scan",
                                         ToStringBinary(s.start),
                                         ToStringBinary(s.stop),
                                         "--family",
                                         family.name};
        if (s.reversed) args.push_back("--reversed");
        TimeRange times_range = TimeRange::All();
        if (!tr.empty()) {
          args.push_back("--time-range");
          args.push_back(std::to_string(tr[0]));
          args.push_back(std::to_string(tr[1]));
          times_range = Times(tr[0], tr[1]);
        }
        const KeyRange keys_range = s.reversed
                                        ? KeyRange::Reversed(s.start, s.stop)
                                        : KeyRange::Forward(s.start, s.stop);
        CAPTURE(family.name);
        CAPTURE(ToStringBinary(s.start));
        CAPTURE(ToStringBinary(s.stop));
        const CliRun run = RunCli(args);
        CHECK(run.code == 0);
        CHECK(run.out == ScanLine(router, family.name,
                                  router.PruneScan(keys_range, times_range)));
        CHECK(run.err == "");
      }
    }
  }
}

TEST_CASE("obkv route: the first family is the default") {
  const std::string spec = RouteSpecPath();
  CHECK(RunCli({"route", spec, "row2"}).out == RowLine("f", 24, "t$f$p24"));
  const std::string key_only =
      Temp().Write("table_level.json",
                   R"({"table": "htable1", "families": [{"name": "family1"}],
          "partition": {"strategy": "key", "partitions": 97}})");
  const CliRun run = RunCli({"route", key_only, "row1"});
  CHECK(run.code == 0);
  CHECK(run.out == RowLine("family1", 69, "htable1$family1$p69"));
}

TEST_CASE("obkv route: errors") {
  const std::string spec = RouteSpecPath();
  struct Case {
    std::vector<std::string> args;
    int code;
    std::string err;  // exact stderr; empty: only checked to be non-empty
  };
  const std::string bad_escape =
      FromStringBinary("a\\x4", "rowkey").status().message();
  const std::string bad_start =
      FromStringBinary("\\q", "start").status().message();
  const std::string bad_stop =
      FromStringBinary("z\\", "stop").status().message();
  REQUIRE(bad_escape.rfind("rowkey: bad escape at offset 1", 0) == 0);
  const Case cases[] = {
      {{"route", spec, "a\\x4"}, 1, "obkv: " + bad_escape + "\n"},
      {{"route", spec, "--scan", "\\q", "z"}, 1, "obkv: " + bad_start + "\n"},
      {{"route", spec, "--scan", "a", "z\\"}, 1, "obkv: " + bad_stop + "\n"},
      {{"route", spec, "row1", "--family", "rg"},
       1,
       "obkv: ts: required, family 'rg' partitions on G (timestamp)\n"},
      {{"route", spec, "row1", "--family", "rgk"},
       1,
       "obkv: ts: required, family 'rgk' partitions on G (timestamp)\n"},
      {{"route", spec, "row1", "--family", "krg"},
       1,
       "obkv: ts: required, family 'krg' partitions on G (timestamp)\n"},
      {{"route", spec, "row1", "--family", "krg", "--ts", "-1"},
       1,
       "obkv: ts: must not be negative, got -1\n"},
      {{"route", spec, std::string(1025, 'x')},
       1,
       "obkv: rowkey: 1025 bytes, limit 1024\n"},
      {{"route", spec, std::string(1024, '\xff') + "\\xFF", "--family", "rk"},
       1,
       "obkv: rowkey: 1025 bytes, limit 1024\n"},
      {{"route", spec, "\\xFF\\x00", "--family", "rb"},
       1,
       "obkv: rowkey: '\\xFF\\x00' is at or above the last range bound "
       "'\\xFF' and the partitioning has no MAXVALUE\n"},
      {{"route", spec, "row1", "--family", "zz"},
       1,
       "obkv: --family: no family 'zz' in table 't'\n"},
      {{"route", spec, "--scan", "a", "b", "--time-range", "5", "3", "--family",
        "rg"},
       1,
       "obkv: --time-range: min 5 is greater than max 3\n"},
      {{"route", spec, "--scan", "a", "b", "--time-range", "-5", "3"},
       1,
       "obkv: --time-range: min must not be negative, got -5\n"},
      {{"route", "/nonexistent/obkv_router_test/spec.json", "row1"}, 1, ""},
      {{"route", spec},
       2,
       "obkv: route: ROWKEY or --scan START STOP is required\n"},
      {{"route", spec, "row1", "--scan", "a", "b"},
       2,
       "obkv: route: give either ROWKEY or --scan START STOP, not both\n"},
      {{"route", spec, "row1", "--time-range", "0", "5"},
       2,
       "obkv: route: --time-range needs --scan\n"},
      {{"route", spec, "row1", "--reversed"},
       2,
       "obkv: route: --reversed needs --scan\n"},
      {{"route", spec, "--scan", "a", "b", "--ts", "5"},
       2,
       "obkv: route: --ts applies to ROWKEY; use --time-range with --scan\n"},
      {{"route", spec, "--scan", "a"}, 2, ""},
      {{"route", spec, "row1", "--ts", "soon"}, 2, ""},
      {{"route"}, 2, ""},
  };
  for (const Case& c : cases) {
    CAPTURE(c.err);
    const CliRun run = RunCli(c.args);
    CHECK(run.code == c.code);
    CHECK(run.out == "");
    if (c.err.empty()) {
      CHECK(run.err != "");
    } else {
      CHECK(run.err == c.err);
    }
  }
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
