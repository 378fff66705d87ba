// Copyright (c) obkvlite authors.
//
// `obkv shell`'s table and namespace administration in-process, each
// command with the output the HBase shell documents for it (the HBase file
// is named at each test): create with HBase's attributes and family names,
// alter, disable, enable, drop, exists, truncate and describe in HBase's
// descriptor style, flush and compactions, namespaces and their
// properties, show_filters and alter_status, disable_all, enable_all,
// drop_all and clone_table_schema (src/tools/cli/shell/shell_admin.cc,
// shell_create.cc, shell_lifecycle.cc, shell_namespace.cc,
// shell_maintenance.cc, shell_all_tables.cc, shell_clone.cc). Regions are
// in shell_regions_test.cc, reads in shell_read_test.cc, writes in
// shell_mutate_test.cc and the session itself in shell_session_test.cc.

#include <doctest/doctest.h>

#include <regex>
#include <string>
#include <string_view>

#include "hbase/filter/filter_factory.h"
#include "shell_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("shell: disable, enable, drop, exists, is_enabled, is_disabled") {
  // drop.rb refuses an enabled table (admin.rb drop: "Table #{table_name}
  // is enabled. Disable it first."); a disabled table refuses reads and
  // writes (TableNotEnabledException) and describe says DISABLED.
  Shell sh;
  sh.Ok(kCreate);
  const std::string before = sh.Export();
  CliRun run = sh.Run("drop 't'\n");
  CHECK(run.code == 1);
  CHECK(run.err == "ERROR: line 1: drop: Table t is enabled. Disable it first.\n");
  CHECK(sh.Export() == before);
  CHECK(sh.Ok("is_enabled 't'\nis_disabled 't'\nexists 't'\n") ==
        "true\nfalse\nTable t does exist\n");
  CHECK(sh.Ok("disable 't'\nis_enabled 't'\nis_disabled 't'\n") ==
        "false\ntrue\n");
  CHECK(WithoutTook(sh.Run("describe 't'\n").out)
            .rfind("Table t is DISABLED\nt\nCOLUMN FAMILIES DESCRIPTION\n", 0) ==
        0);
  run = sh.Run(
      "scan 't'\n"
      "get 't', 'r1'\n"
      "put 't', 'r1', 'f:q', 'new'\n"
      "count 't'\n"
      "disable 't'\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 1: scan: table 't' is disabled (enable it first)\n"
        "ERROR: line 2: get: table 't' is disabled (enable it first)\n"
        "ERROR: line 3: put: table 't' is disabled (enable it first)\n"
        "ERROR: line 4: count: table 't' is disabled (enable it first)\n");
  CHECK(sh.Ok("enable 't'\n").empty());
  CHECK(sh.Export() == before);
  // admin.rb's enable and disable return when the table is already so, so
  // a script run with -n goes on.
  CHECK(sh.Ok("enable 't'\ndisable 't'\ndisable 't'\nis_disabled 't'\n"
              "enable 't'\n") == "true\n");
  CHECK(sh.Ok("disable 't'\ndrop 't'\nexists 't'\nlist\n") ==
        "Table t does not exist\nTABLE\n0 row(s)\n");
  run = sh.Run("is_enabled 't'\n");
  CHECK(run.code == 1);
  CHECK(run.err == "ERROR: line 1: is_enabled: table 't' not found\n");
}

// Issue 47: alter sets and unsets the table attributes create takes
// (admin.rb alter: a map without NAME, or METHOD => 'table_att';
// 'table_att_unset' and 'table_conf_unset' with NAME => 'KEY' or a list).
TEST_CASE("shell: alter sets and unsets table attributes") {
  Shell sh;
  sh.Ok("create 't', 'f', OWNER => 'bob'\n");
  const std::string kUpdated =
      "Updating all regions with the new schema...\n"
      "1/1 regions updated.\n"
      "Done.\n";
  CHECK(sh.Ok("alter 't', MAX_FILESIZE => '134217728'\n") == kUpdated);
  CHECK(sh.Ok("alter 't', METHOD => 'table_att', METADATA => {'k' => 'v', "
              "'k2' => 'w'}, DURABILITY => 'ASYNC_WAL', CONFIGURATION => "
              "{'c' => '1'}, FROB => 3\n") ==
        "Unknown argument ignored: FROB\n" + kUpdated);
  CHECK(sh.Ok("describe 't'\n").find(
            "t, {TABLE_ATTRIBUTES => {DURABILITY => 'ASYNC_WAL', "
            "MAX_FILESIZE => '134217728', OWNER => 'bob', METADATA => {'k' "
            "=> 'v', 'k2' => 'w'}, CONFIGURATION => {'c' => '1'}}}\n") !=
        std::string::npos);
  sh.Ok("alter 't', METHOD => 'table_att_unset', NAME => 'MAX_FILESIZE'\n"
        "alter 't', METHOD => 'table_att_unset', NAME => ['k', 'OWNER']\n"
        "alter 't', METHOD => 'table_conf_unset', NAME => 'c'\n");
  CHECK(sh.Ok("describe 't'\n").find(
            "t, {TABLE_ATTRIBUTES => {DURABILITY => 'ASYNC_WAL', METADATA => "
            "{'k2' => 'w'}}}\n") != std::string::npos);
  // A family change and a table attribute in one alter.
  CHECK(sh.Ok("alter 't', {NAME => 'f', VERSIONS => 2}, MAX_FILESIZE => "
              "'1000'\n") == kUpdated);
  const std::string described = sh.Ok("describe 't'\n");
  CHECK(described.find("MAX_FILESIZE => '1000'") != std::string::npos);
  CHECK(described.find("{NAME => 'f', VERSIONS => '2'") != std::string::npos);
  // What HBase refuses, naming the key; nothing changes.
  const CliRun bad = sh.Run(
      "alter 't', METHOD => 'table_att_unset', NAME => 'nope'\n"
      "alter 't', METHOD => 'table_conf_unset', NAME => 'nope'\n"
      "alter 't', METHOD => 'table_att_unset'\n"
      "alter 't', MAX_FILESIZE => 'big'\n");
  CHECK(bad.code == 1);
  CHECK(bad.err.find("ERROR: line 1: alter: Could not find attribute: nope\n"
                     "ERROR: line 2: alter: Could not find configuration: "
                     "nope\n"
                     "ERROR: line 3: alter: NAME parameter missing for "
                     "table_att_unset method\n"
                     "ERROR: line 4: alter: ") == 0);
  CHECK(sh.Ok("describe 't'\n") == described);
}

TEST_CASE("shell: alter changes, adds and deletes families") {
  // admin.rb alter: NAME => 'f' with new attributes changes f, a new NAME
  // adds a family, 'delete' => 'f' or METHOD => 'delete' removes one.
  Shell sh;
  sh.Ok("create 't', 'f', 'f2', 'f3'\nput 't', 'r', 'f:q', 'v', 100\n"
        "put 't', 'r', 'f2:q', 'v2', 100\n");
  CHECK(sh.Ok("alter 't', NAME => 'f', VERSIONS => 5\n") ==
        "Updating all regions with the new schema...\n"
        "1/1 regions updated.\n"
        "Done.\n");
  const std::string f5 =
      "{NAME => 'f', VERSIONS => '5', TTL => 'FOREVER', "
      "VALUE_TYPE => 'varbinary(1048576)'}\n"
      "  PARTITIONING => 'none', TABLES => '1'\n";
  const std::string f2 =
      "{NAME => 'f2', VERSIONS => '1', TTL => 'FOREVER', "
      "VALUE_TYPE => 'varbinary(1048576)'}\n"
      "  PARTITIONING => 'none', TABLES => '1'\n";
  const std::string f3 =
      "{NAME => 'f3', VERSIONS => '1', TTL => 'FOREVER', "
      "VALUE_TYPE => 'varbinary(1048576)'}\n"
      "  PARTITIONING => 'none', TABLES => '1'\n";
  const std::string head =
      "Table t is ENABLED\nt\nCOLUMN FAMILIES DESCRIPTION\n";
  CHECK(sh.Ok("describe 't'\n") == head + f5 + f2 + f3 + "3 row(s)\n");
  CHECK(sh.Ok("alter 't', 'delete' => 'f2'\n") ==
        "Updating all regions with the new schema...\n"
        "1/1 regions updated.\n"
        "Done.\n");
  CHECK(sh.Ok("describe 't'\n") == head + f5 + f3 + "2 row(s)\n");
  sh.Ok("alter 't', {NAME => 'f3', METHOD => 'delete'}\n");
  CHECK(sh.Ok("describe 't'\n") == head + f5 + "1 row(s)\n");
  sh.Ok("alter 't', {NAME => 'g', VERSIONS => 2, TTL => 3600}\n");
  CHECK(sh.Ok("describe 't'\n") ==
        head + f5 +
        "{NAME => 'g', VERSIONS => '2', TTL => '3600 SECONDS (1 HOUR)', "
        "VALUE_TYPE => 'varbinary(1048576)'}\n"
        "  PARTITIONING => 'none', TABLES => '1'\n"
        "2 row(s)\n");
  // f2's cell went with its family. (ts 100 would be past g's TTL.)
  sh.Ok("put 't', 'r', 'g:x', 'gv'\n");
  CHECK(std::regex_match(sh.Export(),
                         std::regex("r\tf:q\t100\tv\nr\tg:x\t[0-9]{13}\tgv\n")));
  // Unknown families and methods are refused.
  const CliRun run = sh.Run("alter 't', 'delete' => 'nope'\n"
                            "alter 't', {NAME => 'f', METHOD => 'drop'}\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 1: alter: family: table 't' has no family 'nope'\n"
        "ERROR: line 2: alter: METHOD must be 'delete', got 'drop'\n");
}

TEST_CASE("shell: a family gets VERSIONS 1 unless told, as in HBase") {
  // HBase's ColumnFamilyDescriptorBuilder.DEFAULT_MAX_VERSIONS is 1, and
  // OBKV-HBase's Admin writes kv_attributes {"HBase": {"MaxVersions": 1}}.
  Shell sh;
  sh.Ok(
      "create 't', 'f', {NAME => 'g', VERSIONS => '3'}\n"
      "put 't', 'r', 'f:q', 'old', 100\n"
      "put 't', 'r', 'f:q', 'new', 200\n");
  const std::string described = sh.Ok("describe 't'\n");
  CHECK(described.find("{NAME => 'f', VERSIONS => '1',") != std::string::npos);
  CHECK(described.find("{NAME => 'g', VERSIONS => '3',") != std::string::npos);
  CHECK(sh.Ok("get 't', 'r', {COLUMN => 'f:q', VERSIONS => 5}\n") ==
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T00:00:00.200, value=new\n"
        "1 row(s)\n");
  // A spec keeps its meaning: no max_versions is no MaxVersions.
  sh.box.Create("s", R"({"table": "s", "families": [{"name": "f"}]})");
  CHECK(sh.Ok("describe 's'\n").find("VERSIONS => '2147483647'") !=
        std::string::npos);
  // Timeseries families return every version (OBKV): no default there.
  sh.Ok("create 'ts', 'f', LAYOUT => 'timeseries'\n");
  CHECK(sh.Ok("describe 'ts'\n").find("VERSIONS => '2147483647'") !=
        std::string::npos);
}

TEST_CASE("shell: create takes HBase's attributes and lists them") {
  // hbase-shell admin.rb cfd (family attributes) and update_htd_from_arg
  // (table attributes), and the describe of the reference guide's Getting
  // Started (getting_started.adoc), replayed into create.
  Shell sh;
  CHECK(sh.Ok("create 'test', {NAME => 'cf', VERSIONS => '1', "
              "EVICT_BLOCKS_ON_CLOSE => 'false', NEW_VERSION_BEHAVIOR => "
              "'false', KEEP_DELETED_CELLS => 'FALSE', CACHE_DATA_ON_WRITE => "
              "'false', DATA_BLOCK_ENCODING => 'NONE', TTL => 'FOREVER', "
              "MIN_VERSIONS => '0', REPLICATION_SCOPE => '0', BLOOMFILTER => "
              "'ROW', CACHE_INDEX_ON_WRITE => 'false', IN_MEMORY => 'false', "
              "CACHE_BLOOMS_ON_WRITE => 'false', PREFETCH_BLOCKS_ON_OPEN => "
              "'false', COMPRESSION => 'NONE', BLOCKCACHE => 'true', BLOCKSIZE "
              "=> '65536'}\n") == "Created table test\n");
  CHECK(sh.Ok("describe 'test'\n") ==
        "Table test is ENABLED\n"
        "test\n"
        "COLUMN FAMILIES DESCRIPTION\n"
        "{NAME => 'cf', VERSIONS => '1', TTL => 'FOREVER', VALUE_TYPE => "
        "'varbinary(1048576)', BLOCKCACHE => 'true', BLOCKSIZE => '65536', "
        "BLOOMFILTER => 'ROW', CACHE_BLOOMS_ON_WRITE => 'false', "
        "CACHE_DATA_ON_WRITE => 'false', CACHE_INDEX_ON_WRITE => 'false', "
        "COMPRESSION => 'NONE', DATA_BLOCK_ENCODING => 'NONE', "
        "EVICT_BLOCKS_ON_CLOSE => 'false', IN_MEMORY => 'false', "
        "KEEP_DELETED_CELLS => 'FALSE', MIN_VERSIONS => '0', "
        "NEW_VERSION_BEHAVIOR => 'false', PREFETCH_BLOCKS_ON_OPEN => "
        "'false', REPLICATION_SCOPE => '0'}\n"
        "  PARTITIONING => 'none', TABLES => '1'\n"
        "  NOTE => 'no effect in obkvlite or OBKV-HBase: BLOCKCACHE, "
        "BLOCKSIZE, BLOOMFILTER, CACHE_BLOOMS_ON_WRITE, CACHE_DATA_ON_WRITE, "
        "CACHE_INDEX_ON_WRITE, COMPRESSION, DATA_BLOCK_ENCODING, "
        "EVICT_BLOCKS_ON_CLOSE, IN_MEMORY, KEEP_DELETED_CELLS, MIN_VERSIONS, "
        "NEW_VERSION_BEHAVIOR, PREFETCH_BLOCKS_ON_OPEN, REPLICATION_SCOPE'\n"
        "1 row(s)\n");
  // Values as HBase takes them (any case, quoted numbers, bare booleans),
  // the maps, table attributes, and HBase's notices for unknown keys.
  CHECK(sh.Ok("create 't', {NAME => 'f', VERSIONS => '3', TTL => '1 DAY', "
              "BLOOMFILTER => 'rowcol', COMPRESSION => 'snappy', IN_MEMORY => "
              "true, BLOCKSIZE => 8192, CONFIGURATION => "
              "{'hbase.hstore.blockingStoreFiles' => '10'}, METADATA => {'k' "
              "=> 'v'}, BOGUS => 1}, OWNER => 'bob', METADATA => {'m' => "
              "'n'}, FROB => 2\n") ==
        "Unknown argument ignored for column family f: BOGUS\n"
        "An argument ignored (unknown or overridden): FROB\n"
        "Created table t\n");
  const std::string described = sh.Ok("describe 't'\n");
  CHECK(described ==
        "Table t is ENABLED\n"
        "t, {TABLE_ATTRIBUTES => {OWNER => 'bob', METADATA => {'m' => "
        "'n'}}}\n"
        "  NOTE => 'no effect in obkvlite or OBKV-HBase: OWNER, METADATA'\n"
        "COLUMN FAMILIES DESCRIPTION\n"
        "{NAME => 'f', VERSIONS => '3', TTL => '86400 SECONDS (1 DAY)', "
        "VALUE_TYPE => 'varbinary(1048576)', BLOCKSIZE => '8192', BLOOMFILTER "
        "=> 'ROWCOL', COMPRESSION => 'SNAPPY', IN_MEMORY => 'true', METADATA "
        "=> {'k' => 'v'}, CONFIGURATION => "
        "{'hbase.hstore.blockingStoreFiles' => '10'}}\n"
        "  PARTITIONING => 'none', TABLES => '1'\n"
        "  NOTE => 'no effect in obkvlite or OBKV-HBase: BLOCKSIZE, "
        "BLOOMFILTER, COMPRESSION, IN_MEMORY, METADATA, CONFIGURATION'\n"
        "1 row(s)\n");
  // describe's family map reads back in create.
  const size_t open = described.find("{NAME");
  const std::string family =
      described.substr(open, described.find('\n', open) - open);
  sh.Ok("create 'copy', " + family + "\n");
  CHECK(sh.Ok("describe 'copy'\n").find(family) != std::string::npos);
  // A family named twice takes the later settings (admin.rb cfd starts
  // from the family already in the descriptor).
  CHECK(sh.Ok("create 'twice', {NAME => 'f', TTL => 3600}, {NAME => 'f', "
              "VERSIONS => 2}\n") ==
        "Family 'f' already exists, the old one will be replaced\n"
        "Created table twice\n");
  CHECK(sh.Ok("describe 'twice'\n")
            .find("{NAME => 'f', VERSIONS => '2', TTL => '3600 SECONDS (1 "
                  "HOUR)'") != std::string::npos);
  // Values HBase refuses.
  const CliRun bad = sh.Run(
      "create 'x', {NAME => 'f', BLOOMFILTER => 'BOGUS'}\n"
      "create 'x', {NAME => 'f', IN_MEMORY => 'yes'}\n"
      "create 'x', {NAME => 'f', TTL => '3600 SECONDS (2 HOURS)'}\n"
      "create 'x', {NAME => 'f', VERSIONS => 'three'}\n"
      "create 'x', {NAME => 'f', CONFIGURATION => 'k=v'}\n"
      "create 'x', 'f', READONLY => 'maybe'\n"
      "create 'x', NUMREGIONS => 3\n"
      "create 7, 'f'\n");
  CHECK(bad.err ==
        "ERROR: line 1: create: BLOOMFILTER: must be one of NONE, ROW, "
        "ROWCOL, ROWPREFIX_FIXED_LENGTH, ROWPREFIX_DELIMITED, got 'BOGUS'\n"
        "ERROR: line 2: create: IN_MEMORY: must be true or false, got 'yes'\n"
        "ERROR: line 3: create: Malformed TTL string: TTL values in seconds "
        "and human readable format do not match, got '3600 SECONDS (2 "
        "HOURS)'\n"
        "ERROR: line 4: create: VERSIONS must be a positive integer, got "
        "'three'\n"
        "ERROR: line 5: create: CONFIGURATION must be a {'key' => 'value'} "
        "map, got 'k=v'\n"
        "ERROR: line 6: create: READONLY: must be true or false, got "
        "'maybe'\n"
        "ERROR: line 7: create: Table must have at least one column family\n"
        "ERROR: line 8: create: Table name must be of type String\n");
  CHECK(sh.box.Run({"list"}).out == "copy\nt\ntest\ntwice\n");
}

TEST_CASE("shell: truncate, and describe in HBase's descriptor style") {
  // hbase-shell truncate.rb: "Truncating 't' table (it may take a while):"
  // and HBase 2.x admin.rb truncate's "Disabling table..." (for an enabled
  // table only) and "Truncating table...".
  Shell sh;
  sh.Ok(kCreate);
  CHECK(sh.Ok("truncate 't'\ncount 't'\n") ==
        "Truncating 't' table (it may take a while):\n"
        "Disabling table...\n"
        "Truncating table...\n"
        "0 row(s)\n");
  CHECK(sh.Ok("describe 't'\n").find("{NAME => 'f', VERSIONS => '3'") !=
        std::string::npos);  // the spec survives truncate
  // truncate_preserve.rb: the same, keeping the region boundaries, which
  // truncate keeps here too.
  CHECK(sh.Ok("put 't','r1','f:q','v1', 100\ntruncate_preserve 't'\n"
              "count 't'\n") ==
        "Truncating 't' table (it may take a while):\n"
        "Disabling table...\n"
        "Truncating table...\n"
        "0 row(s)\n");
  CHECK(sh.Ok("describe 't'\n").find("TABLES => '7'") != std::string::npos);
  // A disabled table is not disabled again, and TruncateTableProcedure
  // leaves it enabled.
  CHECK(sh.Ok("put 't','r1','f:q','v1', 100\ndisable 't'\ntruncate 't'\n"
              "is_enabled 't'\ncount 't'\n") ==
        "Truncating 't' table (it may take a while):\n"
        "Truncating table...\n"
        "true\n"
        "0 row(s)\n");
  sh.Ok(
      "create 'u', {NAME => 'f', VERSIONS => 3, TTL => 3600}, "
      "{NAME => 'g', TTL => 'FOREVER', VALUE_TYPE => 'longblob'}, "
      "SPLITS => ['m']\n");
  CHECK(sh.Ok("desc 'u'\n") ==
        "Table u is ENABLED\n"
        "u\n"
        "COLUMN FAMILIES DESCRIPTION\n"
        "{NAME => 'f', VERSIONS => '3', TTL => '3600 SECONDS (1 HOUR)', "
        "VALUE_TYPE => 'varbinary(1048576)'}\n"
        "  PARTITIONING => 'RANGE COLUMNS(K) ('m', MAXVALUE)', TABLES => '2'\n"
        "{NAME => 'g', VERSIONS => '1', TTL => 'FOREVER', "
        "VALUE_TYPE => 'longblob'}\n"
        "  PARTITIONING => 'RANGE COLUMNS(K) ('m', MAXVALUE)', TABLES => '2'\n"
        "2 row(s)\n");
}

TEST_CASE("shell: namespaces as HBase's namespace commands print them") {
  // create_namespace.rb, list_namespace.rb, list_namespace_tables.rb,
  // describe_namespace.rb, drop_namespace.rb.
  Shell sh;
  const CliRun run = sh.Run(
      "create_namespace 'ns1'\n"
      "create 'ns1:users', 'f'\n"
      "list_namespace\n"
      "list_namespace_tables 'ns1'\n"
      "describe_namespace 'ns1'\n"
      "put 'ns1:users', 'r1', 'f:email', 'a@x'\n"
      "get 'ns1:users', 'r1'\n"
      "list 'ns1:.*'\n"
      "exists 'ns1:users'\n"
      "drop_namespace 'ns1'\n"
      "disable 'ns1:users'\n"
      "drop 'ns1:users'\n"
      "drop_namespace 'ns1'\n"
      "list_namespace 'n.*'\n"
      "create 'nope:t', 'f'\n"
      "create_namespace 'a.b'\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 10: drop_namespace: Only empty namespaces can be removed. "
        "Namespace ns1 has 1 tables\n"
        "ERROR: line 15: create: namespace 'nope' does not exist (create it "
        "first: create_namespace 'nope')\n"
        "ERROR: line 16: create_namespace: namespace: invalid character at "
        "position 1 in 'a.b'; namespace names use letters, digits, '_' and "
        "'-'\n");
  CHECK(WithoutTimestamps(WithoutTook(run.out)) ==
        "Created table ns1:users\n"
        "=> Hbase::Table - ns1:users\n"
        "NAMESPACE\ndefault\nhbase\nns1\n3 row(s)\n"
        "TABLE\nusers\n1 row(s)\n"
        "=> [\"users\"]\n"
        "DESCRIPTION\n{NAME => 'ns1'}\n"
        "COLUMN                         CELL\n"
        " f:email                       timestamp=T, value=a@x\n"
        "1 row(s)\n"
        "TABLE\nns1:users\n1 row(s)\n"
        "=> [\"ns1:users\"]\n"
        "Table ns1:users does exist\n"
        "=> true\n"
        "NAMESPACE\n0 row(s)\n");
  // The table's relation keeps the prefix in the store file.
  CHECK(sh.box.Run({"sql", "SELECT COUNT(*) AS n FROM sqlite_schema WHERE "
                           "name LIKE 'ns1:%'"})
            .out == "n\n-\n0\n");
}

TEST_CASE("shell: a change of VERSIONS purges the versions over the old one") {
  // Issue 30: HBase's alter reopens the region (admin.rb alter), and the
  // flush drops v1 of a VERSIONS => 1 family, so raising VERSIONS to 3
  // shows v2 alone and a ValueFilter finds no v1.
  Shell sh;
  sh.Ok("create 't', {NAME => 'f', VERSIONS => 1}\n"
        "put 't', 'r', 'f:q', 'v1', 100\n"
        "put 't', 'r', 'f:q', 'v2', 200\n");
  CHECK(sh.Ok("alter 't', {NAME => 'f', VERSIONS => 3}\n"
              "get 't', 'r', {COLUMN => 'f:q', VERSIONS => 3}\n"
              "scan 't', {FILTER => \"ValueFilter(=, 'binary:v1')\"}\n") ==
        "Updating all regions with the new schema...\n1/1 regions updated.\n"
        "Done.\n"
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T00:00:00.200, value=v2\n"
        "1 row(s)\n"
        "ROW                            COLUMN+CELL\n"
        "0 row(s)\n");
}

TEST_CASE("shell: flush, compact and major_compact purge with a count") {
  // flush.rb, compact.rb, major_compact.rb take 'TABLE' or 'TABLE',
  // 'FAMILY'; HBase's flush and compactions drop the versions over
  // VERSIONS and the cells past TTL. Here every family is purged.
  Shell sh;
  sh.Ok("create 't', {NAME => 'f', VERSIONS => 3}\n"
        "put 't', 'r', 'f:q', 'v1', 100\n"
        "put 't', 'r', 'f:q', 'v2', 200\n"
        "put 't', 'r', 'f:q', 'v3', 300\n"
        "alter 't', {NAME => 'f', VERSIONS => 1}\n");
  CHECK(sh.Ok("flush 't'\nmajor_compact 't', 'f'\ncompact 't'\n") ==
        "purged t: 0 expired cells, 2 excess versions\n"
        "purged t: 0 expired cells, 0 excess versions\n"
        "purged t: 0 expired cells, 0 excess versions\n");
  const CliRun run = sh.Run("compact 't', 'zz'\n");
  CHECK(run.code == 1);
  CHECK(run.err == "ERROR: line 1: compact: unknown family 'zz' in table 't'\n");
}

TEST_CASE("shell: names, SPLITS, NUMREGIONS, snapshots, whoami, version") {
  // TableName.valueOf("default:t") is t; admin.rb sorts SPLITS (HBase's
  // createTable sorts the split keys and refuses duplicates);
  // list_snapshots.rb prints its header and "0 row(s)"; whoami.rb prints
  // "USER (auth:SIMPLE)" and "    groups: ...".
  Shell sh;
  CHECK(sh.Ok("create 'default:t', 'f', SPLITS => ['m', 'c', 'x']\n"
              "put 'default:t', 'r', 'f:q', 'v', 1\n"
              "get_splits 't'\n"
              "get 'default:t', 'r'\n"
              "list_snapshots\n") ==
        "Created table t\n"
        "Total number of splits = 4\nc\nm\nx\n"
        "COLUMN                         CELL\n"
        " f:q                           timestamp=1970-01-01T00:00:00.001, value=v\n"
        "1 row(s)\n"
        "SNAPSHOT                       TABLE + CREATION TIME\n"
        "0 row(s)\n");
  const std::string who = sh.Ok("whoami\n");
  CHECK(std::regex_match(who, std::regex("[^ \n]+ \\(auth:SIMPLE\\)\n"
                                         "    groups: [^\n]+\n")));
  CHECK(sh.Ok("version\n").rfind("obkvlite ", 0) == 0);
  const CliRun run = sh.Run(
      "create 'a', 'f', SPLITS => ['m', 'm']\n"
      "create 'b', 'f', NUMREGIONS => 100000\n"
      "snapshot 't', 's1'\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 1: create: All split keys must be unique, found "
        "duplicate: m\n"
        "ERROR: line 2: create: NUMREGIONS: at most 8192 (the partitions of a "
        "family), got 100000\n"
        "ERROR: line 3: snapshot: refused: obkvlite keeps no snapshots "
        "(HBase's are HFile references); copy the table with obkv export and "
        "obkv load, or copy the store itself\n");
}

TEST_CASE("shell: family names as HBase's isLegalColumnFamilyName") {
  // ColumnFamilyDescriptorBuilder.isLegalColumnFamilyName: '-' and '.' are
  // legal, a leading '.' and "recovered.edits" are not.
  Shell sh;
  CHECK(sh.Ok("create 'fx', 'a-b', 'c.d'\n"
              "put 'fx', 'r', 'a-b:q', 'v1', 1\n"
              "put 'fx', 'r', 'c.d:q', 'v2', 2\n"
              "scan 'fx'\n") ==
        "Created table fx\n"
        "ROW                            COLUMN+CELL\n"
        " r                             column=a-b:q, timestamp=1970-01-01T00:00:00.001, value=v1\n"
        " r                             column=c.d:q, timestamp=1970-01-01T00:00:00.002, value=v2\n"
        "1 row(s)\n");
  const CliRun run = sh.Run(
      "create 'fy', '.x'\n"
      "create 'fy', 'recovered.edits'\n"
      "create 'fy', 'a:b'\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 1: create: families[0].name: family name '.x' must not "
        "start with '.' (HBase's rule)\n"
        "ERROR: line 2: create: families[0].name: family name "
        "'recovered.edits' is reserved (HBase's rule)\n"
        "ERROR: line 3: create: families[0].name: invalid character ':' at "
        "position 1 in 'a:b'; HBase's family names are printable, without "
        "':', '\\' or '/'\n");
}

TEST_CASE("shell: namespace properties, as admin.rb and describe_namespace") {
  // create_namespace.rb (create_namespace 'ns1', {'PROPERTY_NAME' =>
  // 'PROPERTY_VALUE'}), alter_namespace.rb ({METHOD => 'set', ...},
  // {METHOD => 'unset', NAME => ...}), admin.rb (v.to_s; "Unknown method";
  // "is not of Hash type"), describe_namespace.rb with
  // NamespaceDescriptor.toString: {NAME => 'ns1', KEY => 'VALUE'}, keys in
  // TreeMap order.
  Shell sh;
  const CliRun run = sh.Run(
      "create_namespace 'ns1', {'PROPERTY_NAME' => 'PROPERTY_VALUE'}\n"
      "describe_namespace 'ns1'\n"
      "alter_namespace 'ns1', {METHOD => 'set', 'PROPERTY_NAME' => "
      "'PROPERTY_VALUE2', 'hbase.namespace.quota.maxtables' => 5}\n"
      "describe_namespace 'ns1'\n"
      "alter_namespace 'ns1', {METHOD => 'unset', NAME => 'PROPERTY_NAME'}\n"
      "describe_namespace 'ns1'\n"
      "alter_namespace 'ns1', {METHOD => 'frob'}\n"
      "alter_namespace 'ns1', 'x'\n"
      "alter_namespace 'nope', {METHOD => 'set', 'K' => 'V'}\n"
      "alter_namespace 'ns1', {METHOD => 'unset'}\n"
      "create_namespace 'ns2', {'K' => ['a']}\n"
      "drop_namespace 'ns1'\n"
      "create_namespace 'ns1'\n"
      "describe_namespace 'ns1'\n");
  CHECK(run.err ==
        "ERROR: line 7: alter_namespace: Unknown method frob\n"
        "ERROR: line 8: alter_namespace: 'x' is not of Hash type\n"
        "ERROR: line 9: alter_namespace: namespace 'nope' does not exist\n"
        "ERROR: line 10: alter_namespace: METHOD => 'unset' needs NAME => "
        "'KEY'\n"
        "ERROR: line 11: create_namespace: property K: a list is not a "
        "string or an integer\n");
  CHECK(WithoutTook(run.out) ==
        "DESCRIPTION\n{NAME => 'ns1', PROPERTY_NAME => 'PROPERTY_VALUE'}\n"
        "DESCRIPTION\n{NAME => 'ns1', PROPERTY_NAME => 'PROPERTY_VALUE2', "
        "hbase.namespace.quota.maxtables => '5'}\n"
        "DESCRIPTION\n{NAME => 'ns1', hbase.namespace.quota.maxtables => "
        "'5'}\n"
        "DESCRIPTION\n{NAME => 'ns1'}\n");
  CHECK(sh.Run("list_namespace 'ns2'\n").out.find("0 row(s)") !=
        std::string::npos);
}

TEST_CASE("shell: show_filters and alter_status, as show_filters.rb, admin.rb") {
  // show_filters.rb: ParseFilter's getSupportedFilters, one a line; here
  // the filters the filter language builds (filter_factory.h), sorted.
  Shell sh;
  std::string filters;
  for (std::string_view name : filter::KnownFilterNames()) {
    filters += std::string(name) + "\n";
  }
  CHECK(filter::KnownFilterNames().size() == 19);
  CHECK(filters.rfind("ColumnCountGetFilter\nColumnPaginationFilter\n", 0) ==
        0);
  CHECK(filters.find("\nPrefixFilter\n") != std::string::npos);
  CHECK(sh.Ok("show_filters\n") == filters);
  // admin.rb alter_status: "N/M regions updated." then "Done."; an alter
  // here is done when it returns, so M/M, M the partitions list_regions
  // lists; a disabled table's regions are closed (0/M); ArgumentError
  // "Can't find a table: x" for a missing one.
  sh.Ok(
      "create 't', 'f', SPLITS => ['g', 'p']\n"
      "create 'u', 'f'\n"
      "alter 't', {NAME => 'f', VERSIONS => 3}\n");
  CliRun run = sh.Run(
      "alter_status 't'\n"
      "alter_status 'u'\n"
      "disable 'u'\n"
      "alter_status 'u'\n"
      "alter_status 'x'\n"
      "alter_status\n");
  CHECK(run.err ==
        "ERROR: line 5: alter_status: Can't find a table: x\n"
        "ERROR: line 6: alter_status: takes 'TABLE', got 0 arguments\n");
  CHECK(WithoutTook(run.out) ==
        "3/3 regions updated.\nDone.\n"
        "1/1 regions updated.\nDone.\n"
        "0/1 regions updated.\nDone.\n");
}

TEST_CASE("shell: disable_all, enable_all, drop_all ask y/n, as HBase") {
  // disable_all.rb, enable_all.rb, drop_all.rb: the matching tables, then
  // "\nDisable the above N tables (y/n)?", the answer read by gets (the
  // next input line), /y.*/i a yes; admin.rb's disable_all/enable_all/
  // drop_all print "table:T, error:E" for each failure (drop_all with
  // `puts puts`, an empty line after it) and the command the counts.
  Shell sh;
  sh.Ok(
      "create 't1', 'f'\n"
      "create 't2', 'f'\n"
      "create 'u', 'f'\n");
  CliRun run = sh.Run(
      "disable_all 't.*'\n"
      "y\n"
      "disable_all 't1|u'\n"
      "yes\n"
      "enable_all 'u'\n"
      "n\n"
      "enable_all 'u'\n"
      "okay\n"
      "drop_all 't.*|u'\n"
      "Y\n"
      "disable_all 'x.*'\n"
      "drop_all 'x'\n"
      "list\n"
      "drop_all 'u'\n",
      {"-n"});
  CHECK(run.err ==
        "ERROR: line 14: drop_all: no answer to (y/n)? before the end of the "
        "input; no table dropped\n");
  CHECK(WithoutTook(run.out) ==
        "t1\nt2\n\nDisable the above 2 tables (y/n)?\n"
        "2 tables successfully disabled\n"
        "t1\nu\n\nDisable the above 2 tables (y/n)?\n"
        "table:t1, error:org.apache.hadoop.hbase.TableNotEnabledException: "
        "t1\n"
        "1 tables successfully disabled\n"
        "1 tables not disabled due to an exception: t1\n"
        "u\n\nEnable the above 1 tables (y/n)?\n"
        "u\n\nEnable the above 1 tables (y/n)?\n"
        "1 tables successfully enabled\n"
        "t1\nt2\nu\n\nDrop the above 3 tables (y/n)?\n"
        "table:u, error:org.apache.hadoop.hbase.TableNotDisabledException: "
        "u\n\n"
        "2 tables successfully dropped\n"
        "1 tables not dropped due to an exception: u\n"
        "No tables matched the regex (?-mix:^x.*$)\n"
        "No tables matched the regex x\n"
        "TABLE\nu\n1 row(s)\n"
        "u\n\nDrop the above 1 tables (y/n)?\n");
}

TEST_CASE("shell: clone_table_schema, as clone_table_schema.rb") {
  // clone_table_schema.rb / admin.rb: Admin.cloneTableSchema copies the
  // descriptor and, unless PRESERVE_SPLITS is false, the split keys; no
  // data. commands.rb words TableNotFoundException "Unknown table t!" and
  // TableExistsException "Table already exists: t!".
  Shell sh;
  sh.Ok(
      "create 't', 'f', {NAME => 'g', VERSIONS => 3}, SPLITS => ['g', 'p']\n"
      "put 't', 'a', 'f:q', 'v'\n"
      "disable 't'\n"
      "create_namespace 'ns'\n"
      "create 'h', 'f', NUMREGIONS => 2\n");
  CliRun run = sh.Run(
      "clone_table_schema 't', 'ns:c'\n"
      "clone_table_schema 't', 'c2', false\n"
      "clone_table_schema 'h', 'h2', false\n"
      "clone_table_schema 't', 'h'\n",
      {"-n"});
  CHECK(run.err ==
        "ERROR: line 4: clone_table_schema: Table already exists: h!\n");
  CHECK(WithoutTook(run.out).empty());
  run = sh.Run(
      "clone_table_schema 'x', 'c3'\n"
      "clone_table_schema 't', 'c4', 'no'\n"
      "get_splits 'ns:c'\n"
      "get_splits 'c2'\n"
      "get_splits 'h2'\n"
      "is_enabled 'ns:c'\n"
      "count 'ns:c'\n"
      "list 'c.*|h.*|ns:.*'\n");
  CHECK(run.err ==
        "ERROR: line 1: clone_table_schema: Unknown table x!\n"
        "ERROR: line 2: clone_table_schema: PRESERVE_SPLITS must be true or "
        "false, got 'no'\n");
  CHECK(WithoutTook(run.out) ==
        "Total number of splits = 3\ng\np\n=> [\"g\", \"p\"]\n"
        "Total number of splits = 1\n=> []\n"
        "Total number of splits = 2\n=> []\n"
        "true\n=> true\n"
        "0 row(s)\n=> 0\n"
        "TABLE\nc2\nh\nh2\nns:c\n4 row(s)\n"
        "=> [\"c2\", \"h\", \"h2\", \"ns:c\"]\n");
  // The families and their attributes are the source's.
  const std::string described = WithoutTook(sh.Run("describe 't'\n").out);
  const std::string clone = WithoutTook(sh.Run("describe 'c2'\n").out);
  CHECK(clone.find("VERSIONS => '3'") != std::string::npos);
  CHECK(described.find("VERSIONS => '3'") != std::string::npos);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
