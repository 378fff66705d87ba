// Copyright (c) obkvlite authors.
//
// Lingering read locks (storage/sqlite/sqlite_read_lock_linger.h,
// StoreOptions::sqlite.linger_read_locks): an unsharded store's Gets keep
// the wal-index read lock between reads, and still each Get sees every
// commit made before it started, by another connection of the process or
// by another process, over every partitioning; the store's own writes
// restart its WAL as before; a write's read lock does not linger and a
// Get's holds back no checkpoint of what it saw; an idle lock is let go,
// so another connection's TRUNCATE checkpoint completes; and the lock
// really lingers (the read-mark locks reaching the VFS under the store,
// counted by FaultVfs, fall from one per Get to a few per run).

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "child_process.h"
#include "fault_vfs.h"
#include "obkvlite/store.h"
#include "store_fixture.h"
#include "test_paths.h"
#include "tools/crash/batch_load.h"
#include "watchdog.h"

namespace obkvlite {
namespace testing {
namespace {

StoreOptions LingerOptions(bool linger) {
  StoreOptions options;
  options.request_stats = false;
  options.sqlite.linger_read_locks = linger;
  return options;
}

// The value of (row, f:q) by a Get, or "" when it has none.
std::string ValueOf(Table* table, const std::string& row) {
  Result<RowResult> got = table->Get(Get(row));
  REQUIRE_MESSAGE(got.ok(), got.status().ToString());
  return got->cells.empty() ? std::string() : got->cells[0].value;
}

void MustPut(Table* table, const std::string& row, const std::string& value) {
  Put put(row);
  put.Add("f", "q", 1000, value);
  const Status st = table->Put(put);
  REQUIRE_MESSAGE(st.ok(), st.ToString());
}

// The table "t" with family "f" on `store`, made by the first caller.
Table* OpenTable(Store* store, const PartitionCase& partitioning) {
  if (!store->GetTable("t").ok()) {
    REQUIRE(store
                ->CreateTable(MustParseSpec(SpecJson(
                    "t", R"([{"name": "f"}])", partitioning.partition_json)))
                .ok());
  }
  return MustTable(store, "t");
}

// A fresh store file with the table "t", lingering or not, on `vfs`.
struct OneStore {
  explicit OneStore(
      bool linger = true,
      const PartitionCase& partitioning = NonePartitioning::Case(),
      const std::string& vfs = "") {
    StoreOptions options = LingerOptions(linger);
    options.sqlite.vfs = vfs;
    store = MustOpenStore(path, options);
    table = OpenTable(store.get(), partitioning);
  }

  TempDir dir;
  const std::string path = dir.path() + "/store.db";
  std::unique_ptr<Store> store;
  Table* table = nullptr;
};

TEST_CASE_TEMPLATE(
    "a Get sees every commit of another connection made "
    "since the one before, while its lock lingers",
    P, OBKV_PARTITIONINGS) {
  OneStore one(/*linger=*/true, P::Case());
  Table* read = one.table;
  // Another store on the same file: its own connections, as another
  // process's would be.
  std::unique_ptr<Store> writer = MustOpenStore(one.path, LingerOptions(true));
  Table* write = MustTable(writer.get(), "t");
  for (int i = 0; i < 300; ++i) {
    const std::string row = "row" + std::to_string(i % 37);
    const std::string value = "v" + std::to_string(i);
    CHECK(ValueOf(read, row) != value);
    MustPut(write, row, value);
    CHECK(ValueOf(read, row) == value);
  }
  // And the other way round: the reader's own writes, seen by the other.
  for (int i = 0; i < 50; ++i) {
    const std::string value = "w" + std::to_string(i);
    MustPut(read, "mine", value);
    CHECK(ValueOf(write, "mine") == value);
    CHECK(ValueOf(read, "mine") == value);
  }
}

// Another process: obkv-crash-writer --paced 1, which writes batch N of
// table "crash" when it reads a line and prints "ack N" after its commit
// (spawned, so that it starts its own threads wherever the parent has some).
TEST_CASE(
    "a Get sees every commit of another process made since the one "
    "before") {
  Watchdog watchdog(120, "the two processes' puts and gets");
  OneStore one;
  REQUIRE(one.store->CreateTable(MustParseSpec(crash::kSpecJson)).ok());
  Table* table = MustTable(one.store.get(), crash::kTableName);
  ChildProcess writer({OBKV_CRASH_WRITER, "--store", one.path, "--paced", "1",
                       "--durability", "normal"},
                      one.dir.path() + "/writer.err", /*piped_input=*/true);
  std::vector<std::string> acks;
  for (int n = 0; n < 100; ++n) {
    // The batch's last row: the batch is one transaction.
    const std::string row = crash::RowKey("w", n, crash::kRowsPerBatch - 1);
    CHECK(ValueOf(table, row).empty());
    writer.WriteLine("next");
    writer.ReadLines(60000, &acks, static_cast<size_t>(n) + 1);
    REQUIRE_MESSAGE(acks.size() == static_cast<size_t>(n) + 1, writer.Stderr());
    REQUIRE(acks.back() == "ack " + std::to_string(n));
    CHECK(ValueOf(table, row) == crash::CellValue(row, "f"));
  }
  writer.CloseInput();
  const int status = writer.Wait();
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}

TEST_CASE(
    "the store's own writes beside its lingering Gets keep its WAL "
    "restarting") {
  OneStore one;
  const std::string& path = one.path;
  Table* table = one.table;
  const std::string value(20000, 'x');
  // 60 MB through the WAL, a Get after every put: each checkpoint (every
  // 1000 pages of 8 KiB) lets the next write start the WAL over.
  uintmax_t largest = 0;
  for (int i = 0; i < 3000; ++i) {
    MustPut(table, "row" + std::to_string(i % 500), value);
    CHECK(ValueOf(table, "row" + std::to_string(i % 500)) == value);
    largest = std::max(largest, std::filesystem::file_size(path + "-wal"));
  }
  INFO("largest WAL: " << largest << " bytes");
  CHECK(largest < 16u * 1024 * 1024);
}

TEST_CASE(
    "an idle Get connection lets another's TRUNCATE checkpoint "
    "through") {
  Watchdog watchdog(60, "the checkpoint beside an idle store");
  OneStore one;
  const std::string& path = one.path;
  Table* table = one.table;
  for (int i = 0; i < 200; ++i) MustPut(table, "r" + std::to_string(i), "v");
  for (int i = 0; i < 200; ++i) {
    CHECK(ValueOf(table, "r" + std::to_string(i)) == "v");
  }
  // Another connection checkpoints at once, waiting as SQLite's busy
  // handler waits: the lingering lock is let go within 20 ms of idleness.
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  sqlite3_busy_timeout(db, 5000);
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "PRAGMA wal_checkpoint(TRUNCATE)", -1, &stmt,
                             nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
  CHECK(sqlite3_column_int(stmt, 0) == 0);  // not busy
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  CHECK(std::filesystem::file_size(path + "-wal") == 0);
  // The store reads on, from the checkpointed file.
  CHECK(ValueOf(table, "r7") == "v");
}

// PRAGMA wal_checkpoint(PASSIVE) on a connection of its own: {busy, frames
// in the WAL, frames copied}.
std::vector<int> PassiveCheckpoint(const std::string& path) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "PRAGMA wal_checkpoint(PASSIVE)", -1, &stmt,
                             nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
  std::vector<int> out = {sqlite3_column_int(stmt, 0),
                          sqlite3_column_int(stmt, 1),
                          sqlite3_column_int(stmt, 2)};
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return out;
}

TEST_CASE(
    "a lingering lock holds back no checkpoint of what it saw, and a "
    "write's read lock does not linger") {
  OneStore one;
  const std::string& path = one.path;
  Table* table = one.table;
  for (int round = 0; round < 20; ++round) {
    CAPTURE(round);
    // A Get lingers at the newest snapshot: everything can be copied.
    MustPut(table, "r" + std::to_string(round), "v");
    CHECK(ValueOf(table, "r" + std::to_string(round)) == "v");
    std::vector<int> ckpt = PassiveCheckpoint(path);
    CHECK(ckpt[0] == 0);
    CHECK(ckpt[2] == ckpt[1]);
    // A put right after a Get: the write's read lock, which marks the
    // snapshot before the put's commit, was released, so the put's frames
    // are copied too.
    CHECK(ValueOf(table, "r0") == "v");
    MustPut(table, "s" + std::to_string(round), "w");
    ckpt = PassiveCheckpoint(path);
    CHECK(ckpt[0] == 0);
    CHECK(ckpt[1] > 0);
    CHECK(ckpt[2] == ckpt[1]);
  }
}

TEST_CASE(
    "Gets take the wal-index read lock once, not once per Get, when "
    "it lingers") {
  FaultVfs& vfs = FaultVfs::Get();
  vfs.Disarm();
  for (const bool linger : {true, false}) {
    CAPTURE(linger);
    OneStore one(linger, NonePartitioning::Case(), kFaultVfsName);
    Table* table = one.table;
    for (int i = 0; i < 50; ++i) MustPut(table, "r" + std::to_string(i), "v");
    const int64_t before = vfs.read_mark_locks();
    for (int i = 0; i < 400; ++i) {
      CHECK(ValueOf(table, "r" + std::to_string(i % 50)) == "v");
    }
    const int64_t locks = vfs.read_mark_locks() - before;
    INFO("read-mark locks over 400 Gets: " << locks);
    if (linger) {
      // One, and one more each time the idle thread let it go (a Get
      // descheduled for over 10 ms).
      CHECK(locks < 100);
    } else {
      CHECK(locks >= 400);
    }
  }
}

// Regression: a file registered with the idle-lock thread before its
// mutex was made, which ThreadSanitizer saw as a race with the thread's
// tick. Stores open and close here while another's lock lingers, so the
// thread ticks throughout.
TEST_CASE("stores opened and closed while the idle-lock thread ticks") {
  Watchdog watchdog(120, "the stores opened beside a lingering one");
  OneStore lingering;
  MustPut(lingering.table, "r", "v");
  for (int i = 0; i < 40; ++i) {
    CHECK(ValueOf(lingering.table, "r") == "v");  // keeps the thread ticking
    OneStore one;
    MustPut(one.table, "r", std::to_string(i));
    CHECK(ValueOf(one.table, "r") == std::to_string(i));
    std::this_thread::sleep_for(std::chrono::milliseconds(3));
  }
}

TEST_CASE("Gets on many threads beside a writer see each acknowledged put") {
  Watchdog watchdog(120, "the threads' puts and gets");
  OneStore one;
  Table* table = one.table;
  MustPut(table, "counter", "0000");
  std::atomic<int> acknowledged{0};
  std::atomic<bool> done{false};
  std::atomic<int> stale{0};
  std::atomic<int> failed{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 4; ++t) {
    readers.emplace_back([&] {
      while (!done.load()) {
        const int floor = acknowledged.load();
        Result<RowResult> got = table->Get(Get("counter"));
        if (!got.ok() || got->cells.size() != 1) {
          failed.fetch_add(1);
          continue;
        }
        if (std::stoi(got->cells[0].value) < floor) stale.fetch_add(1);
      }
    });
  }
  for (int i = 1; i <= 500; ++i) {
    char value[8];
    std::snprintf(value, sizeof(value), "%04d", i);
    MustPut(table, "counter", value);
    acknowledged.store(i);
  }
  done.store(true);
  for (std::thread& t : readers) t.join();
  CHECK(failed.load() == 0);
  CHECK(stale.load() == 0);
  CHECK(ValueOf(table, "counter") == "0500");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
