// Copyright (c) obkvlite authors.
//
// Watchdog: fails a concurrency test that hangs instead of letting it
// stall the run. Armed on construction; unless destroyed within `seconds`,
// it prints "watchdog: <what> did not finish in <seconds> s" to stderr and
// aborts the process (CTest reports the test failed).
//
// Thread safety: one owner; the watching thread only reads its own state.

#ifndef OBKVLITE_TESTS_WATCHDOG_H_
#define OBKVLITE_TESTS_WATCHDOG_H_

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

namespace obkvlite {
namespace testing {

class Watchdog {
 public:
  Watchdog(int seconds, std::string what)
      : what_(std::move(what)), thread_([this, seconds] {
          std::unique_lock<std::mutex> lock(mu_);
          if (!cv_.wait_for(lock, std::chrono::seconds(seconds),
                            [this] { return done_; })) {
            std::fprintf(stderr, "watchdog: %s did not finish in %d s\n",
                         what_.c_str(), seconds);
            std::fflush(stderr);
            std::abort();
          }
        }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  const std::string what_;
  std::thread thread_;
};

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_WATCHDOG_H_
