// Copyright (c) obkvlite authors.
//
// Store behaviour: scans (start/stop, prefix, reversed, limit, batch,
// projections, versions, time ranges), TimeToLive, MaxVersions and filters,
// over the six partitioning strategies.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

using Cells = std::vector<Cell>;

// Rows a, b, c, r1, r2, r3 (one cell each, ts 100) and two families in r2.
void PutRows(StoreFixture& fx) {
  for (const char* row : {"a", "b", "c", "r1", "r2", "r3"}) {
    fx.MustPut(Put(row).Add("f", "q", 100, std::string("v") + row));
  }
  fx.MustPut(Put("r2").Add("g", "a", 200, "g2").Add("f", "p", 300, "p2"));
}

std::vector<std::string> RowsOf(const Cells& cells) {
  std::vector<std::string> rows;
  for (const Cell& c : cells) {
    if (rows.empty() || rows.back() != c.row) rows.push_back(c.row);
  }
  return rows;
}

using Rows = std::vector<std::string>;

// Regression: rows are built in cells reused from earlier rows (no
// allocation per cell); a narrower, wider or filtered row after another
// must not keep anything of it.
TEST_CASE_TEMPLATE("a reused RowResult gets exactly each row's cells", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  fx.MustPut(
      Put("r1").Add("f", "a", 100, "long value one").Add("f", "b", 100, "v1b"));
  fx.MustPut(Put("r1").Add("f", "c", 100, "v1c").Add("g", "z", 300, "g1"));
  fx.MustPut(Put("r2").Add("f", "a", 200, "x"));
  fx.MustPut(Put("r3")
                 .Add("f", "a", 100, "")
                 .Add("f", "b", 100, "b3")
                 .Add("f", "d", 100, "d3")
                 .Add("g", "y", 100, "y3")
                 .Add("g", "z", 100, "z3"));
  const std::vector<Cells> want = {
      {C("r1", "f", "a", 100, "long value one"), C("r1", "f", "b", 100, "v1b"),
       C("r1", "f", "c", 100, "v1c"), C("r1", "g", "z", 300, "g1")},
      {C("r2", "f", "a", 200, "x")},
      {C("r3", "f", "a", 100, ""), C("r3", "f", "b", 100, "b3"),
       C("r3", "f", "d", 100, "d3"), C("r3", "g", "y", 100, "y3"),
       C("r3", "g", "z", 100, "z3")},
  };
  for (const char* filter : {"", "KeyOnlyFilter()"}) {
    CAPTURE(filter);
    Scan scan;
    scan.filter = filter;
    Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(scan);
    REQUIRE(scanner.ok());
    RowResult row;
    std::vector<Cells> got;
    while ((*scanner)->Next(&row)) got.push_back(row.cells);
    REQUIRE((*scanner)->status().ok());
    std::vector<Cells> expected = want;
    if (*filter != 0) {
      for (Cells& cells : expected) {
        for (Cell& c : cells) c.value.clear();
      }
    }
    CHECK(got == expected);
  }
}

Scan Range(std::string start, std::string stop, bool reversed = false) {
  Scan scan;
  scan.start_row = std::move(start);
  scan.stop_row = std::move(stop);
  scan.reversed = reversed;
  return scan;
}

TEST_CASE_TEMPLATE("a full scan returns every row in order", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  CHECK(fx.ScanAll() ==
        Cells{C("a", "f", "q", 100, "va"), C("b", "f", "q", 100, "vb"),
              C("c", "f", "q", 100, "vc"), C("r1", "f", "q", 100, "vr1"),
              C("r2", "f", "p", 300, "p2"), C("r2", "f", "q", 100, "vr2"),
              C("r2", "g", "a", 200, "g2"), C("r3", "f", "q", 100, "vr3")});
}

TEST_CASE_TEMPLATE("scan start is inclusive and stop exclusive", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  CHECK(RowsOf(fx.MustScan(Range("b", "r2"))) == Rows{"b", "c", "r1"});
  CHECK(RowsOf(fx.MustScan(Range("bb", ""))) == Rows{"c", "r1", "r2", "r3"});
  CHECK(RowsOf(fx.MustScan(Range("", "b"))) == Rows{"a"});
  CHECK(fx.MustScan(Range("r2", "r2")).empty());
  CHECK(fx.MustScan(Range("z", "a")).empty());
}

TEST_CASE_TEMPLATE("scan prefix selects rows starting with it", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  Scan scan;
  scan.prefix = "r";
  CHECK(RowsOf(fx.MustScan(scan)) == Rows{"r1", "r2", "r3"});
  scan.prefix = "r2";
  CHECK(RowsOf(fx.MustScan(scan)) == Rows{"r2"});
  scan.prefix = "x";
  CHECK(fx.MustScan(scan).empty());
}

TEST_CASE_TEMPLATE("scan prefix intersects start and stop", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  Scan scan = Range("r2", "");
  scan.prefix = "r";
  CHECK(RowsOf(fx.MustScan(scan)) == Rows{"r2", "r3"});
  scan = Range("a", "r3");
  scan.prefix = "r";
  CHECK(RowsOf(fx.MustScan(scan)) == Rows{"r1", "r2"});
  scan = Range("r3", "r1", true);
  scan.prefix = "r";
  CHECK(RowsOf(fx.MustScan(scan)) == Rows{"r3", "r2"});
}

TEST_CASE_TEMPLATE("a reversed scan returns rows descending", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  Scan scan;
  scan.reversed = true;
  CHECK(fx.MustScan(scan) ==
        Cells{C("r3", "f", "q", 100, "vr3"), C("r2", "f", "p", 300, "p2"),
              C("r2", "f", "q", 100, "vr2"), C("r2", "g", "a", 200, "g2"),
              C("r1", "f", "q", 100, "vr1"), C("c", "f", "q", 100, "vc"),
              C("b", "f", "q", 100, "vb"), C("a", "f", "q", 100, "va")});
}

TEST_CASE_TEMPLATE("a reversed scan runs from start down to stop", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  CHECK(RowsOf(fx.MustScan(Range("r2", "b", true))) == Rows{"r2", "r1", "c"});
  CHECK(RowsOf(fx.MustScan(Range("r1x", "", true))) ==
        Rows{"r1", "c", "b", "a"});
  CHECK(RowsOf(fx.MustScan(Range("", "r1", true))) == Rows{"r3", "r2"});
  CHECK(fx.MustScan(Range("a", "c", true)).empty());
}

TEST_CASE_TEMPLATE("reversed rows keep family, qualifier, newest first", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  fx.MustPut(Put("r1")
                 .Add("g", "b", 100, "1")
                 .Add("f", "b", 100, "2")
                 .Add("f", "a", 100, "3")
                 .Add("f", "a", 300, "4")
                 .Add("f", "a", 200, "5"));
  fx.MustPut(Put("r0").Add("f", "a", 100, "6"));
  Scan scan;
  scan.reversed = true;
  scan.max_versions = 2;
  CHECK(fx.MustScan(scan) ==
        Cells{C("r1", "f", "a", 300, "4"), C("r1", "f", "a", 200, "5"),
              C("r1", "f", "b", 100, "2"), C("r1", "g", "b", 100, "1"),
              C("r0", "f", "a", 100, "6")});
}

TEST_CASE_TEMPLATE("scan limit counts rows", P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  Scan scan = Range("c", "");
  scan.limit = 2;
  CHECK(RowsOf(fx.MustScan(scan)) == Rows{"c", "r1"});
  scan.reversed = true;
  scan.start_row = "r2";
  CHECK(RowsOf(fx.MustScan(scan)) == Rows{"r2", "r1"});
  scan = Scan();
  scan.limit = 100;
  CHECK(RowsOf(fx.MustScan(scan)).size() == 6);
}

TEST_CASE_TEMPLATE("scan batch splits a row into chunks of cells", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  Scan scan = Range("r2", "r3");
  scan.batch = 2;
  std::vector<RowResult> rows = fx.MustScanRows(scan);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].row == "r2");
  CHECK(rows[0].cells ==
        Cells{C("r2", "f", "p", 300, "p2"), C("r2", "f", "q", 100, "vr2")});
  CHECK(rows[1].row == "r2");
  CHECK(rows[1].cells == Cells{C("r2", "g", "a", 200, "g2")});
}

TEST_CASE_TEMPLATE("batch and limit: limit counts rows, not chunks", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  Scan scan = Range("r1", "");
  scan.batch = 1;
  scan.limit = 2;
  std::vector<RowResult> rows = fx.MustScanRows(scan);
  REQUIRE(rows.size() == 4);  // r1 (1 cell), r2 (3 cells)
  CHECK(rows[0].row == "r1");
  CHECK(rows[3].row == "r2");
  CHECK(rows[3].cells == Cells{C("r2", "g", "a", 200, "g2")});
}

// HBase's TestFilterWithScanLimits.java: rows row1..row3 with f:c1..c5 =
// "<n>_c<m>". A batch of 2 returns row2 as 2 + 2 + 1 cells; with a
// row-level filter (hasFilterRow) HBase refuses the batch (Scan.setBatch:
// IncompatibleFilterException), and so does GetScanner.
TEST_CASE_TEMPLATE("batch splits rows; a row-level filter refuses a batch", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  for (int r = 1; r <= 3; ++r) {
    Put put("row" + std::to_string(r));
    for (int c = 1; c <= 5; ++c) {
      put.Add("f", "c" + std::to_string(c), 100,
              std::to_string(r) + "_c" + std::to_string(c));
    }
    fx.MustPut(put);
  }
  Scan scan;
  scan.batch = 2;
  scan.filter = "PrefixFilter('row2')";  // a cell-level filter: fine
  std::vector<RowResult> rows = fx.MustScanRows(scan);
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].cells == Cells{C("row2", "f", "c1", 100, "2_c1"),
                               C("row2", "f", "c2", 100, "2_c2")});
  CHECK(rows[1].cells == Cells{C("row2", "f", "c3", 100, "2_c3"),
                               C("row2", "f", "c4", 100, "2_c4")});
  CHECK(rows[2].cells == Cells{C("row2", "f", "c5", 100, "2_c5")});

  scan.filter = "SingleColumnValueFilter('f', 'c5', =, 'substring:2_c5')";
  Result<std::unique_ptr<Scanner>> refused = fx.table()->GetScanner(scan);
  CHECK(refused.status().IsInvalidArgument());
  CHECK(refused.status().message() ==
        "batch: Cannot set batch on a scan using a filter that returns true "
        "for filter.hasFilterRow, got batch 2 with "
        "SingleColumnValueFilter('f', 'c5', =, 'substring:2_c5')");
  // Every row-level filter, alone or inside a list; the message names it.
  const std::pair<const char*, const char*> row_level[] = {
      {"SingleColumnValueExcludeFilter('f', 'c1', =, 'binary:x')",
       "SingleColumnValueExcludeFilter('f', 'c1', =, 'binary:x')"},
      {"PageFilter(1)", "PageFilter(1)"},
      {"WHILE PrefixFilter('row')", "WHILE PrefixFilter('row')"},
      {"SKIP ValueFilter(!=, 'binary:x')", "SKIP ValueFilter(!=, 'binary:x')"},
      {"DependentColumnFilter('f', 'c1')", "DependentColumnFilter('f', 'c1')"},
      {"PrefixFilter('row') AND (KeyOnlyFilter() OR PageFilter(2))",
       "PageFilter(2)"},
  };
  for (const auto& [filter, named] : row_level) {
    CAPTURE(filter);
    scan.filter = filter;
    refused = fx.table()->GetScanner(scan);
    CHECK(refused.status().IsInvalidArgument());
    CHECK(refused.status().message() ==
          std::string("batch: Cannot set batch on a scan using a filter that "
                      "returns true for filter.hasFilterRow, got batch 2 "
                      "with ") +
              named);
    scan.batch = 0;  // without a batch the same filter is fine
    CHECK(fx.table()->GetScanner(scan).ok());
    scan.batch = 2;
  }
}

TEST_CASE_TEMPLATE("scan max_versions and time_range", P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  for (int64_t ts : {100, 200, 300}) {
    fx.MustPut(Put("r1").Add("f", "q", ts, "a" + std::to_string(ts)));
    fx.MustPut(Put("r2").Add("f", "q", ts, "b" + std::to_string(ts)));
  }
  Scan scan;
  scan.max_versions = 2;
  scan.time_range = TimeRange{100, 300};
  CHECK(fx.MustScan(scan) ==
        Cells{C("r1", "f", "q", 200, "a200"), C("r1", "f", "q", 100, "a100"),
              C("r2", "f", "q", 200, "b200"), C("r2", "f", "q", 100, "b100")});
  scan.max_versions = 1;
  scan.time_range = TimeRange{250, 1000};
  CHECK(fx.MustScan(scan) ==
        Cells{C("r1", "f", "q", 300, "a300"), C("r2", "f", "q", 300, "b300")});
}

TEST_CASE_TEMPLATE("scan projections: families and columns", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  Scan scan;
  scan.families = {"g"};
  CHECK(fx.MustScan(scan) == Cells{C("r2", "g", "a", 200, "g2")});
  scan.families.clear();
  scan.columns = {{"f", "p"}, {"g", "a"}};
  CHECK(fx.MustScan(scan) ==
        Cells{C("r2", "f", "p", 300, "p2"), C("r2", "g", "a", 200, "g2")});
  scan.reversed = true;
  CHECK(fx.MustScan(scan) ==
        Cells{C("r2", "f", "p", 300, "p2"), C("r2", "g", "a", 200, "g2")});
}

TEST_CASE_TEMPLATE("rows spread over partitions merge in global order", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  std::vector<std::string> expected;
  std::vector<Put> puts;
  for (int i = 0; i < 200; ++i) {
    char row[16];
    snprintf(row, sizeof(row), "k%03d", (i * 37) % 200);
    // Alternate timestamps so time partitions interleave too.
    puts.push_back(Put(row).Add("f", "q", 100 + (i % 3) * 100, "v"));
  }
  REQUIRE(fx.table()->Put(puts).ok());
  for (int i = 0; i < 200; ++i) {
    char row[16];
    snprintf(row, sizeof(row), "k%03d", i);
    expected.push_back(row);
  }
  CHECK(RowsOf(fx.ScanAll()) == expected);
  Scan reversed;
  reversed.reversed = true;
  std::vector<std::string> backwards(expected.rbegin(), expected.rend());
  CHECK(RowsOf(fx.MustScan(reversed)) == backwards);
}

// ---- TimeToLive and MaxVersions ----

TEST_CASE_TEMPLATE("TimeToLive hides expired cells", P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(),
                  R"([{"name": "f", "ttl_seconds": 10}, {"name": "g"}])");
  fx.MustPut(Put("r1")
                 .Add("f", "old", kNow - 10001, "x")
                 .Add("f", "edge", kNow - 10000, "y")
                 .Add("g", "old", 100, "z"));
  Get get("r1");
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "edge", kNow - 10000, "y"),
                                 C("r1", "g", "old", 100, "z")});
  CHECK(fx.ScanAll() == Cells{C("r1", "f", "edge", kNow - 10000, "y"),
                              C("r1", "g", "old", 100, "z")});
  fx.set_now(kNow + 1);
  CHECK(fx.MustGet(get) == Cells{C("r1", "g", "old", 100, "z")});
}

TEST_CASE_TEMPLATE("TimeToLive does not fall back to expired versions", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), R"([{"name": "f", "ttl_seconds": 1}])");
  fx.MustPut(
      Put("r1").Add("f", "q", kNow - 5000, "old").Add("f", "q", kNow, "new"));
  Get get("r1");
  get.max_versions = 5;
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "q", kNow, "new")});
  get.time_range = TimeRange{0, kNow};
  CHECK(fx.MustGet(get).empty());
}

TEST_CASE_TEMPLATE("MaxVersions caps every read", P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(),
                  R"([{"name": "f", "max_versions": 2}, {"name": "g"}])");
  for (int64_t ts : {100, 200, 300}) {
    fx.MustPut(Put("r1")
                   .Add("f", "q", ts, "f" + std::to_string(ts))
                   .Add("g", "q", ts, "g" + std::to_string(ts)));
  }
  Get get("r1");
  get.max_versions = 10;
  CHECK(fx.MustGet(get) ==
        Cells{C("r1", "f", "q", 300, "f300"), C("r1", "f", "q", 200, "f200"),
              C("r1", "g", "q", 300, "g300"), C("r1", "g", "q", 200, "g200"),
              C("r1", "g", "q", 100, "g100")});
  Scan scan;
  scan.max_versions = 10;
  scan.families = {"f"};
  CHECK(fx.MustScan(scan) ==
        Cells{C("r1", "f", "q", 300, "f300"), C("r1", "f", "q", 200, "f200")});
  // As in HBase before a compaction, the cap counts the versions inside the
  // time range (Purge then removes the older ones for good).
  get.time_range = TimeRange{0, 150};
  get.families = {"f"};
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "q", 100, "f100")});
}

// ---- filters ----

TEST_CASE_TEMPLATE("a filter string is applied to every row", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  Scan scan;
  scan.filter = "PrefixFilter('r')";
  CHECK(RowsOf(fx.MustScan(scan)) == Rows{"r1", "r2", "r3"});
  scan.filter = "ValueFilter(=, 'binary:g2')";
  CHECK(fx.MustScan(scan) == Cells{C("r2", "g", "a", 200, "g2")});
  scan.reversed = true;
  scan.filter = "PrefixFilter('r')";
  CHECK(RowsOf(fx.MustScan(scan)) == Rows{"r3", "r2", "r1"});
  Get get("r2");
  get.filter = "QualifierFilter(=, 'binary:p')";
  CHECK(fx.MustGet(get) == Cells{C("r2", "f", "p", 300, "p2")});
}

TEST_CASE("a bad filter string is an InvalidArgument and reads nothing") {
  StoreFixture fx(AllPartitionCases()[0]);
  Scan scan;
  scan.filter = "PrefixFilter('r'";
  Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(scan);
  CHECK(scanner.status().IsInvalidArgument());
  CHECK(scanner.status().message().rfind("filter:", 0) == 0);
}

// ---- pruning: which partition tables a read opens ----

TEST_CASE("a prefix-key scan inside one prefix opens one partition") {
  StoreFixture fx(AllPartitionCases()[2]);  // key 7 on 2-byte prefix
  for (const char* row : {"aa1", "aa2", "ab1", "zz9"}) {
    fx.MustPut(Put(row).Add("f", "q", 1, "v"));
  }
  Scan scan;
  scan.prefix = "aa";
  scan.families = {"f"};
  Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(scan);
  REQUIRE(scanner.ok());
  CHECK((*scanner)->partitions_opened() == 1);
  CHECK(RowsOf(Drain(scanner->get())) == Rows{"aa1", "aa2"});

  scan.prefix = "a";  // spans prefixes: every partition
  scanner = fx.table()->GetScanner(scan);
  REQUIRE(scanner.ok());
  CHECK((*scanner)->partitions_opened() == 7);

  scan.prefix.clear();  // both families: 7 + 7
  scanner = fx.table()->GetScanner(scan);
  REQUIRE(scanner.ok());
  CHECK((*scanner)->partitions_opened() == 7);
  scan.families.clear();
  scanner = fx.table()->GetScanner(scan);
  REQUIRE(scanner.ok());
  CHECK((*scanner)->partitions_opened() == 14);
}

TEST_CASE("a time-pruned scan opens only the partitions of its times") {
  StoreFixture fx(AllPartitionCases()[4]);  // range_key: 4 ranges x 3 keys
  fx.MustPut(Put("r1").Add("f", "q", 100, "a").Add("f", "q", 300, "b"));
  Scan scan;
  scan.families = {"f"};
  scan.time_range = TimeRange{260, 4000};  // range p2 only
  Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(scan);
  REQUIRE(scanner.ok());
  CHECK((*scanner)->partitions_opened() == 3);
  CHECK(Drain(scanner->get()) == Cells{C("r1", "f", "q", 300, "b")});

  scan.time_range = TimeRange{100, 101};  // p0
  scan.start_row = "r1";
  scan.stop_row = std::string("r1\0", 3);
  scanner = fx.table()->GetScanner(scan);
  REQUIRE(scanner.ok());
  CHECK((*scanner)->partitions_opened() == 1);  // one range, one key
  CHECK(Drain(scanner->get()) == Cells{C("r1", "f", "q", 100, "a")});

  scan = Scan();
  scan.families = {"f"};
  scanner = fx.table()->GetScanner(scan);
  REQUIRE(scanner.ok());
  CHECK((*scanner)->partitions_opened() == 12);
}

TEST_CASE("TimeToLive prunes time partitions too") {
  StoreFixture fx(SpecJson("t", R"([{"name": "f", "ttl_seconds": 1}])",
                           AllPartitionCases()[5].partition_json));
  Scan scan;
  Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(scan);
  REQUIRE(scanner.ok());
  // now - 1 s is above every bound but the last: 3 keys x 1 range.
  CHECK((*scanner)->partitions_opened() == 3);
}

TEST_CASE("an empty key range opens nothing") {
  StoreFixture fx(AllPartitionCases()[1]);
  Scan scan;
  scan.start_row = "z";
  scan.stop_row = "a";
  Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(scan);
  REQUIRE(scanner.ok());
  CHECK((*scanner)->partitions_opened() == 0);
  RowResult row;
  CHECK_FALSE((*scanner)->Next(&row));
  CHECK((*scanner)->status().ok());
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
