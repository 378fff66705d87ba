// Copyright (c) obkvlite authors.
//
// Retrying what the server rolled back (doc/engines.md, "Retry"), on the
// private MariaDB of the run (server_test_support.h), with the engine's
// test-only faults (storage/fault_injection.h):
//   - a deadlock (1213) injected at every statement N of a batch, an
//     increment and a check-and-mutate, in turn: each call still succeeds,
//     and the store ends exactly as if no fault had been injected (nothing
//     counted twice, nothing lost);
//   - exhausted attempts give Aborted naming the conflict;
//   - a COMMIT whose reply is lost gives UnknownOutcome naming the row, and
//     is not run again;
//   - the retry options are validated, and a URI overrides them.

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "fault_injection.h"
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

using storage::ClearInjectedFault;
using storage::InjectedFault;
using storage::InjectFault;

constexpr const char* kRetrySpec =
    R"({"table":"t","families":[{"name":"f"}],)"
    R"("partition":{"strategy":"key","partitions":3}})";

StoreOptions QuietOptions() {
  StoreOptions options;
  options.request_stats = false;
  options.retry.initial_backoff_ms = 0;  // no waiting in the loop below
  options.retry.max_backoff_ms = 0;
  return options;
}

// Runs `op` with a deadlock injected at statement N = 1, 2, ... until N is
// past the operation's last statement, and `check` after each run with the
// fault cleared; `op` REQUIREs its call succeeded. Returns how many runs had
// the fault fire.
template <typename Op, typename Check>
int ForEveryStatement(const Op& op, const Check& check) {
  int fired = 0;
  for (int n = 1; n < 200; ++n) {
    InjectFault(InjectedFault::kDeadlock, n);
    op(n);
    const bool hit = ClearInjectedFault();
    check();
    if (!hit) return fired;
    ++fired;
  }
  FAIL("an operation of more than 200 statements");
  return fired;
}

TEST_CASE("a deadlock at every statement of a batch: retried, exact") {
  REQUIRE(OnTestServer());
  Watchdog dog(120, "deadlock at every statement of a batch");
  ServerDatabase db;
  std::unique_ptr<Store> store = MustOpenStore(db.uri(), QuietOptions());
  REQUIRE(store->CreateTable(MustParseSpec(kRetrySpec)).ok());
  Table* table = MustTable(store.get(), "t");
  REQUIRE(table->Put(Put("gone").Add("f", "q", 5, "x")).ok());
  int runs = 0;
  const int fired = ForEveryStatement(
      [&](int n) {
        Delete del;
        del.row = "gone";
        Result<std::vector<MutationResult>> r =
            table->Batch({Put("p" + std::to_string(n)).Add("f", "q", 7, "v"),
                          IncrementOf("c1"), IncrementOf("c2", 10), del});
        REQUIRE_MESSAGE(r.ok(), r.status().ToString());
        ++runs;
      },
      [&] {
        CHECK(CounterOf(table, "c1") == runs);  // each run counts once
        CHECK(NewestValue(table, "gone", "q").empty());
        REQUIRE(table->Put(Put("gone").Add("f", "q", 5, "x")).ok());
      });
  MESSAGE("a batch of 4 mutations: a deadlock at each of ", fired,
          " statements");
  CHECK(fired >= 6);
  CHECK(CounterOf(table, "c1") == runs);
  CHECK(CounterOf(table, "c2") == 10 * runs);
  for (int n = 1; n <= runs; ++n) {
    CHECK(NewestValue(table, "p" + std::to_string(n), "q") == "v");
  }
}

TEST_CASE("a deadlock at every statement of an increment: counts once") {
  REQUIRE(OnTestServer());
  Watchdog dog(120, "deadlock at every statement of an increment");
  ServerDatabase db;
  std::unique_ptr<Store> store = MustOpenStore(db.uri(), QuietOptions());
  REQUIRE(store->CreateTable(MustParseSpec(kRetrySpec)).ok());
  Table* table = MustTable(store.get(), "t");
  int64_t expected = 0;
  const int fired = ForEveryStatement(
      [&](int n) {
        Result<RowResult> r = table->Increment(IncrementOf("c", n));
        REQUIRE_MESSAGE(r.ok(), r.status().ToString());
        expected += n;
        REQUIRE(r->cells.size() == 1);
        CHECK(r->cells[0].value == EncodeBigEndian64(expected));
      },
      [&] { CHECK(CounterOf(table, "c") == expected); });
  MESSAGE("an increment: a deadlock at each of ", fired, " statements");
  CHECK(fired >= 3);
  CHECK(CounterOf(table, "c") == expected);
}

TEST_CASE("a deadlock at every statement of an append or newest delete") {
  REQUIRE(OnTestServer());
  Watchdog dog(120, "deadlock at every statement of an append");
  ServerDatabase db;
  std::unique_ptr<Store> store = MustOpenStore(db.uri(), QuietOptions());
  REQUIRE(store->CreateTable(MustParseSpec(kRetrySpec)).ok());
  Table* table = MustTable(store.get(), "t");
  std::string expected;
  int fired = ForEveryStatement(
      [&](int n) {
        Append app;
        app.row = "a";
        app.columns.push_back({"f", "q", std::to_string(n % 10)});
        Result<RowResult> r = table->Append(app);
        REQUIRE_MESSAGE(r.ok(), r.status().ToString());
        expected += std::to_string(n % 10);
      },
      [&] { CHECK(NewestValue(table, "a", "q") == expected); });
  MESSAGE("an append: a deadlock at each of ", fired, " statements");
  CHECK(fired >= 3);
  // Deleting the newest version: each run removes exactly one.
  for (int64_t ts = 1; ts <= 20; ++ts) {
    REQUIRE(table->Put(Put("d").Add("f", "q", ts, std::to_string(ts))).ok());
  }
  int64_t newest = 20;
  fired = ForEveryStatement(
      [&](int) {
        Delete del;
        del.row = "d";
        del.type = DeleteType::kColumn;
        del.family = "f";
        del.qualifier = "q";
        Status st = table->Delete(del);
        REQUIRE_MESSAGE(st.ok(), st.ToString());
        --newest;
      },
      [&] { CHECK(NewestValue(table, "d", "q") == std::to_string(newest)); });
  MESSAGE("a newest-version delete: a deadlock at each of ", fired,
          " statements");
  CHECK(fired >= 3);
}

TEST_CASE("a deadlock at every statement of a check-and-mutate: exact") {
  REQUIRE(OnTestServer());
  Watchdog dog(120, "deadlock at every statement of a check-and-mutate");
  ServerDatabase db;
  std::unique_ptr<Store> store = MustOpenStore(db.uri(), QuietOptions());
  REQUIRE(store->CreateTable(MustParseSpec(kRetrySpec)).ok());
  Table* table = MustTable(store.get(), "t");
  REQUIRE(table->Put(Put("r").Add("f", "q", "v0")).ok());
  int version = 0;
  const int fired = ForEveryStatement(
      [&](int) {
        CheckAndMutate cam;
        cam.row = "r";
        cam.family = "f";
        cam.qualifier = "q";
        cam.value = "v" + std::to_string(version);
        cam.mutations.push_back(
            Put("r").Add("f", "q", "v" + std::to_string(version + 1)));
        Result<bool> r = table->CheckAndMutate(cam);
        REQUIRE_MESSAGE(r.ok(), r.status().ToString());
        CHECK(*r);  // the retried check sees the rolled-back state
        ++version;
      },
      [&] {
        CHECK(NewestValue(table, "r", "q") == "v" + std::to_string(version));
      });
  MESSAGE("a check-and-mutate: a deadlock at each of ", fired, " statements");
  CHECK(fired >= 3);
}

TEST_CASE("exhausted attempts give Aborted naming the conflict") {
  REQUIRE(OnTestServer());
  ServerDatabase db;
  StoreOptions options = QuietOptions();
  options.retry.max_attempts = 1;
  std::unique_ptr<Store> store = MustOpenStore(db.uri(), options);
  REQUIRE(store->CreateTable(MustParseSpec(kRetrySpec)).ok());
  Table* table = MustTable(store.get(), "t");
  InjectFault(InjectedFault::kDeadlock, 2);
  Result<RowResult> r = table->Increment(IncrementOf("c"));
  CHECK(ClearInjectedFault());
  REQUIRE(!r.ok());
  CHECK(r.status().IsAborted());
  CHECK(r.status().message().find(
            "increment: the server rolled it back 1 time (retry.max_attempts "
            "1), nothing was applied; the last conflict: mysql server at "
            "socket ") == 0);
  CHECK(r.status().message().find("Deadlock found when trying to get lock") !=
        std::string::npos);
  CHECK(r.status().message().find("(error 1213)") != std::string::npos);
  CHECK(CounterOf(table, "c") == 0);
  // The session is fine for the next call.
  REQUIRE(table->Increment(IncrementOf("c")).ok());
  CHECK(CounterOf(table, "c") == 1);
}

TEST_CASE("a COMMIT whose reply is lost: UnknownOutcome naming the row") {
  REQUIRE(OnTestServer());
  Watchdog dog(60, "lost COMMIT reply");
  ServerDatabase db;
  std::unique_ptr<Store> store = MustOpenStore(db.uri(), QuietOptions());
  REQUIRE(store->CreateTable(MustParseSpec(kRetrySpec)).ok());
  Table* table = MustTable(store.get(), "t");
  REQUIRE(table->Increment(IncrementOf("c1")).ok());
  InjectFault(InjectedFault::kLostCommitReply, 1);
  Result<RowResult> r = table->Increment(IncrementOf("c1"));
  CHECK(ClearInjectedFault());
  REQUIRE(!r.ok());
  CHECK(r.status().IsUnknownOutcome());
  const std::string& msg = r.status().message();
  CHECK(msg.find("increment of row 'c1': mysql server at socket ") == 0);
  CHECK(msg.find("COMMIT was sent and no outcome came back, so the write may "
                 "or may not have happened (it was not retried)") !=
        std::string::npos);
  CHECK(r.status().CodeName() == "UnknownOutcome");
  // The next call reconnects; the lost one was sent once, never twice.
  REQUIRE(table->Increment(IncrementOf("c1")).ok());
  const int64_t value = CounterOf(table, "c1");
  CHECK((value == 2 || value == 3));
  MESSAGE("after the lost COMMIT reply the counter is ", value,
          " (3: that COMMIT landed)");
  // A put is idempotent (its timestamps are fixed before the first
  // attempt), so a lost COMMIT reply makes it send the same cells again.
  InjectFault(InjectedFault::kLostCommitReply, 1);
  Status st = table->Put(std::vector<Put>{Put("a").Add("f", "q", "1"),
                                          Put("b").Add("f", "q", "2")});
  CHECK(ClearInjectedFault());
  CHECK_MESSAGE(st.ok(), st.ToString());
  CHECK(NewestValue(table, "a", "q") == "1");
  CHECK(NewestValue(table, "b", "q") == "2");
}

TEST_CASE("retry options are validated; a server URI overrides them") {
  TempDir dir;
  StoreOptions options;
  options.retry.max_attempts = 0;
  Result<std::unique_ptr<Store>> store =
      Store::Open(options, dir.path() + "/s.db");
  REQUIRE(!store.ok());
  CHECK(store.status().ToString() ==
        "InvalidArgument: options.retry.max_attempts: must be in [1, 1000]; "
        "got 0");
  options.retry.max_attempts = 3;
  options.retry.initial_backoff_ms = 10;
  options.retry.max_backoff_ms = 5;
  store = Store::Open(options, dir.path() + "/s.db");
  REQUIRE(!store.ok());
  CHECK(store.status().ToString() ==
        "InvalidArgument: options.retry.max_backoff_ms: must be >= "
        "initial_backoff_ms (10); got 5");
  if (!OnTestServer()) return;
  // The URI's attempts win over the options': one attempt, then Aborted.
  ServerDatabase db;
  std::unique_ptr<Store> server = MustOpenStore(
      db.uri() + "&retry_attempts=1&retry_backoff_ms=0&retry_max_backoff_ms=0",
      QuietOptions());
  REQUIRE(server->CreateTable(MustParseSpec(kRetrySpec)).ok());
  InjectFault(InjectedFault::kDeadlock, 1);
  Result<RowResult> r =
      MustTable(server.get(), "t")->Increment(IncrementOf("c"));
  CHECK(ClearInjectedFault());
  CHECK(r.status().IsAborted());
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
