// Copyright (c) obkvlite authors.
//
// StoreFixture: a temporary store with one table, a fake clock and helpers
// to read results, for tests of the store and of the layers above it
// (filters, exec). The six partitioning strategies of DESIGN §3 are listed
// in AllPartitionCases() and as doctest types (OBKV_PARTITIONINGS) so one
// behaviour test runs over all of them:
//
//   TEST_CASE_TEMPLATE("put then get", P, OBKV_PARTITIONINGS) {
//     StoreFixture fx(P::Case());
//     REQUIRE(fx.table()->Put(Put("r1").Add("f", "q", 100, "v")).ok());
//   }
//
// Timestamps used by tests: 100, 200, 300 (and kNow, the fake clock). The
// time-partitioned cases put bounds at 150, 250 and 5000, so the versions
// of one column land in different partitions.
//
// Thread safety: a fixture belongs to one test; the clock may be read from
// any thread.

#ifndef OBKVLITE_TESTS_STORE_FIXTURE_H_
#define OBKVLITE_TESTS_STORE_FIXTURE_H_

#include <doctest/doctest.h>
#include <sqlite3.h>
#include <stdlib.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "obkvlite/bytes.h"
#include "obkvlite/cell.h"
#include "obkvlite/mutation.h"
#include "obkvlite/query.h"
#include "obkvlite/spec.h"
#include "obkvlite/store.h"
#include "server_test_support.h"
#include "storage/sqlite/shards.h"

namespace obkvlite {

// Readable cells in doctest failure messages.
inline std::ostream& operator<<(std::ostream& os, const Cell& c) {
  return os << "{" << ToStringBinary(c.row) << " " << c.family << ":"
            << ToStringBinary(c.qualifier) << " @" << c.timestamp << " = "
            << ToStringBinary(c.value) << "}";
}
inline std::ostream& operator<<(std::ostream& os,
                                const std::vector<Cell>& cells) {
  os << "[";
  for (const Cell& c : cells) os << c << " ";
  return os << "]";
}

namespace testing {

// The fake "now" of every fixture store.
inline constexpr int64_t kNow = 10000000;

struct PartitionCase {
  const char* name;
  const char* partition_json;  // the spec's "partition" object
};

// none, key 7, prefix key (prefix_length 2, 7 partitions), range on K with
// bounds, range_key on G, key_range on G.
inline const std::vector<PartitionCase>& AllPartitionCases() {
  static const std::vector<PartitionCase> cases = {
      {"none", R"({"strategy": "none"})"},
      {"key7", R"({"strategy": "key", "partitions": 7})"},
      {"prefix_key",
       R"({"strategy": "key", "partitions": 7, "prefix_length": 2})"},
      {"range_k",
       R"({"strategy": "range", "column": "K", "bounds": ["c", "r2", "MAXVALUE"]})"},
      {"range_key_g",
       R"({"strategy": "range_key", "bounds": [150, 250, 5000, "MAXVALUE"], "subpartitions": 3})"},
      {"key_range_g",
       R"({"strategy": "key_range", "partitions": 3, "bounds": [150, 250, 5000, "MAXVALUE"]})"},
  };
  return cases;
}

// doctest types for TEST_CASE_TEMPLATE.
template <int I>
struct Partitioning {
  static const PartitionCase& Case() { return AllPartitionCases()[I]; }
};
using NonePartitioning = Partitioning<0>;
using Key7Partitioning = Partitioning<1>;
using PrefixKeyPartitioning = Partitioning<2>;
using RangeKPartitioning = Partitioning<3>;
using RangeKeyGPartitioning = Partitioning<4>;
using KeyRangeGPartitioning = Partitioning<5>;

#define OBKV_PARTITIONINGS                        \
  ::obkvlite::testing::NonePartitioning,          \
      ::obkvlite::testing::Key7Partitioning,      \
      ::obkvlite::testing::PrefixKeyPartitioning, \
      ::obkvlite::testing::RangeKPartitioning,    \
      ::obkvlite::testing::RangeKeyGPartitioning, \
      ::obkvlite::testing::KeyRangeGPartitioning

// The default families of a fixture table.
inline constexpr const char* kDefaultFamilies =
    R"([{"name": "f"}, {"name": "g"}])";

// A spec's JSON text.
inline std::string SpecJson(const std::string& table,
                            const std::string& families_json,
                            const std::string& partition_json) {
  return "{\"table\": \"" + table + "\", \"families\": " + families_json +
         ", \"partition\": " + partition_json + "}";
}

inline TableSpec MustParseSpec(const std::string& json) {
  Result<TableSpec> spec = ParseTableSpec(json);
  REQUIRE_MESSAGE(spec.ok(), spec.status().ToString());
  return std::move(spec).value();
}

// A fresh directory under $TMPDIR, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "obkv_store_XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// The store file opened read-only with a plain SQLite connection, as a user
// inspects it: a sharded store's shards attached and its family views made.
inline sqlite3* OpenInspection(const std::string& path) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) ==
          SQLITE_OK);
  Result<std::vector<std::string>> setup =
      storage::ShardedSessionStatements(path);
  REQUIRE_MESSAGE(setup.ok(), setup.status().ToString());
  for (const std::string& stmt : *setup) {
    REQUIRE(sqlite3_exec(db, stmt.c_str(), nullptr, nullptr, nullptr) ==
            SQLITE_OK);
  }
  return db;
}

// Every row of `sql` on the store file as "a|b|c" lines (NULL as "NULL"),
// through OpenInspection.
inline std::vector<std::string> InspectRows(const std::string& path,
                                            const std::string& sql) {
  sqlite3* db = OpenInspection(path);
  sqlite3_stmt* stmt = nullptr;
  INFO(sql);
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
  std::vector<std::string> rows;
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    std::string line;
    for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
      if (i > 0) line += "|";
      const unsigned char* t = sqlite3_column_text(stmt, i);
      line += t == nullptr ? "NULL" : reinterpret_cast<const char*>(t);
    }
    rows.push_back(line);
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return rows;
}

// The first column of the first row of `sql` on the store file as an
// integer (-1 for no row), through OpenInspection.
inline int64_t InspectInt(const std::string& path, const std::string& sql) {
  sqlite3* db = OpenInspection(path);
  sqlite3_stmt* stmt = nullptr;
  const int rc = sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr);
  INFO(sql, ": ", sqlite3_errmsg(db));
  REQUIRE(rc == SQLITE_OK);
  int64_t out = -1;
  if (sqlite3_step(stmt) == SQLITE_ROW) out = sqlite3_column_int64(stmt, 0);
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return out;
}

// Store::Open and Store::GetTable that REQUIRE success.
inline std::unique_ptr<Store> MustOpenStore(
    const std::string& location, const StoreOptions& options = StoreOptions()) {
  Result<std::unique_ptr<Store>> store = Store::Open(options, location);
  REQUIRE_MESSAGE(store.ok(), store.status().ToString());
  return std::move(store).value();
}

inline Table* MustTable(Store* store, const std::string& name) {
  Result<Table*> table = store->GetTable(name);
  REQUIRE_MESSAGE(table.ok(), table.status().ToString());
  return *table;
}

inline Cell C(std::string row, std::string family, std::string qualifier,
              int64_t ts, std::string value) {
  return Cell{std::move(row), std::move(family), std::move(qualifier), ts,
              std::move(value)};
}

// Every cell of a scanner, flattened; REQUIREs a clean end.
inline std::vector<Cell> Drain(Scanner* scanner) {
  std::vector<Cell> cells;
  RowResult row;
  while (scanner->Next(&row)) {
    for (Cell& c : row.cells) cells.push_back(std::move(c));
  }
  REQUIRE_MESSAGE(scanner->status().ok(), scanner->status().ToString());
  return cells;
}

class StoreFixture {
 public:
  explicit StoreFixture(const PartitionCase& partitioning,
                        std::string families_json = kDefaultFamilies,
                        std::string table = "t")
      : StoreFixture(
            SpecJson(table, families_json, partitioning.partition_json)) {}

  // A store with one table made from a whole spec JSON text: a file, or
  // with OBKV_TEST_MYSQL_SOCKET a fresh database on the test server
  // (server_test_support.h).
  explicit StoreFixture(const std::string& spec_json)
      : server_db_(OnTestServer() ? std::make_unique<ServerDatabase>()
                                  : nullptr),
        path_(server_db_ != nullptr ? server_db_->uri()
                                    : dir_.path() + "/store.db"),
        spec_(MustParseSpec(spec_json)) {
    Reopen();
    Status st = store_->CreateTable(spec_);
    REQUIRE_MESSAGE(st.ok(), st.ToString());
    table_ = MustGetTable(spec_.name);
  }

  StoreFixture(const StoreFixture&) = delete;
  StoreFixture& operator=(const StoreFixture&) = delete;

  // OBKV_TEST_SHARDS=N runs the suite on a store of N files (CTest
  // registers the store suites a second time with it; doc/shards.md).
  StoreOptions Options() {
    StoreOptions options;
    options.clock_ms = [this] { return now_.load(); };
    options.compat = compat_;
    options.obkv_admin_ddl = obkv_admin_ddl_;
    if (const char* shards = getenv("OBKV_TEST_SHARDS")) {
      options.sqlite.shards = atoi(shards);
    }
    return options;
  }

  // Closes and reopens the store (the table pointer is refreshed).
  void Reopen() {
    table_ = nullptr;
    store_.reset();
    Result<std::unique_ptr<Store>> store = Store::Open(Options(), path_);
    REQUIRE_MESSAGE(store.ok(), store.status().ToString());
    store_ = std::move(store).value();
    if (!spec_.name.empty() && created_) table_ = MustGetTable(spec_.name);
    created_ = true;
  }

  Table* MustGetTable(const std::string& name) {
    Result<Table*> table = store_->GetTable(name);
    REQUIRE_MESSAGE(table.ok(), table.status().ToString());
    return *table;
  }

  Store* store() { return store_.get(); }
  Table* table() { return table_; }
  const TableSpec& spec() const { return spec_; }
  // The store's location: a file path or a mysql:// URI.
  const std::string& path() const { return path_; }
  const std::string& dir() const { return dir_.path(); }
  // True when the store is on the test server (OBKV_TEST_MYSQL_SOCKET).
  bool on_server() const { return server_db_ != nullptr; }
  void set_now(int64_t now) { now_.store(now); }
  // The compatibility profile (obkvlite/compat.h) of the next Reopen.
  void set_compat(CompatProfile compat, bool obkv_admin_ddl = false) {
    compat_ = compat;
    obkv_admin_ddl_ = obkv_admin_ddl;
  }
  int64_t now() const { return now_.load(); }

  // REQUIREs success.
  void MustPut(const Put& put) {
    Status st = table_->Put(put);
    REQUIRE_MESSAGE(st.ok(), st.ToString());
  }
  void MustDelete(const Delete& del) {
    Status st = table_->Delete(del);
    REQUIRE_MESSAGE(st.ok(), st.ToString());
  }
  std::vector<Cell> MustGet(const Get& get) {
    Result<RowResult> row = table_->Get(get);
    REQUIRE_MESSAGE(row.ok(), row.status().ToString());
    return row->cells;
  }
  std::vector<Cell> MustScan(const Scan& scan) {
    Result<std::unique_ptr<Scanner>> scanner = table_->GetScanner(scan);
    REQUIRE_MESSAGE(scanner.ok(), scanner.status().ToString());
    return Drain(scanner->get());
  }
  // Every row of a scan, as returned (batch chunks stay separate).
  std::vector<RowResult> MustScanRows(const Scan& scan) {
    Result<std::unique_ptr<Scanner>> scanner = table_->GetScanner(scan);
    REQUIRE_MESSAGE(scanner.ok(), scanner.status().ToString());
    std::vector<RowResult> rows;
    RowResult row;
    while ((*scanner)->Next(&row)) rows.push_back(row);
    REQUIRE_MESSAGE((*scanner)->status().ok(), (*scanner)->status().ToString());
    return rows;
  }
  std::vector<Cell> ScanAll() { return MustScan(Scan()); }

  // Runs `sql` on the store with a separate plain connection (SQLite, or
  // the server with ANSI_QUOTES) and returns the first column of the first
  // row as an integer (-1 for no row).
  int64_t SqlInt(const std::string& sql) {
    if (!on_server()) return InspectInt(path_, sql);
    const std::vector<std::string> rows = ServerQuery(server_db_->name(), sql);
    return rows.empty() ? -1 : std::stoll(rows[0]);
  }
  // Every row of `sql` as "a|b|c" lines, on either engine (see SqlInt).
  std::vector<std::string> SqlRows(const std::string& sql) {
    if (!on_server()) return InspectRows(path_, sql);
    return ServerQuery(server_db_->name(), sql, "|");
  }

 private:
  TempDir dir_;
  std::unique_ptr<ServerDatabase> server_db_;  // dropped after the store
  std::string path_;
  TableSpec spec_;
  std::atomic<int64_t> now_{kNow};
  CompatProfile compat_ = CompatProfile::kHBase;
  bool obkv_admin_ddl_ = false;
  std::unique_ptr<Store> store_;
  Table* table_ = nullptr;
  bool created_ = false;
};

}  // namespace testing
}  // namespace obkvlite

TYPE_TO_STRING(obkvlite::testing::NonePartitioning);
TYPE_TO_STRING(obkvlite::testing::Key7Partitioning);
TYPE_TO_STRING(obkvlite::testing::PrefixKeyPartitioning);
TYPE_TO_STRING(obkvlite::testing::RangeKPartitioning);
TYPE_TO_STRING(obkvlite::testing::RangeKeyGPartitioning);
TYPE_TO_STRING(obkvlite::testing::KeyRangeGPartitioning);

#endif  // OBKVLITE_TESTS_STORE_FIXTURE_H_
