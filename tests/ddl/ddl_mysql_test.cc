// Copyright (c) obkvlite authors.
//
// The mysql dialect (doc/ddl.md "mysql"): the oceanbase DDL without
// TABLEGROUP and kv_attributes, with the rewrites MariaDB needs:
//   - every seed 003 spec equals its golden tests/golden/seed003_mysql/;
//   - RANGE on G becomes RANGE COLUMNS(T) with reversed partitions and
//     bounds 1 - b, keeping partition names;
//   - KEY(K_PREFIX) becomes KEY(K); KEY + RANGE(G) becomes RANGE(T) + KEY;
//   - varbinary(N) over 32768 becomes mediumblob.
// scripts/mariadb_test.sh loads these into a real MariaDB.

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"
#include "source_files.h"

namespace obkvlite {
namespace {

namespace fs = std::filesystem;

using testing::ReadSourceFile;
using testing::SourcePath;

std::string Mysql(const std::string& spec_json) {
  Result<TableSpec> spec = ParseTableSpec(spec_json);
  REQUIRE_MESSAGE(spec.ok(), spec.status().ToString());
  return GenerateDdl(*spec, DdlDialect::kMysql);
}

// The text after the column list: ")\nPARTITION BY ...;\n".
std::string Tail(const std::string& ddl) {
  return ddl.substr(ddl.find("\n)") + 1);
}

TEST_CASE("golden: every seed 003 spec matches its mysql DDL") {
  std::vector<fs::path> specs;
  for (const auto& e : fs::directory_iterator(SourcePath("schemas/seed003"))) {
    if (e.path().extension() == ".json") specs.push_back(e.path());
  }
  std::sort(specs.begin(), specs.end());
  REQUIRE(specs.size() >= 12);
  size_t goldens = 0;
  for (const auto& e :
       fs::directory_iterator(SourcePath("tests/golden/seed003_mysql"))) {
    goldens += e.path().extension() == ".sql";
  }
  CHECK(goldens == specs.size());
  for (const fs::path& path : specs) {
    const std::string name = path.stem().string();
    INFO(name);
    Result<TableSpec> spec = LoadTableSpecFile(path.string());
    REQUIRE(spec.ok());
    CHECK(GenerateDdl(*spec, DdlDialect::kMysql) ==
          ReadSourceFile(
              SourcePath("tests/golden/seed003_mysql/" + name + ".mysql.sql")));
  }
}

TEST_CASE("mysql: KEY(K) and RANGE COLUMNS(K) are kept as they are") {
  CHECK(Tail(Mysql(R"({"table": "t", "families": [{"name": "f"}],
      "partition": {"strategy": "key", "partitions": 7}})")) ==
        ")\nPARTITION BY KEY(`K`) PARTITIONS 7;\n");
  CHECK(Tail(Mysql(R"({"table": "t", "families": [{"name": "f"}],
      "partition": {"strategy": "range", "column": "K",
                    "bounds": ["a", "MAXVALUE"]}})")) ==
        ")\nPARTITION BY RANGE COLUMNS(`K`) (\n"
        "  PARTITION `p0` VALUES LESS THAN ('a'),\n"
        "  PARTITION `p1` VALUES LESS THAN MAXVALUE\n);\n");
}

TEST_CASE("mysql: RANGE on G becomes RANGE COLUMNS(T), reversed, 1 - b") {
  const std::string ddl = Mysql(R"({"table": "t", "families": [{"name": "f"}],
      "partition": {"strategy": "range", "column": "G",
                    "bounds": [100, 200, "MAXVALUE"]}})");
  CHECK(ddl.rfind("-- mysql: MariaDB needs partitioning columns in the "
                  "primary key",
                  0) == 0);
  // G < 100 is T in (-100, 0]: p0 holds the highest T.
  CHECK(Tail(ddl) ==
        ")\nPARTITION BY RANGE COLUMNS(`T`) (\n"
        "  PARTITION `p2` VALUES LESS THAN (-199),\n"
        "  PARTITION `p1` VALUES LESS THAN (-99),\n"
        "  PARTITION `p0` VALUES LESS THAN MAXVALUE\n);\n");
  // Two levels, either order, become RANGE(T) SUBPARTITION BY KEY(K).
  const std::string range_key =
      ")\nPARTITION BY RANGE COLUMNS(`T`) "
      "SUBPARTITION BY KEY(`K`) SUBPARTITIONS 3 (\n"
      "  PARTITION `p1` VALUES LESS THAN (-9),\n"
      "  PARTITION `p0` VALUES LESS THAN MAXVALUE\n"
      ");\n";
  CHECK(Tail(Mysql(R"({"table": "t", "families": [{"name": "f"}],
      "partition": {"strategy": "range_key", "subpartitions": 3,
                    "bounds": [10, "MAXVALUE"]}})")) == range_key);
  const std::string key_range =
      Mysql(R"({"table": "t", "families": [{"name": "f"}],
      "partition": {"strategy": "key_range", "partitions": 3,
                    "bounds": [10, "MAXVALUE"]}})");
  CHECK(key_range.rfind("-- mysql: MariaDB subpartitions only by HASH or KEY",
                        0) == 0);
  CHECK(Tail(key_range) == range_key);
}

TEST_CASE("mysql: KEY(K_PREFIX) becomes KEY(K); K_PREFIX stays a column") {
  const std::string ddl = Mysql(R"({"table": "t", "families": [{"name": "f"}],
      "partition": {"strategy": "key", "partitions": 5, "prefix_length": 4}})");
  CHECK(ddl.find("`K_PREFIX` varbinary(1024) GENERATED ALWAYS AS "
                 "(substring(`K`, 1, 4)),") != std::string::npos);
  CHECK(ddl.find("so KEY(K_PREFIX) becomes KEY(K).") != std::string::npos);
  CHECK(Tail(ddl) == ")\nPARTITION BY KEY(`K`) PARTITIONS 5;\n");
}

TEST_CASE("mysql: V over 32768 bytes is mediumblob, longblob stays") {
  auto v = [](const std::string& family) {
    const std::string ddl =
        Mysql(R"({"table": "t", "families": [)" + family + "]}");
    const size_t at = ddl.find("`V` ");
    return ddl.substr(at, ddl.find('\n', at) - at);
  };
  CHECK(v(R"({"name": "f"})") == "`V` mediumblob NOT NULL,");
  CHECK(v(R"j({"name": "f", "value_type": "varbinary(32768)"})j") ==
        "`V` varbinary(32768) NOT NULL,");
  CHECK(v(R"j({"name": "f", "value_type": "varbinary(32769)"})j") ==
        "`V` mediumblob NOT NULL,");
  CHECK(v(R"({"name": "f", "value_type": "longblob"})") ==
        "`V` longblob NOT NULL,");
}

}  // namespace
}  // namespace obkvlite
