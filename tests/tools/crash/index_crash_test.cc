// Copyright (c) obkvlite authors.
//
// Index crash test: obkv-crash-writer --indexed 1 runs indexed batches
// (tools/crash/indexed_batch.h: puts that add and move entries, a row
// delete that removes one) and is killed with SIGKILL at random points
// (OBKV_CRASH_KILLS, default 20; OBKV_CRASH_SEED replays). After every
// kill the store is reopened: the index check finds no missing or stale
// entry, every acked batch's rows are found through the index, and
// PRAGMA integrity_check is ok.

#include <doctest/doctest.h>
#include <signal.h>
#include <sys/wait.h>

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "batch_check.h"
#include "child_process.h"
#include "obkvlite/index.h"
#include "store_fixture.h"
#include "test_paths.h"
#include "tools/crash/indexed_batch.h"

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("crash: SIGKILL during indexed batches leaves a consistent index") {
  const int64_t kills = EnvInt("OBKV_CRASH_KILLS", 20);
  const uint64_t seed = CrashSeed();
  INFO("OBKV_CRASH_SEED=", seed);
  std::mt19937_64 random(seed);
  TempDir dir;
  const std::string path = dir.path() + "/crash.obkv";
  int64_t next = 0;
  int64_t acked_total = 0;
  for (int64_t k = 0; k < kills; ++k) {
    CAPTURE(k);
    ChildProcess writer({OBKV_CRASH_WRITER, "--store", path, "--first",
                         std::to_string(next), "--durability",
                         k % 2 == 0 ? "normal" : "full", "--indexed", "1"},
                        dir.path() + "/writer.err");
    std::vector<std::string> lines;
    bool running = writer.ReadLines(10000, &lines, 1);
    running = running &&
              writer.ReadLines(static_cast<int>(random() % 51), &lines);
    const int wait_status = writer.Kill();
    REQUIRE_MESSAGE(running, "writer ended early: ", writer.Stderr());
    REQUIRE_MESSAGE(WIFSIGNALED(wait_status), writer.Stderr());
    writer.ReadToEnd(&lines);
    int64_t last_acked = -1;
    for (const std::string& line : lines) {
      REQUIRE(line.rfind("ack ", 0) == 0);
      last_acked = std::atoll(line.c_str() + 4);
      ++acked_total;
    }
    CHECK(IntegrityCheck(path) == "ok");
    std::unique_ptr<Store> store = MustOpenStore(path);
    Table* table = MustTable(store.get(), crash::kIndexedTableName);
    Result<IndexCheckReport> report = table->CheckIndex("");
    REQUIRE_MESSAGE(report.ok(), report.status().ToString());
    CHECK(report->clean());
    CHECK(report->entries == report->expected);
    // The newest batch's rows: whole in both tables or absent from both.
    int64_t committed = next;
    while (true) {
      Result<RowResult> row =
          table->Get(Get(crash::RowKey("w", committed, 5)));
      REQUIRE(row.ok());
      if (row->empty()) break;
      ++committed;
    }
    CHECK(committed > last_acked);
    if (committed > 0) {
      const std::vector<Mutation> ops = crash::IndexedBatch("w", committed - 1);
      const Put& put = std::get<Put>(ops[5]);
      IndexScan scan;
      scan.index = "crash_by_q";
      scan.value = put.cells[0].value;
      scan.columns = {{"g", "q"}};
      Result<std::unique_ptr<Scanner>> s = table->GetIndexScanner(scan);
      REQUIRE(s.ok());
      bool found = false;
      RowResult row;
      while ((*s)->Next(&row)) found = found || row.row == put.row;
      CHECK(found);
    }
    next = committed;
  }
  MESSAGE("index crash: ", kills, " kills, ", acked_total, " acked batches, ",
          next, " committed");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
