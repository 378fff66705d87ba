// Copyright (c) obkvlite authors.
//
// Hot keys (obkvlite/hot_keys.h): the space-saving stripe's invariants and
// the mergeable summary's bound on a zipfian stream of known keys (every
// listed key within its error, the top 10 in true order, unlisted keys
// under the floor), exact counts per OBKV type for a scripted workload
// through the library, two Store objects on one store adding up through
// "obkv_hotkeys", the GV$/V$OB_KV_HOTKEY_STAT views, reset, and concurrent
// counting against flushes (under a watchdog). The suite runs on SQLite,
// on 3 shards and on MariaDB (tests/CMakeLists.txt).

#include "obkvlite/hot_keys.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "hbase/stats/hot_key_counter.h"
#include "hbase/stats/hot_key_summary.h"
#include "hbase/stats/space_saving.h"
#include "store_fixture.h"
#include "watchdog.h"

namespace obkvlite {
namespace testing {
namespace {

constexpr const char* kSpec =
    R"({"table": "t", "families": [{"name": "f"}],
        "partition": {"strategy": "key", "partitions": 7}})";

// A zipfian stream over keys "k0".."k<n-1>" (k0 the most frequent) of
// `length` draws, exponent `s`, from a fixed seed.
std::vector<std::string> ZipfStream(int n, double s, int length,
                                    uint32_t seed) {
  std::vector<double> weights;
  for (int i = 1; i <= n; ++i) weights.push_back(1.0 / std::pow(i, s));
  std::discrete_distribution<int> pick(weights.begin(), weights.end());
  std::mt19937 gen(seed);
  std::vector<std::string> out;
  out.reserve(static_cast<size_t>(length));
  for (int i = 0; i < length; ++i)
    out.push_back("k" + std::to_string(pick(gen)));
  return out;
}

std::map<std::string, int64_t> TrueCounts(const std::vector<std::string>& s) {
  std::map<std::string, int64_t> out;
  for (const std::string& key : s) ++out[key];
  return out;
}

// The keys by true count, highest first (then by key).
std::vector<std::string> TrueRanking(const std::map<std::string, int64_t>& c) {
  std::vector<std::pair<std::string, int64_t>> v(c.begin(), c.end());
  std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  std::vector<std::string> out;
  for (const auto& [key, n] : v) out.push_back(key);
  return out;
}

// Checks the header's bound for `stats` against the true counts.
void CheckBound(const HotKeyStats& stats,
                const std::map<std::string, int64_t>& truth) {
  int64_t n = 0;
  for (const auto& [key, c] : truth) n += c;
  CHECK(stats.requests == n);
  CHECK(stats.floor <= n / kHotKeyCapacity);
  std::map<std::string, bool> listed;
  for (const HotKey& key : stats.keys) {
    const int64_t f = truth.count(key.row) ? truth.at(key.row) : 0;
    CHECK_MESSAGE(key.count - key.error <= f, key.row);
    CHECK_MESSAGE(f <= key.count, key.row);
    CHECK(key.error <= n / kHotKeyCapacity);
    listed[key.row] = true;
  }
  for (const auto& [key, f] : truth) {
    if (!listed.count(key)) CHECK_MESSAGE(f <= stats.floor, key);
  }
}

TEST_CASE("space-saving: counts sum to N, each within its error") {
  SpaceSaving ss(4);
  for (const char* k : {"a", "b", "a", "c", "d", "e", "a", "e", "e", "f"}) {
    ss.Offer(k);
  }
  CHECK(ss.total() == 10);
  int64_t sum = 0;
  std::map<std::string, std::pair<int64_t, int64_t>> got;
  for (const SpaceSaving::Counter* c : ss.counters()) {
    sum += c->count;
    got[c->key] = {c->count, c->error};
  }
  CHECK(sum == 10);
  CHECK(got.size() == 4);
  // a: 3 exactly (it never lost its counter).
  REQUIRE(got.count("a") == 1);
  CHECK(got["a"] == std::make_pair(int64_t{3}, int64_t{0}));
  CHECK(ss.min_count() <= 10 / 4);
}

TEST_CASE("a zipfian stream: every key within the bound, the top 10 in order") {
  // 5000 keys, s = 1.1, 100000 requests: far more keys than counters.
  const std::vector<std::string> stream = ZipfStream(5000, 1.1, 100000, 7);
  const std::map<std::string, int64_t> truth = TrueCounts(stream);
  const std::vector<std::string> ranking = TrueRanking(truth);
  HotKeyCounter counter;
  for (const std::string& key : stream) counter.Add(HotKeyType::kQuery, key);
  std::array<HotKeySummary, kHotKeyTypes> summaries;
  counter.Harvest(&summaries);
  CHECK(summaries[1].empty());
  const HotKeyStats stats = summaries[0].Report(HotKeyType::kQuery, 0);
  CheckBound(stats, truth);
  CHECK(stats.keys.size() <= static_cast<size_t>(kHotKeyCapacity));
  REQUIRE(stats.keys.size() >= 10);
  for (size_t i = 0; i < 10; ++i) CHECK(stats.keys[i].row == ranking[i]);
  MESSAGE("zipf 5000 keys s=1.1 N=100000: error bound "
          << stats.floor << " (N/capacity " << 100000 / kHotKeyCapacity
          << "), k0 true " << truth.at("k0") << " counted "
          << stats.keys[0].count);
}

TEST_CASE("merged summaries of split streams keep the bound") {
  // Four "processes" each count a quarter, merged in turns as flushes do.
  const std::vector<std::string> stream = ZipfStream(3000, 1.05, 80000, 11);
  HotKeySummary stored;
  for (int part = 0; part < 4; ++part) {
    HotKeyCounter counter;
    for (size_t i = static_cast<size_t>(part); i < stream.size(); i += 4) {
      counter.Add(HotKeyType::kInsert, stream[i]);
    }
    std::array<HotKeySummary, kHotKeyTypes> h;
    counter.Harvest(&h);
    stored.Merge(h[static_cast<size_t>(HotKeyType::kInsert)]);
  }
  const std::map<std::string, int64_t> truth = TrueCounts(stream);
  const HotKeyStats stats = stored.Report(HotKeyType::kInsert, 0);
  CheckBound(stats, truth);
  const std::vector<std::string> ranking = TrueRanking(truth);
  for (size_t i = 0; i < 10; ++i) CHECK(stats.keys[i].row == ranking[i]);
}

TEST_CASE("few keys count exactly") {
  HotKeyCounter counter;
  for (int i = 0; i < 3; ++i) counter.Add(HotKeyType::kDelete, "x");
  counter.Add(HotKeyType::kDelete, "y");
  std::array<HotKeySummary, kHotKeyTypes> h;
  counter.Harvest(&h);
  const HotKeyStats stats = h[2].Report(HotKeyType::kDelete, 1);
  CHECK(stats.requests == 4);
  CHECK(stats.floor == 0);
  REQUIRE(stats.keys.size() == 1);
  CHECK(stats.keys[0].row == "x");
  CHECK(stats.keys[0].count == 3);
  CHECK(stats.keys[0].error == 0);
  // Harvest empties the counter.
  std::array<HotKeySummary, kHotKeyTypes> again;
  counter.Harvest(&again);
  CHECK(again[2].empty());
}

TEST_CASE("type names: ours and OBKV's") {
  CHECK(std::string(HotKeyTypeName(HotKeyType::kUpdate)) == "update");
  CHECK(std::string(HotKeyTypeObkvName(HotKeyType::kQuery)) ==
        "TABLE_HOTKEY_QUERY");
  CHECK(ParseHotKeyType("table_hotkey_insert") == HotKeyType::kInsert);
  CHECK(ParseHotKeyType("DELETE") == HotKeyType::kDelete);
  CHECK_FALSE(ParseHotKeyType("scan").has_value());
}

Delete RowDelete(const std::string& row) {
  Delete del;
  del.row = row;
  return del;
}

Increment Inc(const std::string& row) {
  Increment inc;
  inc.row = row;
  inc.columns.push_back({"f", "n", 1});
  return inc;
}

// "type row count error" lines of Store::HotKeys.
std::vector<std::string> HotLines(Store* store, int top = 0) {
  Result<std::vector<HotKeyStats>> stats = store->HotKeys("t", top);
  REQUIRE_MESSAGE(stats.ok(), stats.status().ToString());
  std::vector<std::string> out;
  for (const HotKeyStats& s : *stats) {
    out.push_back(std::string(HotKeyTypeName(s.type)) +
                  " N=" + std::to_string(s.requests) +
                  " floor=" + std::to_string(s.floor));
    for (const HotKey& k : s.keys) {
      out.push_back(std::string(HotKeyTypeName(s.type)) + " " + k.row + " " +
                    std::to_string(k.count) + " " + std::to_string(k.error));
    }
  }
  return out;
}

TEST_CASE("a scripted workload counts each type exactly; scans do not count") {
  StoreFixture fx(kSpec);
  Table* t = fx.table();
  fx.MustPut(Put("a").Add("f", "q", 100, "v"));
  REQUIRE(t->Put({Put("a").Add("f", "q", 200, "v"),
                  Put("b").Add("f", "q", 100, "v")})
              .ok());
  for (int i = 0; i < 3; ++i) fx.MustGet(Get("a"));
  fx.MustGet(Get("nope"));  // a get of a missing row counts too
  REQUIRE(t->Exists(Get("b")).ok());
  fx.MustScan(Scan());
  fx.MustDelete(RowDelete("b"));
  REQUIRE(t->Increment(Inc("c")).ok());
  Append app;
  app.row = "c";
  app.columns.push_back({"f", "s", "x"});
  REQUIRE(t->Append(app).ok());
  CheckAndMutate pass;
  pass.row = "a";
  pass.family = "f";
  pass.qualifier = "q";
  pass.value = "v";
  pass.mutations.push_back(Put("a").Add("f", "q2", 100, "w"));
  REQUIRE(t->CheckAndMutate(pass).ok());
  CheckAndMutate fail = pass;
  fail.value = "other";
  REQUIRE(t->CheckAndMutate(fail).ok());  // fails its check: not counted
  REQUIRE(t->Batch({Put("d").Add("f", "q", 100, "v"), RowDelete("d"), Inc("c")})
              .ok());
  const std::vector<std::string> expected = {
      "query N=5 floor=0", "query a 3 0",        "query b 1 0",
      "query nope 1 0",    "insert N=5 floor=0", "insert a 3 0",
      "insert b 1 0",      "insert d 1 0",       "delete N=2 floor=0",
      "delete b 1 0",      "delete d 1 0",       "update N=3 floor=0",
      "update c 3 0"};
  CHECK(HotLines(fx.store()) == expected);
  // Flushed, the same.
  REQUIRE(fx.store()->FlushRequestStats().ok());
  CHECK(HotLines(fx.store()) == expected);
  // --top 1.
  const std::vector<std::string> top1 = {"query N=5 floor=0",  "query a 3 0",
                                         "insert N=5 floor=0", "insert a 3 0",
                                         "delete N=2 floor=0", "delete b 1 0",
                                         "update N=3 floor=0", "update c 3 0"};
  CHECK(HotLines(fx.store(), 1) == top1);
  Result<std::vector<HotKeyStats>> unknown = fx.store()->HotKeys("nope", 10);
  CHECK(unknown.status().IsNotFound());
}

TEST_CASE("two Store objects on one store add up; the views; reset") {
  StoreFixture fx(kSpec);
  {
    std::unique_ptr<Store> other = MustOpenStore(fx.path(), fx.Options());
    Table* table = MustTable(other.get(), "t");
    for (int i = 0; i < 5; ++i) REQUIRE(table->Get(Get("a")).ok());
    REQUIRE(other->FlushRequestStats().ok());
    for (int i = 0; i < 2; ++i) REQUIRE(table->Get(Get("b")).ok());
  }  // closing flushes the last 2
  for (int i = 0; i < 3; ++i) fx.MustGet(Get("b"));
  const std::vector<std::string> expected = {"query N=10 floor=0",
                                             "query a 5 0", "query b 5 0"};
  CHECK(HotLines(fx.store()) == expected);
  fx.Reopen();  // this store's are flushed at close
  CHECK(HotLines(fx.store()) == expected);
  // The totals row and one row per key.
  CHECK(fx.SqlRows("SELECT hotkey_type, freq, error FROM obkv_hotkeys "
                   "WHERE length(hotkey) = 0") ==
        std::vector<std::string>{"TABLE_HOTKEY_QUERY|10|0"});
  CHECK(fx.SqlRows("SELECT \"TABLE_NAME\", \"HOTKEY_TYPE\", \"HOTKEY_FREQ\", "
                   "\"HOTKEY_ERROR\" FROM \"GV$OB_KV_HOTKEY_STAT\" ORDER BY "
                   "\"HOTKEY\"") ==
        std::vector<std::string>{"t|TABLE_HOTKEY_QUERY|5|0",
                                 "t|TABLE_HOTKEY_QUERY|5|0"});
  CHECK(fx.SqlInt("SELECT count(*) FROM \"V$OB_KV_HOTKEY_STAT\"") == 2);
  // A family's reset keeps the table's hot keys; the table's clears them.
  REQUIRE(fx.store()->ResetRequestStats("t", "f").ok());
  CHECK(HotLines(fx.store()) == expected);
  REQUIRE(fx.store()->ResetRequestStats("t", "").ok());
  CHECK(HotLines(fx.store()).empty());
  CHECK(fx.SqlInt("SELECT count(*) FROM obkv_hotkeys") == 0);
  CHECK(fx.store()->ListTables() == std::vector<std::string>{"t"});
}

// A put and a get of row "a" through a second Store on `fx`'s store opened
// with `options`, flushed: its hot keys, and the reads its request
// statistics counted.
std::pair<std::vector<std::string>, int64_t> PutGetFlush(
    StoreFixture& fx, const StoreOptions& options) {
  std::unique_ptr<Store> store = MustOpenStore(fx.path(), options);
  Table* table = MustTable(store.get(), "t");
  REQUIRE(table->Put(Put("a").Add("f", "q", 100, "v")).ok());
  REQUIRE(table->Get(Get("a")).ok());
  REQUIRE(store->FlushRequestStats().ok());
  Result<std::vector<RequestStatsBucket>> buckets =
      store->RequestStats("t", RequestStatsQuery());
  REQUIRE(buckets.ok());
  int64_t reads = 0;
  for (const RequestStatsBucket& b : *buckets) reads += b.counts.reads;
  return {HotLines(store.get()), reads};
}

TEST_CASE("hot_keys off counts no hot keys, request statistics still") {
  StoreFixture fx(kSpec);
  StoreOptions options = fx.Options();
  options.hot_keys = false;
  const auto [hot, reads] = PutGetFlush(fx, options);
  CHECK(hot.empty());
  CHECK(reads == 1);
}

TEST_CASE("request_stats off counts no hot keys") {
  StoreFixture fx(kSpec);
  StoreOptions options = fx.Options();
  options.request_stats = false;
  const auto [hot, reads] = PutGetFlush(fx, options);
  CHECK(hot.empty());
  CHECK(reads == 0);
}

TEST_CASE("concurrent requests count exactly while flushes run") {
  StoreFixture fx(kSpec);
  fx.MustPut(Put("a").Add("f", "q", 100, "v"));
  REQUIRE(fx.store()->ResetRequestStats("t", "").ok());
  Watchdog watchdog(120, "hot-key counting");
  constexpr int kThreads = 4;
  constexpr int kGets = 200;
  std::atomic<bool> done{false};
  std::thread flusher([&] {
    while (!done.load()) {
      CHECK(fx.store()->FlushRequestStats().ok());
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  });
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kGets; ++i) {
        const std::string row = (i % 2 == 0) ? "a" : "r" + std::to_string(t);
        CHECK(fx.table()->Get(Get(row)).ok());
      }
    });
  }
  for (std::thread& th : threads) th.join();
  done.store(true);
  flusher.join();
  std::vector<std::string> expected = {"query N=800 floor=0", "query a 400 0"};
  for (int t = 0; t < kThreads; ++t) {
    expected.push_back("query r" + std::to_string(t) + " 100 0");
  }
  CHECK(HotLines(fx.store()) == expected);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
