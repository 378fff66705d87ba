// Copyright (c) obkvlite authors.
//
// Store::ListPartitions' sizes (PartitionListOptions::sizes;
// obkvlite/partition_change.h). Cells are exact against a full count.
// Bytes on SQLite are the pages of each partition's table, checked against
// dbstat on a plain connection to whichever file holds the table (found by
// its schema, not by the store's placement), and the file's own page
// count: they grow with writes, and deletes and purges give the freed
// pages to the file's freelist, so a partition's bytes shrink at once while
// the file keeps its size. On the test server (OBKV_TEST_MYSQL_SOCKET) they
// are information_schema's, refreshed by ANALYZE TABLE; there a delete
// shrinks them only once the table is rebuilt (OPTIMIZE TABLE). CTest runs
// the suite on one file, on 3 shard files (OBKV_TEST_SHARDS=3) and on
// MariaDB.

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <filesystem>
#include <string>
#include <vector>

#include "obkvlite/partition_change.h"
#include "obkvlite/router.h"
#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

// One family, MaxVersions 1, three RANGE COLUMNS(K) partitions:
// [MINVALUE, h), [h, p), [p, MAXVALUE).
constexpr const char* kSpec =
    R"({"table": "t", "families": [{"name": "f", "max_versions": 1}],
        "partition": {"strategy": "range", "column": "K",
                      "bounds": ["h", "p", "MAXVALUE"]}})";

// Store options' default page size (StoreOptions::sqlite.page_size), and
// InnoDB's page: what an empty partition takes on each engine.
constexpr int64_t kSqlitePage = 8192;
constexpr int64_t kInnodbPage = 16384;

int64_t EmptyPartitionBytes(const StoreFixture& fx) {
  return fx.on_server() ? kInnodbPage : kSqlitePage;
}

std::vector<PartitionInfo> Sizes(StoreFixture& fx) {
  PartitionListOptions options;
  options.sizes = true;
  Result<std::vector<PartitionInfo>> parts =
      fx.store()->ListPartitions("t", "f", options);
  REQUIRE_MESSAGE(parts.ok(), parts.status().ToString());
  REQUIRE(parts->size() == 3);
  return std::move(parts).value();
}

std::vector<int64_t> CellsOf(const std::vector<PartitionInfo>& parts) {
  std::vector<int64_t> out;
  for (const PartitionInfo& p : parts) out.push_back(p.cells);
  return out;
}

std::vector<int64_t> BytesOf(const std::vector<PartitionInfo>& parts) {
  std::vector<int64_t> out;
  for (const PartitionInfo& p : parts) out.push_back(p.bytes);
  return out;
}

// `rows` rows "<prefix>00000".. of one 100-byte cell each, in one write.
void PutRows(StoreFixture& fx, const std::string& prefix, int rows,
             int64_t ts = 100, const std::string& qualifier = "q") {
  std::vector<Put> puts;
  for (int i = 0; i < rows; ++i) {
    char key[32];
    std::snprintf(key, sizeof key, "%s%05d", prefix.c_str(), i);
    puts.push_back(Put(key).Add("f", qualifier, ts, std::string(100, 'v')));
  }
  Status st = fx.table()->Put(puts);
  REQUIRE_MESSAGE(st.ok(), st.ToString());
}

void DeleteRows(StoreFixture& fx, const std::string& prefix, int rows) {
  std::vector<Mutation> deletes;
  for (int i = 0; i < rows; ++i) {
    char key[32];
    std::snprintf(key, sizeof key, "%s%05d", prefix.c_str(), i);
    Delete del;
    del.row = key;
    deletes.emplace_back(std::move(del));
  }
  Result<std::vector<MutationResult>> done = fx.table()->Batch(deletes);
  REQUIRE_MESSAGE(done.ok(), done.status().ToString());
}

// The store's files: the store file, then "<path>.shard<k>" while they
// exist.
std::vector<std::string> StoreFiles(const std::string& path) {
  std::vector<std::string> files = {path};
  for (int k = 1; std::filesystem::exists(path + ".shard" + std::to_string(k));
       ++k) {
    files.push_back(path + ".shard" + std::to_string(k));
  }
  return files;
}

// The first column of the first row of `sql` on `file` alone (no shard
// attached), ?1 bound to `text`.
int64_t FileInt(const std::string& file, const std::string& sql,
                const std::string& text = "") {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(file.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) ==
          SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  INFO(file, ": ", sql);
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
  if (sqlite3_bind_parameter_count(stmt) > 0) {
    sqlite3_bind_text(stmt, 1, text.c_str(), -1, SQLITE_TRANSIENT);
  }
  int64_t out = -1;
  if (sqlite3_step(stmt) == SQLITE_ROW) out = sqlite3_column_int64(stmt, 0);
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return out;
}

// The bytes of table `table`'s b-trees, counted by dbstat on the one file
// of the store that holds it.
int64_t DbstatBytes(const std::string& path, const std::string& table) {
  int64_t found = -1;
  for (const std::string& file : StoreFiles(path)) {
    if (FileInt(file,
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND "
                "name = ?1",
                table) == 0) {
      continue;
    }
    REQUIRE(found == -1);  // in one file only
    found = FileInt(file,
                    "SELECT sum(pgsize) FROM dbstat WHERE name IN (SELECT name "
                    "FROM sqlite_schema WHERE tbl_name = ?1)",
                    table);
  }
  return found;
}

// The store file's pages: how many, and how many are free.
struct FilePages {
  int64_t count = 0;
  int64_t free = 0;
};
FilePages PagesOf(const std::string& file) {
  return {FileInt(file, "PRAGMA page_count"),
          FileInt(file, "PRAGMA freelist_count")};
}

// The file (of the store's) holding table `table`.
std::string FileOf(const std::string& path, const std::string& table) {
  for (const std::string& file : StoreFiles(path)) {
    if (FileInt(file,
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND "
                "name = ?1",
                table) == 1) {
      return file;
    }
  }
  FAIL("no file holds " << table);
  return "";
}

// The server's statistics of the family's relation, made fresh.
void Analyze(StoreFixture& fx) { fx.SqlRows("ANALYZE TABLE \"t$f\""); }

// The relation rebuilt: a server's deleted rows give their pages back.
void Rebuild(StoreFixture& fx) { fx.SqlRows("OPTIMIZE TABLE \"t$f\""); }

const char* const kTables[] = {"t$f$p0", "t$f$p1", "t$f$p2"};

}  // namespace

TEST_CASE("partition sizes: only on request, one page per empty partition") {
  StoreFixture fx(kSpec);
  Result<std::vector<PartitionInfo>> plain =
      fx.store()->ListPartitions("t", "f");
  REQUIRE(plain.ok());
  CHECK(BytesOf(*plain) == std::vector<int64_t>{-1, -1, -1});
  const int64_t page = EmptyPartitionBytes(fx);
  const std::vector<PartitionInfo> parts = Sizes(fx);
  CHECK(CellsOf(parts) == std::vector<int64_t>{0, 0, 0});
  CHECK(BytesOf(parts) == std::vector<int64_t>{page, page, page});
  if (!fx.on_server()) {
    CHECK(fx.SqlInt("PRAGMA page_size") == kSqlitePage);
    for (int i = 0; i < 3; ++i) {
      CHECK(DbstatBytes(fx.path(), kTables[i]) == page);
    }
  }
}

TEST_CASE("partition sizes: a two-level partition adds up its subpartitions") {
  StoreFixture fx(
      R"({"table": "t", "families": [{"name": "f"}],
          "partition": {"strategy": "range_key", "bounds": [150, "MAXVALUE"],
                        "subpartitions": 3}})");
  PartitionListOptions options;
  options.sizes = true;
  Result<std::vector<PartitionInfo>> parts =
      fx.store()->ListPartitions("t", "f", options);
  REQUIRE(parts.ok());
  if (fx.on_server()) {
    // MariaDB: RANGE(T) over KEY subpartitions (ddl/mysql_partitioning.cc),
    // the server's first level the spec's; one page per subpartition.
    CHECK(BytesOf(*parts) ==
          std::vector<int64_t>{3 * kInnodbPage, 3 * kInnodbPage});
  } else {
    CHECK(BytesOf(*parts) ==
          std::vector<int64_t>{3 * kSqlitePage, 3 * kSqlitePage});
  }
}

TEST_CASE("partition sizes: KEY + RANGE(G), whose first level MariaDB lacks") {
  StoreFixture fx(
      R"({"table": "t", "families": [{"name": "f"}],
          "partition": {"strategy": "key_range", "partitions": 2,
                        "bounds": [150, 250, "MAXVALUE"]}})");
  fx.MustPut(Put("r").Add("f", "q", 100, "v"));
  PartitionListOptions options;
  options.sizes = true;
  Result<std::vector<PartitionInfo>> parts =
      fx.store()->ListPartitions("t", "f", options);
  REQUIRE(parts.ok());
  int64_t cells = 0;
  for (const PartitionInfo& p : *parts) cells += p.cells;
  CHECK(cells == 1);
  if (fx.on_server()) {
    // RANGE(T) + KEY there (ddl/mysql_partitioning.cc): no server partition
    // is a KEY partition of the spec, so the bytes are unknown.
    CHECK(BytesOf(*parts) == std::vector<int64_t>{-1, -1});
  } else {
    // Three range subpartition tables of one page each per KEY partition.
    CHECK(BytesOf(*parts) ==
          std::vector<int64_t>{3 * kSqlitePage, 3 * kSqlitePage});
  }
}

TEST_CASE("partition sizes: KEY cells are counted where the router puts them") {
  // On MariaDB the server's KEY hash is its own, not OceanBase's: its p<i>
  // holds other rows than the spec's p<i>. The cells are counted by the
  // router, as the writes beside them on the pages, and the bytes are
  // unknown there.
  StoreFixture fx(
      R"({"table": "t", "families": [{"name": "f"}],
          "partition": {"strategy": "key", "partitions": 4}})");
  const PartitionRouter router("t", fx.spec().families.front());
  std::vector<int64_t> want(4, 0);
  for (int i = 0; i < 200; ++i) {
    const std::string row = "row" + std::to_string(i * 7919);
    fx.MustPut(Put(row).Add("f", "q", 100, "v"));
    ++want[static_cast<size_t>(*router.Route(row, 100))];
  }
  PartitionListOptions options;
  options.sizes = true;
  Result<std::vector<PartitionInfo>> parts =
      fx.store()->ListPartitions("t", "f", options);
  REQUIRE_MESSAGE(parts.ok(), parts.status().ToString());
  CHECK(CellsOf(*parts) == want);
  if (fx.on_server()) {
    CHECK(BytesOf(*parts) == std::vector<int64_t>{-1, -1, -1, -1});
  } else {
    for (int64_t b : BytesOf(*parts)) CHECK(b >= kSqlitePage);
  }
}

TEST_CASE("partition sizes: cells exact, bytes the pages of the table") {
  StoreFixture fx(kSpec);
  PutRows(fx, "a", 3000);  // p0
  PutRows(fx, "k", 10);    // p1
  const std::vector<PartitionInfo> parts = Sizes(fx);
  CHECK(CellsOf(parts) == std::vector<int64_t>{3000, 10, 0});
  // The full count, by key range on the family's relation (a view on
  // SQLite; X'68' is "h", X'70' "p", as bytes).
  CHECK(fx.SqlInt("SELECT COUNT(*) FROM \"t$f\" WHERE K < X'68'") == 3000);
  CHECK(fx.SqlInt("SELECT COUNT(*) FROM \"t$f\" WHERE K >= X'68' AND "
                  "K < X'70'") == 10);
  CHECK(fx.SqlInt("SELECT COUNT(*) FROM \"t$f\" WHERE K >= X'70'") == 0);
  CHECK(fx.ScanAll().size() == 3010);
  if (fx.on_server()) {
    Analyze(fx);
    const std::vector<PartitionInfo> fresh = Sizes(fx);
    CHECK(fresh[0].bytes > 10 * kInnodbPage);  // 3000 rows of ~120 bytes
    CHECK(fresh[0].bytes % kInnodbPage == 0);
    CHECK(fresh[1].bytes == kInnodbPage);
    CHECK(fresh[2].bytes == kInnodbPage);
    return;
  }
  // 3000 cells of ~120 bytes: ~45 leaf pages of 8 KiB and an interior one.
  CHECK(parts[0].bytes > 40 * kSqlitePage);
  CHECK(parts[0].bytes % kSqlitePage == 0);
  CHECK(parts[1].bytes == kSqlitePage);  // 10 cells fit in the root page
  CHECK(parts[2].bytes == kSqlitePage);
  for (int i = 0; i < 3; ++i) {
    CHECK(parts[i].bytes == DbstatBytes(fx.path(), kTables[i]));
  }
  // dbstat counts exactly the pages a file uses: every b-tree's pages add
  // up to the file's pages less its freelist.
  for (const std::string& file : StoreFiles(fx.path())) {
    const FilePages pages = PagesOf(file);
    CHECK(FileInt(file, "SELECT sum(pgsize) FROM dbstat") ==
          (pages.count - pages.free) * kSqlitePage);
  }
}

TEST_CASE("partition sizes: deletes shrink a partition, not the file") {
  StoreFixture fx(kSpec);
  PutRows(fx, "a", 3000);
  PutRows(fx, "k", 10);
  if (fx.on_server()) {
    Analyze(fx);
    const int64_t full = Sizes(fx)[0].bytes;
    CHECK(full > 10 * kInnodbPage);
    DeleteRows(fx, "a", 3000);
    CHECK(CellsOf(Sizes(fx)) == std::vector<int64_t>{0, 10, 0});
    // InnoDB keeps the pages of deleted rows in the table until it is
    // rebuilt.
    Rebuild(fx);
    Analyze(fx);
    CHECK(BytesOf(Sizes(fx)) ==
          std::vector<int64_t>{kInnodbPage, kInnodbPage, kInnodbPage});
    return;
  }
  const std::string file = FileOf(fx.path(), "t$f$p0");
  const std::vector<PartitionInfo> full = Sizes(fx);
  const FilePages before = PagesOf(file);
  DeleteRows(fx, "a", 3000);
  const std::vector<PartitionInfo> emptied = Sizes(fx);
  CHECK(CellsOf(emptied) == std::vector<int64_t>{0, 10, 0});
  // The partition is back to its root page; the pages it had went to the
  // freelist, and the file is as large as before.
  CHECK(BytesOf(emptied) ==
        std::vector<int64_t>{kSqlitePage, kSqlitePage, kSqlitePage});
  CHECK(DbstatBytes(fx.path(), "t$f$p0") == kSqlitePage);
  const FilePages after = PagesOf(file);
  CHECK(after.count == before.count);
  CHECK(after.free - before.free == full[0].bytes / kSqlitePage - 1);
  // Written again, the partition takes its pages from the freelist: the
  // same rows, the same pages, and the file does not grow.
  PutRows(fx, "a", 3000);
  CHECK(Sizes(fx)[0].bytes == full[0].bytes);
  CHECK(PagesOf(file).count == before.count);
  CHECK(PagesOf(file).free == before.free);
}

TEST_CASE("partition sizes: a purge frees the versions past MaxVersions") {
  StoreFixture fx(kSpec);
  // 20 versions of 200 columns in p1; MaxVersions 1 keeps one of each.
  for (int64_t ts = 1; ts <= 20; ++ts) PutRows(fx, "k", 200, ts);
  CHECK(CellsOf(Sizes(fx)) == std::vector<int64_t>{0, 4000, 0});
  if (fx.on_server()) Analyze(fx);
  const int64_t before = Sizes(fx)[1].bytes;
  const int64_t page = EmptyPartitionBytes(fx);
  CHECK(before > 10 * page);
  Result<PurgeStats> purged = fx.table()->Purge();
  REQUIRE_MESSAGE(purged.ok(), purged.status().ToString());
  CHECK(CellsOf(Sizes(fx)) == std::vector<int64_t>{0, 200, 0});
  if (fx.on_server()) {
    Rebuild(fx);
    Analyze(fx);
  }
  const std::vector<PartitionInfo> after = Sizes(fx);
  // 200 cells of ~120 bytes: 3 or 4 leaf pages (and a root) on SQLite, two
  // InnoDB pages or so on the server; far below the 4000 cells' pages.
  CHECK(after[1].bytes < before / 5);
  CHECK(after[1].bytes >= page);
  if (!fx.on_server()) {
    CHECK(after[1].bytes == DbstatBytes(fx.path(), "t$f$p1"));
  }
}

}  // namespace testing
}  // namespace obkvlite
