// Copyright (c) obkvlite authors.
//
// The MySQL-protocol engine against a real server (doc/engines.md): the
// private MariaDB of the run (server_test_support.h) for
//   - byte identity: the same puts through both engines give the same
//     K/Q/T/V rows, for every partitioning strategy;
//   - obkv copy: SQLite -> MariaDB -> SQLite keeps every stored row of every
//     schema in schemas/, and obkv export --dialect dumps the same text
//     from either engine;
//   - the CLI on a mysql:// store, obkv sql's read-only rules, and what
//     describe and errors show (never a password);
// and a server of its own that the fault tests kill in the middle of
// batches, increments and a paged scan: no batch is half-applied, an
// increment counts once or not at all, a scan fails rather than end
// short, the client gets Unavailable naming the server, and the next call
// after a restart reconnects.

#include <doctest/doctest.h>
#include <stdlib.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cli_test_support.h"
#include "obkvlite/mutation.h"
#include "obkvlite/rowkey.h"
#include "obkvlite/spec.h"
#include "obkvlite/store.h"
#include "own_server.h"
#include "server_test_support.h"
#include "storage/mysql/mysql_query.h"
#include "store_fixture.h"
#include "test_paths.h"

namespace obkvlite {
namespace testing {
namespace {

// The relations' stored rows, hex-encoded, in key order: what a user sees
// with SQL on either engine.
std::vector<std::string> StoredRows(const std::string& location,
                                    const std::string& database,
                                    const TableSpec& spec) {
  std::vector<std::string> out;
  const bool ts = spec.layout == Layout::kTimeseries;
  for (const FamilySpec& f : spec.families) {
    const std::string sql =
        std::string(ts ? "SELECT hex(K), T, S, hex(V)"
                       : "SELECT hex(K), hex(Q), T, hex(V)") +
        " FROM \"" + FamilyRelationName(spec, f) + "\" ORDER BY 1, 2, 3";
    const std::vector<std::string> rows = database.empty()
                                              ? InspectRows(location, sql)
                                              : ServerQuery(database, sql, "|");
    for (const std::string& row : rows) out.push_back(f.name + "|" + row);
  }
  return out;
}

// Cells with binary bytes, empty qualifiers and three versions, on rows
// spread over every partition of the fixtures' strategies; a put per family
// on a timeseries table (one family per request there).
std::vector<Put> SamplePuts(const TableSpec& spec, int rows) {
  std::vector<Put> puts;
  const bool ts = spec.layout == Layout::kTimeseries;
  for (int i = 0; i < rows; ++i) {
    std::string row = "r" + std::to_string(1000 + i * 7);
    if (i % 9 == 0) row += std::string("\0\xff", 2);
    Put put(row);
    for (const FamilySpec& f : spec.families) {
      if (ts && !put.cells.empty()) {
        puts.push_back(std::move(put));
        put = Put(row);
      }
      for (int v = 0; v < 3; ++v) {
        const int64_t t = 100 + (i * 37 + v * 101) % 5200;
        put.Add(f.name, "q", t,
                ts ? "v" + std::to_string(i) + "-" + std::to_string(v)
                   : std::string("v\0\xff\\", 4) + std::to_string(v));
      }
      if (!ts && i % 4 == 0) put.Add(f.name, "", 4321, "empty qualifier");
    }
    puts.push_back(std::move(put));
  }
  return puts;
}

TEST_CASE_TEMPLATE("byte identity: the same puts give the same rows on both", P,
                   OBKV_PARTITIONINGS) {
  const TableSpec spec =
      MustParseSpec(SpecJson("t", kDefaultFamilies, P::Case().partition_json));
  TempDir dir;
  ServerDatabase db;
  const std::string file = dir.path() + "/s.db";
  for (const std::string& location : {file, db.uri()}) {
    std::unique_ptr<Store> store = MustOpenStore(location);
    REQUIRE(store->CreateTable(spec).ok());
    Table* table = MustTable(store.get(), "t");
    const std::vector<Put> puts = SamplePuts(spec, 60);
    REQUIRE(table->Put(puts).ok());
    Delete del;
    del.row = "r1007";
    del.type = DeleteType::kColumns;
    del.family = "f";
    del.qualifier = "q";
    del.timestamp = 2000;
    REQUIRE(table->Delete(del).ok());
  }
  const std::vector<std::string> sqlite_rows = StoredRows(file, "", spec);
  CHECK(sqlite_rows.size() > 300);
  CHECK(StoredRows(db.uri(), db.name(), spec) == sqlite_rows);
}

// Every spec in schemas/, SQLite -> MariaDB -> SQLite through obkv copy.
TEST_CASE("obkv copy: SQLite to MariaDB to SQLite keeps every stored row") {
  int schemas = 0;
  for (const char* sub : {"examples", "seed003"}) {
    for (const auto& entry : std::filesystem::directory_iterator(
             std::string(OBKV_SOURCE_DIR) + "/schemas/" + sub)) {
      const std::string path = entry.path().string();
      CAPTURE(path);
      Result<TableSpec> spec = LoadTableSpecFile(path);
      REQUIRE_MESSAGE(spec.ok(), spec.status().ToString());
      ++schemas;
      TempDir dir;
      ServerDatabase db;
      const std::string a = dir.path() + "/a.db";
      const std::string b = dir.path() + "/b.db";
      {
        std::unique_ptr<Store> store = MustOpenStore(a);
        REQUIRE(store->CreateTable(*spec).ok());
        Table* table = MustTable(store.get(), spec->name);
        // Timestamps inside every range bound of the seed specs.
        std::vector<Put> puts = SamplePuts(*spec, 40);
        for (Put& put : puts) {
          for (PutCell& cell : put.cells) {
            cell.timestamp = 1728921600000 + *cell.timestamp * 60000;
          }
        }
        Status st = table->Put(puts);
        REQUIRE_MESSAGE(st.ok(), st.ToString());
      }
      CliRun there = RunCli({"copy", a, db.uri()});
      INFO(there.err);
      REQUIRE(there.code == 0);
      CHECK(there.out.find("copied table " + spec->name + ": ") == 0);
      CliRun back = RunCli({"copy", db.uri(), b, spec->name});
      INFO(back.err);
      REQUIRE(back.code == 0);
      const std::vector<std::string> rows = StoredRows(a, "", *spec);
      CHECK(rows.size() >= 120);
      CHECK(StoredRows(db.uri(), db.name(), *spec) == rows);
      CHECK(StoredRows(b, "", *spec) == rows);
      // The dump of either engine is the same text.
      const CliRun file_dump = RunCli(
          {"--store", a, "export", spec->name, "--dialect", "oceanbase"});
      const CliRun server_dump = RunCli({"--store", db.uri(), "export",
                                         spec->name, "--dialect", "oceanbase"});
      REQUIRE(file_dump.code == 0);
      CHECK(file_dump.out.find("INSERT INTO") != std::string::npos);
      CHECK(server_dump.out == file_dump.out);
    }
  }
  CHECK(schemas == 17);
}

TEST_CASE("obkv copy: a table the destination has is refused, store kept") {
  ServerDatabase db;
  CliSandbox box;
  box.Create("t", R"({"table":"t","families":[{"name":"f"}]})");
  REQUIRE(box.Run({"put", "t", "r", "f:q", "v"}).code == 0);
  REQUIRE(RunCli({"copy", box.store(), db.uri()}).code == 0);
  const CliRun again = RunCli({"copy", box.store(), db.uri()});
  CHECK(again.code == 1);
  CHECK(again.err == "obkv: table 't' already exists\n");
  CHECK(ServerQuery(db.name(), "SELECT count(*) FROM \"t$f\"") ==
        std::vector<std::string>{"1"});
  const CliRun same = RunCli({"copy", db.uri(), db.uri()});
  CHECK(same.code == 2);
  CHECK(same.err == "obkv: copy: SOURCE and DEST are the same store\n");
}

TEST_CASE("cli on a mysql:// store: create, put, get, scan, count, exec") {
  ServerDatabase db;
  CliSandbox box;
  const std::string spec = box.WriteFile(
      "t.json", R"({"table":"t","families":[{"name":"f"}],)"
                R"("partition":{"strategy":"key","partitions":97}})");
  auto run = [&](std::vector<std::string> args, const std::string& in = "") {
    args.insert(args.begin(), {"--store", db.uri()});
    return RunCli(args, in);
  };
  CliRun r = run({"create", spec});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("created table t: 1 family, 97 partitions on mariadb ") ==
        0);
  REQUIRE(run({"put", "t", "r1", "f:q", "v1", "--ts", "100"}).code == 0);
  REQUIRE(run({"put", "t", "r1", "f:q", "v2", "--ts", "200"}).code == 0);
  CHECK(run({"get", "t", "r1", "--versions", "2"}).out ==
        "r1  f:q  @200  v2\nr1  f:q  @100  v1\n");
  CHECK(run({"count", "t"}).out == "t: 1 rows, 2 cells\n");
  r = run({"exec"},
          "{\"op\":\"increment\",\"table\":\"t\",\"row\":\"c\",\"family\":"
          "\"f\",\"qualifier\":\"n\",\"amount\":7}\n"
          "{\"op\":\"scan\",\"table\":\"t\",\"columns\":[\"f:q\"]}\n");
  CHECK(r.out.find("\"value\":\"\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00"
                   "\\\\x00\\\\x07\"") != std::string::npos);
  CHECK(r.out.find("{\"ok\":true,\"cells\":[{\"row\":\"r1\",\"family\":\"f\","
                   "\"qualifier\":\"q\",\"ts\":200,\"value\":\"v2\"}]}") !=
        std::string::npos);
  // The server partitions the one relation t$f itself.
  CHECK(ServerQuery(db.name(),
                    "SELECT count(*) FROM information_schema.PARTITIONS "
                    "WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 't$f'") ==
        std::vector<std::string>{"97"});
  r = run({"describe", "t"});
  CHECK(r.out.find("engine     mariadb ") == 0);
  CHECK(r.out.find("store      " + db.uri() + "\n") != std::string::npos);
}

TEST_CASE("cli on a mysql:// store: sql reads, and only reads") {
  ServerDatabase db;
  std::unique_ptr<Store> store = MustOpenStore(db.uri());
  REQUIRE(store
              ->CreateTable(
                  MustParseSpec(R"({"table":"t","families":[{"name":"f"}]})"))
              .ok());
  REQUIRE(MustTable(store.get(), "t")
              ->Put(Put(std::string("r\0", 2)).Add("f", "q", 5, "v"))
              .ok());
  auto sql = [&](const std::string& query) {
    return RunCli({"--store", db.uri(), "sql", query});
  };
  CliRun r = sql("SELECT K, Q, T, V FROM \"t$f\"");
  CHECK(r.out ==
        "K      Q  T   V\n"
        "-----  -  --  -\n"
        "r\\x00  q  -5  v\n");
  r = RunCli(
      {"--store", db.uri(), "sql", "SELECT -T AS ts FROM \"t$f\"", "--json"});
  CHECK(r.out == "[{\"ts\":5}]\n");
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"DELETE FROM \"t$f\"", "'DELETE' is not a read"},
      {"UPDATE \"t$f\" SET V = 'x'", "'UPDATE' is not a read"},
      {"DROP TABLE \"t$f\"", "'DROP' is not a read"},
      {"SELECT 1; DELETE FROM \"t$f\"", "more than one statement"},
      {"SELECT * FROM \"t$f\" INTO OUTFILE '/tmp/x'",
       "INTO writes a file or variables"},
      {"SELECT 1 /*! ; DELETE FROM t */",
       "executable comments (/*! ... */) "
       "are refused"},
      {"", "empty query"},
  };
  for (const auto& [query, why] : refused) {
    CAPTURE(query);
    r = sql(query);
    CHECK(r.code == 1);
    CHECK(r.err == "obkv: sql: " + why +
                       "; a server store takes one SELECT, WITH or EXPLAIN "
                       "statement\n");
  }
  // What passes the check still runs in a READ ONLY transaction.
  r = sql("SELECT * FROM \"t$f\" FOR UPDATE");
  CHECK(r.code == 1);
  CHECK(r.err.find("Cannot execute statement in a READ ONLY transaction") !=
        std::string::npos);
  CHECK(ServerQuery(db.name(), "SELECT count(*) FROM \"t$f\"") ==
        std::vector<std::string>{"1"});
}

TEST_CASE("server errors: refused login, closed port, missing database") {
  StoreOptions options;
  // Nothing listens on loopback port 1.
  Result<std::unique_ptr<Store>> store =
      Store::Open(options, "mysql://u:Secret1@127.0.0.1:1/d");
  REQUIRE(!store.ok());
  CHECK(store.status().IsUnavailable());
  CHECK(store.status().message().find("mysql server at 127.0.0.1:1: ") == 0);
  CHECK(store.status().message().find("Secret1") == std::string::npos);
  // A user the server does not know.
  store =
      Store::Open(options, "mysql://nobody_obkv:Secret2@localhost/d?socket=" +
                               TestServerSocket());
  REQUIRE(!store.ok());
  CHECK(store.status().IsUnavailable());
  CHECK(store.status().message().find("mysql server at socket " +
                                      TestServerSocket() +
                                      ": connect as 'nobody_obkv': ") == 0);
  CHECK(store.status().message().find("Secret2") == std::string::npos);
  // Without create_if_missing a missing database stays missing.
  ServerDatabase db;
  options.create_if_missing = false;
  store = Store::Open(options, db.uri());
  CHECK(store.status().IsNotFound());
  CHECK(store.status().message() ==
        db.uri() + ": no such database (create_if_missing is false)");
  options.read_only = true;
  store = Store::Open(options, db.uri());
  CHECK(store.status().IsNotFound());
  CHECK(ServerQuery("mysql",
                    "SELECT count(*) FROM information_schema.SCHEMATA "
                    "WHERE SCHEMA_NAME = '" +
                        db.name() + "'") == std::vector<std::string>{"0"});
  // Shards are SQLite files.
  options = StoreOptions();
  options.sqlite.shards = 3;
  store = Store::Open(options, db.uri());
  CHECK(store.status().IsInvalidArgument());
  CHECK(store.status().message().find(
            "options.sqlite.shards: a server store has no "
            "shard files") == 0);
}

TEST_CASE("endpoints: a dead one is skipped; session variables are set") {
  ServerDatabase db;
  const std::string dead = "/nonexistent_obkv/dead.sock";
  const std::string listed = "mysql://" + TestServerUser() + "@localhost/" +
                             db.name() + "?socket=" + dead + "," +
                             TestServerSocket();
  std::unique_ptr<Store> store = MustOpenStore(listed);
  CHECK(store->info().location == listed);
  REQUIRE(store
              ->CreateTable(
                  MustParseSpec(R"({"table":"t","families":[{"name":"f"}]})"))
              .ok());
  Table* table = MustTable(store.get(), "t");
  REQUIRE(table->Put(Put("r").Add("f", "q", 1, "v")).ok());
  CHECK(table->Get(Get("r"))->cells.size() == 1);
  // Every endpoint dead: Unavailable naming each.
  const std::string none = "mysql://" + TestServerUser() + "@localhost/" +
                           db.name() + "?socket=" + dead + "," + dead + "2";
  Result<std::unique_ptr<Store>> refused = Store::Open(StoreOptions(), none);
  REQUIRE(!refused.ok());
  CHECK(refused.status().IsUnavailable());
  const std::string& msg = refused.status().message();
  CHECK(msg.find("no endpoint of " + none +
                 " took the session: mysql server "
                 "at socket " +
                 dead + ": connect as '") == 0);
  CHECK(msg.find("; mysql server at socket " + dead + "2: connect as '") !=
        std::string::npos);
  // The URI's session variables reach the server.
  refused = Store::Open(StoreOptions(),
                        db.uri() + "&session.no_such_variable_obkv=1");
  REQUIRE(!refused.ok());
  CHECK(refused.status().message().find(
            "SET SESSION no_such_variable_obkv = 1: Unknown system variable "
            "'no_such_variable_obkv'") != std::string::npos);
  const CliRun sql =
      RunCli({"--store", db.uri() + "&session.innodb_lock_wait_timeout=7",
              "sql", "SELECT @@SESSION.innodb_lock_wait_timeout"});
  INFO(sql.err);
  CHECK(sql.out.find("7") != std::string::npos);
  // Not a Galera server: wsrep_sync_wait stays as the server has it.
  const CliRun wait =
      RunCli({"--store", db.uri(), "sql", "SELECT @@SESSION.wsrep_sync_wait"});
  CHECK(wait.out.find("0") != std::string::npos);
}

TEST_CASE("cli: a URI without '//' is refused, its password never shown") {
  const CliRun r =
      RunCli({"--store", "mysql:app:Sup3rSecret@localhost", "describe", "t"});
  CHECK(r.code != 0);
  CHECK(r.err.find("store: scheme: 'mysql:' is not followed by '//'") !=
        std::string::npos);
  CHECK(r.err.find("Sup3r") == std::string::npos);
  CHECK(r.out.find("Sup3r") == std::string::npos);
  const CliRun create = RunCli(
      {"--store", "mysql:app:Sup3rSecret@localhost", "create",
       std::string(OBKV_SOURCE_DIR) + "/schemas/examples/bucketed_logs.json"});
  CHECK(create.code != 0);
  CHECK(create.err.find("Sup3r") == std::string::npos);
  CHECK(!std::filesystem::exists("mysql:app:Sup3rSecret@localhost"));
}

TEST_CASE("describe on a server store shows the server's partitioning") {
  ServerDatabase db;
  std::unique_ptr<Store> store = MustOpenStore(db.uri());
  // MariaDB has no KEY on a prefix of K: the server's table is plain KEY.
  REQUIRE(store
              ->CreateTable(MustParseSpec(
                  R"({"table":"kp","families":[{"name":"f"}],)"
                  R"("partition":{"strategy":"key","partitions":7,)"
                  R"("prefix_length":4}})"))
              .ok());
  REQUIRE(store
              ->CreateTable(
                  MustParseSpec(R"({"table":"t","families":[{"name":"f"}]})"))
              .ok());
  store.reset();
  CliRun r = RunCli({"--store", db.uri(), "describe", "kp"});
  INFO(r.err);
  CHECK(r.out.find("  partitioning         KEY(K_PREFIX = substring(K, 1, 4)) "
                   "PARTITIONS 7, hash oceanbase\n"
                   "  physical partitions  7\n"
                   "  server partitioning  KEY(K) PARTITIONS 7\n") !=
        std::string::npos);
  r = RunCli({"--store", db.uri(), "describe", "t"});
  CHECK(r.out.find("  server partitioning  none\n") != std::string::npos);
}

TEST_CASE("obkv sql: a namespaced name resolves to its database") {
  using storage::ResolveNamespacedNames;
  CHECK(ResolveNamespacedNames(R"(SELECT K FROM "ns1:users$f" ORDER BY K)") ==
        R"(SELECT K FROM "ns1"."ns1:users$f" ORDER BY K)");
  // Strings, backquoted names, comments and names without a namespace stay.
  const std::string kept =
      R"(SELECT 'ns:t', `a:b`, "t$f" /* "x:y" */ FROM "t$f" -- "p:q")";
  CHECK(ResolveNamespacedNames(kept) == kept);
  CHECK(ResolveNamespacedNames(R"(SELECT ":x", "x:")") ==
        R"(SELECT ":x", "x:")");
  // The same query text on a server store as on a store file.
  ServerDatabase db;
  const std::string ns = db.name() + "_ns";
  REQUIRE(RunCli({"--store", db.uri(), "namespace", "create", ns}).code == 0);
  const std::string spec_path = db.name() + "_users.json";
  {
    std::FILE* f = std::fopen(spec_path.c_str(), "w");
    REQUIRE(f != nullptr);
    const std::string spec =
        R"({"table": ")" + ns + R"(:users", "families": [{"name": "f"}]})";
    std::fputs(spec.c_str(), f);
    std::fclose(f);
  }
  REQUIRE(RunCli({"--store", db.uri(), "create", spec_path}).code == 0);
  std::remove(spec_path.c_str());
  REQUIRE(RunCli({"--store", db.uri(), "put", ns + ":users", "alice",
                  "f:email", "a@x", "--ts", "100"})
              .code == 0);
  const CliRun r = RunCli({"--store", db.uri(), "sql",
                           "SELECT K, V FROM \"" + ns + ":users$f\""});
  INFO(r.err);
  CHECK(r.out ==
        "K      V\n"
        "-----  ---\n"
        "alice  a@x\n");
  // A backslash in a string is itself, as on a store file.
  CHECK(RunCli({"--store", db.uri(), "sql", R"(SELECT 'a\b' AS s)"}).out ==
        "s\n---\na\\b\n");
  REQUIRE(RunCli({"--store", db.uri(), "disable", ns + ":users"}).code == 0);
  REQUIRE(RunCli({"--store", db.uri(), "drop", ns + ":users"}).code == 0);
  REQUIRE(RunCli({"--store", db.uri(), "namespace", "drop", ns}).code == 0);
}

TEST_CASE("namespace create works on a fresh server store") {
  ServerDatabase db;
  const std::string ns = "obkvns" + std::to_string(getpid());
  const CliRun r = RunCli({"--store", db.uri(), "namespace", "create", ns});
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK(r.out.find("created " + ns + "\n") == 0);
  const CliRun list = RunCli({"--store", db.uri(), "namespace", "list"});
  CHECK(list.out.find(ns + "\n") != std::string::npos);
  (void)ServerQuery("mysql", "DROP DATABASE IF EXISTS `" + ns + "`");
}

TEST_CASE("a value over max_allowed_packet is refused before it is sent") {
  ServerDatabase db;
  std::unique_ptr<Store> store = MustOpenStore(db.uri());
  REQUIRE(store
              ->CreateTable(
                  MustParseSpec(R"({"table":"big","families":[{"name":"f",)"
                                R"("value_type":"longblob"}]})"))
              .ok());
  Table* table = MustTable(store.get(), "big");
  const std::vector<std::string> limit =
      ServerQuery("mysql", "SELECT @@GLOBAL.max_allowed_packet");
  REQUIRE(limit.size() == 1);
  const size_t bytes = static_cast<size_t>(std::stoll(limit[0])) + 1024;
  Status st = table->Put(Put("r").Add("f", "q", 1, std::string(bytes, 'x')));
  CHECK(st.IsInvalidArgument());
  CHECK(st.message().find("is over the server's limit " + limit[0] +
                          " bytes (server variable max_allowed_packet); "
                          "nothing was sent") != std::string::npos);
  // The session is still good, and nothing was written.
  REQUIRE(table->Put(Put("r").Add("f", "q", 2, "small")).ok());
  Result<RowResult> got = table->Get(Get("r"));
  REQUIRE(got.ok());
  REQUIRE(got->cells.size() == 1);
  CHECK(got->cells[0].value == "small");
}

TEST_CASE("a password in the URI is never shown") {
  ServerDatabase db;
  const std::string uri = "mysql://" + TestServerUser() +
                          ":NeverShown9@localhost/" + db.name() +
                          "?socket=" + TestServerSocket();
  std::unique_ptr<Store> store = MustOpenStore(uri);
  CHECK(store->path() == db.uri());
  CHECK(store->info().location == db.uri());
  REQUIRE(store
              ->CreateTable(
                  MustParseSpec(R"({"table":"t","families":[{"name":"f"}]})"))
              .ok());
  const CliRun r = RunCli({"--store", uri, "describe", "t"});
  CHECK(r.out.find("NeverShown9") == std::string::npos);
  CHECK(r.out.find(db.uri()) != std::string::npos);
  const CliRun missing = RunCli({"--store", uri, "describe", "nope"});
  CHECK(missing.err.find("NeverShown9") == std::string::npos);
}

// Scans longer than a page (MysqlConnection::kPageRows = 256 rows) read in
// pages: forward, reversed, limited and batched scans and the timeseries
// layout return on the server exactly what they return on SQLite.
TEST_CASE("scans over many pages return what SQLite returns") {
  for (const char* layout : {"normal", "timeseries"}) {
    CAPTURE(layout);
    const TableSpec spec =
        MustParseSpec(std::string(R"({"table":"t","layout":")") + layout +
                      R"(","families":[{"name":"f"}],)"
                      R"("partition":{"strategy":"key","partitions":5}})");
    TempDir dir;
    ServerDatabase db;
    std::vector<std::unique_ptr<Store>> stores;
    for (const std::string& location : {dir.path() + "/s.db", db.uri()}) {
      stores.push_back(MustOpenStore(location));
      REQUIRE(stores.back()->CreateTable(spec).ok());
      std::vector<Put> puts;
      for (int i = 0; i < 700; ++i) {
        Put put("row" + std::to_string(10000 + i));
        for (int v = 0; v < 3; ++v) {
          put.Add("f", "q" + std::to_string(v % 2), 100 + v * 10 + i % 7,
                  "v" + std::to_string(i * 3 + v));
        }
        puts.push_back(std::move(put));
      }
      REQUIRE(MustTable(stores.back().get(), "t")->Put(puts).ok());
    }
    std::vector<Scan> scans(4);
    scans[0].max_versions = 3;
    scans[1].reversed = std::string(layout) == "normal";
    scans[2].limit = 300;
    scans[2].start_row = "row10100";
    scans[3].max_versions = 2;
    scans[3].time_range = TimeRange{105, 125};
    for (size_t i = 0; i < scans.size(); ++i) {
      CAPTURE(i);
      std::vector<Cell> expected, got;
      for (size_t e = 0; e < stores.size(); ++e) {
        Result<std::unique_ptr<Scanner>> scanner =
            MustTable(stores[e].get(), "t")->GetScanner(scans[i]);
        REQUIRE_MESSAGE(scanner.ok(), scanner.status().ToString());
        (e == 0 ? expected : got) = Drain(scanner->get());
      }
      CHECK(expected.size() >= 600);
      CHECK(got == expected);
    }
  }
}

// Creates table t, families f and g, KEY 7, and returns it.
Table* CreateKey7Table(Store* store) {
  REQUIRE(store
              ->CreateTable(MustParseSpec(
                  R"({"table":"t","families":[{"name":"f"},{"name":"g"}],)"
                  R"("partition":{"strategy":"key","partitions":7}})"))
              .ok());
  return MustTable(store, "t");
}

// One Store shared by threads: writers queue on the writer connection,
// readers lease pooled connections, nothing is lost or torn.
TEST_CASE("threads share one server store") {
  ServerDatabase db;
  std::unique_ptr<Store> store = MustOpenStore(db.uri());
  Table* table = CreateKey7Table(store.get());
  constexpr int kThreads = 4;
  constexpr int kRows = 150;
  std::atomic<int> failures{0};
  std::atomic<bool> writing{true};
  std::vector<std::thread> threads;
  for (int w = 0; w < kThreads; ++w) {
    threads.emplace_back([&, w] {
      for (int i = 0; i < kRows; ++i) {
        const std::string row =
            "w" + std::to_string(w) + "_" + std::to_string(i);
        if (!table->Put(Put(row).Add("f", "q", 1, "a").Add("g", "q", 1, "b"))
                 .ok()) {
          failures++;
        }
      }
    });
  }
  std::thread reader([&] {
    while (writing.load()) {
      Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(Scan());
      if (!scanner.ok()) {
        failures++;
        continue;
      }
      RowResult row;
      while ((*scanner)->Next(&row)) {
        if (row.cells.size() != 2) failures++;  // a row is never torn
      }
      if (!(*scanner)->status().ok()) failures++;
    }
  });
  for (std::thread& t : threads) t.join();
  writing.store(false);
  reader.join();
  CHECK(failures.load() == 0);
  CHECK(Drain(MustTable(store.get(), "t")->GetScanner(Scan())->get()).size() ==
        static_cast<size_t>(2 * kThreads * kRows));
}

// ---- faults: a server of the test's own, killed mid-batch -----------------


TEST_CASE("fault: the server killed mid-batch; no batch is half-applied") {
  OwnServer server("obkv_fault_");
  std::unique_ptr<Store> store = MustOpenStore(server.uri("faults"));
  Table* table = CreateKey7Table(store.get());
  constexpr int kRowsPerBatch = 40;
  std::atomic<int> acked{0};
  std::atomic<bool> stop{false};
  Status failure;
  std::thread writer([&] {
    for (int b = 0; !stop.load(); ++b) {
      std::vector<Mutation> ops;
      for (int i = 0; i < kRowsPerBatch; ++i) {
        ops.push_back(Put("b" + std::to_string(b) + "_" + std::to_string(i))
                          .Add("f", "q", 100, std::string(200, 'x'))
                          .Add("g", "q", 100, "y"));
      }
      Result<std::vector<MutationResult>> r = table->Batch(ops);
      if (!r.ok()) {
        failure = r.status();
        return;
      }
      acked.store(b + 1);
    }
  });
  while (acked.load() < 5)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  // A scan now leaves an idle pooled reader that the restart will cut.
  {
    Scan first;
    first.limit = 1;
    Result<std::unique_ptr<Scanner>> s = table->GetScanner(first);
    REQUIRE(s.ok());
    CHECK(Drain(s->get()).size() == 2);
  }
  REQUIRE(server.Script("kill") == 0);
  writer.join();
  stop.store(true);
  INFO(failure.ToString());
  // Unavailable, or UnknownOutcome when the kill came after the batch's
  // COMMIT was sent.
  CHECK((failure.IsUnavailable() || failure.IsUnknownOutcome()));
  CHECK(failure.message().find("mysql server at socket " + server.socket()) !=
        std::string::npos);

  // While it is down every call fails cleanly.
  Result<RowResult> down = table->Get(Get("b0_0"));
  CHECK(down.status().IsUnavailable());

  // After a restart the same store reconnects on the next call: the idle
  // pooled reader and the writer alike.
  REQUIRE(server.Script("restart") == 0);
  Result<RowResult> up = table->Get(Get("b0_0"));
  REQUIRE_MESSAGE(up.ok(), up.status().ToString());
  CHECK(up->cells.size() == 2);
  Scan all;
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(all);
  REQUIRE_MESSAGE(scanner.ok(), scanner.status().ToString());
  std::map<int, int> rows_per_batch;
  RowResult row;
  while ((*scanner)->Next(&row)) {
    CHECK(row.cells.size() == 2);
    rows_per_batch[std::stoi(row.row.substr(1))]++;
  }
  REQUIRE((*scanner)->status().ok());
  for (int b = 0; b < acked.load(); ++b) {
    CAPTURE(b);
    CHECK(rows_per_batch[b] == kRowsPerBatch);  // acknowledged: all there
  }
  for (const auto& [batch, rows] : rows_per_batch) {
    CAPTURE(batch);
    CHECK(rows == kRowsPerBatch);  // never a part of a batch
    CHECK(batch <= acked.load());  // at most the one in flight, whole
  }
  // And writes work again.
  CHECK(table->Put(Put("after").Add("f", "q", 1, "v")).ok());
  CHECK(table->Get(Get("after"))->cells.size() == 1);
}

// A Status of a call made while the server was down: Unavailable, naming it.
void CheckServerDown(const Status& st, const OwnServer& server) {
  INFO(st.ToString());
  CHECK(st.IsUnavailable());
  CHECK(st.message().find("mysql server at socket " + server.socket()) !=
        std::string::npos);
}

// The counter f:n of row "c" (0 when absent).
int64_t Counter(Table* table) {
  Get get("c");
  get.columns = {{"f", "n"}};
  Result<RowResult> row = table->Get(get);
  REQUIRE_MESSAGE(row.ok(), row.status().ToString());
  if (row->cells.empty()) return 0;
  Result<int64_t> n = DecodeBigEndian64(row->cells[0].value);
  REQUIRE(n.ok());
  return *n;
}

TEST_CASE("fault: the server killed during increments and a paged scan") {
  OwnServer server("obkv_fault_");
  std::unique_ptr<Store> store = MustOpenStore(server.uri("faults2"));
  Table* table = CreateKey7Table(store.get());
  // 700 rows: a full scan reads each family in several pages (256 rows at
  // first), so it needs the server again after its first rows.
  std::vector<Put> rows;
  for (int i = 0; i < 700; ++i) {
    rows.push_back(Put("s" + std::to_string(10000 + i))
                       .Add("f", "q", 1, "a")
                       .Add("g", "q", 1, "b"));
  }
  REQUIRE(table->Put(rows).ok());

  for (int round = 0; round < 2; ++round) {
    CAPTURE(round);
    const int64_t start = Counter(table);
    Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(Scan());
    REQUIRE(scanner.ok());
    RowResult row;
    REQUIRE((*scanner)->Next(&row));
    int scanned = 1;
    // Increments from a thread until the first one fails.
    std::atomic<int64_t> acked{0};
    Status failure;
    std::thread incrementer([&] {
      Increment inc;
      inc.row = "c";
      inc.columns.push_back({"f", "n", 1});
      while (true) {
        Result<RowResult> r = table->Increment(inc);
        if (!r.ok()) {
          failure = r.status();
          return;
        }
        acked++;
      }
    });
    while (acked.load() < 20) {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    REQUIRE(server.Script("kill") == 0);
    incrementer.join();
    if (failure.IsUnknownOutcome()) {
      // Killed after its COMMIT was sent: not retried, and it says so.
      CHECK(failure.message().find("increment of row 'c': mysql server at "
                                   "socket " +
                                   server.socket()) == 0);
      CHECK(failure.message().find("may or may not have happened") !=
            std::string::npos);
    } else {
      CheckServerDown(failure, server);
    }
    if (round == 1) {
      // While it is down, the scan fails at its next page.
      while ((*scanner)->Next(&row)) scanned++;
      CHECK(scanned < 700);
      CheckServerDown((*scanner)->status(), server);
    }
    REQUIRE(server.Script("restart") == 0);
    if (round == 0) {
      // Restarted under it: the scan still fails rather than go on
      // outside its snapshot or end short.
      while ((*scanner)->Next(&row)) scanned++;
      CHECK(scanned < 700);
      CheckServerDown((*scanner)->status(), server);
    }
    // The increment in flight counted once or not at all.
    const int64_t counted = Counter(table) - start;
    CHECK((counted == acked.load() || counted == acked.load() + 1));
    // The next calls work: an increment, a put, a whole scan.
    Increment inc;
    inc.row = "c";
    inc.columns.push_back({"f", "n", 1});
    Result<RowResult> r = table->Increment(inc);
    REQUIRE_MESSAGE(r.ok(), r.status().ToString());
    CHECK(Counter(table) == start + counted + 1);
    CHECK(table->Put(Put("after").Add("f", "q", 1, "v")).ok());
    Scan all;
    all.start_row = "s";
    all.stop_row = "t";
    Result<std::unique_ptr<Scanner>> again = table->GetScanner(all);
    REQUIRE_MESSAGE(again.ok(), again.status().ToString());
    CHECK(Drain(again->get()).size() == 1400u);
  }
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
