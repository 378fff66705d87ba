// Copyright (c) obkvlite authors.
//
// RowClock: where a store's clock runs ahead of the wall clock, per row.
// An increment or append gives its cell max(now, old + 1), as HBase and
// OBKV do, so several in one millisecond run that row's timestamps ahead
// of the clock. A write that takes the server's time on the row afterwards
// must not land behind them and be hidden (happybase's counter_set after
// counter_inc; DESIGN §8, one clock per store). RowClock keeps the newest
// timestamp assigned ahead of the clock for each such row, and only while
// it is ahead: the clock of every other row, and of reads, stays the wall
// clock, so one hot counter does not drag the whole store's timestamps,
// TTLs and time ranges into the future.
//
//   int64_t now = clock.At(wall, "t", row);   // a write of row
//   ... an increment assigned `ts` ...
//   clock.Advance(wall, now, "t", row, ts);
//
// Thread safety: every method may be called from any thread.

#ifndef OBKVLITE_HBASE_CONTEXT_ROW_CLOCK_H_
#define OBKVLITE_HBASE_CONTEXT_ROW_CLOCK_H_

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace obkvlite {

class RowClock {
 public:
  // `now`, or the newest timestamp assigned ahead of it on (table, row).
  // Lock-free while no row is ahead of `now`.
  int64_t At(int64_t now, std::string_view table, std::string_view row) const;

  // Records that an operation on (table, row) which read the row's clock
  // as `now` (At) assigned a cell `assigned`. At() is then at least
  // min(assigned, now + 1): a row runs ahead by at most 1 ms per such
  // operation, and a cell a client wrote in the future does not drag it.
  // `clock` is the wall clock: rows it has passed are forgotten.
  void Advance(int64_t clock, int64_t now, std::string_view table,
               std::string_view row, int64_t assigned);

 private:
  static std::string Key(std::string_view table, std::string_view row);

  // The largest value in ahead_ (it only grows): At() needs no lock when
  // the clock has passed it.
  std::atomic<int64_t> newest_{INT64_MIN};
  mutable util::Mutex mu_;
  // table '\0' row -> the newest timestamp assigned ahead of the clock;
  // entries the clock has passed are dropped as others are added.
  std::unordered_map<std::string, int64_t> ahead_ OBKV_GUARDED_BY(mu_);
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_CONTEXT_ROW_CLOCK_H_
