// Copyright (c) obkvlite authors.
//
// PeriodicTask: a thread that runs a task every `interval` until stopped,
// as the store's background flushers do (request statistics,
// compatibility findings). Start() is idempotent and may be called lazily,
// from any thread; Stop() wakes the thread, joins it, and makes later
// Start() calls do nothing. The task never runs after Stop() returns.
//
// REQUIRED: what `task` uses outlives Stop() (the destructor stops).
// Thread safety: safe from any thread.

#ifndef OBKVLITE_UTIL_PERIODIC_TASK_H_
#define OBKVLITE_UTIL_PERIODIC_TASK_H_

#include <chrono>
#include <condition_variable>
#include <functional>
#include <thread>
#include <utility>

#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace obkvlite {
namespace util {

class PeriodicTask {
 public:
  PeriodicTask(std::chrono::milliseconds interval, std::function<void()> task)
      : interval_(interval), task_(std::move(task)) {}
  ~PeriodicTask() { Stop(); }
  PeriodicTask(const PeriodicTask&) = delete;
  PeriodicTask& operator=(const PeriodicTask&) = delete;

  // Starts the thread unless it runs or the task was stopped.
  void Start() {
    MutexLock lock(&mu_);
    if (started_ || stopped_) return;
    started_ = true;
    thread_ = std::thread([this] { Loop(); });
  }

  // Stops and joins the thread; idempotent. Returns true the first time.
  bool Stop() {
    std::thread thread;
    {
      MutexLock lock(&mu_);
      if (stopped_) return false;
      stopped_ = true;
      thread = std::move(thread_);
    }
    wake_.notify_all();
    if (thread.joinable()) thread.join();
    return true;
  }

 private:
  // The analysis cannot see that the wait's predicate runs under mu_.
  void Loop() OBKV_NO_THREAD_SAFETY_ANALYSIS {
    mu_.lock();
    while (!stopped_) {
      if (wake_.wait_for(
              mu_, interval_,
              [this]() OBKV_NO_THREAD_SAFETY_ANALYSIS { return stopped_; })) {
        break;
      }
      mu_.unlock();
      task_();
      mu_.lock();
    }
    mu_.unlock();
  }

  const std::chrono::milliseconds interval_;
  const std::function<void()> task_;
  Mutex mu_;
  std::condition_variable_any wake_;
  bool started_ OBKV_GUARDED_BY(mu_) = false;
  bool stopped_ OBKV_GUARDED_BY(mu_) = false;
  std::thread thread_ OBKV_GUARDED_BY(mu_);
};

}  // namespace util
}  // namespace obkvlite

#endif  // OBKVLITE_UTIL_PERIODIC_TASK_H_
