// Copyright (c) obkvlite authors.
//
// `obkv shell`'s regions, the table's first-level partitions, in-process:
// get_splits, NUMREGIONS with SPLITALGO as RegionSplitter pre-splits, split
// of the partition that holds a key and list_regions, with the output the
// HBase shell documents for them (src/tools/cli/shell/shell_regions.cc,
// shell_lifecycle.cc, shell_create.cc).

#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "obkvlite/store.h"
#include "shell_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

TEST_CASE("shell: get_splits, and truncate keeps the splits") {
  // get_splits.rb: "Total number of splits = N", then each split key.
  Shell sh;
  sh.Ok("create 't', 'f', SPLITS => ['a', 'm']\n"
        "put 't', 'b', 'f:q', 'v', 100\nput 't', 'x', 'f:q', 'v', 100\n");
  CHECK(sh.Ok("get_splits 't'\n") == "Total number of splits = 3\na\nm\n");
  CHECK(sh.Ok("truncate 't'\nget_splits 't'\ncount 't'\n") ==
        "Truncating 't' table (it may take a while):\n"
        "Disabling table...\n"
        "Truncating table...\n"
        "Total number of splits = 3\na\nm\n"
        "0 row(s)\n");
  CHECK(sh.box.Run({"partition", "list", "t"}).out ==
        "index  name  oceanbase  lower     upper     cells  bytes\n"
        "-----  ----  ---------  --------  --------  -----  -----\n"
        "0      p0    p0         MINVALUE  a         0      8192\n"
        "1      p1    p1         a         m         0      8192\n"
        "2      p2    p2         m         MAXVALUE  0      8192\n");
  // An unsplit table has one region and no split keys.
  sh.Ok("create 'u', 'f'\n");
  CHECK(sh.Ok("get_splits 'u'\n") == "Total number of splits = 1\n");
}

TEST_CASE("shell: NUMREGIONS with SPLITALGO pre-splits as RegionSplitter") {
  // hbase-shell admin.rb create: RegionSplitter.newSplitAlgoInstance and
  // split(NUMREGIONS); its errors for a missing count or one region.
  Shell sh;
  sh.Ok(
      "create 'h', 'f', {NUMREGIONS => 4, SPLITALGO => 'HexStringSplit'}\n"
      "create 'd', 'f', {NUMREGIONS => 3, SPLITALGO => 'DecimalStringSplit'}\n"
      "create 'u', 'f', {NUMREGIONS => 2, SPLITALGO => 'UniformSplit'}\n"
      "create 'k', 'f', NUMREGIONS => 7\n"
      "create 's', 'f', SPLITS => ['a\\x00', 'm']\n");
  auto partitioning = [&](const std::string& table) {
    const std::string d = sh.Ok("describe '" + table + "'\n");
    const size_t at = d.find("PARTITIONING");
    return d.substr(at, d.find('\n', at) - at);
  };
  CHECK(partitioning("h") ==
        "PARTITIONING => 'RANGE COLUMNS(K) ('40000000', '80000000', "
        "'c0000000', MAXVALUE)', TABLES => '4'");
  CHECK(partitioning("d") ==
        "PARTITIONING => 'RANGE COLUMNS(K) ('33333333', '66666666', "
        "MAXVALUE)', TABLES => '3'");
  CHECK(partitioning("u") ==
        "PARTITIONING => 'RANGE COLUMNS(K) ('\\x80\\x00\\x00\\x00\\x00\\x00"
        "\\x00\\x00', MAXVALUE)', TABLES => '2'");
  CHECK(partitioning("k") ==
        "PARTITIONING => 'KEY(K) PARTITIONS 7, hash oceanbase', TABLES => "
        "'7'");
  CHECK(partitioning("s") ==  // SPLITS are Bytes.toBytesBinary text
        "PARTITIONING => 'RANGE COLUMNS(K) ('a\\x00', 'm', MAXVALUE)', "
        "TABLES => '3'");
  const CliRun bad = sh.Run(
      "create 'x', 'f', {NUMREGIONS => 1, SPLITALGO => 'HexStringSplit'}\n"
      "create 'x', 'f', {SPLITALGO => 'HexStringSplit'}\n"
      "create 'x', 'f', {NUMREGIONS => 3, SPLITALGO => 'MySplit'}\n");
  CHECK(bad.err ==
        "ERROR: line 1: create: Number of regions must be greater than 1\n"
        "ERROR: line 2: create: Number of regions must be specified\n"
        "ERROR: line 3: create: SPLITALGO: must be hex (HexStringSplit), "
        "decimal (DecimalStringSplit) or uniform (UniformSplit), got "
        "\"MySplit\"\n");
}

TEST_CASE("shell: split cuts the partition that holds the key, as HBase's "
          "split 'table', 'splitKey'") {
  Shell sh;
  const CliRun run = sh.Run(
      "create 't', 'f', SPLITS => ['m']\n"
      "put 't', 'a', 'f:q', '1'\n"
      "put 't', 'g', 'f:q', '1'\n"
      "put 't', 'x', 'f:q', '1'\n"
      "split 't', 'f'\n"
      "split 't', 'z'\n"
      "get_splits 't'\n"
      "split 't', 'f'\n"
      "count 't'\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "ERROR: line 8: split: bound: 'f' is not strictly inside partition "
        "p1 ['f', 'm')\n");
  CHECK(WithoutTook(run.out) ==
        "Created table t\n"
        "=> Hbase::Table - t\n"
        "Total number of splits = 4\nf\nm\nz\n"
        "=> [\"f\", \"m\", \"z\"]\n"
        "3 row(s)\n"
        "=> 3\n");
  CHECK(sh.box.Run({"partition", "list", "t", "--json"}).out ==
        "{\"family\":\"f\",\"partitions\":["
        "{\"bytes\":8192,\"cells\":1,\"index\":0,\"lower\":null,"
        "\"name\":\"p0\",\"oceanbase_name\":\"p2\",\"upper\":\"f\"},"
        "{\"bytes\":8192,\"cells\":1,\"index\":1,\"lower\":\"f\","
        "\"name\":\"p1\",\"oceanbase_name\":\"p3\",\"upper\":\"m\"},"
        "{\"bytes\":8192,\"cells\":1,\"index\":2,\"lower\":\"m\","
        "\"name\":\"p2\",\"oceanbase_name\":\"p4\",\"upper\":\"z\"},"
        "{\"bytes\":8192,\"cells\":0,\"index\":3,\"lower\":\"z\","
        "\"name\":\"p3\",\"oceanbase_name\":\"p5\","
        "\"upper\":\"MAXVALUE\"}],"
        "\"table\":\"t\"}\n");
}

TEST_CASE("shell: list_regions, one row per partition, as list_regions.rb") {
  // list_regions.rb: the columns SERVER_NAME, REGION_NAME, START_KEY,
  // END_KEY, SIZE, REQ, LOCALITY, each printed " %Ns |" with N the larger
  // of 12/12/10/10/5/5/10 and the longest value; " N rows"; a column list
  // (any case) picks and orders them; "Table t must be enabled.".
  Shell sh;
  sh.Ok(
      "create 't', 'f', 'g', SPLITS => ['m']\n"
      "put 't', 'a', 'f:q', 'v'\n"
      "put 't', 'b', 'g:q', 'v'\n"
      "get 't', 'a'\n"
      "create 'k', 'f', NUMREGIONS => 2\n");
  const std::string server = sh.box.store();
  const std::string pad(server.size() < 12 ? 12 - server.size() : 0, ' ');
  const std::string dashes(std::max<size_t>(12, server.size()), '-');
  const std::string head(std::max<size_t>(12, server.size()) - 11, ' ');
  CliRun run = sh.Run(
      "list_regions 't'\n"
      "list_regions 'k', '', ['start_key', 'REQ', 'start_key']\n"
      "list_regions 't', {SERVER_NAME => 'elsewhere'}, ['REGION_NAME']\n"
      "list_regions 't', {}, ['FOO']\n"
      "list_regions 't', {}, 'x'\n"
      "disable 'k'\n"
      "list_regions 'k'\n");
  CHECK(run.err ==
        "ERROR: line 4: list_regions: FOO is not a valid column. Possible "
        "values are SERVER_NAME, REGION_NAME, START_KEY, END_KEY, SIZE, REQ, "
        "LOCALITY.\n"
        "ERROR: line 5: list_regions: x must be an array of strings. Possible "
        "values are SERVER_NAME, REGION_NAME, START_KEY, END_KEY, SIZE, REQ, "
        "LOCALITY.\n"
        "ERROR: line 7: list_regions: Table k must be enabled.\n");
  CHECK(WithoutTook(run.out) ==
        " " + head + "SERVER_NAME |  REGION_NAME |  START_KEY |    END_KEY | "
        " SIZE |   REQ |   LOCALITY |\n"
        " " + dashes + " | ------------ | ---------- | ---------- | ----- | "
        "----- | ---------- |\n"
        " " + pad + server + " |        t,,p0 |            |          m | "
        "    0 |     4 |        1.0 |\n"
        " " + pad + server + " |       t,m,p1 |          m |            | "
        "    0 |     0 |        1.0 |\n"
        " 2 rows\n"
        "  START_KEY |   REQ |\n"
        " ---------- | ----- |\n"
        "            |     0 |\n"
        "            |     0 |\n"
        " 2 rows\n"
        "  REGION_NAME |\n"
        " ------------ |\n"
        " 0 rows\n");
  // REQ adds up the request statistics of each family (`obkv stats`): the
  // get read both families' relations.
  CHECK(sh.box.Run({"stats", "t"}).out.find("requests: 2 (reads 1, writes 1") !=
        std::string::npos);
  CHECK(sh.box.Run({"stats", "t", "--family", "g"})
            .out.find("requests: 2 (reads 1, writes 1") != std::string::npos);
}

TEST_CASE("shell: list_regions' SIZE is the stored MB of every family") {
  // getStorefileSizeMB: whole megabytes. Three 400000-byte values in
  // region p0 of family f and one in g (on 8 KiB pages: a leaf and 49
  // overflow pages each) make 4 * 50 pages = 1.56 MiB there: 1.
  Shell sh;
  sh.Ok("create 't', 'f', 'g', SPLITS => ['m']\n");
  {
    Result<std::unique_ptr<Store>> store =
        Store::Open(StoreOptions(), sh.box.store());
    REQUIRE(store.ok());
    Result<Table*> table = (*store)->GetTable("t");
    REQUIRE(table.ok());
    for (int i = 0; i < 3; ++i) {
      REQUIRE((*table)
                  ->Put(Put("a" + std::to_string(i))
                            .Add("f", "q", 100, std::string(400000, 'x')))
                  .ok());
    }
    REQUIRE(
        (*table)->Put(Put("b").Add("g", "q", 100, std::string(400000, 'y')))
            .ok());
  }
  CHECK(WithoutTook(sh.Ok("list_regions 't', '', ['START_KEY', 'SIZE']\n")) ==
        "  START_KEY |  SIZE |\n"
        " ---------- | ----- |\n"
        "            |     1 |\n"
        "          m |     0 |\n"
        " 2 rows\n");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
