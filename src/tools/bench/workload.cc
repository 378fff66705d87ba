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

// Runs operations [0, n) as kTurnBlocks blocks, `block(lo, hi)` each,
// passing the turn after each; returns the seconds the blocks took (the
// other arms' turns not counted). Stops at a block's error.
template <typename Block>
Result<double> InBlocks(int64_t n, Turn* turn, const Block& block) {
  double seconds = 0;
  for (int64_t b = 0; b < kTurnBlocks; ++b) {
    const int64_t lo = n * b / kTurnBlocks;
    const int64_t hi = n * (b + 1) / kTurnBlocks;
    const auto t0 = Clock::now();
    OBKV_RETURN_IF_ERROR(block(lo, hi));
    seconds += Seconds(t0);
    PassTurn(turn);
  }
  return seconds;
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
              uint64_t seed, Metrics* m, Turn* turn) {
  OBKV_RETURN_IF_ERROR(Check(arm->Open(dir, cfg.options), "open"));
  const std::vector<std::string> qualifiers = Qualifiers();

  // Load: LoadThreads() threads, thread t writing batches t, t + n, ... of
  // each block.
  const int threads = arm->LoadThreads();
  const int64_t batches =
      static_cast<int64_t>((cfg.rows + kRowsPerBatch - 1) / kRowsPerBatch);
  OBKV_ASSIGN_OR_RETURN(const double load_seconds,
                        InBlocks(batches, turn, [&](int64_t lo, int64_t hi) {
                          std::vector<Status> load_status(threads);
                          auto load = [&](int t) {
                            for (int64_t b = lo + t; b < hi; b += threads) {
                              load_status[t] =
                                  arm->Load(MakeBatch(cfg, qualifiers, b));
                              if (!load_status[t].ok()) return;
                            }
                          };
                          std::vector<std::thread> loaders;
                          for (int t = 1; t < threads; ++t)
                            loaders.emplace_back(load, t);
                          load(0);
                          for (std::thread& loader : loaders) loader.join();
                          for (const Status& st : load_status) {
                            OBKV_RETURN_IF_ERROR(Check(st, "load"));
                          }
                          return Status::OK();
                        }));
  (*m)["put_cells_per_s"] = cfg.rows * kQualifiers / load_seconds;

  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<uint64_t> uniform(0, cfg.rows - 1);

  // Uniform point gets of whole rows.
  OBKV_ASSIGN_OR_RETURN(
      const double get_seconds,
      InBlocks(cfg.gets, turn, [&](int64_t lo, int64_t hi) {
        for (int64_t i = lo; i < hi; ++i) {
          OBKV_ASSIGN_OR_RETURN(int cells,
                                arm->GetRow(BenchKey(cfg, uniform(rng))));
          if (cells != kQualifiers) {
            return Status::Corruption("get returned " + std::to_string(cells) +
                                      " cells");
          }
        }
        return Status::OK();
      }));
  (*m)["get_rows_per_s"] = cfg.gets / get_seconds;

  // 100-row scans.
  int64_t scanned = 0;
  OBKV_ASSIGN_OR_RETURN(
      const double scan_seconds,
      InBlocks(cfg.scans, turn, [&](int64_t lo, int64_t hi) {
        for (int64_t i = lo; i < hi; ++i) {
          OBKV_ASSIGN_OR_RETURN(
              int64_t cells, arm->ScanRows(BenchKey(cfg, uniform(rng)), 100));
          scanned += cells;
        }
        return Status::OK();
      }));
  (*m)["scan_cells_per_s"] = scanned / scan_seconds;

  // The same scans, each after a one-cell write committed (timed: the scans
  // only): SQLite drops a connection's page cache when another connection
  // of the file commits, so a store's reader starts cold after every write
  // (StoreOptions::sqlite.mmap_size reads those pages from the OS page cache);
  // the raw arms read on their writing connection.
  scanned = 0;
  double scan_after_write_seconds = 0;
  OBKV_RETURN_IF_ERROR(
      InBlocks(cfg.scans, turn, [&](int64_t lo, int64_t hi) {
        for (int64_t i = lo; i < hi; ++i) {
          const uint64_t row = uniform(rng);
          OBKV_RETURN_IF_ERROR(
              Check(arm->Update(BenchKey(cfg, row), qualifiers[0],
                                MakeValue(cfg.value_bytes, row, 0, 1), 1),
                    "update"));
          const auto scan_start = Clock::now();
          OBKV_ASSIGN_OR_RETURN(
              int64_t cells, arm->ScanRows(BenchKey(cfg, uniform(rng)), 100));
          scan_after_write_seconds += Seconds(scan_start);
          scanned += cells;
        }
        return Status::OK();
      }).status());
  (*m)["scan_after_write_cells_per_s"] = scanned / scan_after_write_seconds;

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
    OBKV_ASSIGN_OR_RETURN(
        const double ycsb_seconds,
        InBlocks(cfg.ycsb_ops, turn, [&](int64_t lo, int64_t hi) {
          for (int64_t i = lo; i < hi; ++i) {
            const uint64_t row = zipf.Next();
            const std::string key = BenchKey(cfg, row);
            const bool read = pct(rng) < mix.read_pct;
            if (read || mix.read_modify_write) {
              OBKV_RETURN_IF_ERROR(arm->GetRow(key).status());
            }
            if (!read) {
              const int q = static_cast<int>(rng() % kQualifiers);
              OBKV_RETURN_IF_ERROR(Check(
                  arm->Update(key, qualifiers[q],
                              MakeValue(cfg.value_bytes, row, q, version), 1),
                  "update"));
              ++version;
            }
          }
          return Status::OK();
        }));
    (*m)[std::string(mix.name) + "_ops_per_s"] = cfg.ycsb_ops / ycsb_seconds;
  }

  // Full scan (one block) with its peak heap (RssAnon) and, for
  // information, its peak RSS with mapped file pages (VmHWM).
  ResetPeakRss();
  PeakRssAnonSampler sampler;
  sampler.Start();
  const auto t0 = Clock::now();
  Result<int64_t> all = arm->ScanRows("", INT64_MAX);
  const double seconds = Seconds(t0);
  (*m)["full_scan_peak_rss_anon_mib"] = sampler.Stop();
  OBKV_RETURN_IF_ERROR(all.status());
  (*m)["full_scan_cells_per_s"] = *all / seconds;
  (*m)["full_scan_cells"] = static_cast<double>(*all);
  (*m)["full_scan_peak_vmhwm_mib"] = PeakVmHwmMiB();
  PassTurn(turn);
  return Status::OK();
}

}  // namespace bench
}  // namespace obkvlite
