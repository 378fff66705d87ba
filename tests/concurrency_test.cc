// Copyright (c) obkvlite authors.
//
// Concurrency: 4 reader threads and 1 writer thread on one Store for
// OBKV_CONCURRENCY_SECONDS (default 10): no errors, and no reader ever
// sees a partial batch or fewer batches than it saw before. Then two
// writer processes (obkv-crash-writer) load the same store at once: each
// waits for the other's write lock (busy timeout) and no write is lost.

#include <doctest/doctest.h>
#include <sys/wait.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "batch_check.h"
#include "child_process.h"
#include "obkvlite/store.h"
#include "store_fixture.h"
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
