// Copyright (c) obkvlite authors.
//
// obkv-bench --rest: what HBase's REST API over HTTP (`obkv rest start`,
// src/server/) costs against in-process calls, in one run, with three
// arms on one SQLite store:
//   inproc    Table::Put of 1000 rows in one call, a Scanner reading 1000
//             cells, Table::Get of one row;
//   rest      the same through the REST server in this process, over a
//             keep-alive loopback connection: one multi-row PUT of 1000
//             rows (a JSON CellSet), a scanner GET of 1000 cells, a
//             single-row GET;
//   restnull  the same HTTP round trips (same request and response
//             bodies) against a handler that does no store work: the
//             floor HTTP itself sets.
// Figures: ms per multi-row PUT and per scanner GET (medians over the
// batches), and single-row GET p50 / p99 in microseconds; ratios rest /
// inproc and rest / restnull.
//
// Thread safety: runs on the calling thread (the servers have their own).

#ifndef OBKVLITE_TOOLS_BENCH_REST_BENCH_H_
#define OBKVLITE_TOOLS_BENCH_REST_BENCH_H_

#include "tools/bench/workload.h"

namespace obkvlite {
namespace bench {

int RunRestBench(const BenchConfig& cfg);

}  // namespace bench
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_BENCH_REST_BENCH_H_
