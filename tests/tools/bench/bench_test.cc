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

#include "test_paths.h"
#include "watchdog.h"

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
  const Run run =
      RunBench("--rows 300 --runs 1 --scans 50 --ops 200 --value-bytes 20");
  INFO(run.out);
  REQUIRE(run.code == 0);
  const std::vector<std::string> lines = Lines(run.out);
  REQUIRE(lines.size() >= 8);
  const nlohmann::json js = nlohmann::json::parse(lines.back());
  CHECK(js["rows"] == 300);
  // The commit measured: git describe of the build (or "unknown").
  CHECK(!js["commit"].get<std::string>().empty());
  CHECK(run.out.find("obkv-bench: commit " + js["commit"].get<std::string>() +
                     " (git describe --dirty, at build time)\n") !=
        std::string::npos);
  CHECK(js["value_bytes"] == 20);
  CHECK(js["runs"] == 1);
  for (const char* arm :
       {"raw", "raw97", "normal", "key97", "prefix", "timeseries", "key97x2"}) {
    CAPTURE(arm);
    const nlohmann::json& m = js["arms"][arm];
    CHECK(m["full_scan_cells"] == 3000);  // 300 rows x 10 qualifiers
    for (const char* key :
         {"put_cells_per_s", "get_rows_per_s", "scan_cells_per_s",
          "scan_after_write_cells_per_s", "ycsb_a_ops_per_s",
          "ycsb_b_ops_per_s", "ycsb_c_ops_per_s", "ycsb_f_ops_per_s",
          "full_scan_cells_per_s"}) {
      CAPTURE(key);
      CHECK(m[key].get<int64_t>() > 0);
    }
    CHECK(m["full_scan_peak_rss_anon_mib"].get<double>() > 0);
    CHECK(m["full_scan_peak_vmhwm_mib"].get<double>() > 0);
    // Each throughput has its ratio to the arm's baseline.
    CHECK(m["ratios"].size() == 9);
    CHECK(m["ratios"]["get_rows_per_s"].get<double>() > 0);
  }
  // key97 is read against the same 97 tables by hand, every other file arm
  // against raw.
  CHECK(js["arms"]["key97"]["baseline"] == "raw97");
  CHECK(js["arms"]["raw97"]["baseline"] == "raw");
  CHECK(js["arms"]["prefix"]["baseline"] == "raw");
  CHECK(js["arms"]["key97x2"]["baseline"] == "raw");
  CHECK(js["arms"]["raw"]["ratios"]["put_cells_per_s"] == 1.0);
  CHECK(js["mmap_size"] == 256 * 1024 * 1024);
  for (const char* key :
       {"full_scan_2_over_1", "scan_2_over_1", "put_2_writers_over_raw"}) {
    CAPTURE(key);
    CHECK(js["shards"][key].get<double>() > 0);
  }
  // The human table: a header naming the mmap size, then one line per arm
  // with its baseline and ratios, then the shard ratios.
  CHECK(run.out.find("mmap=256 MiB per file") != std::string::npos);
  bool saw_raw = false, saw_key97 = false;
  for (const std::string& line : lines) {
    if (line.rfind("raw ", 0) == 0) {
      saw_raw = true;
      CHECK(line.find("(1.00x)") != std::string::npos);
    }
    if (line.rfind("key97 ", 0) == 0) {
      saw_key97 = true;
      CHECK(line.rfind("key97       raw97 ", 0) == 0);
    }
  }
  CHECK(saw_raw);
  CHECK(saw_key97);
  CHECK(run.out.find("shards: 2-shard full scan / 1-shard full scan = ") !=
        std::string::npos);
  CHECK(run.out.find("shards: 2 writers / raw put = ") != std::string::npos);
}

TEST_CASE("obkv-bench: key97 without raw97 is read against raw") {
  const Run run = RunBench(
      "--rows 100 --runs 1 --scans 50 --ops 50 --arms raw,key97 --json");
  INFO(run.out);
  REQUIRE(run.code == 0);
  const nlohmann::json js = nlohmann::json::parse(Lines(run.out).back());
  CHECK(js["arms"]["key97"]["baseline"] == "raw");
  CHECK(js["shards"].empty());
}

TEST_CASE("obkv-bench: rawcells gets whole rows into owning cells") {
  const Run run = RunBench(
      "--rows 100 --runs 1 --scans 50 --ops 50 --arms raw,rawcells --json");
  INFO(run.out);
  REQUIRE(run.code == 0);
  const nlohmann::json js = nlohmann::json::parse(Lines(run.out).back());
  const nlohmann::json& m = js["arms"]["rawcells"];
  CHECK(m["baseline"] == "raw");
  CHECK(m["full_scan_cells"] == 1000);
  CHECK(m["get_rows_per_s"].get<int64_t>() > 0);
}

TEST_CASE(
    "obkv-bench: rawreader scans on a second connection every cell written, "
    "and -nolinger arms run as their arm") {
  const Run run = RunBench(
      "--rows 100 --runs 1 --scans 50 --ops 50 --arms "
      "raw,rawreader,normal-nolinger --json");
  INFO(run.out);
  REQUIRE(run.code == 0);
  const nlohmann::json js = nlohmann::json::parse(Lines(run.out).back());
  for (const char* arm : {"rawreader", "normal-nolinger"}) {
    CAPTURE(arm);
    const nlohmann::json& m = js["arms"][arm];
    CHECK(m["baseline"] == "raw");
    // The full scan after YCSB's writes: every row's 10 cells, each seen
    // once, whichever connection wrote them.
    CHECK(m["full_scan_cells"] == 1000);
    CHECK(m["scan_cells_per_s"].get<int64_t>() > 0);
    CHECK(m["get_rows_per_s"].get<int64_t>() > 0);
  }
}

TEST_CASE("obkv-bench --mmap-mib 0 turns mmap off on every arm") {
  const Run run = RunBench(
      "--rows 200 --runs 1 --scans 50 --ops 50 --arms raw,raw97,key97 "
      "--mmap-mib 0");
  INFO(run.out);
  REQUIRE(run.code == 0);
  CHECK(run.out.find("mmap=0 MiB (off)") != std::string::npos);
  const nlohmann::json js = nlohmann::json::parse(Lines(run.out).back());
  CHECK(js["mmap_size"] == 0);
  for (const char* arm : {"raw", "raw97", "key97"}) {
    CAPTURE(arm);
    CHECK(js["arms"][arm]["full_scan_cells"] == 2000);
  }
}

TEST_CASE("obkv-bench --create-partitions: one row per count and families") {
  for (const char* shards : {"", " --shards 2"}) {
    CAPTURE(shards);
    const Run run = RunBench(
        std::string("--create-partitions 3,97 --create-families 1,3 --runs 1") +
        shards);
    INFO(run.out);
    REQUIRE(run.code == 0);
    const nlohmann::json js = nlohmann::json::parse(Lines(run.out).back());
    CHECK(js["shards"] == (*shards ? 2 : 0));
    const nlohmann::json& rows = js["create"];
    REQUIRE(rows.size() == 4);
    const int expected[4][3] = {
        {3, 1, 3}, {3, 3, 9}, {97, 1, 97}, {97, 3, 291}};
    for (int i = 0; i < 4; ++i) {
      CAPTURE(i);
      CHECK(rows[i]["partitions"] == expected[i][0]);
      CHECK(rows[i]["families"] == expected[i][1]);
      CHECK(rows[i]["tables"] == expected[i][2]);
      CHECK(rows[i]["store_ms"].get<double>() > 0);
      CHECK(rows[i]["raw_ms"].get<double>() > 0);
    }
  }
}

TEST_CASE("obkv-bench --json prints only the JSON line") {
  const Run run = RunBench(
      "--rows 120 --runs 1 --scans 50 --ops 50 --arms raw,normal --json");
  INFO(run.out);
  REQUIRE(run.code == 0);
  const std::vector<std::string> lines = Lines(run.out);
  REQUIRE(lines.size() == 1);
  const nlohmann::json js = nlohmann::json::parse(lines[0]);
  CHECK(js["arms"].size() == 2);
  CHECK(js["keys"] == "hashed");
  CHECK(js["arms"]["normal"]["full_scan_cells"] == 1200);
}

TEST_CASE(
    "obkv-bench --ops-overhead: a column per workload, each arm's medians") {
  const Run run = RunBench(
      "--rows 1200 --runs 1 --rounds 3 --arms normal,key97 --ops-overhead");
  INFO(run.out);
  REQUIRE(run.code == 0);
  const std::vector<std::string> lines = Lines(run.out);
  // The commit, the title, the heading, a run and the median per arm, JSON.
  REQUIRE(lines.size() == 8);
  CHECK(lines[1].rfind("operation-stats overhead: throughput timing on / off "
                       "(1.00 = no cost; target >= 0.98 on gets and puts), "
                       "rows=1200",
                       0) == 0);
  CHECK(lines[2] == "arm           run      put   update      get     scan");
  CHECK(lines[3].rfind("normal          1 ", 0) == 0);
  CHECK(lines[4].rfind("normal      median ", 0) == 0);
  CHECK(lines[6].rfind("key97       median ", 0) == 0);
  const nlohmann::json js = nlohmann::json::parse(lines[7]);
  CHECK(js["rows"] == 1200);
  REQUIRE(js["ops_overhead"].size() == 2);
  for (const char* arm : {"normal", "key97"}) {
    for (const char* w : {"put", "update", "get", "scan"}) {
      CAPTURE(arm);
      CAPTURE(w);
      CHECK(js["ops_overhead"][arm][w].get<double>() > 0);
    }
  }
}

TEST_CASE("obkv-bench: lockstep and --sequential measure the same work") {
  // Lockstep (the default) runs the arms of a run in turns, each in its own
  // process; --sequential one after another in this one. The work, and so
  // every count, is the same.
  const testing::Watchdog watchdog(240, "obkv-bench lockstep and sequential");
  for (const bool sequential : {false, true}) {
    CAPTURE(sequential);
    const Run run =
        RunBench(std::string("--rows 120 --runs 2 --scans 50 --ops 50 --arms "
                             "raw,normal,key97") +
                 (sequential ? " --sequential" : ""));
    INFO(run.out);
    REQUIRE(run.code == 0);
    const char* mode = sequential ? ")\n" : ", in lockstep)\n";
    // Each run rotates the order of the arms.
    CHECK(run.out.find(std::string("run 1/2 done (raw, normal, key97") +
                       mode) != std::string::npos);
    CHECK(run.out.find(std::string("run 2/2 done (normal, key97, raw") +
                       mode) != std::string::npos);
    const nlohmann::json js = nlohmann::json::parse(Lines(run.out).back());
    for (const char* arm : {"raw", "normal", "key97"}) {
      CAPTURE(arm);
      CHECK(js["arms"][arm]["full_scan_cells"] == 1200);
      CHECK(js["arms"][arm]["full_scan_peak_rss_anon_mib"].get<double>() > 0);
    }
  }
}

TEST_CASE("obkv-bench --rest: inproc, rest and restnull in one run") {
  const Run run = RunBench("--rest --runs 1 --ops 100");
  INFO(run.out);
  REQUIRE(run.code == 0);
  const std::vector<std::string> lines = Lines(run.out);
  // The commit, heading, columns, 4 figures, JSON.
  REQUIRE(lines.size() == 8);
  CHECK(lines[0].rfind("obkv-bench: commit ", 0) == 0);
  CHECK(lines[3].rfind("multi-row PUT, 1000 rows", 0) == 0);
  CHECK(lines[4].rfind("scanner GET, 1000 cells", 0) == 0);
  const nlohmann::json js = nlohmann::json::parse(lines.back());
  for (const char* op : {"put_1000_rows_ms", "scanner_get_1000_cells_ms",
                         "get_p50_us", "get_p99_us"}) {
    for (const char* arm : {"inproc", "rest", "restnull"}) {
      CHECK(js["rest"][op][arm].get<double>() > 0);
    }
  }
}

TEST_CASE(
    "obkv-bench --threads: every arm at every count, rest without increments") {
  testing::Watchdog watchdog(300, "obkv-bench --threads");
  const Run run = RunBench(
      "--threads 1,2 --rows 2000 --seconds 0.2 --workloads "
      "get,scan100,put,incr_hot,ycsb_a --json");
  INFO(run.out);
  REQUIRE(run.code == 0);
  const nlohmann::json js = nlohmann::json::parse(Lines(run.out).back());
  CHECK(js["rows"] == 2000);
  for (const char* workload : {"get", "scan100", "put", "incr_hot", "ycsb_a"}) {
    CAPTURE(workload);
    const nlohmann::json& points = js["scaling"][workload];
    REQUIRE(points.size() == 2);
    CHECK(points[0]["threads"] == 1);
    CHECK(points[1]["threads"] == 2);
    for (const nlohmann::json& point : points) {
      for (const char* arm : {"normal", "raw", "thrift"}) {
        CAPTURE(arm);
        CHECK(point[arm].get<double>() > 0);
        CHECK(point[std::string("efficiency_") + arm].get<double>() > 0);
      }
      // HBase's REST has no increment: the rest arm runs the others only.
      if (std::string(workload) == "incr_hot") {
        CHECK(point["rest"].is_null());
        CHECK(point["rest_ratio"].is_null());
      } else {
        CHECK(point["rest"].get<double>() > 0);
        CHECK(point["rest_ratio"].get<double>() > 0);
      }
    }
  }
}

TEST_CASE(
    "obkv-bench --threads --runs: each point on every arm in turn, the first "
    "arm rotating, medians of the rounds") {
  testing::Watchdog watchdog(300, "obkv-bench --threads --runs");
  const Run run = RunBench(
      "--threads 1,2 --rows 1000 --seconds 0.1 --workloads get --runs 2");
  INFO(run.out);
  REQUIRE(run.code == 0);
  // Each point's line on stderr: "  ARM  get  N threads  OPS ops/s...".
  std::vector<std::pair<std::string, int>> points;
  for (const std::string& line : Lines(run.out)) {
    std::istringstream in(line);
    std::string arm, workload, unit;
    int threads = 0;
    if (in >> arm >> workload >> threads >> unit && workload == "get" &&
        unit == "threads") {
      points.emplace_back(arm, threads);
    }
  }
  const std::vector<std::string> arms = {"normal", "raw", "thrift", "rest"};
  // 2 rounds x 2 counts x 4 arms, a point's arms together.
  REQUIRE(points.size() == 16);
  for (size_t p = 0; p < 4; ++p) {
    CAPTURE(p);
    const int threads = p % 2 == 0 ? 1 : 2;
    for (size_t i = 0; i < arms.size(); ++i) {
      CHECK(points[p * 4 + i].first == arms[(p + i) % arms.size()]);
      CHECK(points[p * 4 + i].second == threads);
    }
  }
  const nlohmann::json js = nlohmann::json::parse(Lines(run.out).back());
  REQUIRE(js["scaling"]["get"].size() == 2);
  for (const nlohmann::json& point : js["scaling"]["get"]) {
    for (const std::string& arm : arms) CHECK(point[arm].get<double>() > 0);
  }
}

TEST_CASE("obkv-bench --ordered loads YCSB ordered keys") {
  const Run run = RunBench(
      "--rows 150 --runs 1 --scans 50 --ops 50 --arms raw,timeseries --ordered "
      "--json");
  INFO(run.out);
  REQUIRE(run.code == 0);
  const nlohmann::json js = nlohmann::json::parse(Lines(run.out).back());
  CHECK(js["keys"] == "ordered");
  CHECK(js["arms"]["timeseries"]["full_scan_cells"] == 1500);
}

TEST_CASE("obkv-bench rawts: the timeseries put floor, to raw") {
  const Run run = RunBench(
      "--rows 150 --runs 1 --scans 50 --ops 50 --arms raw,rawts,timeseries "
      "--json");
  INFO(run.out);
  REQUIRE(run.code == 0);
  const nlohmann::json js = nlohmann::json::parse(Lines(run.out).back());
  CHECK(js["arms"]["rawts"]["baseline"] == "raw");
  CHECK(js["arms"]["timeseries"]["baseline"] == "raw");
  // Its reads count 10 cells per document without parsing it, so the one-
  // cell documents of the YCSB updates count 10 too: no floor for reads.
  CHECK(js["arms"]["rawts"]["full_scan_cells"].get<double>() >= 1500);
  CHECK(js["arms"]["timeseries"]["full_scan_cells"] == 1500);
  CHECK(js["arms"]["rawts"]["put_cells_per_s"].get<double>() > 0);
}

TEST_CASE("obkv-bench: bad arguments name the flag") {
  struct Case {
    const char* args;
    const char* message;
  };
  for (const Case& c : {
           Case{"--rows 0", "--rows, --runs and --scans must be >= 1"},
           Case{"--rows 10 --scans 0",
                "--rows, --runs and --scans must be >= 1"},
           Case{"--rows 10 --value-bytes 0",
                "--value-bytes must be in [1, 65536]"},
           Case{"--rows 10 --cache-mib 0", "--cache-mib must be >= 1"},
           Case{"--rows", "--rows needs a value"},
           Case{"--bogus", "usage: obkv-bench"},
           Case{"--rows 10 --arms raw,nosuch", "unknown arm 'nosuch'"},
           Case{"--rows 10 --mmap-mib -1",
                "--mmap-mib must be an integer in [0, 1048576]"},
           Case{"--rows 10 --mmap-mib 1x",
                "--mmap-mib must be an integer in [0, 1048576]"},
           Case{"--create-partitions 0",
                "--create-partitions must be a list of integers in [1, 8192]"},
           Case{"--create-partitions 97,8193",
                "--create-partitions must be a list of integers in [1, 8192]"},
           Case{"--create-partitions 97, --runs 1",
                "--create-partitions must be a list of integers in [1, 8192]"},
           Case{"--create-partitions 97 --create-families 0",
                "--create-families must be a list of integers in [1, 64]"},
           Case{"--create-partitions 97 --shards 12",
                "--shards must be an integer in [0, 11]"},
           Case{"--rows 10 --shards 2", "--shards needs --create-partitions"},
       }) {
    CAPTURE(c.args);
    const Run run = RunBench(c.args);
    CHECK(run.code == 2);
    CHECK(run.out.find(c.message) != std::string::npos);
  }
}

}  // namespace
}  // namespace obkvlite
