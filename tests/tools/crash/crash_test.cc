// Copyright (c) obkvlite authors.
//
// Crash test: obkv-crash-writer loads batches and prints "ack N" after each
// commit; it is killed with SIGKILL at random points (OBKV_CRASH_KILLS,
// default 60). After every kill the store is reopened and checked: every
// acked batch is there whole, no batch is partial, PRAGMA integrity_check
// is ok. Two kills in three land in the middle of the load (after the
// writer's first ack), the others from its start on. Kills alternate between
// durability NORMAL and FULL, which both promise that a committed batch
// survives the death of the process (doc/durability.md). The seed is printed;
// OBKV_CRASH_SEED replays it.
//
// OBKV_CRASH_SHARDS=N runs it on a store of N files (CTest registers it a
// second time with 3). A batch then commits once per shard file, so the
// last, unacknowledged batch of a run may survive in part (doc/shards.md);
// every acknowledged batch must still be whole, and each file must pass
// integrity_check after the reopen (which repairs an interrupted create).
//
// A second case kills a writer of 4 threads on one Store, whose batches
// commit in groups (StoreOptions::group_commit): every acknowledged batch of
// every thread survives whole, each thread's batches have no gaps.
//
// OBKV_CRASH_MODE=mix runs the writer's mixed workload (a scanning reader
// and a purger beside the writer, crash_writer.cc); scripts/soak.sh runs
// rounds of it for as long as it is told.

#include <doctest/doctest.h>
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "batch_check.h"
#include "child_process.h"
#include "obkvlite/store.h"
#include "store_fixture.h"
#include "test_paths.h"
#include "tools/crash/batch_load.h"

namespace obkvlite {
namespace testing {
namespace {

// Batches acknowledged in `lines` ("ack N").
void CollectAcks(const std::vector<std::string>& lines,
                 std::set<int64_t>* acked) {
  for (const std::string& line : lines) {
    REQUIRE_MESSAGE(line.rfind("ack ", 0) == 0, "unexpected output: ", line);
    acked->insert(std::atoll(line.c_str() + 4));
  }
}

struct Survey {
  crash::BatchTally tally;
  bool table_exists = false;
};

// Reopens the store after a kill and tallies its batches.
Survey Reopen(const std::string& path) {
  Survey survey;
  Result<std::unique_ptr<Store>> store = Store::Open(StoreOptions(), path);
  REQUIRE_MESSAGE(store.ok(), store.status().ToString());
  Result<Table*> table = (*store)->GetTable(crash::kTableName);
  if (!table.ok()) {
    // Killed before CreateTable committed.
    REQUIRE_MESSAGE(table.status().IsNotFound(), table.status().ToString());
    return survey;
  }
  survey.table_exists = true;
  Result<crash::BatchTally> tally = TallyBatches(*table);
  REQUIRE_MESSAGE(tally.ok(), tally.status().ToString());
  survey.tally = std::move(tally).value();
  return survey;
}

// PRAGMA integrity_check is ok on the store file and on each of its
// `shards` - 1 shard files. A writer killed before it recorded the shard
// count left a store of one file, and no table yet.
void CheckFiles(const std::string& path, int64_t shards, const Survey& survey) {
  CHECK(IntegrityCheck(path) == "ok");
  for (int64_t shard = 1; shard < shards; ++shard) {
    const std::string file = path + ".shard" + std::to_string(shard);
    if (!std::filesystem::exists(file)) {
      CHECK_FALSE(survey.table_exists);
      continue;
    }
    CHECK(IntegrityCheck(file) == "ok");
  }
}

// Kills run `k`'s `writer` with SIGKILL and returns what it printed. One
// run in three is killed 0..150 ms after its start: before the store is
// open, while the table is created, or in the first commits. The others
// 0..50 ms after its first ack, in the middle of the load (however slow the
// start is, e.g. under ASan). REQUIREs that it was still running.
std::vector<std::string> KillAtRandomPoint(ChildProcess* writer, int64_t k,
                                           std::mt19937_64* random) {
  std::vector<std::string> lines;
  bool running = true;
  int delay_ms = static_cast<int>((*random)() % 151);
  if (k % 3 != 0) {
    running = writer->ReadLines(10000, &lines, 1);
    delay_ms = static_cast<int>((*random)() % 51);
  }
  running = running && writer->ReadLines(delay_ms, &lines);
  const int wait_status = writer->Kill();
  REQUIRE_MESSAGE(running, "writer ended early: ", writer->Stderr());
  REQUIRE_MESSAGE(WIFSIGNALED(wait_status), writer->Stderr());
  writer->ReadToEnd(&lines);
  return lines;
}

TEST_CASE("crash: SIGKILL at random points; acked batches survive whole") {
  const int64_t kills = EnvInt("OBKV_CRASH_KILLS", 60);
  const int64_t shards = EnvInt("OBKV_CRASH_SHARDS", 1);
  INFO("OBKV_CRASH_SHARDS=", shards);
  const char* mode_env = std::getenv("OBKV_CRASH_MODE");
  const std::string mode = mode_env != nullptr ? mode_env : "batches";
  INFO("OBKV_CRASH_MODE=", mode);
  const uint64_t seed = CrashSeed();
  INFO("OBKV_CRASH_SEED=", seed);
  std::mt19937_64 random(seed);
  TempDir dir;
  const std::string path = dir.path() + "/crash.obkv";
  std::set<int64_t> acked;
  std::set<std::pair<std::string, int64_t>> torn;  // partial, unacked
  int64_t next = 0;
  int64_t survived = 0;
  int64_t mid_load = 0;  // kills after the run's first ack
  for (int64_t k = 0; k < kills; ++k) {
    CAPTURE(k);
    const char* durability = k % 2 == 0 ? "normal" : "full";
    ChildProcess writer({OBKV_CRASH_WRITER, "--store", path, "--first",
                         std::to_string(next), "--durability", durability,
                         "--shards", std::to_string(shards), "--mode", mode},
                        dir.path() + "/writer.err");
    const std::vector<std::string> lines =
        KillAtRandomPoint(&writer, k, &random);
    mid_load += !lines.empty();
    CollectAcks(lines, &acked);

    const Survey survey = Reopen(path);
    CheckFiles(path, shards, survey);
    const int64_t max = survey.tally.MaxBatch("w");
    if (shards > 1 && max >= 0 && !survey.tally.Whole("w", max)) {
      CHECK(acked.count(max) == 0);
      torn.insert({"w", max});
    }
    CHECK(survey.tally.FirstDefect(torn) == "");
    CHECK((survey.table_exists || acked.empty()));
    for (int64_t batch : acked) {
      CAPTURE(batch);
      REQUIRE(survey.tally.Whole("w", batch));
    }
    CHECK(survey.tally.Batches("w") == max + 1);  // no gaps
    next = max + 1;
    ++survived;
  }
  // A batch committed but not acked was killed between commit and print.
  MESSAGE("crash: ", mode, ", ", shards, " shard file(s); survived ", survived,
          " kills (", mid_load, " after the run's first ack); ", acked.size(),
          " acked batches, ", next, " committed, ", torn.size(),
          " kept in part");
  CHECK(survived == kills);
  CHECK(next >= static_cast<int64_t>(acked.size()));
}

// Batches acknowledged in `lines` ("ack W N"), by writer.
void CollectWriterAcks(const std::vector<std::string>& lines,
                       std::map<std::string, std::set<int64_t>>* acked) {
  for (const std::string& line : lines) {
    const size_t space = line.find(' ', 4);
    REQUIRE_MESSAGE((line.rfind("ack ", 0) == 0 && space != std::string::npos),
                    "unexpected output: ", line);
    (*acked)[line.substr(4, space - 4)].insert(
        std::atoll(line.c_str() + space + 1));
  }
}

TEST_CASE("crash: SIGKILL during group commits of 4 writer threads") {
  constexpr int kThreads = 4;
  const int64_t kills =
      std::max<int64_t>(1, EnvInt("OBKV_CRASH_KILLS", 60) / 3);
  const int64_t shards = EnvInt("OBKV_CRASH_SHARDS", 1);
  INFO("OBKV_CRASH_SHARDS=", shards);
  const uint64_t seed = CrashSeed();
  INFO("OBKV_CRASH_SEED=", seed);
  std::mt19937_64 random(seed);
  TempDir dir;
  const std::string path = dir.path() + "/crash.obkv";
  std::set<std::pair<std::string, int64_t>> torn;  // partial, unacked
  int64_t acked_batches = 0;
  for (int64_t k = 0; k < kills; ++k) {
    CAPTURE(k);
    // Each run's threads write as writers of their own: "k<k>w<t>".
    const std::string prefix = "k" + std::to_string(k) + "w";
    ChildProcess writer(
        {OBKV_CRASH_WRITER, "--store", path, "--writer", prefix, "--threads",
         std::to_string(kThreads), "--durability",
         k % 2 == 0 ? "normal" : "full", "--shards", std::to_string(shards)},
        dir.path() + "/writer.err");
    const std::vector<std::string> lines =
        KillAtRandomPoint(&writer, k, &random);
    std::map<std::string, std::set<int64_t>> acked;
    CollectWriterAcks(lines, &acked);

    const Survey survey = Reopen(path);
    CheckFiles(path, shards, survey);
    for (int t = 0; t < kThreads; ++t) {
      const std::string name = prefix + std::to_string(t);
      CAPTURE(name);
      const int64_t max = survey.tally.MaxBatch(name);
      if (shards > 1 && max >= 0 && !survey.tally.Whole(name, max)) {
        CHECK(acked[name].count(max) == 0);
        torn.insert({name, max});
      }
      for (int64_t batch : acked[name]) {
        CAPTURE(batch);
        REQUIRE(survey.tally.Whole(name, batch));
      }
      // A thread's batches commit in order: what survived has no gaps.
      CHECK(survey.tally.Batches(name) == max + 1);
      acked_batches += static_cast<int64_t>(acked[name].size());
    }
    CHECK(survey.tally.FirstDefect(torn) == "");
  }
  MESSAGE("crash: ", kThreads, " writer threads, ", shards,
          " shard file(s); survived ", kills, " kills; ", acked_batches,
          " acked batches, ", torn.size(), " kept in part");
  CHECK(acked_batches > 0);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
