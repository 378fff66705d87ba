// Copyright (c) obkvlite authors.
//
// Tests of a table spec's hbase_attributes (src/spec/hbase_attributes.cc):
// the known HBase attributes with HBase's rules on their values, errors that
// name the JSON path, and CanonicalHBaseAttribute.

#include <doctest/doctest.h>

#include <map>
#include <string>

#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"
#include "spec_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("hbase_attributes: known HBase attributes with HBase's rules") {
  // The attributes and their checks are those of hbase-shell's admin.rb
  // (cfd for families, update_htd_from_arg for the table).
  const std::string p = "families[0].hbase_attributes";
  auto fa = [](const std::string& attrs) {
    return Err(
        WithFamily(R"({"name": "f", "hbase_attributes": )" + attrs + "}"));
  };
  CHECK(fa("[]") == p + ": must be an object, got []");
  CHECK(fa(R"({"BOGUS": "1"})") == p + ".BOGUS: unknown HBase attribute");
  CHECK(fa(R"({"MAX_FILESIZE": "1"})") ==  // a table attribute
        p + ".MAX_FILESIZE: unknown HBase attribute");
  CHECK(fa(R"({"BLOOMFILTER": "BOGUS"})") ==
        p + ".BLOOMFILTER: must be one of NONE, ROW, ROWCOL, "
            "ROWPREFIX_FIXED_LENGTH, ROWPREFIX_DELIMITED, got 'BOGUS'");
  CHECK(fa(R"({"IN_MEMORY": "yes"})") ==
        p + ".IN_MEMORY: must be true or false, got 'yes'");
  CHECK(fa(R"({"BLOCKSIZE": "64K"})") ==
        p + ".BLOCKSIZE: must be an integer between 0 and 2147483647, got "
            "'64K'");
  CHECK(fa(R"({"MIN_VERSIONS": 1})") ==
        p + ".MIN_VERSIONS: must be a string, got 1");
  CHECK(fa(R"({"CONFIGURATION": "x"})") ==
        p + ".CONFIGURATION: must be an object of strings, got \"x\"");
  CHECK(fa(R"({"METADATA": {"k": 1}})") ==
        p + ".METADATA.k: must be a string, got 1");
  CHECK(Err(R"({"table": "t", "families": [{"name": "f"}],
               "hbase_attributes": {"BLOOMFILTER": "ROW"}})") ==
        "hbase_attributes.BLOOMFILTER: unknown HBase attribute");

  const TableSpec t = MustParse(
      R"({"table": "t", "families": [{"name": "f", "hbase_attributes": {
            "BLOOMFILTER": "rowcol", "IN_MEMORY": "TRUE", "BLOCKSIZE": "65536",
            "KEEP_DELETED_CELLS": "ttl", "CONFIGURATION": {"a.b": "1"},
            "METADATA": {"k": "v"}}}],
          "hbase_attributes": {"READONLY": "False", "OWNER": "bob",
                               "METADATA": {"m": "n"}}})");
  const HBaseAttributes& f = t.families[0].hbase_attributes;
  CHECK(f.values ==
        std::map<std::string, std::string>{{"BLOCKSIZE", "65536"},
                                           {"BLOOMFILTER", "ROWCOL"},
                                           {"IN_MEMORY", "true"},
                                           {"KEEP_DELETED_CELLS", "TTL"}});
  CHECK(f.configuration == std::map<std::string, std::string>{{"a.b", "1"}});
  CHECK(f.metadata == std::map<std::string, std::string>{{"k", "v"}});
  CHECK(t.hbase_attributes.values ==
        std::map<std::string, std::string>{{"OWNER", "bob"},
                                           {"READONLY", "false"}});
  CHECK(t.hbase_attributes.metadata ==
        std::map<std::string, std::string>{{"m", "n"}});
  CHECK(MustParse(WithFamily(R"({"name": "f"})"))
            .families[0]
            .hbase_attributes.empty());
  // They are not DDL: the statements are those of the spec without them
  // (the sqlite dialect's catalog row keeps the spec, attributes included).
  const TableSpec plain = MustParse(R"({"table": "t", "families": [
      {"name": "f"}]})");
  for (DdlDialect d : {DdlDialect::kOceanBase, DdlDialect::kMysql}) {
    CHECK(GenerateDdl(t, d) == GenerateDdl(plain, d));
  }
  const std::string sqlite = GenerateDdl(t, DdlDialect::kSqlite);
  const std::string plain_sqlite = GenerateDdl(plain, DdlDialect::kSqlite);
  CHECK(sqlite.substr(0, sqlite.find("INSERT INTO")) ==
        plain_sqlite.substr(0, plain_sqlite.find("INSERT INTO")));
}

TEST_CASE("CanonicalHBaseAttribute directly") {
  using S = HBaseAttributeScope;
  CHECK(CanonicalHBaseAttribute(S::kFamily, "COMPRESSION", "snappy").value() ==
        "SNAPPY");
  CHECK(CanonicalHBaseAttribute(S::kFamily, "BLOCKCACHE", "False").value() ==
        "false");
  CHECK(CanonicalHBaseAttribute(S::kTable, "DURABILITY", "async_wal").value() ==
        "ASYNC_WAL");
  CHECK(
      CanonicalHBaseAttribute(S::kTable, "MAX_FILESIZE", "9223372036854775807")
          .value() == "9223372036854775807");
  CHECK(CanonicalHBaseAttribute(S::kFamily, "REPLICATION_SCOPE", "-1")
            .status()
            .message() ==
        "REPLICATION_SCOPE: must be an integer between 0 and 2147483647, got "
        "'-1'");
  CHECK(CanonicalHBaseAttribute(S::kFamily, "OWNER", "x").status().message() ==
        "OWNER: not an HBase column family attribute");
  CHECK(CanonicalHBaseAttribute(S::kFamily, "CONFIGURATION", "x")
            .status()
            .IsNotFound());
  CHECK(CanonicalHBaseAttribute(S::kTable, "OWNER", "").status().message() ==
        "OWNER: must be a non-empty string, got ''");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
