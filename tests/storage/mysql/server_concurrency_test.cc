// Copyright (c) obkvlite authors.
//
// The MySQL-protocol engine under concurrent writers (doc/engines.md), on
// the private MariaDB of the run (server_test_support.h): two stores, each
// with its own sessions, increment two counters in opposite order, so the
// server picks deadlock victims (1213) inside the result of SELECT ... FOR
// UPDATE. No call hangs (a watchdog fails the test instead), every
// rolled-back batch is run again (StoreOptions::retry), so every call
// succeeds, and the counters end exact. And two `obkv load` processes of
// the same cells in opposite orders both finish.

#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iterator>
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
#include "test_paths.h"
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

// Two `obkv load` processes write the same cells in opposite orders, 500
// per transaction: their upserts deadlock, the server rolls one back, and
// it runs again, so both loads succeed and every cell is there once.
TEST_CASE("two obkv loads of the same cells in opposite orders both finish") {
  REQUIRE(OnTestServer());
  Watchdog dog(240, "two opposite-order loads");
  ServerDatabase db;
  std::unique_ptr<Store> store = MustOpenStore(db.uri());
  REQUIRE(store->CreateTable(MustParseSpec(kCounterSpec)).ok());
  TempDir dir;
  constexpr int kCells = 3000;
  const std::string up = dir.path() + "/up.tsv";
  const std::string down = dir.path() + "/down.tsv";
  {
    std::ofstream a(up);
    std::ofstream b(down);
    for (int i = 0; i < kCells; ++i) {
      a << "r" << 10000 + i << "\tf:q\t7\tv" << i << "\n";
      b << "r" << 10000 + kCells - 1 - i << "\tf:q\t7\tv" << kCells - 1 - i
        << "\n";
    }
  }
  auto load = [&](const std::string& file, int* code) {
    const std::string line = std::string(OBKV_BINARY) + " --store '" +
                             db.uri() + "' load c " + file + " --batch 500 > " +
                             file + ".out 2>&1";
    *code = std::system(line.c_str());
  };
  int code_up = -1;
  int code_down = -1;
  std::thread t1(load, up, &code_up);
  std::thread t2(load, down, &code_down);
  t1.join();
  t2.join();
  auto output = [](const std::string& file) {
    std::ifstream in(file + ".out");
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  CHECK_MESSAGE(code_up == 0, output(up));
  CHECK_MESSAGE(code_down == 0, output(down));
  CHECK(output(up) == "loaded 3000 cells into c\n");
  CHECK(output(down) == "loaded 3000 cells into c\n");
  Table* table = MustTable(store.get(), "c");
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(Scan());
  REQUIRE(scanner.ok());
  const std::vector<Cell> cells = Drain(scanner->get());
  REQUIRE(cells.size() == static_cast<size_t>(kCells));
  CHECK(cells.front().row == "r10000");
  CHECK(cells.front().value == "v0");
  CHECK(cells.back().value == "v" + std::to_string(kCells - 1));
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
