// Copyright (c) obkvlite authors.
//
// What request counting costs (StoreOptions::request_stats; obkv-bench
// --stats-overhead): one obkvlite arm opened twice, counting on and off
// ("<arm>-nostats"), fed the same workload in alternation, so that the
// load the host puts on both moves them alike. Puts: each batch goes to
// both, in alternating order; single-cell puts (updates), gets and scans:
// rounds of the same requests on both, again alternating which goes
// first. Each ratio is throughput on
// / off (1.00: no cost), the median over batches or rounds.
//
// Thread safety: runs on the calling thread.

#ifndef OBKVLITE_TOOLS_BENCH_STATS_OVERHEAD_H_
#define OBKVLITE_TOOLS_BENCH_STATS_OVERHEAD_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "obkvlite/options.h"
#include "obkvlite/status.h"
#include "tools/bench/bench_arm.h"

namespace obkvlite {
namespace bench {

struct OverheadWorkload {
  uint64_t rows = 0;
  // Batch b of the load (rows b * kRowsPerBatch ...), and the key of row i.
  std::function<RowBatch(uint64_t b)> batch;
  std::function<std::string(uint64_t i)> key;
  int rounds = 21;                   // rounds of gets and of scans
  int64_t gets_per_round = 2000;     // uniform whole-row gets
  int64_t updates_per_round = 1000;  // single-cell puts at uniform rows
  int64_t scans_per_round = 100;     // 100-row scans
  // Both arms with counting off (--noise-floor): the ratios then show how
  // far the host's noise alone moves them.
  bool noise_floor = false;
};

struct OverheadRatios {
  double put = 0;     // batches of kRowsPerBatch rows (Load)
  double update = 0;  // single-cell puts (Update: one Table::Put each)
  double get = 0;
  double scan = 0;
};

// The median of `v` (0 when empty).
double Median(std::vector<double> v);

// Measures obkvlite arm `on` against arm `off` in directory `dir` (each
// ratio throughput of `on` / `off`), e.g. "normal-indexed" against
// "normal": what one secondary index costs (obkv-bench --index-overhead).
Result<OverheadRatios> MeasurePairOverhead(const std::string& on,
                                           const std::string& off,
                                           const std::string& dir,
                                           const StoreOptions& options,
                                           const OverheadWorkload& workload,
                                           uint64_t seed);

// Measures arm `arm` (an obkvlite arm name) in directory `dir`, counting
// on against off.
Result<OverheadRatios> MeasureStatsOverhead(const std::string& arm,
                                            const std::string& dir,
                                            const StoreOptions& options,
                                            const OverheadWorkload& workload,
                                            uint64_t seed);

}  // namespace bench
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_BENCH_STATS_OVERHEAD_H_
