// Copyright (c) obkvlite authors.
//
// Group commit through a Store (StoreOptions::group_commit,
// hbase/context/store_context.h), on a store file, on 3 files
// (OBKV_TEST_SHARDS=3) and on the test server (OBKV_TEST_MYSQL_SOCKET):
//   - a group made on purpose (its writes queued behind a held write)
//     applies in order and sees itself: two increments of one counter give
//     +2, a check-and-mutate sees the put queued before it, and a write that
//     fails inside the group (an increment of a value that is no counter,
//     a Batch holding one) fails alone, with the error it gives alone;
//   - 8 threads of random puts, batches, increments, appends,
//     check-and-mutates and deletes, with failures inside groups, cells
//     over OceanBase's limits (refused before they queue) and injected
//     deadlocks on the server: every acknowledged write is there,
//     every failed one is absent, counters are exact, no row is partial;
//   - with group commit off, the same threads give the same contents and
//     no group is ever larger than one;
//   - Store::group_commit_stats and a gateway's /metrics give the figures.
// Every case has a watchdog; scripts/tsan.sh runs the suite.

#include <doctest/doctest.h>

#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "fault_injection.h"
#include "hbase/store/store_impl.h"
#include "obkvlite/rowkey.h"
#include "obkvlite/store.h"
#include "rmw_test_support.h"
#include "server/metrics/prometheus_text.h"
#include "server/metrics/request_metrics.h"
#include "server_test_support.h"
#include "store_fixture.h"
#include "watchdog.h"

namespace obkvlite {
namespace testing {
namespace {

// A store of its own with one table "t" (families f and g): request and
// operation statistics off, so that no background write joins the groups.
class GroupStore {
 public:
  explicit GroupStore(bool group_commit = true)
      : server_db_(OnTestServer() ? std::make_unique<ServerDatabase>()
                                  : nullptr) {
    StoreOptions options;
    options.request_stats = false;
    options.operation_stats = false;
    options.group_commit.enabled = group_commit;
    // One writer session on a server: these cases hold the one queue and
    // watch the writes line up in it (the further sessions of
    // server_writers are server_concurrency_test's).
    options.server_writers = 1;
    if (const char* shards = getenv("OBKV_TEST_SHARDS")) {
      options.sqlite.shards = atoi(shards);
    }
    const std::string location =
        server_db_ != nullptr ? server_db_->uri() : dir_.path() + "/store.db";
    Result<std::unique_ptr<Store>> store = Store::Open(options, location);
    REQUIRE_MESSAGE(store.ok(), store.status().ToString());
    store_ = std::move(store).value();
    Status st = store_->CreateTable(MustParseSpec(SpecJson(
        "t", kDefaultFamilies, R"({"strategy": "key", "partitions": 3})")));
    REQUIRE_MESSAGE(st.ok(), st.ToString());
    table_ = MustTable(store_.get(), "t");
  }

  Table* table() { return table_; }
  Store* store() { return store_.get(); }
  StoreContext* context() {
    return static_cast<StoreImpl*>(store_.get())->context();
  }
  bool on_server() const { return server_db_ != nullptr; }

 private:
  TempDir dir_;
  std::unique_ptr<ServerDatabase> server_db_;
  std::unique_ptr<Store> store_;
  Table* table_ = nullptr;
};

// Holds the store's writers (a RunWrite whose body waits) until Release.
class WriterHold {
 public:
  explicit WriterHold(StoreContext* ctx) {
    thread_ = std::thread([this, ctx] {
      Status st = ctx->RunWrite("hold", [this](storage::Connection*) {
        std::unique_lock<std::mutex> lock(mu_);
        holding_ = true;
        cv_.notify_all();
        cv_.wait(lock, [this] { return released_; });
        return Status::OK();
      });
      CHECK(st.ok());
    });
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return holding_; });
  }
  ~WriterHold() { Release(); }
  void Release() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      released_ = true;
      cv_.notify_all();
    }
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool holding_ = false;
  bool released_ = false;
  std::thread thread_;
};

std::string Counter(int64_t n) { return EncodeBigEndian64(n); }

Mutation PutMutation(const std::string& row, const std::string& family,
                     const std::string& qualifier, const std::string& value) {
  return Put(row).Add(family, qualifier, value);
}

TEST_CASE(
    "group commit: a group applies in order, sees itself, and a write "
    "that fails fails alone") {
  Watchdog dog(120, "group commit: one group");
  GroupStore gs;
  Table* table = gs.table();
  StoreContext* ctx = gs.context();
  REQUIRE(table->Put(Put("bad").Add("f", "n", "abc")).ok());
  REQUIRE(table->Put(Put("gone").Add("g", "q", "v")).ok());
  // What the failing increment answers alone.
  const std::string alone =
      table->Increment(IncrementOf("bad")).status().ToString();
  REQUIRE(alone.find("8-byte") != std::string::npos);

  const GroupCommitStats before = ctx->group_commit_stats();
  WriterHold hold(ctx);
  // Each operation from its own thread, queued in this order.
  std::vector<std::function<void()>> ops;
  Status put_status, batch_bad_status, append_status, delete_status;
  std::optional<Result<RowResult>> inc1, inc2, inc_bad;
  std::optional<Result<bool>> cam;
  ops.push_back([&] {
    Result<std::vector<MutationResult>> r =
        table->Batch({PutMutation("r", "f", "q", "v1")});
    put_status = r.status();
  });
  ops.push_back([&] { inc1 = table->Increment(IncrementOf("c")); });
  ops.push_back([&] { inc2 = table->Increment(IncrementOf("c")); });
  ops.push_back([&] { inc_bad = table->Increment(IncrementOf("bad")); });
  ops.push_back([&] {
    // A batch whose increment fails: its put must not land either.
    Increment inc = IncrementOf("bad");
    batch_bad_status =
        table->Batch({PutMutation("x", "f", "q", "never"), Mutation(inc)})
            .status();
  });
  ops.push_back([&] {
    CheckAndMutate cm;
    cm.row = "r";
    cm.family = "f";
    cm.qualifier = "q";
    cm.value = "v1";
    cm.mutations.push_back(Put("r").Add("f", "q", "v2"));
    cam = table->CheckAndMutate(cm);
  });
  ops.push_back([&] {
    Append app;
    app.row = "a";
    app.columns.push_back({"g", "s", "x"});
    append_status = table->Append(app).status();
  });
  ops.push_back([&] {
    Delete del;
    del.row = "gone";
    delete_status = table->Delete(del);
  });
  std::vector<std::thread> threads;
  for (size_t i = 0; i < ops.size(); ++i) {
    threads.emplace_back(ops[i]);
    // The hold and the i + 1 operations so far are queued.
    while (ctx->queued_writes() < i + 2) std::this_thread::yield();
  }
  hold.Release();
  for (std::thread& t : threads) t.join();

  CHECK_MESSAGE(put_status.ok(), put_status.ToString());
  REQUIRE_MESSAGE(inc1->ok(), inc1->status().ToString());
  REQUIRE_MESSAGE(inc2->ok(), inc2->status().ToString());
  CHECK((*inc1)->cells.at(0).value == Counter(1));
  CHECK((*inc2)->cells.at(0).value == Counter(2));
  CHECK(inc_bad->status().ToString() == alone);
  CHECK(batch_bad_status.ToString().find("8-byte") != std::string::npos);
  REQUIRE_MESSAGE(cam->ok(), cam->status().ToString());
  CHECK(**cam);
  CHECK_MESSAGE(append_status.ok(), append_status.ToString());
  CHECK_MESSAGE(delete_status.ok(), delete_status.ToString());

  CHECK(CounterOf(table, "c") == 2);
  CHECK(NewestValue(table, "r", "q") == "v2");
  CHECK(NewestValue(table, "bad", "n") == "abc");
  CHECK(NewestValue(table, "x", "q") == "");
  CHECK(table->Get(Get("gone"))->cells.empty());
  Get get_a("a");
  get_a.columns.push_back({"g", "s"});
  CHECK(table->Get(get_a)->cells.at(0).value == "x");
  // The eight ran as one group after the hold.
  const GroupCommitStats after = ctx->group_commit_stats();
  CHECK(after.largest == static_cast<int64_t>(ops.size()));
  CHECK(after.writes - before.writes == static_cast<int64_t>(ops.size()) + 1);
}

// What one thread of the mixed load acknowledged.
struct Acks {
  std::map<std::string, std::string> rows;  // put and not deleted: value
  std::set<std::string> absent;             // deleted, or never landed
  std::string cam_value;                    // its check-and-mutate cell
  int64_t appends = 0;
  std::map<int, int64_t> counters;  // increments of ctr<k> acknowledged
  int64_t failed_as_expected = 0;
  std::vector<std::string> surprises;  // wrong answers
};

void MixedLoad(Table* table, int thread, int ops, bool deadlocks, Acks* acks) {
  std::mt19937 rng(1234 + thread);
  const std::string me = "t" + std::to_string(thread) + "/";
  int next_row = 0;
  std::vector<std::string> live;
  auto surprise = [&](const std::string& what, const Status& st) {
    acks->surprises.push_back(me + what + ": " + st.ToString());
  };
  for (int i = 0; i < ops; ++i) {
    if (deadlocks && rng() % 8 == 0) {
      storage::InjectFault(storage::InjectedFault::kDeadlock,
                           1 + static_cast<int>(rng() % 6));
    }
    switch (rng() % 9) {
      case 0:
      case 1: {  // a put of two families
        const std::string row = me + std::to_string(next_row++);
        const std::string value = "v" + std::to_string(i);
        Status st =
            table->Put(Put(row).Add("f", "q", value).Add("g", "q", value));
        if (st.ok()) {
          acks->rows[row] = value;
          live.push_back(row);
        } else if (!st.IsAborted()) {
          surprise("put", st);
        } else {
          acks->absent.insert(row);
        }
        break;
      }
      case 2: {  // a batch that fails inside its group: nothing lands
        const std::string row = me + "x" + std::to_string(i);
        Status st = table
                        ->Batch({PutMutation(row, "f", "q", "no"),
                                 PutMutation(row, "g", "q", "no"),
                                 Mutation(IncrementOf("bad"))})
                        .status();
        if (st.ok()) surprise("failing batch", st);
        acks->absent.insert(row);
        acks->failed_as_expected++;
        break;
      }
      case 3: {
        const int k = static_cast<int>(rng() % 4);
        Result<RowResult> r =
            table->Increment(IncrementOf("ctr" + std::to_string(k)));
        if (r.ok()) {
          acks->counters[k]++;
        } else if (!r.status().IsAborted()) {
          surprise("increment", r.status());
        }
        break;
      }
      case 4: {  // an increment that fails inside its group
        Result<RowResult> r = table->Increment(IncrementOf("bad"));
        if (r.ok()) surprise("failing increment", Status::OK());
        acks->failed_as_expected++;
        break;
      }
      case 5: {
        Append app;
        app.row = me + "app";
        app.columns.push_back({"g", "s", "x"});
        Status st = table->Append(app).status();
        if (st.ok()) {
          acks->appends++;
        } else if (!st.IsAborted()) {
          surprise("append", st);
        }
        break;
      }
      case 6: {  // check-and-mutate, one in three with a wrong expectation
        const bool wrong = rng() % 3 == 0;
        const std::string next = "c" + std::to_string(i);
        CheckAndMutate cm;
        cm.row = me + "cam";
        cm.family = "f";
        cm.qualifier = "v";
        cm.check_not_exists = acks->cam_value.empty() && !wrong;
        cm.value = wrong ? "nope" : acks->cam_value;
        cm.mutations.push_back(Put(cm.row).Add("f", "v", next));
        Result<bool> r = table->CheckAndMutate(cm);
        if (!r.ok()) {
          if (!r.status().IsAborted()) surprise("check_and_mutate", r.status());
        } else if (*r == wrong) {
          surprise("check_and_mutate answered " + std::to_string(*r),
                   Status::OK());
        } else if (*r) {
          acks->cam_value = next;
        }
        break;
      }
      case 8: {  // cells over OceanBase's limits: refused, nothing lands
        const std::string row = me + "big" + std::to_string(i);
        Status st = rng() % 2 == 0
                        ? table->Put(Put(row)
                                         .Add("f", "q", "ok")
                                         .Add("g", std::string(257, 'q'), "v"))
                        : table
                              ->Batch({PutMutation(row, "f", "q", "ok"),
                                       PutMutation(std::string(1025, 'k'), "f",
                                                   "q", "v")})
                              .status();
        if (st.ok() || (st.subcode() != Status::SubCode::kQualifierTooLong &&
                        st.subcode() != Status::SubCode::kRowTooLong)) {
          surprise("over-limit write", st);
        }
        acks->absent.insert(row);
        acks->failed_as_expected++;
        break;
      }
      case 7: {
        if (live.empty()) break;
        const size_t pick = rng() % live.size();
        Delete del;
        del.row = live[pick];
        Status st = table->Delete(del);
        if (st.ok()) {
          acks->rows.erase(del.row);
          acks->absent.insert(del.row);
          live.erase(live.begin() + static_cast<std::ptrdiff_t>(pick));
        } else if (!st.IsAborted()) {
          surprise("delete", st);
        }
        break;
      }
    }
  }
  if (deadlocks) (void)storage::ClearInjectedFault();
}

// Runs the mixed load on `gs` from 8 threads and checks the contents.
void RunMixedLoad(GroupStore* gs) {
  Table* table = gs->table();
  REQUIRE(table->Put(Put("bad").Add("f", "n", "abc")).ok());
  constexpr int kThreads = 8;
  const int ops = gs->on_server() ? 120 : 400;
  std::vector<Acks> acks(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back(MixedLoad, table, t, ops, gs->on_server(), &acks[t]);
  }
  for (std::thread& t : threads) t.join();

  std::map<int, int64_t> counters;
  int64_t failed = 0;
  for (int t = 0; t < kThreads; ++t) {
    const Acks& a = acks[t];
    CHECK(a.surprises == std::vector<std::string>{});
    failed += a.failed_as_expected;
    for (const auto& [k, n] : a.counters) counters[k] += n;
    for (const auto& [row, value] : a.rows) {
      INFO("row ", row);
      Result<RowResult> got = table->Get(Get(row));
      REQUIRE(got.ok());
      // Both families, the acknowledged value: no row is partial.
      REQUIRE(got->cells.size() == 2);
      CHECK(got->cells[0].value == value);
      CHECK(got->cells[1].value == value);
    }
    for (const std::string& row : a.absent) {
      INFO("row ", row);
      CHECK(table->Get(Get(row))->cells.empty());
    }
    const std::string me = "t" + std::to_string(t) + "/";
    Get app(me + "app");
    app.columns.push_back({"g", "s"});
    Result<RowResult> appended = table->Get(app);
    REQUIRE(appended.ok());
    CHECK(
        (appended->cells.empty() ? std::string() : appended->cells[0].value) ==
        std::string(static_cast<size_t>(a.appends), 'x'));
    Get cam(me + "cam");
    cam.columns.push_back({"f", "v"});
    Result<RowResult> cam_cell = table->Get(cam);
    REQUIRE(cam_cell.ok());
    CHECK((cam_cell->cells.empty() ? std::string()
                                   : cam_cell->cells[0].value) == a.cam_value);
  }
  for (int k = 0; k < 4; ++k) {
    CHECK(CounterOf(table, "ctr" + std::to_string(k)) == counters[k]);
  }
  CHECK(NewestValue(table, "bad", "n") == "abc");
  CHECK(failed > 0);
  const GroupCommitStats stats = gs->context()->group_commit_stats();
  MESSAGE("group commit: ", stats.writes, " writes in ", stats.groups,
          " groups (the largest of ", stats.largest, "), ", failed,
          " failed as they should (inside a group or before it)");
}

TEST_CASE("group commit: 8 threads of mixed writes with failures, exact") {
  Watchdog dog(300, "group commit: mixed writes");
  GroupStore gs;
  RunMixedLoad(&gs);
  // The public figures (Store::group_commit_stats): groups formed.
  const GroupCommitStats stats = gs.store()->group_commit_stats();
  CHECK(stats.largest > 1);
  CHECK(stats.writes > stats.groups);
  // ... and a gateway's /metrics.
  const std::string text = metrics::RenderPrometheus(
      gs.store(), metrics::RequestMetrics(), metrics::ServerGauges());
  const std::string engine = "{engine=\"" + gs.store()->info().engine + "\"} ";
  CHECK(text.find("\nobkv_group_commits_total" + engine +
                  std::to_string(stats.groups) + "\n") != std::string::npos);
  CHECK(text.find("\nobkv_group_commit_writes_total" + engine +
                  std::to_string(stats.writes) + "\n") != std::string::npos);
  CHECK(text.find("\nobkv_group_commit_largest" + engine +
                  std::to_string(stats.largest) + "\n") != std::string::npos);
}

TEST_CASE("group commit off: the same load, exact, one write a transaction") {
  Watchdog dog(300, "group commit off: mixed writes");
  GroupStore gs(/*group_commit=*/false);
  RunMixedLoad(&gs);
  const GroupCommitStats stats = gs.store()->group_commit_stats();
  CHECK(stats.groups == 0);
  CHECK(stats.largest == 0);
}

TEST_CASE("group commit: its bounds are checked when the store opens") {
  TempDir dir;
  StoreOptions options;
  options.group_commit.max_writes = 0;
  Result<std::unique_ptr<Store>> store =
      Store::Open(options, dir.path() + "/a.db");
  CHECK(store.status().ToString() ==
        "InvalidArgument: options.group_commit.max_writes: must be in [1, "
        "100000]; got 0");
  options.group_commit.max_writes = 8;
  options.group_commit.max_bytes = 0;
  store = Store::Open(options, dir.path() + "/a.db");
  CHECK(store.status().ToString() ==
        "InvalidArgument: options.group_commit.max_bytes: must be >= 1; "
        "got 0");
  // Refused before anything was made.
  CHECK_FALSE(std::filesystem::exists(dir.path() + "/a.db"));
}

TEST_CASE("server writer sessions: their count is checked when a store opens") {
  TempDir dir;
  for (const int writers : {0, kMaxServerWriters + 1}) {
    StoreOptions options;
    options.server_writers = writers;
    Result<std::unique_ptr<Store>> store =
        Store::Open(options, dir.path() + "/a.db");
    CHECK(store.status().ToString() ==
          "InvalidArgument: options.server_writers: must be in [1, 64]; got " +
              std::to_string(writers));
  }
  CHECK_FALSE(std::filesystem::exists(dir.path() + "/a.db"));
  // A SQLite store has one writer per file whatever the count.
  StoreOptions options;
  options.server_writers = kMaxServerWriters;
  CHECK(Store::Open(options, dir.path() + "/a.db").ok());
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
