// Copyright (c) obkvlite authors.
//
// Namespaces through the library (obkvlite/store.h): create, list, drop,
// tables "ns:t" with the "ns:" prefix kept in the physical names, the
// errors HBase gives, and the OceanBase DDL with its database. CTest runs
// the suite on a store file, on 3 shard files and on the test MariaDB
// server, where a namespace is a database of its own.

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
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

namespace obkvlite {
namespace testing {
namespace {

using Properties = std::map<std::string, std::string>;

Properties MustProperties(Store* store, const std::string& ns) {
  Result<Properties> got = store->GetNamespaceProperties(ns);
  REQUIRE_MESSAGE(got.ok(), got.status().ToString());
  return *got;
}

TEST_CASE("namespaces: properties kept, altered, dropped with the namespace") {
  // HBase's NamespaceDescriptor configuration (admin.rb create_namespace
  // and alter_namespace: addConfiguration, removeConfiguration).
  NamespaceStore s;
  Store* store = s.fx.store();
  // A store that never had a property (no properties table) has none.
  CHECK(MustProperties(store, "default").empty());
  s.Create("obkv_nsp0");
  CHECK(MustProperties(store, "obkv_nsp0").empty());
  REQUIRE(store->CreateNamespace("obkv_nsp1", {{"K", "V"}, {"A", "1"}}).ok());
  s.made.push_back("obkv_nsp1");
  CHECK(MustProperties(store, "obkv_nsp1") == Properties{{"A", "1"}, {"K", "V"}});
  CHECK(MustProperties(store, "obkv_nsp0").empty());
  // set replaces and adds; unset of a key that is not set is no error.
  REQUIRE(store->AlterNamespace("obkv_nsp1", {{"K", "W"}, {"B", "x y"}},
                                {"A", "nope"})
              .ok());
  CHECK(MustProperties(store, "obkv_nsp1") ==
        Properties{{"B", "x y"}, {"K", "W"}});
  REQUIRE(store->AlterNamespace("default", {{"D", "1"}}, {}).ok());
  CHECK(MustProperties(store, "default") == Properties{{"D", "1"}});
  REQUIRE(store->AlterNamespace("default", {}, {"D"}).ok());
  CHECK(MustProperties(store, "default").empty());
  // Errors name the namespace, the key and the limit; nothing is written.
  Status missing = store->AlterNamespace("obkv_nope", {{"K", "V"}}, {});
  CHECK(missing.IsNotFound());
  CHECK(missing.message() == "namespace 'obkv_nope' does not exist");
  CHECK(store->GetNamespaceProperties("obkv_nope").status().message() ==
        "namespace 'obkv_nope' does not exist");
  Status empty_key = store->AlterNamespace("obkv_nsp1", {{"", "V"}}, {});
  CHECK(empty_key.message() ==
        "namespace property key: 0 bytes, must be 1 to 255");
  Status big = store->CreateNamespace(
      "obkv_nsp2", {{"K", std::string(65536, 'v')}});
  CHECK(big.message() ==
        "namespace property 'K': value of 65536 bytes, limit 65535");
  Result<std::vector<std::string>> names = store->ListNamespaces();
  REQUIRE(names.ok());
  CHECK(std::find(names->begin(), names->end(), "obkv_nsp2") == names->end());
  CHECK(MustProperties(store, "obkv_nsp1") ==
        Properties{{"B", "x y"}, {"K", "W"}});
  // A dropped namespace takes its properties; made again, it has none.
  REQUIRE(store->DropNamespace("obkv_nsp1").ok());
  s.Create("obkv_nsp1");
  CHECK(MustProperties(store, "obkv_nsp1").empty());
  // The store opened again keeps them.
  REQUIRE(store->AlterNamespace("obkv_nsp1", {{"K", "V"}}, {}).ok());
  s.fx.Reopen();
  CHECK(MustProperties(s.fx.store(), "obkv_nsp1") == Properties{{"K", "V"}});
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
