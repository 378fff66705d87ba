// Copyright (c) obkvlite authors.
//
// Concurrency: 4 reader threads and 1 writer thread on one Store for
// OBKV_CONCURRENCY_SECONDS (default 10): no errors, and no reader ever
// sees a partial batch or fewer batches than it saw before. Then two
// writer processes (obkv-crash-writer) load the same store at once: each
// waits for the other's write lock (busy timeout) and no write is lost.
// And every kind of operation (put, increment, append, check_and_mutate,
// batch, delete, purge, create/drop table, get, scan) from its own thread on
// one Store of 1 and of 3 files, with exact final contents: scripts/tsan.sh
// runs this suite under ThreadSanitizer.

#include <doctest/doctest.h>
#include <sys/wait.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "batch_check.h"
#include "child_process.h"
#include "obkvlite/rowkey.h"
#include "obkvlite/store.h"
#include "store_fixture.h"
#include "test_paths.h"
#include "tools/crash/batch_load.h"

namespace obkvlite {
namespace testing {
namespace {

struct ReaderStats {
  int64_t scans = 0;
  int64_t max_batches = 0;
  std::string error;  // first error or defect; "" when clean
};

void ReadUntil(Table* table, const std::atomic<bool>* stop,
               ReaderStats* stats) {
  while (!stop->load() && stats->error.empty()) {
    Result<crash::BatchTally> tally = TallyBatches(table);
    if (!tally.ok()) {
      stats->error = tally.status().ToString();
      break;
    }
    const int64_t batches = tally->Batches("w");
    stats->error = tally->FirstDefect();
    if (batches < stats->max_batches) {
      stats->error = "saw " + std::to_string(batches) + " batches after " +
                     std::to_string(stats->max_batches);
    }
    stats->max_batches = batches;
    ++stats->scans;
  }
}

TEST_CASE("concurrency: 4 readers and 1 writer on one Store") {
  const char* env = std::getenv("OBKV_CONCURRENCY_SECONDS");
  const int seconds = env == nullptr ? 10 : std::atoi(env);
  StoreFixture fx(crash::kSpecJson);
  Table* table = fx.MustGetTable(crash::kTableName);
  std::atomic<bool> stop{false};
  std::vector<ReaderStats> readers(4);
  std::vector<std::thread> threads;
  for (ReaderStats& stats : readers) {
    threads.emplace_back(ReadUntil, table, &stop, &stats);
  }
  int64_t written = 0;
  std::string write_error;
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (std::chrono::steady_clock::now() < deadline) {
    Status st = table->Put(crash::BatchPuts("w", written));
    if (!st.ok()) {
      write_error = st.ToString();
      break;
    }
    ++written;
  }
  stop.store(true);
  for (std::thread& t : threads) t.join();

  CHECK(write_error == "");
  int64_t scans = 0;
  for (const ReaderStats& stats : readers) {
    CHECK(stats.error == "");
    CHECK(stats.scans > 0);
    CHECK(stats.max_batches <= written);
    scans += stats.scans;
  }
  Result<crash::BatchTally> final_tally = TallyBatches(table);
  REQUIRE(final_tally.ok());
  CHECK(final_tally->Batches("w") == written);
  CHECK(final_tally->FirstDefect() == "");
  MESSAGE("concurrency: ", written, " batches written, ", scans,
          " full scans by 4 readers in ", seconds, " s");
}

// Table "mix": family f keeps 2 versions (so purge has excess versions to
// remove), g keeps every version; KEY 7, so rows spread over the shards.
constexpr const char* kMixSpec =
    R"({"table": "mix", "families": [{"name": "f", "max_versions": 2},)"
    R"( {"name": "g"}], "partition": {"strategy": "key", "partitions": 7}})";

// The newest value of family:qualifier in `row`, or "" when absent.
std::string NewestValue(Table* table, const std::string& row,
                        const std::string& family,
                        const std::string& qualifier, std::string* error) {
  Get get(row);
  get.columns = {{family, qualifier}};
  Result<RowResult> r = table->Get(get);
  if (!r.ok()) {
    *error = r.status().ToString();
    return "";
  }
  return r->cells.empty() ? "" : r->cells[0].value;
}

// Each worker repeats one kind of operation on rows of its own, so the final
// contents are exact however the threads interleave; readers run until the
// workers are done. Every error is recorded under the worker's name.
TEST_CASE("concurrency: every operation from its own thread on one Store") {
  for (int shards : {1, 3}) {
    CAPTURE(shards);
    TempDir dir;
    StoreOptions options;
    options.sqlite.shards = shards;
    std::unique_ptr<Store> store =
        MustOpenStore(dir.path() + "/mix.obkv", options);
    REQUIRE(store->CreateTable(MustParseSpec(kMixSpec)).ok());
    Table* table = MustTable(store.get(), "mix");
    constexpr int kOps = 60;
    std::mutex errors_mu;
    std::vector<std::string> errors;
    const auto fail = [&](const std::string& who, const std::string& what) {
      std::lock_guard<std::mutex> lock(errors_mu);
      errors.push_back(who + ": " + what);
    };
    const auto check = [&](const std::string& who, const Status& st) {
      if (!st.ok()) fail(who, st.ToString());
    };
    std::vector<std::thread> workers;
    workers.emplace_back([&] {
      for (int i = 0; i < kOps; ++i) {
        check("put", table->Put(Put("p/" + std::to_string(i))
                                    .Add("f", "q", "v")
                                    .Add("g", "q", "w")));
      }
    });
    workers.emplace_back([&] {
      for (int i = 0; i < kOps; ++i) {
        Increment inc;
        inc.row = "c";
        inc.columns.push_back({"f", "n", 1});
        check("increment", table->Increment(inc).status());
      }
    });
    workers.emplace_back([&] {
      for (int i = 0; i < kOps; ++i) {
        Append app;
        app.row = "a";
        app.columns.push_back({"g", "s", "x"});
        check("append", table->Append(app).status());
      }
    });
    workers.emplace_back([&] {
      for (int i = 0; i < kOps; ++i) {
        CheckAndMutate cam;
        cam.row = "m";
        cam.family = "f";
        cam.qualifier = "v";
        cam.check_not_exists = i == 0;
        cam.value = std::to_string(i);
        cam.mutations.push_back(
            Put("m").Add("f", "v", std::to_string(i + 1)));
        Result<bool> r = table->CheckAndMutate(cam);
        if (!r.ok() || !*r) fail("check_and_mutate", r.status().ToString());
      }
    });
    workers.emplace_back([&] {
      // Each batch puts b/i and deletes b/(i-1): one row is left.
      for (int i = 0; i < kOps; ++i) {
        std::vector<Mutation> ops;
        ops.push_back(Put("b/" + std::to_string(i)).Add("f", "q", "v"));
        Delete del;
        del.row = "b/" + std::to_string(i - 1);
        ops.push_back(del);
        check("batch", table->Batch(ops).status());
      }
    });
    workers.emplace_back([&] {
      for (int i = 0; i < kOps; ++i) {
        const std::string row = "d/" + std::to_string(i);
        check("delete", table->Put(Put(row).Add("g", "q", "v")));
        Delete del;
        del.row = row;
        check("delete", table->Delete(del));
      }
    });
    workers.emplace_back([&] {
      for (int i = 0; i < kOps / 4; ++i) {
        check("purge", table->Purge().status());
      }
    });
    workers.emplace_back([&] {
      // Tables of its own, created, written and dropped.
      for (int i = 0; i < kOps / 6; ++i) {
        const std::string name = "x" + std::to_string(i);
        const std::string spec =
            SpecJson(name, kDefaultFamilies,
                     R"({"strategy": "key", "partitions": 3})");
        check("ddl", store->CreateTable(MustParseSpec(spec)));
        Result<Table*> x = store->GetTable(name);
        if (!x.ok()) {
          fail("ddl", x.status().ToString());
          continue;
        }
        check("ddl", (*x)->Put(Put("r").Add("f", "q", "v")));
        check("ddl", store->DropTable(name));
      }
    });
    std::atomic<int> working{static_cast<int>(workers.size())};
    for (std::thread& t : workers) {
      // Wrapped so the readers know when the last worker is done.
      t = std::thread([&working, body = std::move(t)]() mutable {
        body.join();
        working--;
      });
    }
    std::vector<std::thread> readers;
    std::atomic<int64_t> scans{0};
    for (int r = 0; r < 2; ++r) {
      readers.emplace_back([&] {
        int64_t last = 0;
        while (working.load() > 0) {
          std::string error;
          const std::string counter = NewestValue(table, "c", "f", "n", &error);
          if (!error.empty()) fail("get", error);
          if (!counter.empty()) {
            Result<int64_t> n = DecodeBigEndian64(counter);
            if (!n.ok() || *n < last) fail("get", "counter went back");
            if (n.ok()) last = *n;
          }
          Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(Scan());
          if (!scanner.ok()) {
            fail("scan", scanner.status().ToString());
            continue;
          }
          RowResult row;
          while ((*scanner)->Next(&row)) {
          }
          check("scan", (*scanner)->status());
          (void)store->ListTables();
          scans++;
        }
      });
    }
    for (std::thread& t : workers) t.join();
    for (std::thread& t : readers) t.join();
    CHECK(errors == std::vector<std::string>{});

    std::string error;
    CHECK(*DecodeBigEndian64(NewestValue(table, "c", "f", "n", &error)) ==
          kOps);
    CHECK(NewestValue(table, "a", "g", "s", &error) == std::string(kOps, 'x'));
    CHECK(NewestValue(table, "m", "f", "v", &error) == std::to_string(kOps));
    CHECK(error == "");
    std::map<std::string, int> cells_by_prefix;
    for (const Cell& cell : Drain(table->GetScanner(Scan())->get())) {
      cells_by_prefix[cell.row.substr(0, cell.row.find('/'))]++;
    }
    CHECK(cells_by_prefix ==
          std::map<std::string, int>{
              {"p", 2 * kOps}, {"b", 1}, {"c", 1}, {"a", 1}, {"m", 1}});
    CHECK(store->ListTables() == std::vector<std::string>{"mix"});
    MESSAGE("concurrency: ", shards, " file(s): ", workers.size(),
            " workers and 2 readers (", scans.load(), " scans), exact");
  }
}

TEST_CASE("concurrency: two processes write the same store, no lost writes") {
  TempDir dir;
  const std::string path = dir.path() + "/two.obkv";
  {
    // Created up front so the two writers only race on data.
    Result<std::unique_ptr<Store>> store = Store::Open(StoreOptions(), path);
    REQUIRE(store.ok());
    REQUIRE((*store)->CreateTable(MustParseSpec(crash::kSpecJson)).ok());
  }
  constexpr int kBatches = 150;
  std::vector<std::unique_ptr<ChildProcess>> writers;
  for (const char* name : {"a", "b"}) {
    writers.push_back(std::make_unique<ChildProcess>(
        std::vector<std::string>{OBKV_CRASH_WRITER, "--store", path, "--writer",
                                 name, "--count", std::to_string(kBatches),
                                 "--durability", "normal"},
        dir.path() + "/" + name + ".err"));
  }
  for (auto& writer : writers) {
    std::vector<std::string> lines;
    writer->ReadToEnd(&lines);
    const int status = writer->Wait();
    INFO(writer->Stderr());
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    CHECK(lines.size() == kBatches);
  }
  Result<std::unique_ptr<Store>> store = Store::Open(StoreOptions(), path);
  REQUIRE(store.ok());
  Result<Table*> table = (*store)->GetTable(crash::kTableName);
  REQUIRE(table.ok());
  Result<crash::BatchTally> tally = TallyBatches(*table);
  REQUIRE(tally.ok());
  CHECK(tally->FirstDefect() == "");
  CHECK(tally->Batches("a") == kBatches);
  CHECK(tally->Batches("b") == kBatches);
  CHECK(IntegrityCheck(path) == "ok");
  // Counted with plain SQL too: every cell of both writers is a row.
  CHECK(SqlFirstValue(path,
                      "SELECT (SELECT count(*) FROM \"crash$f\") + "
                      "(SELECT count(*) FROM \"crash$g\")") ==
        std::to_string(2 * kBatches * crash::kCellsPerBatch));
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
