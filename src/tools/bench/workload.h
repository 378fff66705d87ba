// Copyright (c) obkvlite authors.
//
// obkv-bench's configuration and workload: the rows every arm loads (N
// rows x kQualifiers values of B bytes, YCSB hashed or ordered keys, in
// batches of kRowsPerBatch) and RunArm, which runs every workload on one
// arm: the load, uniform whole-row gets, 100-row scans (also each after a
// one-cell write), YCSB A/B/C/F (zipfian 0.99) and a full scan with its peak
// memory.
//
// Thread safety: RunArm runs on the calling thread (and the arm's
// LoadThreads() loaders); the other functions are pure.

#ifndef OBKVLITE_TOOLS_BENCH_WORKLOAD_H_
#define OBKVLITE_TOOLS_BENCH_WORKLOAD_H_

#include <cstdint>
#include <string>
#include <vector>

#include "obkvlite/options.h"
#include "obkvlite/status.h"
#include "tools/bench/bench_arm.h"
#include "tools/bench/lockstep.h"

namespace obkvlite {
namespace bench {

struct BenchConfig {
  uint64_t rows = 100000;
  int runs = 3;
  int value_bytes = kDefaultValueBytes;
  // Page size, cache and mmap size of every arm (raw ones use them too).
  StoreOptions options;
  bool ordered_keys = false;  // YCSB insertorder=ordered instead of hashed
  int64_t gets = 20000;
  int64_t scans = 2000;
  int64_t ycsb_ops = 20000;
  std::vector<std::string> arms = {"raw",    "raw97",      "normal", "key97",
                                   "prefix", "timeseries", "key97x2"};
  bool json_only = false;
  // The arms of a run take turns block by block, each in its own process
  // (lockstep.h); false (--sequential) runs them one after another.
  bool lockstep = true;
  bool stats_overhead = false;  // measure request counting instead
  bool index_overhead = false;  // with stats_overhead: an index instead
  bool retry_overhead = false;  // with stats_overhead: retries instead
  bool ops_overhead = false;    // with stats_overhead: operation statistics
  // With stats_overhead: rounds of gets, updates and scans (--rounds);
  // more, shorter rounds steady the medians on a busy host.
  int overhead_rounds = 21;
  bool noise_floor = false;  // ... with counting off on both sides
  // --create-partitions: time CreateTable at these partition counts
  // instead (create_bench.h), with these family counts, over `shards`.
  // One family by default: SQLite's own CREATE TABLE grows with the tables
  // a file holds, so 8192 partitions x 3 families take minutes a run.
  std::vector<int> create_partitions;
  std::vector<int> create_families = {1};
  int shards = 0;
};

// The blocks each workload but the full scan is cut into, the arm passing
// its turn after each (lockstep.h).
constexpr int64_t kTurnBlocks = 20;

// The key of row i.
std::string BenchKey(const BenchConfig& cfg, uint64_t i);
// "field0" ... "field9".
std::vector<std::string> Qualifiers();
// Load batch `b`: rows b * kRowsPerBatch ... of version 0.
RowBatch MakeBatch(const BenchConfig& cfg,
                   const std::vector<std::string>& qualifiers, uint64_t b);

// Opens `arm` in `dir` and runs every workload on it; fills `m`. Each
// workload runs in kTurnBlocks blocks (the full scan in one), timed block by
// block, with `turn` passed after each; null runs them straight through.
Status RunArm(const BenchConfig& cfg, BenchArm* arm, const std::string& dir,
              uint64_t seed, Metrics* m, Turn* turn = nullptr);

}  // namespace bench
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_BENCH_WORKLOAD_H_
