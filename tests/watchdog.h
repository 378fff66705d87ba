// Copyright (c) obkvlite authors.
//
// Watchdog: ends the process (exit code 2, a line on stderr naming the
// test) if the scope it guards runs longer than `seconds`, so a hung
// server or lock fails the test instead of stalling the run.
//
//   TEST_CASE("...") { obkvlite::testing::Watchdog watchdog(60, "mine"); ... }
//
// Thread safety: one per scope; its thread only reads its own flag.

#ifndef OBKVLITE_TESTS_WATCHDOG_H_
#define OBKVLITE_TESTS_WATCHDOG_H_

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

namespace obkvlite {
namespace testing {

class Watchdog {
 public:
  Watchdog(int seconds, const char* what)
      : thread_([this, seconds, what] {
          const auto end =
              std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
          while (!done_.load()) {
            if (std::chrono::steady_clock::now() > end) {
              std::fprintf(stderr, "%s: watchdog: still running after %d s\n",
                           what, seconds);
              std::_Exit(2);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
          }
        }) {}
  ~Watchdog() {
    done_.store(true);
    thread_.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  std::atomic<bool> done_{false};
  std::thread thread_;
};

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_WATCHDOG_H_
