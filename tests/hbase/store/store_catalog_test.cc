// Copyright (c) obkvlite authors.
//
// The store as a file: catalog, reopen, DDL, physical placement of rows in
// the partition tables the router names, read-only stores, snapshots and
// concurrency, and a differential run of one workload over all six
// partitioning strategies.

#include <doctest/doctest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "ddl/sql_quote.h"
#include "obkvlite/ddl.h"
#include "obkvlite/index.h"
#include "obkvlite/router.h"
#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

using Cells = std::vector<Cell>;

TEST_CASE_TEMPLATE("reopening a store keeps tables and cells", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  fx.MustPut(Put("r1").Add("f", "q", 100, "v").Add("g", "q", 200, "w"));
  fx.Reopen();
  CHECK(fx.store()->ListTables() == std::vector<std::string>{"t"});
  CHECK(fx.table()->spec().json == fx.spec().json);
  CHECK(fx.ScanAll() ==
        Cells{C("r1", "f", "q", 100, "v"), C("r1", "g", "q", 200, "w")});
  fx.MustPut(Put("r2").Add("f", "q", 1, "x"));
  CHECK(fx.ScanAll().size() == 3);
}

TEST_CASE("the file records format version 1 and WAL mode") {
  StoreFixture fx(AllPartitionCases()[0]);
  CHECK(fx.SqlInt("PRAGMA user_version") == 1);
  CHECK(fx.SqlInt("SELECT count(*) FROM obkv_catalog WHERE name = 't'") == 1);
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(fx.path().c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &stmt, nullptr) ==
          SQLITE_OK);
  REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
  CHECK(std::string(reinterpret_cast<const char*>(
            sqlite3_column_text(stmt, 0))) == "wal");
  sqlite3_finalize(stmt);
  sqlite3_close(db);
}

TEST_CASE("CreateTable twice is AlreadyExists; tables are listed by name") {
  StoreFixture fx(AllPartitionCases()[1]);
  Status st = fx.store()->CreateTable(fx.spec());
  CHECK(st.code() == Status::Code::kAlreadyExists);
  CHECK(st.message() == "table 't' already exists");
  REQUIRE(fx.store()
              ->CreateTable(MustParseSpec(SpecJson("b", R"([{"name": "f"}])",
                                                   R"({"strategy": "none"})")))
              .ok());
  REQUIRE(fx.store()
              ->CreateTable(MustParseSpec(
                  SpecJson("a", R"([{"name": "f"}])",
                           R"({"strategy": "key", "partitions": 3})")))
              .ok());
  CHECK(fx.store()->ListTables() == std::vector<std::string>{"a", "b", "t"});
}

TEST_CASE("DropTable removes relations and the catalog entry") {
  StoreFixture fx(AllPartitionCases()[5]);
  fx.MustPut(Put("r1").Add("f", "q", 100, "v"));
  REQUIRE(fx.store()->DropTable("t").ok());
  CHECK(fx.store()->GetTable("t").status().IsNotFound());
  CHECK(fx.store()->ListTables().empty());
  CHECK(fx.SqlInt("SELECT count(*) FROM sqlite_schema WHERE name LIKE 't$%'") ==
        0);
  CHECK(fx.store()->DropTable("t").IsNotFound());
  // Same name again, other partitioning: fresh and empty.
  REQUIRE(fx.store()
              ->CreateTable(MustParseSpec(
                  SpecJson("t", R"([{"name": "f"}])",
                           R"({"strategy": "key", "partitions": 3})")))
              .ok());
  Table* table = fx.MustGetTable("t");
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(Scan());
  REQUIRE(scanner.ok());
  CHECK(Drain(scanner->get()).empty());
  REQUIRE(table->Put(Put("r1").Add("f", "q", 1, "new")).ok());
  Result<RowResult> row = table->Get(Get("r1"));
  REQUIRE(row.ok());
  CHECK(row->cells == Cells{C("r1", "f", "q", 1, "new")});
}

TEST_CASE("GetTable of an unknown table is NotFound") {
  StoreFixture fx(AllPartitionCases()[0]);
  Result<Table*> table = fx.store()->GetTable("nope");
  CHECK(table.status().IsNotFound());
  CHECK(table.status().message() == "table 'nope' not found");
}

TEST_CASE("CreateTable needs a spec whose fields match its json") {
  StoreFixture fx(AllPartitionCases()[0]);
  TableSpec spec = MustParseSpec(
      SpecJson("u", R"([{"name": "f"}])", R"({"strategy": "none"})"));
  spec.families[0].partition.strategy = PartitionStrategy::kKey;
  spec.families[0].partition.key_partitions = 3;
  CHECK(fx.store()->CreateTable(spec).IsInvalidArgument());
  spec.json.clear();
  CHECK(fx.store()->CreateTable(spec).IsInvalidArgument());
  CHECK(fx.store()->ListTables() == std::vector<std::string>{"t"});
}

TEST_CASE("Store::Open errors") {
  TempDir dir;
  StoreOptions options;
  options.create_if_missing = false;
  Result<std::unique_ptr<Store>> store =
      Store::Open(options, dir.path() + "/missing.db");
  CHECK(store.status().IsNotFound());

  const std::string junk = dir.path() + "/junk.db";
  std::ofstream(junk) << std::string(8192, 'x');
  store = Store::Open(StoreOptions(), junk);
  CHECK(store.status().code() == Status::Code::kCorruption);

  const std::string other = dir.path() + "/other.db";
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(other.c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, "CREATE TABLE x(a)", nullptr, nullptr, nullptr) ==
          SQLITE_OK);
  sqlite3_close(db);
  store = Store::Open(StoreOptions(), other);
  CHECK(store.status().code() == Status::Code::kCorruption);
  CHECK(store.status().message() ==
        other + ": not an obkvlite store (no obkv_catalog table)");
}

// PRAGMA page_size of the SQLite file at `path`.
int64_t FilePageSize(const std::string& path) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "PRAGMA page_size", -1, &stmt, nullptr) ==
          SQLITE_OK);
  REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
  const int64_t size = sqlite3_column_int64(stmt, 0);
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return size;
}

// A store file whose table lost its index table, as a process killed
// between a create's two changes (the table, then its index table) or a
// drop's (the other way round) leaves it: the next open makes the index
// table again and fills it from the table's rows.
TEST_CASE("an index table missing from the file is restored at open") {
  TempDir dir;
  const std::string path = dir.path() + "/idx.db";
  {
    std::unique_ptr<Store> store = MustOpenStore(path);
    REQUIRE(store
                ->CreateTable(MustParseSpec(
                    R"({"table": "t", "families": [{"name": "f"}],
                        "indexes": [{"name": "t_by_q", "family": "f",
                                     "qualifier": "q"}]})"))
                .ok());
    Table* table = MustTable(store.get(), "t");
    REQUIRE(table->Put(Put("a").Add("f", "q", 1, "x")).ok());
    REQUIRE(table->Put(Put("b").Add("f", "q", 1, "x")).ok());
  }
  {
    // The index table's relations and catalog row go.
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    std::vector<std::string> drops;
    sqlite3_stmt* stmt = nullptr;
    REQUIRE(sqlite3_prepare_v2(db,
                               "SELECT type, name FROM sqlite_schema WHERE "
                               "substr(name, 1, 7) = 't_by_q$' "
                               "ORDER BY type DESC",
                               -1, &stmt, nullptr) == SQLITE_OK);
    while (sqlite3_step(stmt) == SQLITE_ROW) {
      const std::string type =
          reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
      const std::string name =
          reinterpret_cast<const char*>(sqlite3_column_text(stmt, 1));
      drops.push_back("DROP " + std::string(type == "view" ? "VIEW" : "TABLE") +
                      " " + QuoteSqlIdentifier(name));
    }
    sqlite3_finalize(stmt);
    REQUIRE_FALSE(drops.empty());
    drops.push_back("DELETE FROM obkv_catalog WHERE name = 't_by_q'");
    for (const std::string& sql : drops) {
      CAPTURE(sql);
      REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) ==
              SQLITE_OK);
    }
    sqlite3_close(db);
  }
  std::unique_ptr<Store> store = MustOpenStore(path);
  CHECK(store->info().repaired ==
        std::vector<std::string>{
            "restored index table 't_by_q' of table 't' (a create or drop "
            "stopped between its tables), rebuilt from 2 rows"});
  Result<std::vector<std::string>> diffs = store->Check();
  REQUIRE(diffs.ok());
  CHECK(diffs->empty());
  IndexScan scan;
  scan.index = "t_by_q";
  scan.value = "x";
  Result<std::unique_ptr<Scanner>> scanner =
      MustTable(store.get(), "t")->GetIndexScanner(scan);
  REQUIRE_MESSAGE(scanner.ok(), scanner.status().ToString());
  std::string rows;
  for (const Cell& c : Drain(scanner->get())) rows += c.row + " ";
  CHECK(rows == "a b ");
}

TEST_CASE("StoreOptions out of range name the field and create no file") {
  TempDir dir;
  const std::string path = dir.path() + "/s.db";
  struct Case {
    StoreOptions options;
    std::string message;
  };
  std::vector<Case> cases;
  for (int size : {0, 511, 1000, 131072}) {
    StoreOptions o;
    o.sqlite.page_size = size;
    cases.push_back({o,
                     "options.sqlite.page_size: must be a power of two in "
                     "[512, 65536]; got " +
                         std::to_string(size)});
  }
  StoreOptions cache;
  cache.sqlite.cache_size_kib = -1;
  cases.push_back(
      {cache, "options.sqlite.cache_size_kib: must be >= 0; got -1"});
  StoreOptions mmap;
  mmap.sqlite.mmap_size = -1;
  cases.push_back({mmap, "options.sqlite.mmap_size: must be >= 0; got -1"});
  StoreOptions busy;
  busy.busy_timeout_ms = -5;
  cases.push_back({busy, "options.busy_timeout_ms: must be >= 0; got -5"});
  for (const Case& c : cases) {
    CAPTURE(c.message);
    Result<std::unique_ptr<Store>> store = Store::Open(c.options, path);
    CHECK(store.status().IsInvalidArgument());
    CHECK(store.status().message() == c.message);
    CHECK(!std::filesystem::exists(path));
  }
}

TEST_CASE("page_size applies to a new file; an existing file keeps its own") {
  TempDir dir;
  const std::string path = dir.path() + "/s.db";
  {
    Result<std::unique_ptr<Store>> store = Store::Open(StoreOptions(), path);
    REQUIRE(store.ok());
  }
  CHECK(FilePageSize(path) == 8192);
  StoreOptions small;
  small.sqlite.page_size = 4096;
  {
    Result<std::unique_ptr<Store>> store = Store::Open(small, path);
    REQUIRE(store.ok());
  }
  CHECK(FilePageSize(path) == 8192);
  const std::string other = dir.path() + "/other.db";
  {
    Result<std::unique_ptr<Store>> store = Store::Open(small, other);
    REQUIRE(store.ok());
  }
  CHECK(FilePageSize(other) == 4096);
}

// How many mappings of the file `path` this process has (its lines of
// /proc/self/maps): one per connection that maps it.
int FileMappings(const std::string& path) {
  std::ifstream maps("/proc/self/maps");
  const std::string canonical = std::filesystem::canonical(path).string();
  std::string line;
  int n = 0;
  while (std::getline(maps, line)) {
    if (line.size() >= canonical.size() &&
        line.compare(line.size() - canonical.size(), canonical.size(),
                     canonical) == 0) {
      ++n;
    }
  }
  return n;
}

bool FileIsMapped(const std::string& path) { return FileMappings(path) > 0; }

// Creates the store `path` with table t (family f) holding `rows` (f:q at
// ts 1, value "v") and closes it. Closing checkpoints the WAL: the rows are
// then in the file itself, which is what SQLite maps.
void WriteRows(const StoreOptions& options, const std::string& path,
               const std::vector<std::string>& rows) {
  Result<std::unique_ptr<Store>> store = Store::Open(options, path);
  REQUIRE(store.ok());
  REQUIRE((*store)
              ->CreateTable(MustParseSpec(
                  R"({"table": "t", "families": [{"name": "f"}]})"))
              .ok());
  Result<Table*> table = (*store)->GetTable("t");
  REQUIRE(table.ok());
  for (const std::string& row : rows) {
    REQUIRE((*table)->Put(Put(row).Add("f", "q", 1, "v")).ok());
  }
}

TEST_CASE("mmap_size maps the store file for the writer; 0 reads without it") {
  for (int64_t mmap_size : {int64_t{0}, int64_t{64} << 20}) {
    CAPTURE(mmap_size);
    TempDir dir;
    const std::string path = dir.path() + "/m.db";
    StoreOptions options;
    options.sqlite.mmap_size = mmap_size;
    WriteRows(options, path, {"r"});
    Result<std::unique_ptr<Store>> store = Store::Open(options, path);
    REQUIRE(store.ok());
    Result<Table*> table = (*store)->GetTable("t");
    REQUIRE(table.ok());
    // A Get reads on the writer connection, which maps the file.
    Result<RowResult> row = (*table)->Get(Get("r"));
    REQUIRE(row.ok());
    CHECK(row->cells == Cells{C("r", "f", "q", 1, "v")});
    CHECK(FileIsMapped(path) == (mmap_size > 0));
  }
}

TEST_CASE("every scan maps the file, and its reader keeps the mapping") {
  // Readers map through the lasting-map VFS (storage/
  // sqlite_lasting_map_vfs.h): scans of every shape read mapped pages, and
  // the reader keeps its mapping in the pool, across the writer's commits.
  TempDir dir;
  const std::string path = dir.path() + "/m.db";
  StoreOptions options;
  options.sqlite.mmap_size = int64_t{64} << 20;
  WriteRows(options, path, {"r", "s"});
  Result<std::unique_ptr<Store>> store = Store::Open(options, path);
  REQUIRE(store.ok());
  Result<Table*> table = (*store)->GetTable("t");
  REQUIRE(table.ok());
  REQUIRE((*table)->Get(Get("r")).ok());  // the writer's mapping
  const int writer = FileMappings(path);
  CHECK(writer == 1);
  Scan limited;
  limited.limit = 1;
  Scan bounded;
  bounded.stop_row = "s";
  Scan reversed;
  reversed.reversed = true;
  Scan all;  // a limit that says "every row"
  all.limit = std::numeric_limits<int64_t>::max();
  for (const Scan& scan : {Scan(), limited, bounded, reversed, all}) {
    CAPTURE(scan.limit);
    CAPTURE(scan.stop_row);
    CAPTURE(scan.reversed);
    {
      Result<std::unique_ptr<Scanner>> scanner = (*table)->GetScanner(scan);
      REQUIRE(scanner.ok());
      CellView cell;
      REQUIRE((*scanner)->NextCell(&cell));
      CHECK(cell.row == (scan.reversed ? "s" : "r"));
      CHECK(FileMappings(path) == writer + 1);
    }
    // A write in between: the reader's next scan keeps its mapping.
    REQUIRE((*table)->Put(Put("r").Add("f", "q", 2, "w")).ok());
    CHECK(FileMappings(path) == writer + 1);
  }
}

TEST_CASE("a store made by the sqlite DDL script is adopted") {
  TempDir dir;
  const std::string path = dir.path() + "/script.db";
  const TableSpec spec = MustParseSpec(
      SpecJson("t", kDefaultFamilies, AllPartitionCases()[1].partition_json));
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, GenerateDdl(spec, DdlDialect::kSqlite).c_str(),
                       nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
  Result<std::unique_ptr<Store>> store = Store::Open(StoreOptions(), path);
  REQUIRE_MESSAGE(store.ok(), store.status().ToString());
  Result<Table*> table = (*store)->GetTable("t");
  REQUIRE(table.ok());
  REQUIRE((*table)->Put(Put("r").Add("f", "q", 1, "v")).ok());
}

TEST_CASE_TEMPLATE("rows land in the partition table the router names", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  const FamilySpec& family = *fx.spec().FindFamily("f");
  const PartitionRouter router("t", family);
  const std::vector<std::pair<std::string, int64_t>> cells = {
      {"a", 100},
      {"b", 200},
      {"c", 300},
      {"r1", 100},
      {"r2", 6000},
      {"zz", 200},
      {std::string("\x00", 1), 300},
      {"\xFF", 100}};
  for (const auto& [row, ts] : cells) {
    fx.MustPut(Put(row).Add("f", "q", ts, "v"));
  }
  for (const auto& [row, ts] : cells) {
    Result<int> p = router.Route(row, ts);
    REQUIRE(p.ok());
    const std::string table = router.PartitionTableName(*p);
    CAPTURE(table);
    CHECK(fx.SqlInt("SELECT count(*) FROM " + QuoteSqlIdentifier(table) +
                    " WHERE K = x'" +
                    [&] {
                      std::string hex;
                      for (unsigned char c : row) {
                        static const char* d = "0123456789ABCDEF";
                        hex += d[c >> 4];
                        hex += d[c & 15];
                      }
                      return hex;
                    }() +
                    "' AND Q = x'71' AND T = " + std::to_string(-ts)) == 1);
  }
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\"") ==
        static_cast<int64_t>(cells.size()));
  CHECK(fx.SqlInt("SELECT min(T) FROM \"t$f\"") == -6000);
}

TEST_CASE("a get touches one partition per family on one-level tables") {
  // Observable through the per-partition placement: delete the partition
  // table the router does not name and the get still works.
  StoreFixture fx(AllPartitionCases()[1]);
  fx.MustPut(Put("r1").Add("f", "q", 1, "v"));
  const PartitionRouter router("t", *fx.spec().FindFamily("f"));
  CHECK(router.PruneGet("r1", TimeRange::All()).size() == 1);
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(fx.path().c_str(), &db) == SQLITE_OK);
  const int home = *router.Route("r1", 1);
  for (int p = 0; p < router.partition_count(); ++p) {
    if (p == home) continue;
    const std::string sql = "DROP VIEW IF EXISTS \"t$f\"; DROP TABLE " +
                            QuoteSqlIdentifier(router.PartitionTableName(p));
    REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) ==
            SQLITE_OK);
  }
  sqlite3_close(db);
  Get get("r1");
  get.families = {"f"};
  Result<RowResult> row = fx.table()->Get(get);
  REQUIRE_MESSAGE(row.ok(), row.status().ToString());
  CHECK(row->cells == Cells{C("r1", "f", "q", 1, "v")});
}

TEST_CASE("a read-only store reads and refuses writes") {
  StoreFixture fx(AllPartitionCases()[1]);
  fx.MustPut(Put("r1").Add("f", "q", 1, "v"));
  StoreOptions options;
  options.read_only = true;
  Result<std::unique_ptr<Store>> ro = Store::Open(options, fx.path());
  REQUIRE_MESSAGE(ro.ok(), ro.status().ToString());
  Result<Table*> table = (*ro)->GetTable("t");
  REQUIRE(table.ok());
  Result<RowResult> row = (*table)->Get(Get("r1"));
  REQUIRE(row.ok());
  CHECK(row->cells.size() == 1);
  CHECK((*table)->Put(Put("r2").Add("f", "q", 1, "v")).IsNotSupported());
  CHECK((*ro)->CreateTable(fx.spec()).IsNotSupported());
  CHECK((*ro)->DropTable("t").IsNotSupported());
}

TEST_CASE("a timeseries table is created, listed and reopened") {
  // Its operations belong to the timeseries layout's own tests.
  StoreFixture fx(AllPartitionCases()[0]);
  REQUIRE(fx.store()
              ->CreateTable(MustParseSpec(
                  R"({"table": "ts", "layout": "timeseries",
                      "families": [{"name": "f"}],
                      "partition": {"strategy": "range_key",
                                    "bounds": [1000, "MAXVALUE"],
                                    "subpartitions": 3}})"))
              .ok());
  fx.Reopen();
  CHECK(fx.store()->ListTables() == std::vector<std::string>{"t", "ts"});
  CHECK(fx.MustGetTable("ts")->spec().layout == Layout::kTimeseries);
  CHECK(fx.SqlInt("SELECT count(*) FROM sqlite_schema WHERE type = 'table' "
                  "AND name LIKE 'ts$f$p%'") == 6);
}

TEST_CASE("a scanner reads one snapshot while batches commit") {
  StoreFixture fx(AllPartitionCases()[1]);
  for (int i = 0; i < 50; ++i) {
    fx.MustPut(Put("r" + std::to_string(100 + i)).Add("f", "q", 1, "old"));
  }
  Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(Scan());
  REQUIRE(scanner.ok());
  RowResult row;
  REQUIRE((*scanner)->Next(&row));
  // A batch rewriting every row commits while the scan is half-way.
  std::vector<Mutation> ops;
  for (int i = 0; i < 50; ++i) {
    ops.push_back(Put("r" + std::to_string(100 + i)).Add("f", "q", 1, "new"));
  }
  REQUIRE(fx.table()->Batch(ops).ok());
  int rows = 1;
  while ((*scanner)->Next(&row)) {
    ++rows;
    CHECK(row.cells[0].value == "old");
  }
  CHECK((*scanner)->status().ok());
  CHECK(rows == 50);
  Cells now = fx.ScanAll();
  REQUIRE(now.size() == 50);
  CHECK(now[49].value == "new");
}

TEST_CASE("threads write and scan concurrently; batches are seen whole") {
  StoreFixture fx(AllPartitionCases()[5]);
  constexpr int kWriters = 3;
  constexpr int kBatches = 30;
  std::atomic<bool> failed{false};
  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w) {
    threads.emplace_back([&, w] {
      for (int b = 0; b < kBatches; ++b) {
        // Each batch writes 4 rows of writer w at version b+1.
        std::vector<Mutation> ops;
        for (int r = 0; r < 4; ++r) {
          ops.push_back(Put("w" + std::to_string(w) + "r" + std::to_string(r))
                            .Add("f", "q", 1000 + b, std::to_string(b)));
        }
        if (!fx.table()->Batch(ops).ok()) failed = true;
      }
    });
  }
  threads.emplace_back([&] {
    for (int i = 0; i < 40; ++i) {
      Result<std::unique_ptr<Scanner>> s = fx.table()->GetScanner(Scan());
      if (!s.ok()) {
        failed = true;
        return;
      }
      // Within one writer, all 4 rows must show the same version.
      std::vector<std::string> newest(kWriters);
      RowResult row;
      while ((*s)->Next(&row)) {
        const int w = row.row[1] - '0';
        if (newest[w].empty()) newest[w] = row.cells[0].value;
        if (newest[w] != row.cells[0].value) failed = true;
      }
      if (!(*s)->status().ok()) failed = true;
    }
  });
  for (std::thread& t : threads) t.join();
  CHECK_FALSE(failed.load());
  CHECK(fx.ScanAll().size() == kWriters * 4);
}

TEST_CASE("two stores on one file see each other's tables and writes") {
  StoreFixture fx(AllPartitionCases()[0]);
  Result<std::unique_ptr<Store>> second = Store::Open(fx.Options(), fx.path());
  REQUIRE(second.ok());
  REQUIRE(fx.store()
              ->CreateTable(MustParseSpec(SpecJson("late", R"([{"name": "f"}])",
                                                   R"({"strategy": "none"})")))
              .ok());
  Result<Table*> late = (*second)->GetTable("late");
  REQUIRE_MESSAGE(late.ok(), late.status().ToString());
  REQUIRE((*late)->Put(Put("r").Add("f", "q", 1, "v")).ok());
  Table* mine = fx.MustGetTable("late");
  Result<RowResult> row = mine->Get(Get("r"));
  REQUIRE(row.ok());
  CHECK(row->cells.size() == 1);
}

// The most partitions a spec allows, on a store of 8 files: SQLite's cost
// per CREATE TABLE grows with the tables already in the file (it walks its
// whole schema), so one file would take several times longer; the create
// path is the same.
TEST_CASE("an 8192-partition table: every partition table, rows routed") {
  TempDir dir;
  const std::string path = dir.path() + "/s.db";
  constexpr int kShards = 8;
  const TableSpec spec = MustParseSpec(
      R"({"table": "t", "layout": "normal", "families": [{"name": "f"}],
          "partition": {"strategy": "key", "partitions": 8192}})");
  StoreOptions options;
  options.sqlite.shards = kShards;
  const PartitionRouter router("t", spec.families[0]);
  REQUIRE(router.partition_count() == 8192);
  std::map<int, std::vector<std::string>> rows_of;  // partition -> rows
  for (int i = 0; i < 40; ++i) {
    const std::string row = "row" + std::to_string(i);
    Result<int> p = router.Route(row, std::nullopt);
    REQUIRE(p.ok());
    rows_of[*p].push_back(row);
  }
  {
    Result<std::unique_ptr<Store>> store = Store::Open(options, path);
    REQUIRE_MESSAGE(store.ok(), store.status().ToString());
    Status created = (*store)->CreateTable(spec);
    REQUIRE_MESSAGE(created.ok(), created.ToString());
    Result<Table*> table = (*store)->GetTable("t");
    REQUIRE(table.ok());
    for (const auto& [p, rows] : rows_of) {
      for (const std::string& row : rows) {
        REQUIRE((*table)->Put(Put(row).Add("f", "q", 100, "v" + row)).ok());
      }
    }
  }
  // Each partition table exists once, in the shard ShardOfPartition names,
  // and holds exactly the rows the router sends it: each file read on its
  // own.
  std::vector<int64_t> tables_in(kShards, 0);
  for (int i = 0; i < 8192; ++i) ++tables_in[ShardOfPartition("t", i, kShards)];
  for (int k = 0; k < kShards; ++k) {
    CAPTURE(k);
    const std::string file = k == 0 ? path : storage::ShardFilePath(path, k);
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) ==
            SQLITE_OK);
    auto count = [db](const std::string& sql) {
      sqlite3_stmt* stmt = nullptr;
      INFO(sql);
      REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) ==
              SQLITE_OK);
      REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
      const int64_t n = sqlite3_column_int64(stmt, 0);
      sqlite3_finalize(stmt);
      return n;
    };
    CHECK(count("SELECT count(*) FROM sqlite_schema WHERE type = 'table' "
                "AND name GLOB 't$f$p*'") == tables_in[k]);
    for (const auto& [p, rows] : rows_of) {
      if (ShardOfPartition("t", p, kShards) != k) continue;
      CHECK(count("SELECT count(*) FROM " +
                  QuoteSqlIdentifier(router.PartitionTableName(p))) ==
            static_cast<int64_t>(rows.size()));
    }
    sqlite3_close(db);
  }
  // Reopened: the catalog lists 8192 partitions with their cells, and every
  // row reads back.
  Result<std::unique_ptr<Store>> store = Store::Open(StoreOptions(), path);
  REQUIRE_MESSAGE(store.ok(), store.status().ToString());
  Result<std::vector<PartitionInfo>> parts = (*store)->ListPartitions("t", "f");
  REQUIRE_MESSAGE(parts.ok(), parts.status().ToString());
  REQUIRE(parts->size() == 8192);
  int64_t total = 0;
  for (int i = 0; i < 8192; ++i) {
    const PartitionInfo& part = (*parts)[i];
    CAPTURE(i);
    CHECK(part.index == i);
    CHECK(part.name == "p" + std::to_string(i));
    CHECK(part.oceanbase_name == part.name);
    CHECK(!part.has_range);
    auto it = rows_of.find(i);
    CHECK(part.cells ==
          (it == rows_of.end() ? 0 : static_cast<int64_t>(it->second.size())));
    total += part.cells;
  }
  CHECK(total == 40);
  Result<Table*> table = (*store)->GetTable("t");
  REQUIRE(table.ok());
  for (const auto& [p, rows] : rows_of) {
    for (const std::string& row : rows) {
      Result<RowResult> got = (*table)->Get(Get(row));
      REQUIRE(got.ok());
      REQUIRE(got->cells.size() == 1);
      CHECK(got->cells[0].value == "v" + row);
    }
  }
}

// One random workload over every strategy gives identical reads.
TEST_CASE("the same workload gives identical results on all six strategies") {
  std::vector<std::unique_ptr<StoreFixture>> stores;
  for (const PartitionCase& c : AllPartitionCases()) {
    stores.push_back(std::make_unique<StoreFixture>(
        c, R"([{"name": "f", "max_versions": 3}, {"name": "g"}])"));
  }
  std::mt19937 rng(42);
  auto pick = [&](int n) { return static_cast<int>(rng() % n); };
  const std::vector<std::string> rows = {
      "a", "b", "r1", "r2", "r3", "zz", std::string("\x00", 1), "\xFF\x01"};
  const int64_t times[] = {100, 200, 300, 6000};
  for (int step = 0; step < 300; ++step) {
    const std::string& row = rows[pick(rows.size())];
    const std::string family = pick(2) ? "f" : "g";
    const std::string qualifier = std::string(1, 'a' + pick(3));
    const int64_t ts = times[pick(4)];
    const int what = pick(10);
    const auto delete_type = static_cast<DeleteType>(pick(5));
    const bool with_ts = delete_type == DeleteType::kFamilyVersion || pick(2);
    for (auto& fx : stores) {
      if (what < 6) {
        fx->MustPut(Put(row).Add(family, qualifier, ts, std::to_string(step)));
      } else if (what < 8) {
        Delete d;
        d.row = row;
        d.type = delete_type;
        d.family = family;
        d.qualifier = qualifier;
        if (with_ts) d.timestamp = ts;
        REQUIRE(fx->table()->Delete(d).ok());
      } else {
        REQUIRE(fx->table()
                    ->Increment(Increment{row, {{"g", "n", 1}}, std::nullopt})
                    .ok());
      }
    }
  }
  std::vector<Scan> scans(4);
  scans[0].max_versions = 5;
  scans[1].reversed = true;
  scans[1].max_versions = 2;
  scans[2].start_row = "b";
  scans[2].stop_row = "r3";
  scans[2].time_range = TimeRange{150, 6000};
  scans[3].reversed = true;
  scans[3].start_row = "r2";
  scans[3].columns = {{"f", "a"}, {"g", "n"}};
  for (const Scan& scan : scans) {
    const Cells expected = stores[0]->MustScan(scan);
    CHECK(!expected.empty());
    for (size_t i = 1; i < stores.size(); ++i) {
      CAPTURE(AllPartitionCases()[i].name);
      CHECK(stores[i]->MustScan(scan) == expected);
    }
  }
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
