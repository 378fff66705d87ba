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
#include <chrono>
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

// A session of the test server in `database` that holds the row lock of
// every stored version of cell (row, qualifier) of table "c" family "f"
// until Release: the store's upsert of one of them, or its locking read of
// the newest, waits for it.
class HeldCell {
 public:
  HeldCell(const std::string& database, const std::string& row,
           const std::string& qualifier = "q")
      : m_(ConnectTestServer()) {
    REQUIRE_MESSAGE(mysql_select_db(m_, database.c_str()) == 0,
                    mysql_error(m_));
    Run("BEGIN");
    // Each version by its whole key: a record lock, and no gap locked.
    for (const std::string& t :
         ServerQuery(database, "SELECT T FROM \"c$f\" WHERE K = '" + row +
                                   "' AND Q = '" + qualifier + "'")) {
      Run("SELECT V FROM `c$f` WHERE K = '" + row + "' AND Q = '" + qualifier +
          "' AND T = " + t + " FOR UPDATE");
    }
  }
  ~HeldCell() {
    Release();
    mysql_close(m_);
  }
  void Release() {
    if (held_) Run("ROLLBACK");
    held_ = false;
  }

 private:
  void Run(const std::string& sql) {
    INFO(sql);
    REQUIRE_MESSAGE(mysql_real_query(m_, sql.data(), sql.size()) == 0,
                    mysql_error(m_));
    if (MYSQL_RES* res = mysql_store_result(m_)) mysql_free_result(res);
  }
  MYSQL* m_;
  bool held_ = true;
};

// StoreOptions::server_writers (the URI's writers=N): a put that waits for
// a row lock keeps the first writer busy; with more writer sessions a put
// of another row goes to a second one and returns at once, with one it
// queues behind the waiting put.
TEST_CASE(
    "a put waiting for a row lock holds up other rows' puts only with "
    "one writer") {
  REQUIRE(OnTestServer());
  Watchdog dog(120, "a put waiting for a row lock");
  for (const int writers : {4, 1}) {
    CAPTURE(writers);
    ServerDatabase db;
    std::unique_ptr<Store> store =
        MustOpenStore(db.uri() + "&writers=" + std::to_string(writers));
    REQUIRE(store->CreateTable(MustParseSpec(kCounterSpec)).ok());
    Table* table = MustTable(store.get(), "c");
    REQUIRE(table->Put(Put("a").Add("f", "q", 100, "v1")).ok());
    HeldCell held(db.name(), "a");
    std::atomic<bool> a_done{false};
    Status a_status;
    std::thread a([&] {
      a_status = table->Put(Put("a").Add("f", "q", 100, "v2"));
      a_done = true;
    });
    // The put of "a" has reached the server and waits for the lock.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    REQUIRE_FALSE(a_done.load());
    std::atomic<bool> b_done{false};
    std::thread b([&] {
      CHECK(table->Put(Put("b").Add("f", "q", 100, "w")).ok());
      b_done = true;
    });
    if (writers > 1) {
      b.join();  // on a second session, while "a" still waits
      CHECK(b_done.load());
      CHECK_FALSE(a_done.load());
      CHECK(NewestValue(table, "b", "q") == "w");
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
      CHECK_FALSE(b_done.load());  // queued behind "a" on the one session
    }
    held.Release();
    a.join();
    if (b.joinable()) b.join();
    CHECK_MESSAGE(a_status.ok(), a_status.ToString());
    CHECK(b_done.load());
    CHECK(NewestValue(table, "a", "q") == "v2");
  }
}

// A read-modify-write of one row runs on the session its row hashes to
// (WritePlacement::Row): a second increment of a row whose first waits for
// a lock queues behind it, while increments of other rows, most of them on
// other sessions, and puts go on. Increments of one hot counter from two
// sessions deadlocked on InnoDB's gap locks until their retries ran out
// (found by obkv-bench --threads 8 --server-writers 4, incr_hot).
TEST_CASE("read-modify-writes of one row meet on one writer session") {
  REQUIRE(OnTestServer());
  Watchdog dog(120, "read-modify-writes of one row");
  ServerDatabase db;
  std::unique_ptr<Store> store = MustOpenStore(db.uri() + "&writers=4");
  REQUIRE(store->CreateTable(MustParseSpec(kCounterSpec)).ok());
  Table* table = MustTable(store.get(), "c");
  REQUIRE(table->Increment(IncrementOf("a")).ok());
  HeldCell held(db.name(), "a", "n");
  std::atomic<int> a_done{0};
  std::vector<std::thread> threads;
  threads.emplace_back([&] {
    CHECK(table->Increment(IncrementOf("a")).ok());
    a_done++;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  REQUIRE(a_done.load() == 0);
  threads.emplace_back([&] {
    CHECK(table->Increment(IncrementOf("a")).ok());
    a_done++;
  });
  constexpr int kOthers = 10;
  std::atomic<int> others_done{0};
  for (int i = 0; i < kOthers; ++i) {
    threads.emplace_back([&, i] {
      CHECK(table->Increment(IncrementOf("c" + std::to_string(i))).ok());
      others_done++;
    });
  }
  CHECK(table->Put(Put("b").Add("f", "q", "v")).ok());
  // Ten rows on four sessions: some land elsewhere than "a".
  for (int waited = 0; others_done.load() == 0 && waited < 100; ++waited) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(others_done.load() > 0);
  CHECK(a_done.load() == 0);  // both increments of "a" wait on its session
  held.Release();
  for (std::thread& t : threads) t.join();
  CHECK(CounterOf(table, "a") == 3);
  for (int i = 0; i < kOthers; ++i) {
    CHECK(CounterOf(table, "c" + std::to_string(i)) == 1);
  }
}

// Eight threads on a store of four writer sessions: increments of one hot
// counter and of their own, puts, and batches whose increment of a cell
// that holds no counter fails alone. Afterwards every acknowledged write is
// there, every failed one absent, and the counters are exact.
TEST_CASE(
    "eight threads on four writer sessions: exact counters, whole "
    "writes") {
  REQUIRE(OnTestServer());
  Watchdog dog(180, "eight threads on four writer sessions");
  ServerDatabase db;
  std::unique_ptr<Store> store = MustOpenStore(db.uri() + "&writers=4");
  REQUIRE(store->CreateTable(MustParseSpec(kCounterSpec)).ok());
  Table* table = MustTable(store.get(), "c");
  REQUIRE(table->Put(Put("text").Add("f", "n", "not a counter")).ok());
  constexpr int kThreads = 8;
  constexpr int kRounds = 40;
  std::atomic<int> failures{0};
  std::atomic<int> refused{0};
  std::string first_failure;
  std::mutex failure_mu;
  const auto fail = [&](const Status& st) {
    std::lock_guard<std::mutex> lock(failure_mu);
    if (failures++ == 0) first_failure = st.ToString();
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      const std::string own = "own" + std::to_string(t);
      for (int i = 0; i < kRounds; ++i) {
        Result<RowResult> hot = table->Increment(IncrementOf("hot"));
        if (!hot.ok()) fail(hot.status());
        Result<RowResult> mine = table->Increment(IncrementOf(own, 2));
        if (!mine.ok()) fail(mine.status());
        const std::string row =
            "p" + std::to_string(t) + "_" + std::to_string(i);
        Status put = table->Put(Put(row).Add("f", "q", "v"));
        if (!put.ok()) fail(put);
        // A batch is all-or-nothing: this one fails whole.
        Result<std::vector<MutationResult>> batch = table->Batch(
            {Put("lost" + row).Add("f", "q", "x"), IncrementOf("text")});
        if (batch.ok()) {
          fail(Status::Corruption("a batch with a bad increment succeeded"));
        } else {
          refused++;
        }
      }
    });
  }
  for (std::thread& t : threads) t.join();
  INFO(first_failure);
  CHECK(failures.load() == 0);
  CHECK(refused.load() == kThreads * kRounds);
  CHECK(CounterOf(table, "hot") == kThreads * kRounds);
  for (int t = 0; t < kThreads; ++t) {
    CHECK(CounterOf(table, "own" + std::to_string(t)) == 2 * kRounds);
  }
  const auto cells_between = [table](const std::string& start,
                                     const std::string& stop) {
    Scan scan;
    scan.start_row = start;
    scan.stop_row = stop;
    Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(scan);
    REQUIRE(scanner.ok());
    return Drain(scanner->get()).size();
  };
  CHECK(cells_between("p", "q") == static_cast<size_t>(kThreads * kRounds));
  CHECK(cells_between("lost", "lot") == 0);
  const GroupCommitStats stats = store->group_commit_stats();
  CHECK(stats.writes >= 3 * kThreads * kRounds);
}

// DDL holds every writer session: tables made and dropped while eight
// threads write on four sessions neither hang nor fail a write.
TEST_CASE("DDL while four writer sessions are busy") {
  REQUIRE(OnTestServer());
  Watchdog dog(180, "DDL beside four writer sessions");
  ServerDatabase db;
  std::unique_ptr<Store> store = MustOpenStore(db.uri() + "&writers=4");
  REQUIRE(store->CreateTable(MustParseSpec(kCounterSpec)).ok());
  Table* table = MustTable(store.get(), "c");
  std::atomic<bool> stop{false};
  std::atomic<int> failures{0};
  std::atomic<int> writes{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; !stop.load(); ++i) {
        const std::string row =
            "r" + std::to_string(t) + "_" + std::to_string(i);
        if (table->Put(Put(row).Add("f", "q", "v")).ok()) {
          writes++;
        } else {
          failures++;
        }
      }
    });
  }
  // The DDL starts once writes are flowing, so it meets busy sessions even
  // when a loaded host is slow to start the threads.
  while (writes.load() + failures.load() < 8) std::this_thread::yield();
  for (int round = 0; round < 3; ++round) {
    const std::string spec = R"({"table":"d)" + std::to_string(round) +
                             R"(","families":[{"name":"f"}]})";
    Status made = store->CreateTable(MustParseSpec(spec));
    CHECK_MESSAGE(made.ok(), made.ToString());
    Status dropped = store->DropTable("d" + std::to_string(round));
    CHECK_MESSAGE(dropped.ok(), dropped.ToString());
  }
  stop = true;
  for (std::thread& t : threads) t.join();
  CHECK(failures.load() == 0);
  CHECK(writes.load() > 0);
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(Scan());
  REQUIRE(scanner.ok());
  CHECK(Drain(scanner->get()).size() == static_cast<size_t>(writes.load()));
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
