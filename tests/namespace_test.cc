// Copyright (c) obkvlite authors.
//
// Namespaces through the library (obkvlite/store.h): create, list, drop,
// tables "ns:t" with the "ns:" prefix kept in the physical names, the
// errors HBase gives, and the OceanBase DDL with its database. CTest runs
// the suite on a store file, on 3 shard files and on the test MariaDB
// server, where a namespace is a database of its own.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "obkvlite/ddl.h"
#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

// A store (with the fixture's table "t") and the namespaces it makes,
// dropped at the end so that a server keeps no database of them.
struct NamespaceStore {
  ~NamespaceStore() {
    for (const std::string& t : fx.store()->ListTables()) {
      if (TableNamespace(t) != kDefaultNamespace) {
        (void)fx.store()->DropTable(t);
      }
    }
    for (const std::string& ns : made) (void)fx.store()->DropNamespace(ns);
  }
  void Create(const std::string& ns) {
    Status st = fx.store()->CreateNamespace(ns);
    REQUIRE_MESSAGE(st.ok(), st.ToString());
    made.push_back(ns);
  }
  std::vector<std::string> List() {
    Result<std::vector<std::string>> names = fx.store()->ListNamespaces();
    REQUIRE_MESSAGE(names.ok(), names.status().ToString());
    return *names;
  }
  StoreFixture fx{AllPartitionCases()[1]};
  std::vector<std::string> made;
};

TEST_CASE("namespaces: create, list, hold tables, drop when empty") {
  NamespaceStore s;
  CHECK(s.List() == std::vector<std::string>{"default", "hbase"});
  s.Create("obkv_ns1");
  CHECK(s.List() == std::vector<std::string>{"default", "hbase", "obkv_ns1"});
  TableSpec users = MustParseSpec(
      SpecJson("obkv_ns1:users", R"([{"name": "f"}])",
               AllPartitionCases()[3].partition_json));
  REQUIRE(s.fx.store()->CreateTable(users).ok());
  Table* table = MustTable(s.fx.store(), "obkv_ns1:users");
  REQUIRE(table->Put(Put("r1").Add("f", "email", 100, "a@x")).ok());
  Result<RowResult> got = table->Get(Get("r1"));
  REQUIRE(got.ok());
  REQUIRE(got->cells.size() == 1);
  CHECK(got->cells[0].value == "a@x");
  const std::vector<std::string> tables = s.fx.store()->ListTables();
  CHECK(tables == std::vector<std::string>{"obkv_ns1:users", "t"});
  // The physical names keep the prefix; on a server the table is in the
  // namespace's database.
  if (s.fx.on_server()) {
    CHECK(s.fx.SqlRows("SELECT V FROM \"obkv_ns1\".\"obkv_ns1:users$f\"") ==
          std::vector<std::string>{"a@x"});
  } else {
    CHECK(s.fx.SqlRows("SELECT V FROM \"obkv_ns1:users$f\"") ==
          std::vector<std::string>{"a@x"});
    CHECK(s.fx.SqlInt("SELECT COUNT(*) FROM \"obkv_ns1:users$f$p1\"") == 1);
  }
  // Not empty: refused, as HBase's ConstraintException.
  Status busy = s.fx.store()->DropNamespace("obkv_ns1");
  CHECK(busy.IsFailedPrecondition());
  CHECK(busy.message() ==
        "Only empty namespaces can be removed. Namespace obkv_ns1 has 1 "
        "tables");
  REQUIRE(s.fx.store()->DropTable("obkv_ns1:users").ok());
  REQUIRE(s.fx.store()->DropNamespace("obkv_ns1").ok());
  s.made.clear();
  CHECK(s.List() == std::vector<std::string>{"default", "hbase"});
  // The store keeps what it was told across a reopen.
  s.Create("obkv_ns2");
  s.fx.Reopen();
  CHECK(s.List() == std::vector<std::string>{"default", "hbase", "obkv_ns2"});
}

TEST_CASE("namespaces: HBase's errors") {
  NamespaceStore s;
  TableSpec orphan = MustParseSpec(
      SpecJson("obkv_nope:t", R"([{"name": "f"}])", R"({"strategy": "none"})"));
  Status st = s.fx.store()->CreateTable(orphan);
  CHECK(st.IsNotFound());
  CHECK(st.message() ==
        "namespace 'obkv_nope' does not exist (create it first: "
        "create_namespace 'obkv_nope')");
  CHECK_FALSE(*s.fx.store()->TableExists("obkv_nope:t"));
  CHECK(s.fx.store()->CreateNamespace("default").IsAlreadyExists());
  CHECK(s.fx.store()->CreateNamespace("hbase").IsAlreadyExists());
  s.Create("obkv_ns3");
  Status twice = s.fx.store()->CreateNamespace("obkv_ns3");
  CHECK(twice.IsAlreadyExists());
  CHECK(twice.message() == "namespace 'obkv_ns3' already exists");
  CHECK(s.fx.store()->DropNamespace("obkv_gone").IsNotFound());
  CHECK(s.fx.store()->DropNamespace("default").message() ==
        "namespace: 'default' is reserved and cannot be removed");
  Status bad = s.fx.store()->CreateNamespace("a.b");
  CHECK(bad.IsInvalidArgument());
  CHECK(bad.message() ==
        "namespace: invalid character at position 1 in 'a.b'; namespace "
        "names use letters, digits, '_' and '-'");
  // A table in default is the same with or without "default:".
  Result<Table*> dflt = s.fx.store()->GetTable("t");
  REQUIRE(dflt.ok());
  CHECK((*dflt)->spec().name == "t");
}

TEST_CASE("namespaces: the OceanBase DDL creates the database and qualifies "
          "the tables") {
  TableSpec spec = MustParseSpec(
      R"({"table": "n1:test", "families": [{"name": "family1"}],
          "partition": {"strategy": "key", "partitions": 3}})");
  CHECK(GenerateDdl(spec, DdlDialect::kOceanBase) ==
        "CREATE DATABASE IF NOT EXISTS `n1`;\n"
        "\n"
        "CREATE TABLEGROUP `n1:test`;\n"
        "\n"
        "CREATE TABLE `n1`.`n1:test$family1` (\n"
        "  `K` varbinary(1024) NOT NULL,\n"
        "  `Q` varbinary(256) NOT NULL,\n"
        "  `T` bigint(20) NOT NULL,\n"
        "  `V` varbinary(1048576) NOT NULL,\n"
        "  PRIMARY KEY (`K`, `Q`, `T`)\n"
        ") TABLEGROUP = `n1:test`\n"
        "PARTITION BY KEY(`K`) PARTITIONS 3;\n");
  CHECK(ServerDropStatements(spec, DdlDialect::kOceanBase) ==
        std::vector<std::string>{"DROP TABLE IF EXISTS `n1`.`n1:test$family1`;\n",
                                 "DROP TABLEGROUP IF EXISTS `n1:test`;\n"});
}

TEST_CASE("namespaces: a copy creates the namespace in the destination") {
  NamespaceStore s;
  s.Create("obkv_ns4");
  TableSpec spec = MustParseSpec(
      SpecJson("obkv_ns4:c", R"([{"name": "f"}])", R"({"strategy": "none"})"));
  REQUIRE(s.fx.store()->CreateTable(spec).ok());
  REQUIRE(MustTable(s.fx.store(), "obkv_ns4:c")
              ->Put(Put("r").Add("f", "q", 100, "v"))
              .ok());
  TempDir dir;
  std::unique_ptr<Store> dest = MustOpenStore(dir.path() + "/dest.db");
  Result<int64_t> copied =
      s.fx.store()->CopyTableTo("obkv_ns4:c", dest.get(), CopyOptions());
  REQUIRE_MESSAGE(copied.ok(), copied.status().ToString());
  CHECK(*copied == 1);
  Result<std::vector<std::string>> names = dest->ListNamespaces();
  REQUIRE(names.ok());
  CHECK(*names == std::vector<std::string>{"default", "hbase", "obkv_ns4"});
}

TEST_CASE("namespaces: a namespace's database belongs to the store that made it") {
  if (!OnTestServer()) return;  // SQLite keeps namespaces in its file
  NamespaceStore s;
  s.Create("obkv_ns5");
  ServerDatabase other;
  std::unique_ptr<Store> second = MustOpenStore(other.uri());
  const std::string owner =
      ServerQuery("obkv_ns5", "SELECT store FROM obkv_namespace_owner")[0];
  CHECK(owner.rfind("obkv_t", 0) == 0);
  const Status st = second->CreateNamespace("obkv_ns5");
  CHECK(st.IsFailedPrecondition());
  CHECK(st.message() ==
        "namespace 'obkv_ns5': its database `obkv_ns5` on this server belongs "
        "to the store in database '" +
            owner +
            "' (a namespace's database holds the tables of one store)");
  // A copy into the second store stops there too, before any DDL.
  TableSpec spec = MustParseSpec(
      SpecJson("obkv_ns5:c", R"([{"name": "f"}])", R"({"strategy": "none"})"));
  REQUIRE(s.fx.store()->CreateTable(spec).ok());
  Result<int64_t> copied =
      s.fx.store()->CopyTableTo("obkv_ns5:c", second.get(), CopyOptions());
  REQUIRE_FALSE(copied.ok());
  CHECK(copied.status().message().find("belongs to the store in database '" +
                                       owner + "'") != std::string::npos);
  // The owner creating it again is the registry's AlreadyExists.
  CHECK(s.fx.store()->CreateNamespace("obkv_ns5").message() ==
        "namespace 'obkv_ns5' already exists");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
