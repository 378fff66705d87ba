// Copyright (c) obkvlite authors.
//
// Tests of the DDL generator (DESIGN §2, seed 003):
//   - the oceanbase dialect of every seed 003 spec equals its golden file;
//   - exact text of the pieces (kv_attributes, RANGE bounds, notes, mysql);
//   - the sqlite dialect of every spec under schemas/ runs in SQLite and
//     builds the documented physical layout;
//   - `obkv ddl` end to end through RunObkv.

#include "obkvlite/ddl.h"

#include <doctest/doctest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_test_support.h"
#include "ddl/sql_quote.h"
#include "ddl/store_ddl.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "source_files.h"
#include "tools/cli/cli.h"

namespace obkvlite {
namespace {

using testing::CliRun;
using testing::RunCli;

namespace fs = std::filesystem;

using testing::ReadSourceFile;
using testing::SourcePath;

TableSpec MustParse(const std::string& spec_json) {
  Result<TableSpec> r = ParseTableSpec(spec_json);
  INFO(spec_json);
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  return std::move(r).value();
}

TableSpec MustLoad(const std::string& path) {
  Result<TableSpec> r = LoadTableSpecFile(path);
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  return std::move(r).value();
}

std::vector<fs::path> JsonFilesUnder(const std::string& dir, bool recursive) {
  std::vector<fs::path> files;
  auto add = [&](const fs::directory_entry& e) {
    if (e.is_regular_file() && e.path().extension() == ".json") {
      files.push_back(e.path());
    }
  };
  if (recursive) {
    for (const auto& e : fs::recursive_directory_iterator(dir)) add(e);
  } else {
    for (const auto& e : fs::directory_iterator(dir)) add(e);
  }
  std::sort(files.begin(), files.end());
  return files;
}

// A one-family table "t$f" with this family object (normal layout).
std::string Family(const std::string& family) {
  return R"({"table": "t", "families": [)" + family + "]}";
}

// ---------------------------------------------------------------------------
// An in-memory SQLite database.

class Db {
 public:
  Db() { REQUIRE(sqlite3_open(":memory:", &db_) == SQLITE_OK); }
  ~Db() { sqlite3_close(db_); }
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  // Runs a script; returns "" or SQLite's error message.
  std::string Exec(const std::string& sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) == SQLITE_OK) {
      return "";
    }
    std::string message = error != nullptr ? error : "unknown error";
    sqlite3_free(error);
    return message;
  }

  // Every row of a query, each column as text ("NULL" for NULL).
  std::vector<std::vector<std::string>> Query(const std::string& sql) {
    sqlite3_stmt* stmt = nullptr;
    const int rc = sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr);
    REQUIRE_MESSAGE(rc == SQLITE_OK, sql << ": " << sqlite3_errmsg(db_));
    std::vector<std::vector<std::string>> rows;
    int step;
    while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
      std::vector<std::string> row;
      for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
        const unsigned char* text = sqlite3_column_text(stmt, i);
        row.push_back(text == nullptr ? "NULL"
                                      : reinterpret_cast<const char*>(text));
      }
      rows.push_back(std::move(row));
    }
    CHECK_MESSAGE(step == SQLITE_DONE, sql << ": " << sqlite3_errmsg(db_));
    sqlite3_finalize(stmt);
    return rows;
  }

  // The single value of a one-row, one-column query.
  std::string Value(const std::string& sql) {
    const auto rows = Query(sql);
    REQUIRE_MESSAGE(rows.size() == 1, sql);
    REQUIRE(rows[0].size() == 1);
    return rows[0][0];
  }

  std::set<std::string> Names(const std::string& type) {
    std::set<std::string> names;
    for (const auto& row :
         Query("SELECT name FROM sqlite_master WHERE type = '" + type + "'")) {
      names.insert(row[0]);
    }
    return names;
  }

 private:
  sqlite3* db_ = nullptr;
};

std::string Quote(const std::string& name) { return QuoteSqlIdentifier(name); }

std::string Hex(const std::string& bytes) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : bytes) {
    out.push_back(kHex[c >> 4]);
    out.push_back(kHex[c & 0xF]);
  }
  return out;
}

// The physical tables of a family, worked out from the model by DESIGN §2
// (independently of PartitionTableName): "t$f", "t$f$p<i>" or "t$f$p<p>s<s>".
std::vector<std::string> ExpectedTables(const TableSpec& t,
                                        const FamilySpec& f) {
  const std::string relation = t.name + "$" + f.name;
  const PartitionSpec& p = f.partition;
  const int key = p.key_partitions;
  const int range = static_cast<int>(p.bounds.size());
  std::vector<std::string> names;
  auto one = [&](int n) {
    for (int i = 0; i < n; ++i)
      names.push_back(relation + "$p" + std::to_string(i));
  };
  auto two = [&](int first, int sub) {
    for (int i = 0; i < first; ++i) {
      for (int j = 0; j < sub; ++j) {
        names.push_back(relation + "$p" + std::to_string(i) + "s" +
                        std::to_string(j));
      }
    }
  };
  switch (p.strategy) {
    case PartitionStrategy::kNone:
      names.push_back(relation);
      break;
    case PartitionStrategy::kKey:
      one(key);
      break;
    case PartitionStrategy::kRange:
      one(range);
      break;
    case PartitionStrategy::kRangeKey:
      two(range, key);
      break;
    case PartitionStrategy::kKeyRange:
      two(key, range);
      break;
  }
  return names;
}

struct Column {
  std::string name;
  std::string type;
  int notnull;
  int pk;
  int hidden;
};

// PRAGMA table_xinfo of a physical table, as DESIGN §2 lays it out.
std::vector<Column> ExpectedColumns(const TableSpec& t, const FamilySpec& f) {
  std::vector<Column> cols;
  if (t.layout == Layout::kTimeseries) {
    cols = {{"K", "BLOB", 1, 1, 0},
            {"T", "INTEGER", 1, 2, 0},
            {"S", "INTEGER", 1, 3, 0},
            {"V", "TEXT", 1, 0, 0}};
  } else {
    cols = {{"K", "BLOB", 1, 1, 0},
            {"Q", "BLOB", 1, 2, 0},
            {"T", "INTEGER", 1, 3, 0},
            {"V", "BLOB", 1, 0, 0}};
  }
  // hidden = 2: a VIRTUAL generated column.
  if (t.layout == Layout::kTimeseries || f.partition.NeedsTimestamp()) {
    cols.push_back({"G", "INTEGER", 0, 0, 2});
  }
  if (f.partition.prefix_length > 0) {
    cols.push_back({"K_PREFIX", "BLOB", 0, 0, 2});
  }
  return cols;
}

std::vector<Column> ActualColumns(Db& db, const std::string& table) {
  std::vector<Column> cols;
  for (const auto& row : db.Query("PRAGMA table_xinfo(" + Quote(table) + ")")) {
    // cid, name, type, notnull, dflt_value, pk, hidden
    cols.push_back({row[1], row[2], std::stoi(row[3]), std::stoi(row[5]),
                    std::stoi(row[6])});
  }
  return cols;
}

std::string Describe(const std::vector<Column>& cols) {
  std::string out;
  for (const Column& c : cols) {
    out += c.name + " " + c.type + " notnull=" + std::to_string(c.notnull) +
           " pk=" + std::to_string(c.pk) +
           " hidden=" + std::to_string(c.hidden) + "; ";
  }
  return out;
}

// A row key of `n` bytes 0x01, 0x02, ... (wrapping, never 0).
std::string RowKey(int n) {
  std::string key;
  for (int i = 0; i < n; ++i) key.push_back(static_cast<char>(1 + i % 250));
  return key;
}

// Inserts one cell with T = -5 (HBase timestamp 5) into `table`.
std::string InsertCell(Db& db, const TableSpec& t, const std::string& table,
                       const std::string& key) {
  if (t.layout == Layout::kTimeseries) {
    return db.Exec("INSERT INTO " + Quote(table) +
                   " (\"K\", \"T\", \"S\", \"V\") VALUES (X'" + Hex(key) +
                   "', -5, -7, '{\"q\":\"v\"}')");
  }
  return db.Exec("INSERT INTO " + Quote(table) +
                 " (\"K\", \"Q\", \"T\", \"V\") VALUES (X'" + Hex(key) +
                 "', X'71', -5, X'76')");
}

// ---------------------------------------------------------------------------
// (1) Golden files: the oceanbase dialect of seed 003's statements.

TEST_CASE("golden: every seed 003 spec matches its oceanbase DDL") {
  const std::vector<fs::path> specs =
      JsonFilesUnder(SourcePath("schemas/seed003"), false);
  REQUIRE(specs.size() >= 12);  // one per statement of seed 003
  std::set<std::string> goldens;
  for (const fs::directory_entry& g :
       fs::directory_iterator(SourcePath("tests/golden/seed003"))) {
    goldens.insert(g.path().filename().string());
  }
  for (const fs::path& spec_path : specs) {
    const std::string name = spec_path.stem().string();
    INFO(name);
    const std::string golden_name = name + ".oceanbase.sql";
    CHECK(goldens.count(golden_name) == 1);
    const TableSpec spec = MustLoad(spec_path.string());
    CHECK(spec.warnings.empty());
    const std::string golden =
        ReadSourceFile(SourcePath("tests/golden/seed003/" + golden_name));
    CHECK(GenerateDdl(spec, DdlDialect::kOceanBase) == golden);
    goldens.erase(golden_name);
  }
  // No golden without a spec.
  CHECK(goldens.empty());
}

TEST_CASE("golden: the seed's canonical table, spelled out") {
  // Seed 003's "normal table": htable1$family1 and htable1$family2, KEY(K)
  // PARTITIONS 97, bound to TABLEGROUP htable1.
  const TableSpec spec = MustLoad(SourcePath("schemas/seed003/normal.json"));
  CHECK(GenerateDdl(spec, DdlDialect::kOceanBase) ==
        "CREATE TABLEGROUP `htable1`;\n"
        "\n"
        "CREATE TABLE `htable1$family1` (\n"
        "  `K` varbinary(1024) NOT NULL,\n"
        "  `Q` varbinary(256) NOT NULL,\n"
        "  `T` bigint(20) NOT NULL,\n"
        "  `V` varbinary(1048576) NOT NULL,\n"
        "  PRIMARY KEY (`K`, `Q`, `T`)\n"
        ") TABLEGROUP = `htable1`\n"
        "PARTITION BY KEY(`K`) PARTITIONS 97;\n"
        "\n"
        "CREATE TABLE `htable1$family2` (\n"
        "  `K` varbinary(1024) NOT NULL,\n"
        "  `Q` varbinary(256) NOT NULL,\n"
        "  `T` bigint(20) NOT NULL,\n"
        "  `V` varbinary(1048576) NOT NULL,\n"
        "  PRIMARY KEY (`K`, `Q`, `T`)\n"
        ") TABLEGROUP = `htable1`\n"
        "PARTITION BY KEY(`K`) PARTITIONS 97;\n");
}

// ---------------------------------------------------------------------------
// (2) Exact text of the pieces.

// The CREATE TABLE of a one-family spec, without the CREATE TABLEGROUP.
std::string OceanBaseTable(const std::string& spec_json) {
  const std::string ddl =
      GenerateDdl(MustParse(spec_json), DdlDialect::kOceanBase);
  const std::string head = "CREATE TABLEGROUP `t`;\n\n";
  REQUIRE(ddl.compare(0, head.size(), head) == 0);
  return ddl.substr(head.size());
}

const char kNormalColumns[] =
    "CREATE TABLE `t$f` (\n"
    "  `K` varbinary(1024) NOT NULL,\n"
    "  `Q` varbinary(256) NOT NULL,\n"
    "  `T` bigint(20) NOT NULL,\n"
    "  `V` varbinary(1048576) NOT NULL,\n";

TEST_CASE("kv_attributes forms") {
  const std::string head = std::string(kNormalColumns) +
                           "  PRIMARY KEY (`K`, `Q`, `T`)\n"
                           ") TABLEGROUP = `t`";
  CHECK(OceanBaseTable(Family(R"({"name": "f"})")) == head + ";\n");
  CHECK(OceanBaseTable(Family(R"({"name": "f", "kv_attributes": false})")) ==
        head + ";\n");
  CHECK(OceanBaseTable(Family(R"({"name": "f", "kv_attributes": true})")) ==
        head + "\nkv_attributes = '{\"HBase\": {}}';\n");
  CHECK(OceanBaseTable(Family(R"({"name": "f", "ttl_seconds": 3600})")) ==
        head + "\nkv_attributes = '{\"HBase\": {\"TimeToLive\": 3600}}';\n");
  CHECK(OceanBaseTable(Family(R"({"name": "f", "max_versions": 3})")) ==
        head + "\nkv_attributes = '{\"HBase\": {\"MaxVersions\": 3}}';\n");
  CHECK(OceanBaseTable(Family(
            R"({"name": "f", "max_versions": 3, "ttl_seconds": 3600})")) ==
        head +
            "\nkv_attributes = '{\"HBase\": {\"TimeToLive\": 3600, "
            "\"MaxVersions\": 3}}';\n");
  // kv_attributes: true adds nothing when the attributes are set anyway.
  CHECK(OceanBaseTable(Family(R"({"name": "f", "kv_attributes": true,
                                  "ttl_seconds": 2147483647})")) ==
        head +
            "\nkv_attributes = '{\"HBase\": {\"TimeToLive\": 2147483647}}';\n");
}

TEST_CASE("value types") {
  const std::string tail =
      "  PRIMARY KEY (`K`, `Q`, `T`)\n) TABLEGROUP = `t`;\n";
  const std::string cols =
      "CREATE TABLE `t$f` (\n"
      "  `K` varbinary(1024) NOT NULL,\n"
      "  `Q` varbinary(256) NOT NULL,\n"
      "  `T` bigint(20) NOT NULL,\n";
  CHECK(OceanBaseTable(Family(R"({"name": "f", "value_type": "longblob"})")) ==
        cols + "  `V` longblob NOT NULL,\n" + tail);
  CHECK(OceanBaseTable(
            Family(R"j({"name": "f", "value_type": "VARBINARY( 7 )"})j")) ==
        cols + "  `V` varbinary(7) NOT NULL,\n" + tail);
}

TEST_CASE("RANGE COLUMNS(K) with binary bounds uses hex literals") {
  // Printable bounds are quoted strings; a bound holding any other byte, a
  // quote or a backslash is written X'..' (exact bytes, no escaping rules).
  CHECK(OceanBaseTable(R"({"table": "t", "families": [{"name": "f"}],
      "partition": {"strategy": "range", "column": "K", "bounds":
      ["\\x00\\xFF", "a\"b", "a'b", "a\\x5Cb", "az", "\\x7F", "\\xE9t\\xE9",
       "MAXVALUE"]}})") ==
        std::string(kNormalColumns) +
            "  PRIMARY KEY (`K`, `Q`, `T`)\n"
            ") TABLEGROUP = `t`\n"
            "PARTITION BY RANGE COLUMNS(`K`) (\n"
            "  PARTITION `p0` VALUES LESS THAN (X'00FF'),\n"
            "  PARTITION `p1` VALUES LESS THAN ('a\"b'),\n"
            "  PARTITION `p2` VALUES LESS THAN (X'612762'),\n"
            "  PARTITION `p3` VALUES LESS THAN (X'615C62'),\n"
            "  PARTITION `p4` VALUES LESS THAN ('az'),\n"
            "  PARTITION `p5` VALUES LESS THAN (X'7F'),\n"
            "  PARTITION `p6` VALUES LESS THAN (X'E974E9'),\n"
            "  PARTITION `p7` VALUES LESS THAN MAXVALUE\n"
            ");\n");
}

TEST_CASE("RANGE COLUMNS(G), one level") {
  CHECK(OceanBaseTable(R"({"table": "t", "families": [{"name": "f",
      "ttl_seconds": 60}], "partition": {"strategy": "range", "column": "G",
      "bounds": [1728921600000, 1729008000000, "MAXVALUE"]}})") ==
        std::string(kNormalColumns) +
            "  `G` bigint(20) GENERATED ALWAYS AS (ABS(`T`)),\n"
            "  PRIMARY KEY (`K`, `Q`, `T`)\n"
            ") TABLEGROUP = `t`\n"
            "kv_attributes = '{\"HBase\": {\"TimeToLive\": 60}}'\n"
            "PARTITION BY RANGE COLUMNS(`G`) (\n"
            "  PARTITION `p0` VALUES LESS THAN (1728921600000),\n"
            "  PARTITION `p1` VALUES LESS THAN (1729008000000),\n"
            "  PARTITION `p2` VALUES LESS THAN MAXVALUE\n"
            ");\n");
}

TEST_CASE("murmur3 families carry a note") {
  const std::string note =
      "-- note: this family routes with \"hash\": \"murmur3\"; OceanBase's "
      "KEY partitioning\n"
      "-- hashes with MurmurHash64A, so partition numbers differ there.\n";
  CHECK(OceanBaseTable(R"({"table": "t", "families": [{"name": "f"}],
      "partition": {"strategy": "key", "partitions": 7, "hash": "murmur3",
                    "prefix_length": 2}})") ==
        note + kNormalColumns +
            "  `K_PREFIX` varbinary(1024) GENERATED ALWAYS AS "
            "(substring(`K`, 1, 2)),\n"
            "  PRIMARY KEY (`K`, `Q`, `T`)\n"
            ") TABLEGROUP = `t`\n"
            "PARTITION BY KEY(`K_PREFIX`) PARTITIONS 7;\n");
  // Two-level strategies with a key level get it too; the default hash and
  // strategies without a key level do not.
  const std::string rk = OceanBaseTable(R"({"table": "t", "families":
      [{"name": "f"}], "partition": {"strategy": "range_key", "bounds": [5],
      "subpartitions": 3, "hash": "murmur3"}})");
  CHECK(rk.compare(0, note.size(), note) == 0);
  const std::string kr = OceanBaseTable(R"({"table": "t", "families":
      [{"name": "f"}], "partition": {"strategy": "key_range", "bounds": [5],
      "partitions": 3, "hash": "murmur3"}})");
  CHECK(kr.compare(0, note.size(), note) == 0);
  CHECK(OceanBaseTable(R"({"table": "t", "families": [{"name": "f"}],
      "partition": {"strategy": "key", "partitions": 7,
                    "hash": "oceanbase"}})")
            .find("-- note") == std::string::npos);
  // Only the murmur3 family of a table is annotated.
  const std::string two =
      GenerateDdl(MustParse(R"({"table": "t", "families": [{"name": "a"},
          {"name": "b", "partition": {"strategy": "key", "partitions": 3,
                                      "hash": "murmur3"}}]})"),
                  DdlDialect::kOceanBase);
  CHECK(two.find("-- note") == two.find("CREATE TABLE `t$b`") - note.size());
}

TEST_CASE("mysql dialect: no TABLEGROUP, no kv_attributes") {
  const TableSpec spec =
      MustLoad(SourcePath("schemas/seed003/kv_ttl_maxversions.json"));
  CHECK(GenerateDdl(spec, DdlDialect::kMysql) ==
        "CREATE TABLE `t1$cf1` (\n"
        "  `K` varbinary(1024) NOT NULL,\n"
        "  `Q` varbinary(256) NOT NULL,\n"
        "  `T` bigint(20) NOT NULL,\n"
        "  `V` mediumblob NOT NULL,\n"
        "  PRIMARY KEY (`K`, `Q`, `T`)\n"
        ")\n"
        "PARTITION BY KEY(`K`) PARTITIONS 97;\n");
  const TableSpec two = MustParse(R"({"table": "t", "families": [
      {"name": "a", "kv_attributes": true}, {"name": "b", "max_versions": 2,
       "partition": {"strategy": "key_range", "partitions": 3,
                     "bounds": [10, "MAXVALUE"]}}]})");
  CHECK(GenerateDdl(two, DdlDialect::kMysql) ==
        "CREATE TABLE `t$a` (\n"
        "  `K` varbinary(1024) NOT NULL,\n"
        "  `Q` varbinary(256) NOT NULL,\n"
        "  `T` bigint(20) NOT NULL,\n"
        "  `V` mediumblob NOT NULL,\n"
        "  PRIMARY KEY (`K`, `Q`, `T`)\n"
        ");\n"
        "\n"
        "-- mysql: MariaDB subpartitions only by HASH or KEY, and refuses "
        "the generated\n-- column G in the primary key, so KEY + RANGE(G) "
        "becomes RANGE(T = -G) + KEY(K).\n"
        "CREATE TABLE `t$b` (\n"
        "  `K` varbinary(1024) NOT NULL,\n"
        "  `Q` varbinary(256) NOT NULL,\n"
        "  `T` bigint(20) NOT NULL,\n"
        "  `V` mediumblob NOT NULL,\n"
        "  `G` bigint(20) GENERATED ALWAYS AS (ABS(`T`)),\n"
        "  PRIMARY KEY (`K`, `Q`, `T`)\n"
        ")\n"
        "PARTITION BY RANGE COLUMNS(`T`) SUBPARTITION BY KEY(`K`) "
        "SUBPARTITIONS 3 (\n"
        "  PARTITION `p1` VALUES LESS THAN (-9),\n"
        "  PARTITION `p0` VALUES LESS THAN MAXVALUE\n"
        ");\n");
}

TEST_CASE("timeseries families always have G, even unpartitioned") {
  CHECK(GenerateDdl(MustParse(R"({"table": "t", "layout": "timeseries",
            "families": [{"name": "f", "ttl_seconds": 600,
            "partition": {"strategy": "key", "partitions": 3,
                          "prefix_length": 8}}, {"name": "g"}]})"),
                    DdlDialect::kOceanBase) ==
        "CREATE TABLEGROUP `t`;\n"
        "\n"
        "CREATE TABLE `t$f` (\n"
        "  `K` varbinary(1024) NOT NULL,\n"
        "  `T` bigint(20) NOT NULL,\n"
        "  `S` bigint(20) NOT NULL,\n"
        "  `V` json NOT NULL,\n"
        "  `G` bigint(20) GENERATED ALWAYS AS (ABS(`T`)),\n"
        "  `K_PREFIX` varbinary(1024) GENERATED ALWAYS AS "
        "(substring(`K`, 1, 8)),\n"
        "  PRIMARY KEY (`K`, `T`, `S`)\n"
        ") TABLEGROUP = `t`\n"
        "kv_attributes = '{\"HBase\": {\"TimeToLive\": 600}}'\n"
        "PARTITION BY KEY(`K_PREFIX`) PARTITIONS 3;\n"
        "\n"
        "CREATE TABLE `t$g` (\n"
        "  `K` varbinary(1024) NOT NULL,\n"
        "  `T` bigint(20) NOT NULL,\n"
        "  `S` bigint(20) NOT NULL,\n"
        "  `V` json NOT NULL,\n"
        "  `G` bigint(20) GENERATED ALWAYS AS (ABS(`T`)),\n"
        "  PRIMARY KEY (`K`, `T`, `S`)\n"
        ") TABLEGROUP = `t`;\n");
}

TEST_CASE("sqlite dialect: exact text of a small spec") {
  const TableSpec spec = MustParse(R"({"table": "t", "families": [
      {"name": "f", "partition": {"strategy": "key", "partitions": 2,
                                  "prefix_length": 2}},
      {"name": "g"}]})");
  const std::string table =
      "  \"K\" BLOB NOT NULL,\n"
      "  \"Q\" BLOB NOT NULL,\n"
      "  \"T\" INTEGER NOT NULL,\n"
      "  \"V\" BLOB NOT NULL,\n";
  const std::string prefix =
      "  \"K_PREFIX\" BLOB GENERATED ALWAYS AS (substr(\"K\", 1, 2)) "
      "VIRTUAL,\n"
      "  PRIMARY KEY (\"K\", \"Q\", \"T\")\n"
      ") WITHOUT ROWID;\n";
  CHECK(GenerateDdl(spec, DdlDialect::kSqlite) ==
        "CREATE TABLE IF NOT EXISTS \"obkv_catalog\" (\n"
        "  \"name\" TEXT PRIMARY KEY NOT NULL,\n"
        "  \"spec\" TEXT NOT NULL\n"
        ") WITHOUT ROWID;\n"
        "\n"
        "CREATE TABLE \"t$f$p0\" (\n" +
            table + prefix +
            "\n"
            "CREATE TABLE \"t$f$p1\" (\n" +
            table + prefix +
            "\n"
            "CREATE VIEW \"t$f\" AS\n"
            "SELECT \"K\", \"Q\", \"T\", \"V\" FROM \"t$f$p0\"\n"
            "UNION ALL\n"
            "SELECT \"K\", \"Q\", \"T\", \"V\" FROM \"t$f$p1\";\n"
            "\n"
            "CREATE TABLE \"t$g\" (\n" +
            table +
            "  PRIMARY KEY (\"K\", \"Q\", \"T\")\n"
            ") WITHOUT ROWID;\n"
            "\n"
            "INSERT INTO \"obkv_catalog\" (\"name\", \"spec\") VALUES ('t', "
            "'{\"families\":[{\"name\":\"f\",\"partition\":{\"partitions\":2,"
            "\"prefix_length\":2,\"strategy\":\"key\"}},{\"name\":\"g\"}],"
            "\"table\":\"t\"}');\n");
  // GenerateDdl is the catalog DDL plus exactly the store's statements.
  std::string joined = SqliteCatalogDdl() + "\n";
  for (const std::string& s : SqliteCreateStatements(spec)) {
    joined += "\n" + s + "\n";
  }
  CHECK(GenerateDdl(spec, DdlDialect::kSqlite) == joined);
}

TEST_CASE("cell_ttl: OBKV's optional TTL column after V, in every dialect") {
  // As the OBKV-HBase client's test$cellTTLFamily (unit_test_db.sql):
  // `TTL` bigint(20) DEFAULT NULL after V.
  const TableSpec spec = MustParse(R"j({"table": "test", "families": [
      {"name": "cellTTLFamily", "cell_ttl": true, "value_type": "varbinary(1024)"},
      {"name": "plain"}]})j");
  CHECK(GenerateDdl(spec, DdlDialect::kOceanBase) ==
        "CREATE TABLEGROUP `test`;\n"
        "\n"
        "CREATE TABLE `test$cellTTLFamily` (\n"
        "  `K` varbinary(1024) NOT NULL,\n"
        "  `Q` varbinary(256) NOT NULL,\n"
        "  `T` bigint(20) NOT NULL,\n"
        "  `V` varbinary(1024) NOT NULL,\n"
        "  `TTL` bigint(20) DEFAULT NULL,\n"
        "  PRIMARY KEY (`K`, `Q`, `T`)\n"
        ") TABLEGROUP = `test`;\n"
        "\n"
        "CREATE TABLE `test$plain` (\n"
        "  `K` varbinary(1024) NOT NULL,\n"
        "  `Q` varbinary(256) NOT NULL,\n"
        "  `T` bigint(20) NOT NULL,\n"
        "  `V` varbinary(1048576) NOT NULL,\n"
        "  PRIMARY KEY (`K`, `Q`, `T`)\n"
        ") TABLEGROUP = `test`;\n");
  CHECK(GenerateDdl(spec, DdlDialect::kMysql)
            .find("  `V` varbinary(1024) NOT NULL,\n"
                  "  `TTL` bigint(20) DEFAULT NULL,\n"
                  "  PRIMARY KEY (`K`, `Q`, `T`)\n") != std::string::npos);
  const std::vector<std::string> sqlite = SqliteCreateStatements(spec);
  REQUIRE(sqlite.size() >= 2);
  CHECK(sqlite[0] ==
        "CREATE TABLE \"test$cellTTLFamily\" (\n"
        "  \"K\" BLOB NOT NULL,\n"
        "  \"Q\" BLOB NOT NULL,\n"
        "  \"T\" INTEGER NOT NULL,\n"
        "  \"V\" BLOB NOT NULL,\n"
        "  \"TTL\" INTEGER DEFAULT NULL,\n"
        "  PRIMARY KEY (\"K\", \"Q\", \"T\")\n"
        ") WITHOUT ROWID;");
  // Errors name the field.
  CHECK(ParseTableSpec(R"j({"table": "t", "layout": "timeseries",
      "families": [{"name": "f", "cell_ttl": true}]})j")
            .status()
            .message() ==
        "families[0].cell_ttl: not allowed for the timeseries layout (OBKV's "
        "K, T, S, V table has no TTL column)");
  CHECK(ParseTableSpec(R"j({"table": "t",
      "families": [{"name": "f", "cell_ttl": 1}]})j")
            .status()
            .message()
            .rfind("families[0].cell_ttl: ", 0) == 0);
}

TEST_CASE("quoting helpers") {
  CHECK(QuoteSqlIdentifier("t$f") == "\"t$f\"");
  CHECK(QuoteSqlIdentifier("a\"b") == "\"a\"\"b\"");
  CHECK(QuoteMysqlIdentifier("t$f") == "`t$f`");
  CHECK(QuoteMysqlIdentifier("a`b") == "`a``b`");
  CHECK(QuoteSqlString("it's") == "'it''s'");
  CHECK(QuoteSqlString("") == "''");
}

// The reading back of quoted names (obkv check, a DDL plan's resume): the
// inverse of the quoting above, for family names with quotes, spaces and
// parentheses.
TEST_CASE("quoted names read back") {
  size_t end = 0;
  const std::string weird = "t$a\"b`c (x), y";
  for (const std::string& quoted :
       {QuoteSqlIdentifier(weird), QuoteMysqlIdentifier(weird)}) {
    const std::string sql = quoted + " (\n";
    REQUIRE(UnquoteIdentifierAt(sql, 0, &end) == weird);
    CHECK(end == quoted.size());
    CHECK(TableNameAt(sql, 0, &end) == std::vector<std::string>{weird});
    CHECK(sql.compare(end, 2, " (") == 0);
  }
  const std::string dotted = QuoteMysqlTableName("ns:t$f g") + " ADD";
  CHECK(TableNameAt(dotted, 0, &end) ==
        std::vector<std::string>{"ns", "ns:t$f g"});
  CHECK(dotted.substr(end) == " ADD");
  CHECK(TableNameAt("bare (x)", 0, &end) == std::vector<std::string>{"bare"});
  CHECK(end == 4);
  CHECK_FALSE(UnquoteIdentifierAt("x", 0, &end));
  CHECK_FALSE(UnquoteIdentifierAt("`open", 0, &end));
  CHECK(TableNameAt("`ns`.`open", 0, &end).empty());
}

// ---------------------------------------------------------------------------
// (3) The sqlite dialect, executed.

// Runs the checks of DESIGN §2 on one spec; `label` names it in failures.
void CheckSqliteLayout(const TableSpec& spec, const std::string& label) {
  INFO(label);
  Db db;
  REQUIRE(db.Exec(GenerateDdl(spec, DdlDialect::kSqlite)) == "");

  std::set<std::string> expected_tables = {"obkv_catalog"};
  std::set<std::string> views = db.Names("view");
  for (const FamilySpec& f : spec.families) {
    INFO("family " << f.name);
    const std::string relation = spec.name + "$" + f.name;
    const std::vector<std::string> tables = ExpectedTables(spec, f);
    CHECK(static_cast<int>(tables.size()) == f.partition.PhysicalCount());
    expected_tables.insert(tables.begin(), tables.end());

    // Columns, types, NOT NULL, primary key and generated (hidden) flags.
    const std::vector<Column> expected = ExpectedColumns(spec, f);
    for (const std::string& table : tables) {
      INFO(table);
      CHECK(Describe(ActualColumns(db, table)) == Describe(expected));
    }
    // WITHOUT ROWID.
    CHECK(db.Exec("SELECT rowid FROM " + Quote(tables.front())) ==
          "no such column: rowid");

    // The relation: a view over the partitions, or the plain table.
    if (f.partition.strategy == PartitionStrategy::kNone) {
      CHECK(views.count(relation) == 0);
      CHECK(tables == std::vector<std::string>{relation});
    } else {
      CHECK(views.count(relation) == 1);
    }

    // A cell with T = -5 in the first and the last partition: G = 5 and
    // K_PREFIX = the first n bytes, both visible through the relation.
    const int n = f.partition.prefix_length;
    const std::string key = RowKey(std::max(n, 8) + 3);
    CHECK(InsertCell(db, spec, tables.front(), key) == "");
    if (tables.size() > 1)
      CHECK(InsertCell(db, spec, tables.back(), key) == "");
    CHECK(db.Value("SELECT count(*) FROM " + Quote(relation)) ==
          (tables.size() == 1 ? "1" : "2"));
    const std::string q_or_s =
        spec.layout == Layout::kTimeseries ? "\"S\"" : "hex(\"Q\")";
    const std::string v =
        spec.layout == Layout::kTimeseries ? "{\"q\":\"v\"}" : "76";
    const std::string v_expr =
        spec.layout == Layout::kTimeseries ? "\"V\"" : "hex(\"V\")";
    for (const auto& row :
         db.Query("SELECT hex(\"K\"), " + q_or_s + ", \"T\", " + v_expr +
                  " FROM " + Quote(relation))) {
      CHECK(row == std::vector<std::string>{
                       Hex(key),
                       spec.layout == Layout::kTimeseries ? "-7" : "71", "-5",
                       v});
    }
    const std::string table = tables.back();
    if (spec.layout == Layout::kTimeseries || f.partition.NeedsTimestamp()) {
      CHECK(db.Value("SELECT \"G\" FROM " + Quote(table)) == "5");
      CHECK(db.Value("SELECT typeof(\"G\") FROM " + Quote(table)) == "integer");
    }
    if (n > 0) {
      CHECK(db.Value("SELECT hex(\"K_PREFIX\") FROM " + Quote(table)) ==
            Hex(key.substr(0, n)));
      // A key shorter than n: K_PREFIX is the whole key.
      REQUIRE(db.Exec("DELETE FROM " + Quote(table)) == "");
      CHECK(InsertCell(db, spec, table, "ab") == "");
      CHECK(db.Value("SELECT hex(\"K_PREFIX\") FROM " + Quote(table)) ==
            (n >= 2 ? "6162" : "61"));
    }
    // The primary key rejects a second cell with the same key.
    REQUIRE(db.Exec("DELETE FROM " + Quote(table)) == "");
    CHECK(InsertCell(db, spec, table, key) == "");
    CHECK(
        InsertCell(db, spec, table, key).rfind("UNIQUE constraint failed", 0) ==
        0);
    // NOT NULL: V may not be NULL.
    const std::string null_v =
        spec.layout == Layout::kTimeseries
            ? " (\"K\", \"T\", \"S\", \"V\") VALUES (X'00', 1, 1, NULL)"
            : " (\"K\", \"Q\", \"T\", \"V\") VALUES (X'00', X'00', 1, NULL)";
    CHECK(db.Exec("INSERT INTO " + Quote(table) + null_v) ==
          "NOT NULL constraint failed: " + table + ".V");
  }
  CHECK(db.Names("table") == expected_tables);
  // Views: the relations of partitioned families, plus any chunk views
  // "t$f$u<i>" of a family with many partitions.
  for (const std::string& view : views) {
    bool known = false;
    for (const FamilySpec& f : spec.families) {
      const std::string relation = spec.name + "$" + f.name;
      known = known || view == relation ||
              view.compare(0, relation.size() + 2, relation + "$u") == 0;
    }
    CHECK_MESSAGE(known, view);
  }

  // The catalog row holds the spec's JSON, which parses back to itself.
  CHECK(db.Value("SELECT count(*) FROM \"obkv_catalog\"") == "1");
  const std::string stored =
      db.Value("SELECT \"spec\" FROM \"obkv_catalog\" WHERE \"name\" = " +
               QuoteSqlString(spec.name));
  CHECK(stored == spec.json);
  Result<TableSpec> reparsed = ParseTableSpec(stored);
  REQUIRE(reparsed.ok());
  CHECK(reparsed->json == spec.json);
  CHECK(reparsed->families.size() == spec.families.size());

  // The drop statements remove everything but the (empty) catalog.
  for (const std::string& stmt : SqliteDropStatements(spec)) {
    REQUIRE_MESSAGE(db.Exec(stmt) == "", stmt);
  }
  CHECK(db.Names("table") == std::set<std::string>{"obkv_catalog"});
  CHECK(db.Names("view").empty());
  CHECK(db.Value("SELECT count(*) FROM \"obkv_catalog\"") == "0");
}

TEST_CASE("sqlite dialect: every spec under schemas/ builds its layout") {
  const std::vector<fs::path> specs =
      JsonFilesUnder(SourcePath("schemas"), true);
  REQUIRE(specs.size() >= 12);
  for (const fs::path& path : specs) {
    CheckSqliteLayout(MustLoad(path.string()), path.string());
  }
}

TEST_CASE("sqlite dialect: hand-made layouts") {
  // One spec per strategy and layout not covered by seed 003.
  const char* const specs[] = {
      R"({"table": "t", "families": [{"name": "f"}]})",
      R"({"table": "t", "families": [{"name": "f", "partition":
          {"strategy": "range", "column": "G", "bounds": [10, 20]}}]})",
      R"({"table": "t", "families": [{"name": "f", "partition":
          {"strategy": "range", "bounds": ["\\x00", "m", "MAXVALUE"]}}]})",
      R"({"table": "t", "families": [{"name": "f", "partition":
          {"strategy": "key", "partitions": 1, "prefix_length": 1}}]})",
      R"({"table": "t", "layout": "timeseries", "families": [{"name": "f"},
          {"name": "g", "partition": {"strategy": "key", "partitions": 5,
           "prefix_length": 3, "hash": "murmur3"}},
          {"name": "h", "partition": {"strategy": "key_range",
           "partitions": 2, "bounds": [100, "MAXVALUE"]}}]})",
      R"({"table": "T_1", "families": [{"name": "a"}, {"name": "b",
          "partition": {"strategy": "range_key", "bounds": [1, 2, 3],
          "subpartitions": 2, "prefix_length": 1024}}]})",
  };
  for (const char* spec : specs) CheckSqliteLayout(MustParse(spec), spec);
}

TEST_CASE("sqlite dialect: exact names of key_range.json") {
  const TableSpec spec = MustLoad(SourcePath("schemas/seed003/key_range.json"));
  Db db;
  REQUIRE(db.Exec(GenerateDdl(spec, DdlDialect::kSqlite)) == "");
  const std::set<std::string> tables = db.Names("table");
  CHECK(tables.size() == 1 + 2 * 97 * 4);
  for (const char* name : {"htable1$cf3$p0s0", "htable1$cf3$p96s3",
                           "htable1$cf4$p50s2", "htable1$cf4$p96s3"}) {
    CHECK_MESSAGE(tables.count(name) == 1, name);
  }
  for (const char* name : {"htable1$cf3$p97s0", "htable1$cf3$p96s4",
                           "htable1$cf3$p0", "htable1$cf3"}) {
    CHECK_MESSAGE(tables.count(name) == 0, name);
  }
  CHECK(db.Names("view") ==
        std::set<std::string>{"htable1$cf3", "htable1$cf4"});
  const std::set<std::string> rk = [] {
    Db other;
    REQUIRE(other.Exec(GenerateDdl(
                MustLoad(SourcePath("schemas/seed003/range_key.json")),
                DdlDialect::kSqlite)) == "");
    return other.Names("table");
  }();
  // range_key: the range on G is the first level (4), the key the second.
  CHECK(rk.count("htable1$cf1$p3s96") == 1);
  CHECK(rk.count("htable1$cf1$p96s3") == 0);
}

TEST_CASE("sqlite dialect: 2000 KEY partitions still give a working view") {
  // SQLite limits a compound SELECT to 500 terms, so the view is built from
  // chunk views.
  const TableSpec spec = MustParse(R"({"table": "big", "families": [
      {"name": "f", "partition": {"strategy": "key", "partitions": 2000}},
      {"name": "g"}]})");
  Db db;
  REQUIRE(db.Exec(GenerateDdl(spec, DdlDialect::kSqlite)) == "");
  CHECK(db.Names("table").size() == 1 + 2000 + 1);
  REQUIRE(db.Exec("BEGIN") == "");
  for (int i = 0; i < 2000; ++i) {
    REQUIRE(db.Exec("INSERT INTO \"big$f$p" + std::to_string(i) +
                    "\" VALUES (X'" + Hex(std::to_string(i)) + "', X'71', -" +
                    std::to_string(i) + ", X'76')") == "");
  }
  REQUIRE(db.Exec("COMMIT") == "");
  CHECK(db.Value("SELECT count(*) FROM \"big$f\"") == "2000");
  CHECK(db.Value("SELECT sum(-\"T\") FROM \"big$f\"") == "1999000");
  CHECK(db.Value("SELECT hex(\"K\") FROM \"big$f\" WHERE \"T\" = -1999") ==
        Hex("1999"));
  // Every view is listed in the drop statements, and dropping leaves no
  // view behind.
  for (const std::string& stmt : SqliteDropStatements(spec)) {
    REQUIRE_MESSAGE(db.Exec(stmt) == "", stmt);
  }
  CHECK(db.Names("view").empty());
  CHECK(db.Names("table") == std::set<std::string>{"obkv_catalog"});
}

TEST_CASE("sqlite dialect: catalog escaping") {
  // A bound with a quote goes through QuoteSqlString into the catalog.
  const TableSpec spec = MustParse(R"({"table": "q", "families": [{"name":
      "f", "partition": {"strategy": "range", "bounds": ["it's", "MAXVALUE"]}}]})");
  Db db;
  REQUIRE(db.Exec(GenerateDdl(spec, DdlDialect::kSqlite)) == "");
  CHECK(db.Value("SELECT \"spec\" FROM \"obkv_catalog\"") == spec.json);
  CHECK(spec.json.find("it's") != std::string::npos);
}

// ---------------------------------------------------------------------------
// (4) ParseDdlDialect.

TEST_CASE("ParseDdlDialect") {
  CHECK(ParseDdlDialect("oceanbase").value() == DdlDialect::kOceanBase);
  CHECK(ParseDdlDialect("mysql").value() == DdlDialect::kMysql);
  CHECK(ParseDdlDialect("sqlite").value() == DdlDialect::kSqlite);
  const auto bad = ParseDdlDialect("postgres");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().IsInvalidArgument());
  CHECK(bad.status().message() ==
        "dialect: must be oceanbase, mysql or sqlite, got 'postgres'");
  CHECK(ParseDdlDialect("OceanBase", "--dialect").status().message() ==
        "--dialect: must be oceanbase, mysql or sqlite, got 'OceanBase'");
  CHECK(ParseDdlDialect("").status().message() ==
        "dialect: must be oceanbase, mysql or sqlite, got ''");
  CHECK(ParseDdlDialect("sqlite ").status().message() ==
        "dialect: must be oceanbase, mysql or sqlite, got 'sqlite '");
}

// ---------------------------------------------------------------------------
// (5) `obkv ddl`.

fs::path TempDir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() /
                 ("obkv_ddl_test_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST_CASE("cli: ddl SPEC prints the oceanbase DDL") {
  const std::string spec = SourcePath("schemas/seed003/range_key.json");
  const CliRun r = RunCli({"ddl", spec});
  CHECK(r.code == 0);
  CHECK(r.err == "");
  CHECK(r.out == ReadSourceFile(SourcePath(
                     "tests/golden/seed003/range_key.oceanbase.sql")));
  const CliRun explicit_dialect =
      RunCli({"ddl", spec, "--dialect", "oceanbase"});
  CHECK(explicit_dialect.code == 0);
  CHECK(explicit_dialect.out == r.out);
}

TEST_CASE("cli: ddl SPEC --dialect sqlite / mysql") {
  const std::string spec = SourcePath("schemas/seed003/timeseries.json");
  const CliRun r = RunCli({"ddl", spec, "--dialect", "sqlite"});
  CHECK(r.code == 0);
  CHECK(r.err == "");
  CHECK(r.out == GenerateDdl(MustLoad(spec), DdlDialect::kSqlite));
  Db db;
  CHECK(db.Exec(r.out) == "");
  CHECK(db.Names("view") ==
        std::set<std::string>{"htable1$family1", "htable1$family2"});

  const CliRun m = RunCli({"ddl", "--dialect=mysql", spec});
  CHECK(m.code == 0);
  CHECK(m.out == GenerateDdl(MustLoad(spec), DdlDialect::kMysql));
  CHECK(m.out.find("TABLEGROUP") == std::string::npos);
}

TEST_CASE("cli: a bad dialect is a usage error") {
  const CliRun r = RunCli(
      {"ddl", SourcePath("schemas/seed003/key.json"), "--dialect", "oracle"});
  CHECK(r.code == 2);
  CHECK(r.out == "");
  CHECK(r.err ==
        "obkv: --dialect: must be oceanbase, mysql or sqlite, got 'oracle'\n");
  // The dialect is checked before the file is read.
  const CliRun both = RunCli({"ddl", "/nonexistent/x.json", "--dialect", "x"});
  CHECK(both.code == 2);
  CHECK(both.err ==
        "obkv: --dialect: must be oceanbase, mysql or sqlite, got 'x'\n");
}

TEST_CASE("cli: a missing SPEC argument is a usage error") {
  const CliRun r = RunCli({"ddl"});
  CHECK(r.code == 2);
  CHECK(r.out == "");
  CHECK(r.err.find("SPEC") != std::string::npos);
}

TEST_CASE("cli: file errors name the path") {
  const fs::path dir = TempDir("cli");
  const std::string missing = (dir / "missing.json").string();
  CliRun r = RunCli({"ddl", missing});
  CHECK(r.code == 1);
  CHECK(r.out == "");
  CHECK(r.err == "obkv: " + missing + ": cannot open spec file\n");

  const std::string bad = (dir / "bad.json").string();
  std::ofstream(bad) << R"({"table": "t", "families": [{"name": "f"}],
      "partition": {"strategy": "key", "partitions": 0}})";
  r = RunCli({"ddl", bad, "--dialect", "sqlite"});
  CHECK(r.code == 1);
  CHECK(r.out == "");
  CHECK(r.err == "obkv: " + bad +
                     ": partition.partitions: must be an integer between 1 "
                     "and 8192, got 0\n");

  r = RunCli({"ddl", dir.string()});
  CHECK(r.code == 1);
  CHECK(r.err ==
        "obkv: " + dir.string() + ": is a directory, not a spec file\n");
  fs::remove_all(dir);
}

TEST_CASE("cli: warnings go to err, the DDL still to out") {
  const std::string spec = SourcePath("tests/specs/nonprime_warning.json");
  const CliRun r = RunCli({"ddl", spec});
  CHECK(r.code == 0);
  CHECK(r.err ==
        "obkv: warning: partition.partitions: 100 is not prime; OBKV "
        "recommends a prime such as 97, 193 or 389\n"
        "obkv: warning: families[1].partition.partitions: 1009 partitions is "
        "over 997, OBKV's recommended maximum\n");
  CHECK(r.out ==
        "CREATE TABLEGROUP `warn`;\n"
        "\n"
        "CREATE TABLE `warn$a` (\n"
        "  `K` varbinary(1024) NOT NULL,\n"
        "  `Q` varbinary(256) NOT NULL,\n"
        "  `T` bigint(20) NOT NULL,\n"
        "  `V` varbinary(1048576) NOT NULL,\n"
        "  PRIMARY KEY (`K`, `Q`, `T`)\n"
        ") TABLEGROUP = `warn`\n"
        "PARTITION BY KEY(`K`) PARTITIONS 100;\n"
        "\n"
        "CREATE TABLE `warn$b` (\n"
        "  `K` varbinary(1024) NOT NULL,\n"
        "  `Q` varbinary(256) NOT NULL,\n"
        "  `T` bigint(20) NOT NULL,\n"
        "  `V` varbinary(1048576) NOT NULL,\n"
        "  PRIMARY KEY (`K`, `Q`, `T`)\n"
        ") TABLEGROUP = `warn`\n"
        "PARTITION BY KEY(`K`) PARTITIONS 1009;\n");
  const CliRun s = RunCli({"ddl", spec, "--dialect", "sqlite"});
  CHECK(s.code == 0);
  CHECK(s.err == r.err);
  Db db;
  CHECK(db.Exec(s.out) == "");
  CHECK(db.Names("table").size() == 1 + 100 + 1009);
}

}  // namespace
}  // namespace obkvlite
