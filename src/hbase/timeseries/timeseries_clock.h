// Copyright (c) obkvlite authors.
//
// The per-store monotonic write clock of the timeseries layout: S is the
// negated write time it hands out (layout/timestamp_codec.h). A call
// reserves `span` consecutive write times [t, t + span) for the store file
// at `store_path`, t = max(now_ms, last + 1) where last is the end of the
// previous reservation, so two writes in the same millisecond get
// distinct, increasing write times and the newer one sorts first. A batch
// whose documents cannot collide reserves one time for all of them
// (timeseries_write.h), so the clock runs ahead of now_ms only by the
// writes within one millisecond. The state is process-wide, keyed by the
// store's path, so a reopened store keeps counting up. A primary-key
// conflict with another process is resolved by the writer asking again.
//
// Thread safety: safe from any thread.

#ifndef OBKVLITE_HBASE_TIMESERIES_TIMESERIES_CLOCK_H_
#define OBKVLITE_HBASE_TIMESERIES_TIMESERIES_CLOCK_H_

#include <cstdint>
#include <string>

namespace obkvlite {

// The first of `span` (>= 1) reserved write times.
int64_t NextTimeseriesWriteMs(const std::string& store_path, int64_t now_ms,
                              int64_t span = 1);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_TIMESERIES_TIMESERIES_CLOCK_H_
