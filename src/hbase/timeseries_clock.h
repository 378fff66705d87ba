// Copyright (c) obkvlite authors.
//
// The per-store monotonic write clock of the timeseries layout: S is the
// negated value it returns (layout/timestamp_codec.h). Each call returns
// max(now_ms, last + 1) for the store file at `store_path`, so two puts in
// the same millisecond get distinct, increasing write times and the newer
// one sorts first. The state is process-wide, keyed by the store's path,
// so a reopened store keeps counting up. A primary-key conflict with
// another process is resolved by the writer asking again (timeseries_write).
//
// Thread safety: safe from any thread.

#ifndef OBKVLITE_HBASE_TIMESERIES_CLOCK_H_
#define OBKVLITE_HBASE_TIMESERIES_CLOCK_H_

#include <cstdint>
#include <string>

namespace obkvlite {

int64_t NextTimeseriesWriteMs(const std::string& store_path, int64_t now_ms);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_TIMESERIES_CLOCK_H_
