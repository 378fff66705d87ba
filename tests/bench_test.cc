// Copyright (c) obkvlite authors.
//
// obkv-bench as a user runs it: every arm on a small workload, the human
// table, the JSON last line with exact cell counts, and its argument
// errors. Figures are not asserted (benchmarks, not timed tests); the
// workload is (each get must return all 10 cells, or the bench fails).

#include <doctest/doctest.h>
#include <stdio.h>
#include <sys/wait.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace obkvlite {
namespace {

struct Run {
  int code = -1;
  std::string out;  // stdout and stderr
};

Run RunBench(const std::string& args) {
  const std::string cmd = std::string(OBKV_BENCH_BINARY) + " " + args + " 2>&1";
  Run run;
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) run.out.append(buf, n);
  const int status = pclose(pipe);
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST_CASE("obkv-bench is built next to obkv") {
  namespace fs = std::filesystem;
  CHECK(fs::path(OBKV_BENCH_BINARY).parent_path() ==
        fs::path(OBKV_BINARY).parent_path());
}

TEST_CASE("obkv-bench: every arm, table then JSON with exact counts") {
  const Run run = RunBench("--rows 300 --runs 1 --ops 200 --value-bytes 20");
  INFO(run.out);
  REQUIRE(run.code == 0);
  const std::vector<std::string> lines = Lines(run.out);
  REQUIRE(lines.size() >= 8);
  const nlohmann::json js = nlohmann::json::parse(lines.back());
  CHECK(js["rows"] == 300);
  CHECK(js["value_bytes"] == 20);
  CHECK(js["runs"] == 1);
  for (const char* arm :
       {"raw", "normal", "key97", "prefix", "timeseries", "key97x2"}) {
    CAPTURE(arm);
    const nlohmann::json& m = js["arms"][arm];
    CHECK(m["full_scan_cells"] == 3000);  // 300 rows x 10 qualifiers
    for (const char* key :
         {"put_cells_per_s", "get_rows_per_s", "scan_cells_per_s",
          "ycsb_a_ops_per_s", "ycsb_b_ops_per_s", "ycsb_c_ops_per_s",
          "ycsb_f_ops_per_s", "full_scan_cells_per_s"}) {
      CAPTURE(key);
      CHECK(m[key].get<int64_t>() > 0);
    }
    CHECK(m["full_scan_peak_rss_mib"].get<int64_t>() > 0);
  }
  // The human table: a header, then one line per arm with its ratio to raw.
  bool saw_raw = false;
  for (const std::string& line : lines) {
    if (line.rfind("raw ", 0) == 0) {
      saw_raw = true;
      CHECK(line.find("(1.00x)") != std::string::npos);
    }
  }
  CHECK(saw_raw);
}

TEST_CASE("obkv-bench --json prints only the JSON line") {
  const Run run = RunBench("--rows 120 --runs 1 --ops 50 --arms raw,normal --json");
  INFO(run.out);
  REQUIRE(run.code == 0);
  const std::vector<std::string> lines = Lines(run.out);
  REQUIRE(lines.size() == 1);
  const nlohmann::json js = nlohmann::json::parse(lines[0]);
  CHECK(js["arms"].size() == 2);
  CHECK(js["keys"] == "hashed");
  CHECK(js["arms"]["normal"]["full_scan_cells"] == 1200);
}

TEST_CASE("obkv-bench --ordered loads YCSB ordered keys") {
  const Run run =
      RunBench("--rows 150 --runs 1 --ops 50 --arms raw,timeseries --ordered --json");
  INFO(run.out);
  REQUIRE(run.code == 0);
  const nlohmann::json js = nlohmann::json::parse(Lines(run.out).back());
  CHECK(js["keys"] == "ordered");
  CHECK(js["arms"]["timeseries"]["full_scan_cells"] == 1500);
}

TEST_CASE("obkv-bench: bad arguments name the flag") {
  struct Case {
    const char* args;
    const char* message;
  };
  for (const Case& c : {
           Case{"--rows 0", "--rows and --runs must be >= 1"},
           Case{"--rows 10 --value-bytes 0", "--value-bytes must be in [1, 65536]"},
           Case{"--rows 10 --cache-mib 0", "--cache-mib must be >= 1"},
           Case{"--rows", "--rows needs a value"},
           Case{"--bogus", "usage: obkv-bench"},
           Case{"--rows 10 --arms raw,nosuch", "unknown arm 'nosuch'"},
       }) {
    CAPTURE(c.args);
    const Run run = RunBench(c.args);
    CHECK(run.code == 2);
    CHECK(run.out.find(c.message) != std::string::npos);
  }
}

}  // namespace
}  // namespace obkvlite
