// Copyright (c) obkvlite authors.
//
// Sharded stores (StoreOptions::sqlite.shards, doc/shards.md): placement of
// every partition table in its file, reads and writes across files, the
// recorded count, parallel writers, SQL inspection, repair after an interrupted
// create or drop, and the errors that name options.shards. The CLI on a
// sharded store: tools/cli/shards_cli_test.cc.

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <filesystem>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "ddl/sql_quote.h"
#include "obkvlite/ddl.h"
#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

// Table "t": 7 KEY partitions, families f and g. FNV-1a-32("t") % 3 = 0,
// so partition i is in shard i % 3.
constexpr const char* kKeySpec =
    R"({"table": "t", "families": [{"name": "f"}, {"name": "g"}],
        "partition": {"strategy": "key", "partitions": 7}})";

StoreOptions ShardOptions(int shards) {
  StoreOptions options;
  options.sqlite.shards = shards;
  options.clock_ms = [] { return kNow; };
  return options;
}

std::unique_ptr<Store> MustOpen(const std::string& path, int shards,
                                bool read_only = false) {
  StoreOptions options = ShardOptions(shards);
  options.read_only = read_only;
  return MustOpenStore(path, options);
}

// Names of the tables in one SQLite file, read with a plain connection.
std::set<std::string> TablesInFile(const std::string& file) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) ==
          SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(
              db, "SELECT name FROM sqlite_schema WHERE type = 'table'", -1,
              &stmt, nullptr) == SQLITE_OK);
  std::set<std::string> names;
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    names.insert(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0)));
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return names;
}

void ExecOnFile(const std::string& file, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
  char* error = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  INFO(sql, ": ", error == nullptr ? "" : error);
  sqlite3_free(error);
  sqlite3_close(db);
  REQUIRE(rc == SQLITE_OK);
}

// A store of `shards` files in a fresh directory, holding table "t"
// (kKeySpec).
struct KeyStore {
  explicit KeyStore(int shards)
      : path(dir.path() + "/s.db"), store(MustOpen(path, shards)) {
    REQUIRE(store->CreateTable(MustParseSpec(kKeySpec)).ok());
    t = MustTable(store.get(), "t");
  }
  TempDir dir;
  std::string path;
  std::unique_ptr<Store> store;
  Table* t = nullptr;
};

std::string Row(int i) { return "row" + std::to_string(1000 + i); }

TEST_CASE("placement: partition i of table t is in shard (FNV(t) + i) % n") {
  CHECK(ShardOfPartition("t", 0, 3) == 0);
  CHECK(ShardOfPartition("t", 4, 3) == 1);
  CHECK(ShardOfPartition("t", 6, 3) == 0);
  CHECK(ShardOfPartition("u", 0, 3) == 1);
  CHECK(ShardOfPartition("t", 0, 2) == 1);
  CHECK(ShardOfPartition("t", 5, 1) == 0);
}

TEST_CASE("every partition table is created in its shard's file") {
  KeyStore fx(3);
  const std::set<std::string> main = TablesInFile(fx.path);
  CHECK(main == std::set<std::string>{"obkv_catalog", "obkv_shards", "t$f$p0",
                                      "t$f$p3", "t$f$p6", "t$g$p0", "t$g$p3",
                                      "t$g$p6"});
  CHECK(TablesInFile(fx.path + ".shard1") ==
        std::set<std::string>{"t$f$p1", "t$f$p4", "t$g$p1", "t$g$p4"});
  CHECK(TablesInFile(fx.path + ".shard2") ==
        std::set<std::string>{"t$f$p2", "t$f$p5", "t$g$p2", "t$g$p5"});
}

TEST_CASE("puts, gets, scans and deletes span the shards") {
  KeyStore fx(3);
  Table* t = fx.t;
  std::vector<Put> puts;
  std::vector<Cell> expected;
  for (int i = 0; i < 50; ++i) {
    puts.push_back(Put(Row(i))
                       .Add("f", "a", 100, "fa" + std::to_string(i))
                       .Add("g", "b", 200, "gb" + std::to_string(i)));
    expected.push_back(C(Row(i), "f", "a", 100, "fa" + std::to_string(i)));
    expected.push_back(C(Row(i), "g", "b", 200, "gb" + std::to_string(i)));
  }
  REQUIRE(t->Put(puts).ok());
  CHECK(Drain(t->GetScanner(Scan()).value().get()) == expected);
  Result<RowResult> row = t->Get(Get(Row(7)));
  REQUIRE(row.ok());
  CHECK(row->cells == std::vector<Cell>{C(Row(7), "f", "a", 100, "fa7"),
                                        C(Row(7), "g", "b", 200, "gb7")});
  Delete del;
  del.row = Row(7);
  del.type = DeleteType::kRow;
  REQUIRE(t->Delete(del).ok());
  CHECK(t->Get(Get(Row(7)))->cells.empty());

  // Each shard file holds rows, and all of them add up to 98 cells.
  int64_t total = 0;
  for (const std::string& file :
       {fx.path, fx.path + ".shard1", fx.path + ".shard2"}) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) ==
            SQLITE_OK);
    int64_t in_file = 0;
    for (const std::string& table : TablesInFile(file)) {
      if (table.rfind("t$", 0) != 0) continue;
      sqlite3_stmt* stmt = nullptr;
      REQUIRE(sqlite3_prepare_v2(
                  db,
                  ("SELECT count(*) FROM " + QuoteSqlIdentifier(table)).c_str(),
                  -1, &stmt, nullptr) == SQLITE_OK);
      REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
      in_file += sqlite3_column_int64(stmt, 0);
      sqlite3_finalize(stmt);
    }
    sqlite3_close(db);
    CHECK(in_file > 0);
    total += in_file;
  }
  CHECK(total == 98);

  // Reopened with shards = 0 (as created) and read-only, the data is there.
  fx.store.reset();
  auto reopened = MustOpen(fx.path, 0, /*read_only=*/true);
  CHECK(Drain(MustTable(reopened.get(), "t")->GetScanner(Scan()).value().get())
            .size() == 98);
}

TEST_CASE("two writer threads on a sharded store lose nothing") {
  KeyStore fx(2);
  Table* t = fx.t;
  auto writer = [t](int first) {
    for (int batch = 0; batch < 20; ++batch) {
      std::vector<Put> puts;
      for (int i = 0; i < 25; ++i) {
        const int n = first + batch * 25 + i;
        puts.push_back(Put(Row(n)).Add("f", "q", 100, std::to_string(n)));
      }
      REQUIRE(t->Put(puts).ok());
    }
  };
  std::thread a(writer, 0);
  std::thread b(writer, 500);
  a.join();
  b.join();
  const std::vector<Cell> cells = Drain(t->GetScanner(Scan()).value().get());
  REQUIRE(cells.size() == 1000);
  for (int n = 0; n < 1000; ++n) {
    CHECK(cells[n] == C(Row(n), "f", "q", 100, std::to_string(n)));
  }
}

TEST_CASE("the shard count is fixed when the store is created") {
  TempDir dir;
  const std::string path = dir.path() + "/s.db";
  REQUIRE(MustOpen(path, 3)->CreateTable(MustParseSpec(kKeySpec)).ok());
  Result<std::unique_ptr<Store>> other = Store::Open(ShardOptions(2), path);
  REQUIRE_FALSE(other.ok());
  CHECK(other.status().message() ==
        "options.sqlite.shards: store '" + path + "' has 3 shards; got 2");

  const std::string plain = dir.path() + "/plain.db";
  REQUIRE(MustOpen(plain, 0)->CreateTable(MustParseSpec(kKeySpec)).ok());
  Result<std::unique_ptr<Store>> late = Store::Open(ShardOptions(4), plain);
  REQUIRE_FALSE(late.ok());
  CHECK(late.status().message() ==
        "options.sqlite.shards: store '" + plain +
            "' already has tables in 1 file; got 4 (the count is chosen when "
            "the store is created)");
  CHECK_FALSE(std::filesystem::exists(plain + ".shard1"));

  // A store with no tables yet (e.g. its creator died before recording a
  // count) takes the count of the next opener that asks for one.
  const std::string empty = dir.path() + "/empty.db";
  MustOpen(empty, 0).reset();
  CHECK_FALSE(std::filesystem::exists(empty + ".shard1"));
  MustOpen(empty, 2).reset();
  CHECK(std::filesystem::exists(empty + ".shard1"));
  CHECK(InspectInt(empty, "SELECT \"count\" FROM obkv_shards") == 2);
  CHECK(InspectInt(empty, "PRAGMA user_version") == 2);

  Result<std::unique_ptr<Store>> bad =
      Store::Open(ShardOptions(kMaxShards + 1), dir.path() + "/x.db");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message() ==
        "options.sqlite.shards: must be in [0, 11]; got 12");
  CHECK_FALSE(std::filesystem::exists(dir.path() + "/x.db"));
}

// Regression: counts above SQLite's attach limit (10 files besides the
// store file) were accepted, created the shard files, then failed to attach
// them, leaving a store that could never be opened.
TEST_CASE("the largest shard count opens, writes, reads and reopens") {
  TempDir dir;
  const std::string path = dir.path() + "/max.db";
  {
    std::unique_ptr<Store> store = MustOpen(path, kMaxShards);
    REQUIRE(store->CreateTable(MustParseSpec(R"({"table": "t",
        "families": [{"name": "f"}],
        "partition": {"strategy": "key", "partitions": 22}})")).ok());
    Result<Table*> table = store->GetTable("t");
    REQUIRE(table.ok());
    for (int i = 0; i < 44; ++i) {
      REQUIRE((*table)->Put(Put("r" + std::to_string(i)).Add("f", "q", 1, "v"))
                  .ok());
    }
  }
  CHECK(std::filesystem::exists(path + ".shard" + std::to_string(kMaxShards - 1)));
  std::unique_ptr<Store> store = MustOpen(path, 0);
  Result<Table*> table = store->GetTable("t");
  REQUIRE(table.ok());
  Result<std::unique_ptr<Scanner>> scanner = (*table)->GetScanner(Scan());
  REQUIRE(scanner.ok());
  CHECK(Drain(scanner->get()).size() == 44);
}

TEST_CASE("a missing shard file is reported, not recreated empty") {
  TempDir dir;
  const std::string path = dir.path() + "/s.db";
  REQUIRE(MustOpen(path, 3)->CreateTable(MustParseSpec(kKeySpec)).ok());
  std::filesystem::remove(path + ".shard2");
  Result<std::unique_ptr<Store>> store = Store::Open(ShardOptions(0), path);
  REQUIRE_FALSE(store.ok());
  CHECK(store.status().message() ==
        path + ".shard2: shard 2 of this 3-shard store is missing");
  CHECK_FALSE(std::filesystem::exists(path + ".shard2"));
}

TEST_CASE("reopening repairs what a crash inside a create or drop left") {
  TempDir dir;
  const std::string path = dir.path() + "/s.db";
  {
    auto store = MustOpen(path, 3);
    REQUIRE(store->CreateTable(MustParseSpec(kKeySpec)).ok());
  }
  // A create whose shard-1 commit was lost, and a drop whose shard-2 commit
  // was lost.
  ExecOnFile(path + ".shard1", "DROP TABLE \"t$g$p4\"");
  ExecOnFile(path + ".shard2",
             "CREATE TABLE \"old$f$p2\" (\"K\" BLOB, PRIMARY KEY (\"K\")) "
             "WITHOUT ROWID");
  auto store = MustOpen(path, 0);
  CHECK(TablesInFile(path + ".shard1") ==
        std::set<std::string>{"t$f$p1", "t$f$p4", "t$g$p1", "t$g$p4"});
  CHECK(TablesInFile(path + ".shard2") ==
        std::set<std::string>{"t$f$p2", "t$f$p5", "t$g$p2", "t$g$p5"});
  Table* t = MustTable(store.get(), "t");
  std::vector<Put> puts;
  for (int i = 0; i < 30; ++i) {
    puts.push_back(Put(Row(i)).Add("g", "q", 100, "v"));
  }
  REQUIRE(t->Put(puts).ok());
  CHECK(Drain(t->GetScanner(Scan()).value().get()).size() == 30);
}

TEST_CASE("drop removes a table from every shard; create again works") {
  KeyStore fx(3);
  REQUIRE(fx.t->Put(Put("r").Add("f", "q", 1, "v")).ok());
  REQUIRE(fx.store->DropTable("t").ok());
  CHECK(TablesInFile(fx.path) ==
        std::set<std::string>{"obkv_catalog", "obkv_shards"});
  CHECK(TablesInFile(fx.path + ".shard1").empty());
  CHECK(TablesInFile(fx.path + ".shard2").empty());
  REQUIRE(fx.store->CreateTable(MustParseSpec(kKeySpec)).ok());
  CHECK(Drain(MustTable(fx.store.get(), "t")->GetScanner(Scan()).value().get())
            .empty());
}

TEST_CASE("timeseries tables work in a sharded store") {
  TempDir dir;
  const std::string path = dir.path() + "/s.db";
  auto store = MustOpen(path, 2);
  REQUIRE(store
              ->CreateTable(MustParseSpec(
                  R"({"table": "ts", "layout": "timeseries",
                      "families": [{"name": "m"}],
                      "partition": {"strategy": "key", "partitions": 4}})"))
              .ok());
  Table* t = MustTable(store.get(), "ts");
  REQUIRE(
      t->Put({Put("a").Add("m", "temp", 100, "20").Add("m", "hum", 100, "5"),
              Put("b").Add("m", "temp", 100, "21")})
          .ok());
  CHECK(Drain(t->GetScanner(Scan()).value().get()) ==
        std::vector<Cell>{C("a", "m", "hum", 100, "5"),
                          C("a", "m", "temp", 100, "20"),
                          C("b", "m", "temp", 100, "21")});

  // Range on G: one put's documents (ts 100 and 300) fall in partitions of
  // different shards, so the put is written by the all-shards writer, in
  // one transaction with one S.
  REQUIRE(store
              ->CreateTable(MustParseSpec(
                  R"({"table": "tr", "layout": "timeseries",
                      "families": [{"name": "m"}],
                      "partition": {"strategy": "range_key",
                                    "bounds": [200, "MAXVALUE"],
                                    "subpartitions": 1}})"))
              .ok());
  CHECK(ShardOfPartition("tr", 0, 2) != ShardOfPartition("tr", 1, 2));
  Table* tr = MustTable(store.get(), "tr");
  REQUIRE(
      tr->Put(Put("a").Add("m", "x", 100, "1").Add("m", "x", 300, "3")).ok());
  Get all("a");
  all.max_versions = 5;
  CHECK(tr->Get(all)->cells == std::vector<Cell>{C("a", "m", "x", 300, "3"),
                                                 C("a", "m", "x", 100, "1")});
  CHECK(InspectInt(path, "SELECT count(DISTINCT S) FROM \"tr$m\"") == 1);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
