// Copyright (c) obkvlite authors.
//
// obkv-bench: YCSB-style workloads on raw SQLite and on obkvlite tables, in
// one process run, reporting each arm's throughput and its ratio to raw.
//
//   obkv-bench --rows N [--runs R] [--value-bytes B] [--cache-mib M]
//              [--ordered] [--arms raw,...] [--mysql-socket PATH] [--json]
//              [--stats-overhead]
//
// Arm key97x2 is KEY 97 over 2 shard files (StoreOptions::shards), loaded
// by 2 threads; its other workloads run on one thread like every arm.
// Arms mariadb (an unpartitioned obkvlite table on a MariaDB server) and
// rawmariadb (hand-written Connector/C SQL on the same table) need the
// server's socket; their ratios are to rawmariadb.
//
// --stats-overhead measures instead what request counting costs each
// obkvlite arm of --arms (StoreOptions::request_stats; stats_overhead.h):
// throughput ratios counting on / off of puts, gets and scans, medians
// over the runs. An arm "<arm>-nostats" is <arm> with counting off.
// --noise-floor runs the same pairs with counting off on both sides: how
// far the host's noise alone moves the ratios.
// --index-overhead measures the same way what one secondary index (on
// f:field0; obkvlite/index.h) costs: each arm with the index against it
// without ("<arm>-indexed" / "<arm>").
//
// Each run loads N rows x 10 qualifiers x B-byte values (default 100; YCSB
// hashed keys, or ordered ones with --ordered; batches of 1000 rows) into
// every arm, then runs uniform point gets
// of whole rows, 100-row scans, YCSB A/B/C/F (zipfian 0.99) and a full scan
// with its peak RSS. Figures are medians over the runs. The last line of
// the output is JSON.

#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tools/bench/bench_arm.h"
#include "tools/bench/stats_overhead.h"
#include "tools/bench/ycsb.h"

namespace obkvlite {
namespace bench {
namespace {

using Clock = std::chrono::steady_clock;
using Metrics = std::map<std::string, double>;

struct Config {
  uint64_t rows = 100000;
  int runs = 3;
  int value_bytes = kDefaultValueBytes;
  StoreOptions options;       // page size and cache of every arm
  bool ordered_keys = false;  // YCSB insertorder=ordered instead of hashed
  int64_t gets = 20000;
  int64_t scans = 2000;
  int64_t ycsb_ops = 20000;
  std::vector<std::string> arms = {"raw",    "normal",     "key97",
                                   "prefix", "timeseries", "key97x2"};
  bool json_only = false;
  bool stats_overhead = false;  // measure request counting instead
  bool index_overhead = false;  // with stats_overhead: an index instead
  bool noise_floor = false;     // ... with counting off on both sides
};

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

// A cheap deterministic value of `bytes` letters for (row, qualifier,
// version).
std::string MakeValue(int bytes, uint64_t row, int q, uint64_t version) {
  std::string v(bytes, 'a');
  uint64_t x = row * 1000003 + q * 7919 + version * 104729 + 1;
  for (int i = 0; i < bytes; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    v[i] = static_cast<char>('a' + x % 26);
  }
  return v;
}

// Returns freed heap to the system first (glibc keeps the arenas of the
// loader threads and earlier arms), so the peak is this workload's.
void ResetPeakRss() {
  malloc_trim(0);
  std::ofstream f("/proc/self/clear_refs");
  f << "5";
}

double PeakRssMiB() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("VmHWM:", 0) == 0) {
      return std::strtod(line.c_str() + 6, nullptr) / 1024.0;
    }
  }
  return 0;
}

std::string Key(const Config& cfg, uint64_t i) {
  return cfg.ordered_keys ? YcsbOrderedKey(i) : YcsbKey(i);
}

Status Check(const Status& s, const std::string& what) {
  if (!s.ok()) return s.WithPrefix(what);
  return s;
}

// Load batch `b`: rows b * kRowsPerBatch ... of version 0.
RowBatch MakeBatch(const Config& cfg, const std::vector<std::string>& qualifiers,
                   uint64_t b) {
  RowBatch batch;
  batch.qualifiers = qualifiers;
  const uint64_t first = b * kRowsPerBatch;
  const uint64_t end = std::min<uint64_t>(cfg.rows, first + kRowsPerBatch);
  for (uint64_t i = first; i < end; ++i) {
    batch.keys.push_back(Key(cfg, i));
    for (int q = 0; q < kQualifiers; ++q) {
      batch.values.push_back(MakeValue(cfg.value_bytes, i, q, 0));
    }
  }
  return batch;
}

std::vector<std::string> Qualifiers() {
  std::vector<std::string> qualifiers;
  for (int q = 0; q < kQualifiers; ++q) {
    qualifiers.push_back("field" + std::to_string(q));
  }
  return qualifiers;
}

// Runs every workload on one arm; fills `m`.
Status RunArm(const Config& cfg, BenchArm* arm, const std::string& dir,
              uint64_t seed, Metrics* m) {
  OBKV_RETURN_IF_ERROR(Check(arm->Open(dir, cfg.options), "open"));
  const std::vector<std::string> qualifiers = Qualifiers();

  // Load: LoadThreads() threads, thread t writing batches t, t + n, ...
  const int threads = arm->LoadThreads();
  const uint64_t batches = (cfg.rows + kRowsPerBatch - 1) / kRowsPerBatch;
  std::vector<Status> load_status(threads);
  auto load = [&](int t) {
    for (uint64_t b = t; b < batches; b += threads) {
      load_status[t] = arm->Load(MakeBatch(cfg, qualifiers, b));
      if (!load_status[t].ok()) return;
    }
  };
  auto t0 = Clock::now();
  std::vector<std::thread> loaders;
  for (int t = 1; t < threads; ++t) loaders.emplace_back(load, t);
  load(0);
  for (std::thread& loader : loaders) loader.join();
  for (const Status& st : load_status) {
    OBKV_RETURN_IF_ERROR(Check(st, "load"));
  }
  (*m)["put_cells_per_s"] = cfg.rows * kQualifiers / Seconds(t0);

  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<uint64_t> uniform(0, cfg.rows - 1);

  // Uniform point gets of whole rows.
  t0 = Clock::now();
  for (int64_t i = 0; i < cfg.gets; ++i) {
    OBKV_ASSIGN_OR_RETURN(int cells, arm->GetRow(Key(cfg, uniform(rng))));
    if (cells != kQualifiers) {
      return Status::Corruption("get returned " + std::to_string(cells) +
                                " cells");
    }
  }
  (*m)["get_rows_per_s"] = cfg.gets / Seconds(t0);

  // 100-row scans.
  int64_t scanned = 0;
  t0 = Clock::now();
  for (int64_t i = 0; i < cfg.scans; ++i) {
    OBKV_ASSIGN_OR_RETURN(int64_t cells,
                          arm->ScanRows(Key(cfg, uniform(rng)), 100));
    scanned += cells;
  }
  (*m)["scan_cells_per_s"] = scanned / Seconds(t0);

  // YCSB core workloads with zipfian requests.
  struct Mix {
    const char* name;
    int read_pct;
    bool read_modify_write;
  };
  ScrambledZipfian zipf(cfg.rows, seed + 1);
  uint64_t version = 1;
  for (const Mix& mix : {Mix{"ycsb_a", 50, false}, Mix{"ycsb_b", 95, false},
                         Mix{"ycsb_c", 100, false}, Mix{"ycsb_f", 50, true}}) {
    std::uniform_int_distribution<int> pct(0, 99);
    t0 = Clock::now();
    for (int64_t i = 0; i < cfg.ycsb_ops; ++i) {
      const uint64_t row = zipf.Next();
      const std::string key = Key(cfg, row);
      const bool read = pct(rng) < mix.read_pct;
      if (read || mix.read_modify_write) {
        OBKV_RETURN_IF_ERROR(arm->GetRow(key).status());
      }
      if (!read) {
        const int q = static_cast<int>(rng() % kQualifiers);
        OBKV_RETURN_IF_ERROR(
            Check(arm->Update(key, qualifiers[q],
                              MakeValue(cfg.value_bytes, row, q, version), 1),
                  "update"));
        ++version;
      }
    }
    (*m)[std::string(mix.name) + "_ops_per_s"] = cfg.ycsb_ops / Seconds(t0);
  }

  // Full scan with peak RSS.
  ResetPeakRss();
  t0 = Clock::now();
  OBKV_ASSIGN_OR_RETURN(int64_t all, arm->ScanRows("", INT64_MAX));
  (*m)["full_scan_cells_per_s"] = all / Seconds(t0);
  (*m)["full_scan_cells"] = static_cast<double>(all);
  (*m)["full_scan_peak_rss_mib"] = PeakRssMiB();
  return Status::OK();
}


// `arm` without kNoStatsSuffix.
std::string StripNoStats(const std::string& arm) {
  const std::string suffix = kNoStatsSuffix;
  if (arm.size() > suffix.size() &&
      arm.compare(arm.size() - suffix.size(), suffix.size(), suffix) == 0) {
    return arm.substr(0, arm.size() - suffix.size());
  }
  return arm;
}

std::unique_ptr<BenchArm> MakeArm(const std::string& name) {
  if (name == "raw") return NewRawSqliteArm();
  if (name == "rawmariadb") return NewRawMariadbArm();
  return NewObkvArm(name);
}

// The floor an arm's ratios are taken against: the raw arm of its engine.
std::string BaselineOf(const std::string& arm) {
  const std::string a = StripNoStats(arm);
  return a == "mariadb" || a == "rawmariadb" ? "rawmariadb" : "raw";
}

// --stats-overhead: the on/off ratios of every obkvlite arm, per run and
// their medians; the last line is JSON.
int RunStatsOverhead(const Config& cfg) {
  const std::vector<std::string> qualifiers = Qualifiers();
  OverheadWorkload w;
  w.rows = cfg.rows;
  w.batch = [&](uint64_t b) { return MakeBatch(cfg, qualifiers, b); };
  w.key = [&](uint64_t i) { return Key(cfg, i); };
  w.noise_floor = cfg.noise_floor;
  std::ostringstream js;
  js << "{\"rows\":" << cfg.rows << ",\"runs\":" << cfg.runs
     << (cfg.index_overhead ? ",\"index_overhead\":{" : ",\"stats_overhead\":{");
  if (!cfg.json_only) {
    std::printf(cfg.index_overhead
                    ? "index overhead: throughput with one index / without "
                      "(1.00 = no cost), rows=%llu%s\n%-11s %5s %8s %8s %8s\n"
                    : "request-stats overhead: throughput counting on / off "
                      "(1.00 = no cost; target >= 0.97), rows=%llu%s\n%-11s "
                      "%5s %8s %8s %8s\n",
                static_cast<unsigned long long>(cfg.rows),
                cfg.noise_floor ? ", NOISE FLOOR: off / off" : "", "arm",
                "run", "put", "get", "scan");
  }
  bool first_arm = true;
  for (const std::string& arm : cfg.arms) {
    if (arm == "raw" || arm == "rawmariadb" || StripNoStats(arm) != arm) {
      continue;
    }
    std::vector<double> put, get, scan;
    for (int run = 0; run < cfg.runs; ++run) {
      char tmpl[] = "/tmp/obkv-bench-XXXXXX";
      const std::string dir = mkdtemp(tmpl);
      Result<OverheadRatios> r =
          cfg.index_overhead
              ? MeasurePairOverhead(arm + kIndexedSuffix, arm, dir,
                                    cfg.options, w, 42 + run)
              : MeasureStatsOverhead(arm, dir, cfg.options, w, 42 + run);
      std::system(("rm -rf '" + dir + "'").c_str());
      if (!r.ok()) {
        std::cerr << "obkv-bench: arm " << arm << ": " << r.status().ToString()
                  << "\n";
        return 1;
      }
      put.push_back(r->put);
      get.push_back(r->get);
      scan.push_back(r->scan);
      if (!cfg.json_only) {
        std::printf("%-11s %5d %8.3f %8.3f %8.3f\n", arm.c_str(), run + 1,
                    r->put, r->get, r->scan);
      }
    }
    if (!cfg.json_only) {
      std::printf("%-11s %5s %8.3f %8.3f %8.3f\n", arm.c_str(), "median",
                  Median(put), Median(get), Median(scan));
    }
    char line[160];
    std::snprintf(line, sizeof line,
                  "\"%s\":{\"put\":%.4f,\"get\":%.4f,\"scan\":%.4f}",
                  arm.c_str(), Median(put), Median(get), Median(scan));
    js << (first_arm ? "" : ",") << line;
    first_arm = false;
  }
  js << "}}";
  std::printf("%s\n", js.str().c_str());
  return 0;
}

int Main(int argc, char** argv) {
  Config cfg;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> const char* {
      if (i + 1 >= argc) {
        std::cerr << "obkv-bench: " << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--rows") {
      cfg.rows = std::strtoull(next(), nullptr, 10);
    } else if (a == "--runs") {
      cfg.runs = std::atoi(next());
    } else if (a == "--ops") {
      cfg.ycsb_ops = cfg.gets = std::atoll(next());
    } else if (a == "--arms") {
      cfg.arms.clear();
      std::stringstream ss(next());
      std::string arm;
      while (std::getline(ss, arm, ',')) cfg.arms.push_back(arm);
    } else if (a == "--value-bytes") {
      cfg.value_bytes = std::atoi(next());
    } else if (a == "--ordered") {
      cfg.ordered_keys = true;
    } else if (a == "--cache-mib") {
      cfg.options.cache_size_kib = std::atoi(next()) * 1024;
    } else if (a == "--json") {
      cfg.json_only = true;
    } else if (a == "--mysql-socket") {
      SetBenchServerSocket(next());
    } else if (a == "--stats-overhead") {
      cfg.stats_overhead = true;
    } else if (a == "--index-overhead") {
      cfg.stats_overhead = cfg.index_overhead = true;
    } else if (a == "--noise-floor") {
      cfg.stats_overhead = cfg.noise_floor = true;
    } else {
      std::cerr << "usage: obkv-bench --rows N [--runs R] [--ops N] "
                   "[--value-bytes B] [--cache-mib M] [--ordered] "
                   "[--arms raw,normal,key97,prefix,timeseries,key97x2,"
                   "mariadb,rawmariadb] [--mysql-socket PATH] [--json] "
                   "[--stats-overhead] [--noise-floor] [--index-overhead]\n";
      return 2;
    }
  }
  if (cfg.rows < 1 || cfg.runs < 1) {
    std::cerr << "obkv-bench: --rows and --runs must be >= 1\n";
    return 2;
  }
   for (const std::string& full : cfg.arms) {
    const std::string arm = StripNoStats(full);
    if (arm != "raw" && arm != "normal" && arm != "key97" && arm != "prefix" &&
        arm != "timeseries" && arm != "key97x2" && arm != "mariadb" &&
        arm != "rawmariadb") {
      std::cerr << "obkv-bench: --arms: unknown arm '" << arm
                << "' (raw, normal, key97, prefix, timeseries, key97x2, "
                   "mariadb, rawmariadb)\n";
      return 2;
    }
    if (BaselineOf(arm) == "rawmariadb" && BenchServerSocket().empty()) {
      std::cerr << "obkv-bench: --arms " << arm
                << ": needs --mysql-socket PATH (scripts/bench.sh starts a "
                   "private server)\n";
      return 2;
    }
  }
  if (cfg.arms.empty()) {
    std::cerr << "obkv-bench: --arms: no arm given\n";
    return 2;
  }
  if (cfg.options.cache_size_kib < 1024) {
    std::cerr << "obkv-bench: --cache-mib must be >= 1\n";
    return 2;
  }
  if (cfg.value_bytes < 1 || cfg.value_bytes > 65536) {
    std::cerr << "obkv-bench: --value-bytes must be in [1, 65536]\n";
    return 2;
  }

  if (cfg.stats_overhead) return RunStatsOverhead(cfg);

  std::map<std::string, std::map<std::string, std::vector<double>>> samples;
  for (int run = 0; run < cfg.runs; ++run) {
    // Rotate the arm order each run so no arm always runs first.
    std::vector<std::string> order = cfg.arms;
    std::rotate(order.begin(), order.begin() + run % order.size(), order.end());
    for (const std::string& name : order) {
      char tmpl[] = "/tmp/obkv-bench-XXXXXX";
      const std::string dir = mkdtemp(tmpl);
      Metrics m;
      {
        std::unique_ptr<BenchArm> arm = MakeArm(name);
        Status s = RunArm(cfg, arm.get(), dir, 42 + run, &m);
        if (!s.ok()) {
          std::cerr << "obkv-bench: arm " << name << ": " << s.ToString()
                    << "\n";
          return 1;
        }
      }
      std::system(("rm -rf '" + dir + "'").c_str());
      for (auto& [k, v] : m) samples[name][k].push_back(v);
      if (!cfg.json_only) {
        std::cerr << "run " << run + 1 << "/" << cfg.runs << " " << name
                  << " done\n";
      }
    }
  }

  std::map<std::string, Metrics> med;
  for (auto& [arm, metrics] : samples) {
    for (auto& [k, v] : metrics) med[arm][k] = Median(v);
  }

  const std::vector<std::string> columns = {
      "put_cells_per_s",  "get_rows_per_s",        "scan_cells_per_s",
      "ycsb_a_ops_per_s", "ycsb_b_ops_per_s",      "ycsb_c_ops_per_s",
      "ycsb_f_ops_per_s", "full_scan_cells_per_s", "full_scan_peak_rss_mib"};
  if (!cfg.json_only) {
    std::printf(
        "obkv-bench: rows=%llu, keys=%s, value_bytes=%d, cache=%d MiB per "
        "connection, medians of %d runs; (x) = ratio to raw (server arms: "
        "to rawmariadb)\n",
        static_cast<unsigned long long>(cfg.rows),
        cfg.ordered_keys ? "ordered" : "hashed", cfg.value_bytes,
        cfg.options.cache_size_kib / 1024, cfg.runs);
    std::printf("%-11s", "arm");
    for (const auto& c : columns) std::printf(" %22s", c.c_str());
    std::printf("\n");
    for (const std::string& arm : cfg.arms) {
      std::printf("%-11s", arm.c_str());
      for (const auto& c : columns) {
        const double v = med[arm][c];
        const std::string base = BaselineOf(arm);
        const double raw = med.count(base) ? med[base][c] : 0;
        char cell[64];
        if (raw > 0 && c != "full_scan_peak_rss_mib") {
          std::snprintf(cell, sizeof cell, "%.0f (%.2fx)", v, v / raw);
        } else {
          std::snprintf(cell, sizeof cell, "%.1f", v);
        }
        std::printf(" %22s", cell);
      }
      std::printf("\n");
    }
  }
  // Last line: JSON.
  std::ostringstream js;
  js << "{\"rows\":" << cfg.rows << ",\"keys\":\""
     << (cfg.ordered_keys ? "ordered" : "hashed")
     << "\",\"value_bytes\":" << cfg.value_bytes << ",\"runs\":" << cfg.runs
     << ",\"arms\":{";
  bool first_arm = true;
  for (const std::string& arm : cfg.arms) {
    js << (first_arm ? "" : ",") << "\"" << arm << "\":{";
    first_arm = false;
    bool first = true;
    for (auto& [k, v] : med[arm]) {
      js << (first ? "" : ",") << "\"" << k << "\":" << static_cast<int64_t>(v);
      first = false;
    }
    js << "}";
  }
  js << "}";
  js << "}";
  std::printf("%s\n", js.str().c_str());
  return 0;
}

}  // namespace
}  // namespace bench
}  // namespace obkvlite

int main(int argc, char** argv) { return obkvlite::bench::Main(argc, argv); }
