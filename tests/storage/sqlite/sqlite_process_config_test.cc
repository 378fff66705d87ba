// Copyright (c) obkvlite authors.
//
// The SQLite engine's process-wide configuration
// (storage/sqlite/sqlite_db.h, ConfigureSqliteProcess): the first store a
// process opens switches SQLite's global memory statistics off before
// SQLite initializes, so that allocations take no process-wide mutex; an
// application that initialized SQLite first keeps its configuration.

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <memory>
#include <string>

#include "obkvlite/store.h"
#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("the first store turns SQLite's memory statistics off") {
  // Memory counted already: SQLite was initialized before, with the
  // statistics on (another suite in this process); nothing to judge.
  if (sqlite3_memory_used() != 0) {
    MESSAGE("SQLite was initialized with memory statistics before this case");
    return;
  }
  StoreFixture fixture(R"({"table": "t", "families": [{"name": "f"}]})");
  for (int i = 0; i < 200; ++i) {
    Put put("row" + std::to_string(i));
    put.Add("f", "q", 1, std::string(1000, 'v'));
    fixture.MustPut(put);
  }
  CHECK(fixture.MustScan(Scan()).size() == 200);
  // With the statistics off SQLite counts nothing; on, it would count the
  // page cache and every statement of the store's connections.
  CHECK(sqlite3_memory_used() == 0);
  CHECK(sqlite3_memory_highwater(0) == 0);
  // SQLite is initialized now: a second configuration is refused, as
  // SQLite refuses any after sqlite3_initialize.
  CHECK(sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 1) == SQLITE_MISUSE);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
