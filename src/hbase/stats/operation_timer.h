// Copyright (c) obkvlite authors.
//
// OperationTimer: times one table operation into an OperationRecorder
// (hbase/stats/operation_recorder.h), from its construction to its
// destruction, under the calling thread's surface. With a null recorder
// (StoreOptions::operation_stats off) it reads no clock and records
// nothing. A failed operation is not recorded (Done, Cancel): like the
// request statistics, the figures count what the store served, and a
// refused write leaves the store exactly as it was.
//
//   OperationTimer timer(recorder, Operation::kGet);
//   return impl->Get(get);
//
// Thread safety: belongs to the thread that runs the operation.

#ifndef OBKVLITE_HBASE_STATS_OPERATION_TIMER_H_
#define OBKVLITE_HBASE_STATS_OPERATION_TIMER_H_

#include <chrono>

#include "hbase/stats/operation_recorder.h"
#include "obkvlite/operation_stats.h"

namespace obkvlite {

class OperationTimer {
 public:
  OperationTimer(OperationRecorder* recorder, Operation op)
      : recorder_(recorder), op_(op) {
    if (recorder_ != nullptr) start_ = std::chrono::steady_clock::now();
  }
  ~OperationTimer() {
    if (recorder_ == nullptr) return;
    const auto elapsed = std::chrono::steady_clock::now() - start_;
    recorder_->Record(
        op_, OperationRecorder::CurrentSurface(),
        std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed).count());
  }
  // Records nothing for this operation.
  void Cancel() { recorder_ = nullptr; }
  // `result` (a Status or Result<T>), cancelling the timer when not ok.
  template <typename R>
  R Done(R result) {
    if (!result.ok()) Cancel();
    return result;
  }
  OperationTimer(const OperationTimer&) = delete;
  OperationTimer& operator=(const OperationTimer&) = delete;

 private:
  OperationRecorder* recorder_;  // null: off (or cancelled)
  const Operation op_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STATS_OPERATION_TIMER_H_
