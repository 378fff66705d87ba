// Copyright (c) obkvlite authors.
#include "tools/bench/workload.h"

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <random>
#include <thread>

#include "tools/bench/rss_sampler.h"
#include "tools/bench/ycsb.h"

namespace obkvlite {
namespace bench {
namespace {

using Clock = std::chrono::steady_clock;

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

double PeakVmHwmMiB() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("VmHWM:", 0) == 0) {
      return std::strtod(line.c_str() + 6, nullptr) / 1024.0;
    }
  }
  return 0;
}

Status Check(const Status& s, const std::string& what) {
  if (!s.ok()) return s.WithPrefix(what);
  return s;
}

}  // namespace

std::string BenchKey(const BenchConfig& cfg, uint64_t i) {
  return cfg.ordered_keys ? YcsbOrderedKey(i) : YcsbKey(i);
}

RowBatch MakeBatch(const BenchConfig& cfg,
                   const std::vector<std::string>& qualifiers, uint64_t b) {
  RowBatch batch;
  batch.qualifiers = qualifiers;
  const uint64_t first = b * kRowsPerBatch;
  const uint64_t end = std::min<uint64_t>(cfg.rows, first + kRowsPerBatch);
  for (uint64_t i = first; i < end; ++i) {
    batch.keys.push_back(BenchKey(cfg, i));
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

Status RunArm(const BenchConfig& cfg, BenchArm* arm, const std::string& dir,
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
    OBKV_ASSIGN_OR_RETURN(int cells, arm->GetRow(BenchKey(cfg, uniform(rng))));
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
                          arm->ScanRows(BenchKey(cfg, uniform(rng)), 100));
    scanned += cells;
  }
  (*m)["scan_cells_per_s"] = scanned / Seconds(t0);

  // The same scans, each after a one-cell write committed (timed: the scans
  // only): SQLite drops a connection's page cache when another connection
  // of the file commits, so a store's reader starts cold after every write
  // (StoreOptions::sqlite.mmap_size reads those pages from the OS page cache);
  // the raw arms read on their writing connection.
  scanned = 0;
  double scan_seconds = 0;
  for (int64_t i = 0; i < cfg.scans; ++i) {
    const uint64_t row = uniform(rng);
    OBKV_RETURN_IF_ERROR(
        Check(arm->Update(BenchKey(cfg, row), qualifiers[0],
                          MakeValue(cfg.value_bytes, row, 0, 1), 1),
              "update"));
    const auto scan_start = Clock::now();
    OBKV_ASSIGN_OR_RETURN(int64_t cells,
                          arm->ScanRows(BenchKey(cfg, uniform(rng)), 100));
    scan_seconds += Seconds(scan_start);
    scanned += cells;
  }
  (*m)["scan_after_write_cells_per_s"] = scanned / scan_seconds;

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
      const std::string key = BenchKey(cfg, row);
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

  // Full scan with its peak heap (RssAnon) and, for information, its peak
  // RSS with mapped file pages (VmHWM).
  ResetPeakRss();
  PeakRssAnonSampler sampler;
  sampler.Start();
  t0 = Clock::now();
  Result<int64_t> all = arm->ScanRows("", INT64_MAX);
  const double seconds = Seconds(t0);
  (*m)["full_scan_peak_rss_anon_mib"] = sampler.Stop();
  OBKV_RETURN_IF_ERROR(all.status());
  (*m)["full_scan_cells_per_s"] = *all / seconds;
  (*m)["full_scan_cells"] = static_cast<double>(*all);
  (*m)["full_scan_peak_vmhwm_mib"] = PeakVmHwmMiB();
  return Status::OK();
}

}  // namespace bench
}  // namespace obkvlite
