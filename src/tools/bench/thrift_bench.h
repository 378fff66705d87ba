// Copyright (c) obkvlite authors.
//
// obkv-bench's Thrift gateway arms (`--arms thrift,thriftnull`): an
// in-process ThriftServer (src/server/thrift/) over an unpartitioned
// obkvlite table, driven over loopback by libthrift's client (buffered,
// binary: HBase's defaults), against the same work done in-process:
//   - load: mutateRows of 1000-row batches / Table::Put batches (cells/s);
//   - scan: scannerGetList(1000) to the end / Table::GetScanner (cells/s);
//   - getRow latency p50 and p99 (us) against thriftnull's, the same client
//     calling getThriftServerType (no store work): one round trip's floor;
//   - getRow throughput of 4 clients / 1 client;
//   - Thrift2 (src/server/thrift2/) on the same store: get latency p50
//     and p99 against its own null call (getThriftServerType).
// Each figure is the median of cfg.runs runs; the last line is JSON.
//
// Thread safety: runs on the calling thread (and its client threads).

#ifndef OBKVLITE_TOOLS_BENCH_THRIFT_BENCH_H_
#define OBKVLITE_TOOLS_BENCH_THRIFT_BENCH_H_

#include "tools/bench/workload.h"

namespace obkvlite {
namespace bench {

// True for "thrift" and "thriftnull".
bool IsThriftArm(const std::string& arm);

// Runs the Thrift figures; returns the process exit code.
int RunThriftBench(const BenchConfig& cfg);

}  // namespace bench
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_BENCH_THRIFT_BENCH_H_
