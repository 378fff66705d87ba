// Copyright (c) obkvlite authors.
//
// RowClock (src/hbase/context/row_clock.h): a row's clock follows the
// timestamps assigned ahead of the wall clock on it, by at most 1 ms per
// assignment, other rows and tables keep the wall clock, and rows the wall
// clock has passed are forgotten. The store-level behaviour (puts after
// increments) is in tests/hbase/write/store_mutate_test.cc.

#include "hbase/context/row_clock.h"

#include <doctest/doctest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "watchdog.h"

namespace obkvlite {
namespace {

TEST_CASE("row clock: ahead per row, by at most 1 ms per assignment") {
  RowClock clock;
  CHECK(clock.At(1000, "t", "r") == 1000);
  // An increment in ms 1000 that assigned 1000 leaves the clock alone.
  clock.Advance(1000, 1000, "t", "r", 1000);
  CHECK(clock.At(1000, "t", "r") == 1000);
  // Increments in ms 1000 that assigned 1001, 1002, 1003.
  for (int64_t ts = 1001; ts <= 1003; ++ts) {
    clock.Advance(1000, clock.At(1000, "t", "r"), "t", "r", ts);
  }
  CHECK(clock.At(1000, "t", "r") == 1003);
  CHECK(clock.At(1001, "t", "r") == 1003);
  CHECK(clock.At(1000, "t", "other") == 1000);
  CHECK(clock.At(1000, "u", "r") == 1000);
  // The key keeps table and row apart: "t" + "\0r" is not "t\0" + "r".
  CHECK(clock.At(1000, std::string("t\0", 2), "r") == 1000);
  // The wall clock passes it.
  CHECK(clock.At(1005, "t", "r") == 1005);
  // A cell written in the future moves the row by 1 ms, not to it.
  clock.Advance(2000, 2000, "t", "f", 9000);
  CHECK(clock.At(2000, "t", "f") == 2001);
}

TEST_CASE("row clock: rows the wall clock passed are forgotten") {
  RowClock clock;
  for (int i = 0; i < 200; ++i) {
    clock.Advance(100, 100, "t", "r" + std::to_string(i), 101);
  }
  // At 200 every row above is behind the clock; adding rows drops them,
  // and none of them reads ahead.
  for (int i = 0; i < 200; ++i) {
    clock.Advance(200, 200, "t", "s" + std::to_string(i), 201);
  }
  CHECK(clock.At(150, "t", "r7") == 150);
  CHECK(clock.At(150, "t", "s7") == 201);
}

TEST_CASE("row clock: threads advancing one row never see it go back") {
  testing::Watchdog dog(60, "row clock threads");
  RowClock clock;
  std::atomic<bool> back{false};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&clock, &back, t] {
      int64_t seen = 0;
      for (int i = 0; i < 20000; ++i) {
        const int64_t now = clock.At(500, "t", "hot");
        if (now < seen) back = true;
        seen = now;
        clock.Advance(500, now, "t", t % 2 ? "hot" : "cold", now + 1);
      }
    });
  }
  for (std::thread& th : threads) th.join();
  CHECK_FALSE(back.load());
  CHECK(clock.At(500, "t", "hot") > 500);
}

}  // namespace
}  // namespace obkvlite
