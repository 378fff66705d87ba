// Copyright (c) obkvlite authors.
//
// obkv-bench --threads 1,2,4,...: how each workload scales with client
// threads (issue 46), arm against its floor at every thread count, in one
// run:
//   - arms: "normal" (one obkvlite Store and table shared by the threads,
//     as an embedding application or a gateway shares it), "raw"
//     (hand-written SQLite on the same K/Q/T/V schema, one connection per
//     thread, raw_sqlite_db.h), "thrift" (the normal arm's store behind an
//     in-process Thrift1 gateway, a client connection per thread), "rest"
//     (the same behind an in-process REST gateway, a keep-alive HTTP
//     connection per thread, JSON bodies; HBase's REST has no increment,
//     so it skips incr_hot and incr_random; not in the static program,
//     OBKVLITE_STATIC_BENCH, where its columns read "-") and, when
//     the bench has a server (--mysql-socket), "mariadb" (the normal arm's
//     store on it) and "rawmariadb" (hand-written SQL on the same table,
//     a connection per thread, raw_mariadb_db.h; an increment reads the
//     newest version FOR UPDATE and writes the sum, in one transaction),
//     whose ratio mariadb/rawmariadb is printed too. SQLite's global
//     memory statistics are off in the
//     process (the store turns them off when it initializes SQLite).
//   - the store arms' options come from the bench's (--durability,
//     --group-commit); each point's line on stderr gives the store's group
//     commits so far.
//   - workloads, each run for --seconds at each thread count, every thread
//     doing it back to back: whole-row gets (uniform), 100-row scans,
//     single-row puts (10 cells, a commit each), 100-row batch puts,
//     increments of one hot counter and of random counters, YCSB A (50%
//     reads, 50% one-cell updates) and B (95% / 5%), both zipfian.
// --workloads picks workloads by name. Printed per workload and thread
// count: ops/s of each arm, the ratios of
// normal to raw and of thrift and rest to normal, and each arm's scaling
// efficiency (ops at N / ops at 1 /
// N); the last line is JSON. The load (cfg.rows rows of 10 cells) runs
// once per arm, single-threaded, before the workloads. Each point
// (workload, thread count) runs on every arm in turn, the first arm
// rotating, so that a shared host's slow moment falls on one point's arms
// alike; with rounds > 1 a point's figure is the median of its rounds.
//
// Thread safety: runs on the calling thread and the client threads it
// starts.

#ifndef OBKVLITE_TOOLS_BENCH_SCALING_BENCH_H_
#define OBKVLITE_TOOLS_BENCH_SCALING_BENCH_H_

#include <string>
#include <vector>

#include "tools/bench/workload.h"

namespace obkvlite {
namespace bench {

struct ScalingConfig {
  // Client thread counts, ascending (--threads).
  std::vector<int> threads = {1, 2};
  // How long each workload runs at each count (--seconds).
  double seconds = 2.0;
  // The workloads to run, by name (--workloads); empty: all of them.
  std::vector<std::string> workloads;
  // How many times each point runs; its figure is the median (--runs, 1
  // unless given).
  int rounds = 1;
};

// Runs the scaling figures; returns the process exit code.
int RunScalingBench(const BenchConfig& cfg, const ScalingConfig& scaling);

}  // namespace bench
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_BENCH_SCALING_BENCH_H_
