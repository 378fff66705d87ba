// Copyright (c) obkvlite authors.
//
// The report of an obkv-bench run: each arm's median figures as a table,
// each throughput with its ratio to the arm's baseline (BaselineOf), the
// shard ratios when their arms ran, and a last line of JSON with the
// figures, baselines and ratios.
//
// Thread safety: pure functions, and printing to stdout.

#ifndef OBKVLITE_TOOLS_BENCH_REPORT_H_
#define OBKVLITE_TOOLS_BENCH_REPORT_H_

#include <map>
#include <string>
#include <vector>

#include "tools/bench/workload.h"

namespace obkvlite {
namespace bench {

// Median figures by arm name.
using ArmMedians = std::map<std::string, Metrics>;

// `arm` without kNoStatsSuffix or kNoLingerSuffix.
std::string StripVariant(const std::string& arm);

// Whether `arm` is hand-written SQL (raw, raw97, rawmariadb), not obkvlite.
bool IsRawArm(const std::string& arm);

// The floor `arm`'s ratios are taken against, among `arms` (the run's):
// rawmariadb for the server arms; raw97 for key97 when raw97 runs (the
// same 97 tables by hand); raw otherwise.
std::string BaselineOf(const std::string& arm,
                       const std::vector<std::string>& arms);

// Prints the table (unless cfg.json_only) and the JSON line.
void PrintReport(const BenchConfig& cfg, const ArmMedians& med);

}  // namespace bench
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_BENCH_REPORT_H_
