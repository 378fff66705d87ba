// Copyright (c) obkvlite authors.
//
// obkv-bench --create-partitions: how Store::CreateTable's time grows with
// the partition count. For each count P of cfg.create_partitions and each
// family count F of cfg.create_families, every run creates a fresh store
// (cfg.shards files; 0 is one) and times CreateTable of a KEY table with P
// partitions and F families (P x F partition tables); and, as the floor,
// the same P x F CREATE TABLE ... WITHOUT ROWID statements of the raw arm
// (raw_sqlite_db.h) in one transaction per file, on as many files, each
// table in the file the store would put it in. Figures are medians over
// cfg.runs: ms, ms per partition table, and store / raw. The last line of
// the output is JSON.
//
// Thread safety: runs on the calling thread.

#ifndef OBKVLITE_TOOLS_BENCH_CREATE_BENCH_H_
#define OBKVLITE_TOOLS_BENCH_CREATE_BENCH_H_

#include "tools/bench/workload.h"

namespace obkvlite {
namespace bench {

// Runs the measurement and prints it; returns the process exit code.
int RunCreatePartitions(const BenchConfig& cfg);

}  // namespace bench
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_BENCH_CREATE_BENCH_H_
