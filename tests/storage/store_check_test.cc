// Copyright (c) obkvlite authors.
//
// Store::Check (`obkv check`, storage/store_check.h) on every engine: a
// store whose catalog and relations agree has no difference; a relation of
// the store's form that no catalog table has is reported, one line naming
// it; and on a server a family whose partitions or relation differ from
// the catalog is reported naming the table and the family. Runs on SQLite,
// on 3 shard files and on the private MariaDB.

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <sstream>
#include <string>
#include <vector>

#include "obkvlite/store.h"
#include "server_test_support.h"
#include "store_fixture.h"
#include "tools/cli/cli.h"

namespace obkvlite {
namespace testing {
namespace {

constexpr const char* kRangeK =
    R"({"strategy": "range", "column": "K", "bounds": ["d", "m", "MAXVALUE"]})";

// Runs `sql` on the store: its SQLite file (writable), or the server.
void Exec(StoreFixture& fx, const std::string& sql) {
  if (fx.on_server()) {
    (void)fx.SqlInt(sql);
    return;
  }
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(fx.path().c_str(), &db) == SQLITE_OK);
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
  const std::string error = sqlite3_errmsg(db);
  sqlite3_close(db);
  REQUIRE_MESSAGE(rc == SQLITE_OK, error);
}

std::vector<std::string> MustCheck(Store* store) {
  Result<std::vector<std::string>> diffs = store->Check();
  REQUIRE_MESSAGE(diffs.ok(), diffs.status().ToString());
  return std::move(diffs).value();
}

TEST_CASE("check: a fresh store agrees; a stray relation is reported") {
  StoreFixture fx(SpecJson("t", kDefaultFamilies, kRangeK));
  fx.MustPut(Put("a").Add("f", "q", 1, "v"));
  CHECK(MustCheck(fx.store()).empty());
  Exec(fx, "CREATE TABLE \"x$y\" (a int)");
  const std::vector<std::string> diffs = MustCheck(fx.store());
  REQUIRE(diffs.size() == 1);
  if (fx.on_server()) {
    CHECK(diffs[0].rfind("relation 'x$y' (database 'obkv_t", 0) == 0);
    CHECK(diffs[0].find("') is on the server, but no catalog table has it") !=
          std::string::npos);
  } else {
    CHECK(diffs[0] ==
          "table 'x$y' (main) is in the store, but no catalog table has it");
  }
}

TEST_CASE(
    "check: a server family repartitioned or dropped behind the "
    "catalog's back is reported") {
  StoreFixture fx(SpecJson("t", kDefaultFamilies, kRangeK));
  if (!fx.on_server()) {
    // SQLite: a partition table gone from the store's own file.
    if (std::getenv("OBKV_TEST_SHARDS") != nullptr) return;
    Exec(fx, "DROP TABLE \"t$g$p2\"");
    CHECK(MustCheck(fx.store()) ==
          std::vector<std::string>{"table 't' family 'g': partition table "
                                   "'t$g$p2' (main) is missing"});
    return;
  }
  (void)fx.SqlInt(
      "ALTER TABLE \"t$f\" PARTITION BY RANGE COLUMNS(\"K\") (PARTITION p0 "
      "VALUES LESS THAN ('d'), PARTITION p2 VALUES LESS THAN (MAXVALUE))");
  (void)fx.SqlInt("DROP TABLE \"t$g\"");
  CHECK(MustCheck(fx.store()) ==
        std::vector<std::string>{
            "table 't' family 'f': partitions differ: catalog p0,p1,p2; "
            "server p0,p2",
            "table 't' family 'g': relation 't$g' is missing on the server"});
}

TEST_CASE(
    "check: a server family's column types, primary key or partitioning "
    "changed behind the catalog's back is reported") {
  StoreFixture fx(SpecJson("t", kDefaultFamilies, kRangeK));
  if (!fx.on_server()) return;  // SQLite: the tables are the store's own
  (void)fx.SqlInt("ALTER TABLE \"t$f\" MODIFY \"V\" blob NOT NULL");
  (void)fx.SqlInt(
      "ALTER TABLE \"t$g\" DROP PRIMARY KEY, ADD PRIMARY KEY (\"K\", \"T\", "
      "\"Q\")");
  (void)fx.SqlInt("ALTER TABLE \"t$g\" PARTITION BY KEY(\"K\") PARTITIONS 3");
  CHECK(MustCheck(fx.store()) ==
        std::vector<std::string>{
            "table 't' family 'f': column V differs: catalog V mediumblob NOT "
            "NULL; server V blob NOT NULL",
            "table 't' family 'g': primary key differs: catalog (K,Q,T); "
            "server (K,T,Q)",
            "table 't' family 'g': partitioning differs: catalog RANGE "
            "COLUMNS(K); server KEY(K)"});
}

// `obkv check STORE` and `obkv repair STORE`: their lines and exit codes.
int Obkv(const std::vector<std::string>& args, std::string* out) {
  std::vector<const char*> argv = {"obkv"};
  for (const std::string& a : args) argv.push_back(a.c_str());
  std::istringstream in;
  std::ostringstream o;
  std::ostringstream e;
  const int rc =
      cli::RunObkv(static_cast<int>(argv.size()), argv.data(), in, o, e);
  *out = o.str() + e.str();
  return rc;
}

TEST_CASE("check: the CLI prints the differences and exits 1 on any") {
  StoreFixture fx(SpecJson("t", kDefaultFamilies, kRangeK));
  std::string out;
  CHECK(Obkv({"check", fx.path()}, &out) == 0);
  CHECK(out == "catalog and store agree (1 tables)\n");
  CHECK(Obkv({"repair", fx.path()}, &out) == 0);
  CHECK(out == "nothing to repair\n");
  Exec(fx, "CREATE TABLE \"x$y\" (a int)");
  CHECK(Obkv({"--store", fx.path(), "check"}, &out) == 1);
  CHECK(out.find("no catalog table has it\n1 difference\n") !=
        std::string::npos);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
