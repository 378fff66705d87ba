// Copyright (c) obkvlite authors.
//
// The MySQL-protocol engine under concurrent writers (doc/engines.md), on
// the private MariaDB of the run (server_test_support.h): two stores, each
// with its own sessions, increment two counters in opposite order, so the
// server picks deadlock victims (1213) inside the result of SELECT ... FOR
// UPDATE. No call hangs (a watchdog fails the test instead), every
// rolled-back batch is run again (StoreOptions::retry), so every call
// succeeds, and the counters end exact.

#include <doctest/doctest.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "obkvlite/mutation.h"
#include "obkvlite/rowkey.h"
#include "obkvlite/store.h"
#include "rmw_test_support.h"
#include "server_test_support.h"
#include "store_fixture.h"
#include "watchdog.h"

namespace obkvlite {
namespace testing {
namespace {

constexpr const char* kCounterSpec =
    R"({"table":"c","families":[{"name":"f"}]})";

TEST_CASE("opposite-order increments in two stores: no hang, exact counts") {
  REQUIRE(OnTestServer());
  Watchdog dog(120, "opposite-order increments");
  ServerDatabase db;
  std::unique_ptr<Store> a = MustOpenStore(db.uri());
  REQUIRE(a->CreateTable(MustParseSpec(kCounterSpec)).ok());
  std::unique_ptr<Store> b = MustOpenStore(db.uri());
  Table* ta = MustTable(a.get(), "c");
  Table* tb = MustTable(b.get(), "c");
  // Both counters exist, so each SELECT ... FOR UPDATE sends a row.
  REQUIRE(ta->Increment(IncrementOf("r1")).ok());
  REQUIRE(ta->Increment(IncrementOf("r2")).ok());
  constexpr int kRounds = 60;
  std::atomic<int> acked{0};
  std::atomic<int> failures{0};
  std::string first_failure;
  std::mutex failure_mu;
  auto run = [&](Table* table, const char* first, const char* second) {
    for (int i = 0; i < kRounds; ++i) {
      Result<std::vector<MutationResult>> r =
          table->Batch({IncrementOf(first), IncrementOf(second)});
      if (r.ok()) {
        acked++;
      } else {
        std::lock_guard<std::mutex> lock(failure_mu);
        if (failures++ == 0) first_failure = r.status().ToString();
      }
    }
  };
  std::thread t1(run, ta, "r1", "r2");
  std::thread t2(run, tb, "r2", "r1");
  t1.join();
  t2.join();
  INFO(first_failure);
  CHECK(failures.load() == 0);
  CHECK(acked.load() == 2 * kRounds);
  CHECK(CounterOf(ta, "r1") == 1 + 2 * kRounds);
  CHECK(CounterOf(tb, "r2") == 1 + 2 * kRounds);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
