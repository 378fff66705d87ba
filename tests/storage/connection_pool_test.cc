// Copyright (c) obkvlite authors.
//
// The store's read connections (storage/connection_pool.h,
// StoreOptions::max_idle_readers), counted as the read-only opens of the
// store file that reach FaultVfs (fault_vfs.h, never armed here): readers
// given back are kept up to max_idle_readers and used again, the rest are
// closed and opened anew; a bound outside [0, kMaxIdleReaders] is refused
// when the store opens, naming the field and the limit.

#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "fault_vfs.h"
#include "obkvlite/store.h"
#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

// A store on FaultVfs with `max_idle` idle readers and 8 rows in table "t".
std::unique_ptr<Store> OpenWithRows(const std::string& path, int max_idle) {
  StoreOptions options;
  options.sqlite.vfs = kFaultVfsName;
  options.request_stats = false;
  options.max_idle_readers = max_idle;
  std::unique_ptr<Store> store = MustOpenStore(path, options);
  REQUIRE(store
              ->CreateTable(MustParseSpec(SpecJson("t", R"([{"name": "f"}])",
                                                   R"({"strategy": "none"})")))
              .ok());
  std::vector<Put> puts;
  for (int i = 0; i < 8; ++i) {
    puts.push_back(Put("row" + std::to_string(i)).Add("f", "q", 1, "v"));
  }
  REQUIRE(MustTable(store.get(), "t")->Put(puts).ok());
  return store;
}

// Reader connections opened while `n` scanners are open at once, each
// having read its first cell, then all closed.
int64_t OpensForScanners(Table* table, int n) {
  const int64_t before = FaultVfs::Get().reader_opens();
  std::vector<std::unique_ptr<Scanner>> open;
  for (int i = 0; i < n; ++i) {
    Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(Scan());
    REQUIRE_MESSAGE(scanner.ok(), scanner.status().ToString());
    CellView cell;
    REQUIRE_MESSAGE((*scanner)->NextCell(&cell),
                    (*scanner)->status().ToString());
    CHECK(cell.row == "row0");
    open.push_back(std::move(*scanner));
  }
  open.clear();
  return FaultVfs::Get().reader_opens() - before;
}

TEST_CASE("readers given back are kept up to max_idle_readers and reused") {
  FaultVfs::Get().Disarm();
  TempDir dir;
  std::unique_ptr<Store> store = OpenWithRows(dir.path() + "/a.db", 2);
  Table* table = MustTable(store.get(), "t");
  // 6 at once: 6 readers; 2 of them stay idle, 4 are closed.
  CHECK(OpensForScanners(table, 6) == 6);
  // The next 6 reuse the 2 and open 4.
  CHECK(OpensForScanners(table, 6) == 4);
  // 2 at once need none.
  CHECK(OpensForScanners(table, 2) == 0);
}

TEST_CASE("the default keeps as many idle readers as 16 reads at once") {
  FaultVfs::Get().Disarm();
  CHECK(StoreOptions().max_idle_readers == 64);
  TempDir dir;
  std::unique_ptr<Store> store =
      OpenWithRows(dir.path() + "/a.db", StoreOptions().max_idle_readers);
  Table* table = MustTable(store.get(), "t");
  CHECK(OpensForScanners(table, 16) == 16);
  CHECK(OpensForScanners(table, 16) == 0);
}

TEST_CASE("max_idle_readers 0: every reader is closed when given back") {
  FaultVfs::Get().Disarm();
  TempDir dir;
  std::unique_ptr<Store> store = OpenWithRows(dir.path() + "/a.db", 0);
  Table* table = MustTable(store.get(), "t");
  CHECK(OpensForScanners(table, 3) == 3);
  CHECK(OpensForScanners(table, 3) == 3);
  // Gets still read (on the writer or a fresh reader).
  Result<RowResult> row = table->Get(Get("row3"));
  REQUIRE(row.ok());
  REQUIRE(row->cells.size() == 1);
  CHECK(row->cells[0].value == "v");
}

TEST_CASE(
    "max_idle_readers outside [0, 4096] is refused when the store opens") {
  TempDir dir;
  for (int bad : {-1, kMaxIdleReaders + 1}) {
    CAPTURE(bad);
    StoreOptions options;
    options.max_idle_readers = bad;
    Result<std::unique_ptr<Store>> store =
        Store::Open(options, dir.path() + "/a.db");
    CHECK(store.status().ToString() ==
          "InvalidArgument: options.max_idle_readers: must be in [0, 4096]; "
          "got " +
              std::to_string(bad));
  }
  // Refused before anything was made.
  CHECK_FALSE(std::filesystem::exists(dir.path() + "/a.db"));
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
