// Copyright (c) obkvlite authors.
//
// Operation statistics (obkvlite/operation_stats.h): the histogram's bucket
// bounds, quantiles of injected durations in the right bucket and within
// the header's error bound, exact counts per operation kind and surface for
// a scripted workload through the library, two Store objects on one store
// adding up through "obkv_op_stats", reset, the option off, and concurrent
// recording against harvests (under a watchdog). The suite runs on SQLite,
// on 3 shards and on MariaDB (tests/CMakeLists.txt).

#include "obkvlite/operation_stats.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "hbase/stats/operation_recorder.h"
#include "obkvlite/compat.h"
#include "store_fixture.h"
#include "watchdog.h"

namespace obkvlite {
namespace testing {
namespace {

constexpr const char* kOperationSpec =
    R"({"table": "t", "families": [{"name": "f"}],
        "partition": {"strategy": "key", "partitions": 7}})";

// The lines of a recorder's harvest, one per (surface, operation).
std::vector<OperationStatsLine> LinesOf(OperationRecorder* recorder) {
  OperationBuckets buckets;
  recorder->Harvest(&buckets);
  std::map<std::pair<int, int>, OperationStatsLine> lines;
  for (const auto& [key, counts] : buckets) {
    const auto& [surface, op, bucket] = key;
    OperationStatsLine& line = lines[{surface, op}];
    line.surface = OperationSurfaceName(surface);
    line.operation = OperationName(static_cast<Operation>(op));
    line.count += counts.count;
    line.sum_ns += counts.sum_ns;
    line.buckets[static_cast<size_t>(bucket)] += counts.count;
  }
  std::vector<OperationStatsLine> out;
  for (auto& [key, line] : lines) out.push_back(line);
  return out;
}

// (surface, operation) -> count of Store::OperationStats.
std::map<std::string, int64_t> Counts(Store* store) {
  Result<std::vector<OperationStatsLine>> lines = store->OperationStats();
  REQUIRE_MESSAGE(lines.ok(), lines.status().ToString());
  std::map<std::string, int64_t> out;
  for (const OperationStatsLine& line : *lines) {
    int64_t in_buckets = 0;
    for (int64_t n : line.buckets) in_buckets += n;
    CHECK(in_buckets == line.count);
    CHECK(line.sum_ns > 0);
    out[line.surface + " " + line.operation] = line.count;
  }
  return out;
}

TEST_CASE("the latency buckets: 1.024 us, then 8 per power of two") {
  CHECK(LatencyBucketOf(-5) == 0);
  CHECK(LatencyBucketOf(0) == 0);
  CHECK(LatencyBucketOf(1023) == 0);
  CHECK(LatencyBucketOf(1024) == 1);
  CHECK(LatencyBucketOf(1151) == 1);
  CHECK(LatencyBucketOf(1152) == 2);
  CHECK(LatencyBucketOf(2047) == 8);
  CHECK(LatencyBucketOf(2048) == 9);
  CHECK(LatencyBucketOf((int64_t{1} << 36) - 1) == 208);
  CHECK(LatencyBucketOf(int64_t{1} << 36) == 209);
  CHECK(LatencyBucketOf(INT64_MAX) == kLatencyBuckets - 1);
  CHECK(LatencyBucketUpperNs(0) == 1024);
  CHECK(LatencyBucketUpperNs(1) == 1152);
  CHECK(LatencyBucketUpperNs(8) == 2048);
  CHECK(LatencyBucketUpperNs(9) == 2304);
  CHECK(LatencyBucketUpperNs(208) == int64_t{1} << 36);
  CHECK(LatencyBucketUpperNs(209) == INT64_MAX);
  // Every bucket's bounds hold what LatencyBucketOf puts in it.
  for (int i = 1; i + 1 < kLatencyBuckets; ++i) {
    CAPTURE(i);
    CHECK(LatencyBucketOf(LatencyBucketUpperNs(i - 1)) == i);
    CHECK(LatencyBucketOf(LatencyBucketUpperNs(i) - 1) == i);
  }
  CHECK(OperationName(Operation::kCheckAndPut) == std::string("checkAndPut"));
  CHECK(OperationSurfaceIndex("thrift") == 4);
  CHECK(OperationSurfaceIndex("my app") == kOperationSurfaces - 1);
  CHECK(OperationSurfaceName(kOperationSurfaces - 1) == std::string("other"));
}

TEST_CASE("quantiles of injected durations land in their bucket") {
  OperationRecorder recorder;
  // 990 gets of 10 us, 9 of 1 ms, 1 of 50 ms.
  for (int i = 0; i < 990; ++i) recorder.Record(Operation::kGet, 0, 10000);
  for (int i = 0; i < 9; ++i) recorder.Record(Operation::kGet, 0, 1000000);
  recorder.Record(Operation::kGet, 0, 50000000);
  recorder.Record(Operation::kPut, 5, 3000);
  const std::vector<OperationStatsLine> lines = LinesOf(&recorder);
  REQUIRE(lines.size() == 2);
  const OperationStatsLine& get = lines[0];
  CHECK(get.surface == "library");
  CHECK(get.operation == "get");
  CHECK(get.count == 1000);
  CHECK(get.sum_ns == 990 * 10000 + 9 * 1000000 + 50000000);
  CHECK(get.MeanNs() == doctest::Approx(68900.0));
  // 10,000 ns is in [9,216, 10,240); 1 ms in [983,040, 1,048,576); 50 ms in
  // [46,137,344, 50,331,648).
  CHECK(get.buckets[static_cast<size_t>(LatencyBucketOf(10000))] == 990);
  CHECK(get.QuantileNs(0.5) == 10240);
  CHECK(get.QuantileNs(0.99) == 10240);     // rank 990: still 10 us
  CHECK(get.QuantileNs(0.991) == 1048576);  // rank 991: 1 ms
  CHECK(get.QuantileNs(0.999) == 1048576);  // rank 999
  CHECK(get.QuantileNs(1.0) == 50331648);   // the 50 ms one
  const OperationStatsLine& put = lines[1];
  CHECK(put.surface == "rest");
  CHECK(put.count == 1);
  CHECK(put.QuantileNs(0.999) == 3072);
  // Harvesting took the counts: nothing is left.
  CHECK(LinesOf(&recorder).empty());
  // Below and above the range.
  recorder.Record(Operation::kScan, 1, 5);
  recorder.Record(Operation::kScan, 1, int64_t{100} * 1000000000);
  const std::vector<OperationStatsLine> edges = LinesOf(&recorder);
  REQUIRE(edges.size() == 1);
  CHECK(edges[0].QuantileNs(0.5) == 1024);
  CHECK(edges[0].QuantileNs(1.0) == int64_t{1} << 36);
}

TEST_CASE("quantiles are never below the true value and at most 12.5% above") {
  std::mt19937_64 rng(7);
  // Durations from 1.024 us to 60 s, log-uniform.
  std::uniform_real_distribution<double> exponent(10.0, 35.8);
  for (int trial = 0; trial < 20; ++trial) {
    OperationRecorder recorder;
    std::vector<int64_t> samples;
    const int n = 1 + static_cast<int>(rng() % 5000);
    for (int i = 0; i < n; ++i) {
      const auto ns = static_cast<int64_t>(std::exp2(exponent(rng)));
      samples.push_back(ns);
      recorder.Record(Operation::kBatch, 2, ns);
    }
    std::sort(samples.begin(), samples.end());
    const std::vector<OperationStatsLine> lines = LinesOf(&recorder);
    REQUIRE(lines.size() == 1);
    for (double q : {0.5, 0.9, 0.99, 0.999, 1.0}) {
      const auto rank =
          static_cast<size_t>(std::max(1.0, std::ceil(q * samples.size())));
      const int64_t truth = samples[rank - 1];
      const int64_t estimate = lines[0].QuantileNs(q);
      CAPTURE(q);
      CAPTURE(truth);
      CHECK(estimate > truth);
      CHECK(static_cast<double>(estimate) <=
            1.125 * static_cast<double>(truth));
    }
  }
}

TEST_CASE("a scripted workload counts each operation kind exactly") {
  StoreFixture fx(kOperationSpec);
  fx.MustPut(Put("a").Add("f", "q", 100, "v"));
  fx.MustPut(Put("n").Add("f", "c", 100, std::string(8, '\0')));
  REQUIRE(fx.store()->ResetOperationStats().ok());
  CHECK(Counts(fx.store()).empty());
  Table* t = fx.table();

  // 7 gets: 5 Gets, one into a RowResult, one Exists.
  for (int i = 0; i < 5; ++i) fx.MustGet(Get("a"));
  RowResult row;
  REQUIRE(t->Get(Get("a"), &row).ok());
  REQUIRE(t->Exists(Get("a")).ok());
  // 3 puts: two single ones and a vector of two (one call).
  fx.MustPut(Put("b").Add("f", "q", 100, "v"));
  fx.MustPut(Put("c").Add("f", "q", 100, "v"));
  REQUIRE(t->Put(std::vector<Put>{Put("d").Add("f", "q", 100, "v"),
                                  Put("e").Add("f", "q", 100, "v")})
              .ok());
  // 2 scans.
  fx.MustScan(Scan());
  fx.MustScan(Scan());
  // A check-and-put, a check-and-delete, a check-and-mutate of both.
  CheckAndMutate cap;
  cap.row = "a";
  cap.family = "f";
  cap.qualifier = "q";
  cap.value = "v";
  cap.mutations.push_back(Put("a").Add("f", "q2", 100, "w"));
  REQUIRE(t->CheckAndMutate(cap).ok());
  CheckAndMutate cad = cap;
  Delete del_q2;
  del_q2.row = "a";
  del_q2.type = DeleteType::kColumns;
  del_q2.family = "f";
  del_q2.qualifier = "q2";
  cad.mutations = {del_q2};
  REQUIRE(t->CheckAndMutate(cad).ok());
  CheckAndMutate cam = cap;
  cam.mutations.push_back(del_q2);
  REQUIRE(t->CheckAndMutate(cam).ok());
  // A batch, 2 deletes, an append, an increment.
  REQUIRE(t->Batch({Put("f1").Add("f", "q", 100, "v"), del_q2}).ok());
  Delete del_row;
  del_row.row = "b";
  fx.MustDelete(del_row);
  fx.MustDelete(del_row);
  Append app;
  app.row = "a";
  app.columns.push_back({"f", "s", "x"});
  REQUIRE(t->Append(app).ok());
  Increment inc;
  inc.row = "n";
  inc.columns.push_back({"f", "c", 2});
  REQUIRE(t->Increment(inc).ok());
  // A failed put is not counted: a refused write leaves the store as it
  // was (tests/bad_input_test.cc), its statistics included.
  CHECK(!t->Put(Put("a").Add("nofamily", "q", 100, "v")).ok());

  const std::map<std::string, int64_t> expected = {
      {"library get", 7},
      {"library scan", 2},
      {"library put", 3},
      {"library delete", 2},
      {"library append", 1},
      {"library increment", 1},
      {"library checkAndPut", 1},
      {"library checkAndDelete", 1},
      {"library checkAndMutate", 1},
      {"library batch", 1},
  };
  CHECK(Counts(fx.store()) == expected);

  // The summary adds "all" per surface and over the surfaces.
  Result<std::vector<OperationStatsLine>> lines = fx.store()->OperationStats();
  REQUIRE(lines.ok());
  const std::vector<OperationStatsLine> summary =
      SummarizeOperationStats(*lines);
  REQUIRE(summary.size() == 10 + 1 + 10 + 1);
  CHECK(summary[0].operation == "get");
  CHECK(summary[10].surface == "library");
  CHECK(summary[10].operation == "all");
  CHECK(summary[10].count == 20);
  CHECK(summary.back().surface == "all");
  CHECK(summary.back().operation == "all");
  CHECK(summary.back().count == 20);
  int64_t sum = 0;
  for (size_t i = 0; i < 10; ++i) sum += summary[i].sum_ns;
  CHECK(summary.back().sum_ns == sum);
}

TEST_CASE("each surface counts apart; an unknown one as other") {
  StoreFixture fx(kOperationSpec);
  fx.MustPut(Put("a").Add("f", "q", 100, "v"));
  REQUIRE(fx.store()->ResetOperationStats().ok());
  {
    ScopedCompatSurface shell("shell");
    fx.MustGet(Get("a"));
    {
      ScopedCompatSurface rest("rest");
      fx.MustGet(Get("a"));
      fx.MustGet(Get("a"));
    }
    fx.MustGet(Get("a"));
  }
  {
    ScopedCompatSurface mine("billing-service");
    fx.MustPut(Put("a").Add("f", "q", 100, "v"));
  }
  fx.MustGet(Get("a"));
  CHECK(Counts(fx.store()) == std::map<std::string, int64_t>{
                                  {"library get", 1},
                                  {"other put", 1},
                                  {"rest get", 2},
                                  {"shell get", 2},
                              });
}

TEST_CASE("two Store objects on one store add up; reset zeroes them") {
  StoreFixture fx(kOperationSpec);
  fx.MustPut(Put("a").Add("f", "q", 100, "v"));
  REQUIRE(fx.store()->ResetOperationStats().ok());
  {
    std::unique_ptr<Store> other = MustOpenStore(fx.path(), fx.Options());
    Table* table = MustTable(other.get(), "t");
    for (int i = 0; i < 5; ++i) REQUIRE(table->Get(Get("a")).ok());
    REQUIRE(other->FlushRequestStats().ok());
    for (int i = 0; i < 2; ++i) REQUIRE(table->Get(Get("a")).ok());
    REQUIRE(table->Put(Put("b").Add("f", "q", 100, "v")).ok());
  }  // closing flushes the last 3
  for (int i = 0; i < 3; ++i) fx.MustGet(Get("a"));
  const std::map<std::string, int64_t> expected = {{"library get", 10},
                                                   {"library put", 1}};
  CHECK(Counts(fx.store()) == expected);
  fx.Reopen();  // this store's are flushed at close
  CHECK(Counts(fx.store()) == expected);
  // One row per bucket used: stored buckets add, their counts too.
  CHECK(fx.SqlInt("SELECT sum(samples) FROM obkv_op_stats") == 11);
  CHECK(fx.SqlInt("SELECT count(*) FROM obkv_op_stats WHERE samples = 0") == 0);

  REQUIRE(fx.store()->ResetOperationStats().ok());
  CHECK(Counts(fx.store()).empty());
  CHECK(fx.SqlInt("SELECT count(*) FROM obkv_op_stats") == 0);
  CHECK(fx.store()->ListTables() == std::vector<std::string>{"t"});
}

TEST_CASE("operation_stats off times nothing") {
  StoreFixture fx(kOperationSpec);
  StoreOptions options = fx.Options();
  options.operation_stats = false;
  std::unique_ptr<Store> off = MustOpenStore(fx.path(), options);
  Table* table = MustTable(off.get(), "t");
  REQUIRE(table->Put(Put("a").Add("f", "q", 100, "v")).ok());
  REQUIRE(table->Get(Get("a")).ok());
  REQUIRE(off->FlushRequestStats().ok());
  Result<std::vector<OperationStatsLine>> lines = off->OperationStats();
  REQUIRE(lines.ok());
  CHECK(lines->empty());
}

TEST_CASE("concurrent operations count exactly while harvests run") {
  Watchdog watchdog(120, "operation_stats_test concurrency");
  OperationRecorder recorder;
  constexpr int kThreads = 6;
  constexpr int kPerThread = 20000;
  std::atomic<bool> done{false};
  OperationBuckets harvested;
  std::thread harvester([&] {
    while (!done.load()) recorder.Harvest(&harvested);
  });
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&recorder, t] {
      for (int i = 0; i < kPerThread; ++i) {
        recorder.Record(static_cast<Operation>(i % kOperations),
                        t % kOperationSurfaces, 1000 + i);
      }
    });
  }
  for (std::thread& th : threads) th.join();
  done = true;
  harvester.join();
  recorder.Harvest(&harvested);
  int64_t count = 0, sum = 0;
  for (const auto& [key, c] : harvested) {
    count += c.count;
    sum += c.sum_ns;
  }
  CHECK(count == int64_t{kThreads} * kPerThread);
  const int64_t per_thread_sum =
      int64_t{kPerThread} * 1000 + int64_t{kPerThread} * (kPerThread - 1) / 2;
  CHECK(sum == kThreads * per_thread_sum);

  // And through a store: 4 threads of gets.
  StoreFixture fx(kOperationSpec);
  fx.MustPut(Put("a").Add("f", "q", 100, "v"));
  REQUIRE(fx.store()->ResetOperationStats().ok());
  std::atomic<int> failures{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 4; ++t) {
    readers.emplace_back([&fx, &failures] {
      for (int i = 0; i < 50; ++i) {
        if (!fx.table()->Get(Get("a")).ok()) ++failures;
      }
    });
  }
  for (int i = 0; i < 5; ++i) REQUIRE(fx.store()->FlushRequestStats().ok());
  for (std::thread& th : readers) th.join();
  CHECK(failures.load() == 0);
  CHECK(Counts(fx.store()) ==
        std::map<std::string, int64_t>{{"library get", 200}});
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
