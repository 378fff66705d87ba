// Copyright (c) obkvlite authors.
//
// End-to-end tests of HBase filter strings through the C++ API
// (Table::Get / Table::GetScanner with `filter`), over every partitioning
// strategy: results, reversed scans with filters on normal families,
// filters before the versions cap across partitions, and push-down: the
// partition tables a filtered scan opens on a prefix-KEY and a RANGE table.

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

using Cells = std::vector<Cell>;

// Seven rows over families f and g, timestamps 100..300 (so the versions
// of one column land in different partitions of time-partitioned tables).
void PutRows(StoreFixture& fx) {
  fx.MustPut(Put("aa1")
                 .Add("f", "a", 100, "x")
                 .Add("f", "b", 200, "y")
                 .Add("g", "a", 300, "z"));
  fx.MustPut(Put("aa2")
                 .Add("f", "a", 100, "y")
                 .Add("f", "a", 200, "x")
                 .Add("g", "a", 100, "x"));
  fx.MustPut(Put("ab1").Add("f", "a", 300, "x"));
  fx.MustPut(Put("b1").Add("f", "b", 100, "x").Add("g", "b", 200, "w"));
  fx.MustPut(Put("r1").Add("f", "a", 200, "q"));
  fx.MustPut(Put("zz9").Add("f", "a", 100, "x").Add("g", "a", 100, "x"));
}

std::vector<std::string> RowsOfCells(const Cells& cells) {
  std::vector<std::string> rows;
  for (const Cell& c : cells) {
    if (rows.empty() || rows.back() != c.row) rows.push_back(c.row);
  }
  return rows;
}

Scan FilteredScan(std::string filter, bool reversed = false) {
  Scan scan;
  scan.filter = std::move(filter);
  scan.reversed = reversed;
  return scan;
}

Get FilteredGet(std::string row, std::string filter, int max_versions = 1) {
  Get get(std::move(row));
  get.filter = std::move(filter);
  get.max_versions = max_versions;
  return get;
}

TEST_CASE_TEMPLATE("filtered scans, forward and reversed", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  const std::string f = "PrefixFilter('a') AND ValueFilter(=, 'binary:x')";
  CHECK(fx.MustScan(FilteredScan(f)) ==
        Cells{C("aa1", "f", "a", 100, "x"), C("aa2", "f", "a", 200, "x"),
              C("aa2", "g", "a", 100, "x"), C("ab1", "f", "a", 300, "x")});
  CHECK(fx.MustScan(FilteredScan(f, true)) ==
        Cells{C("ab1", "f", "a", 300, "x"), C("aa2", "f", "a", 200, "x"),
              C("aa2", "g", "a", 100, "x"), C("aa1", "f", "a", 100, "x")});
}

TEST_CASE_TEMPLATE(
    "reversed scans: InclusiveStopFilter, PageFilter, "
    "FirstKeyOnlyFilter",
    P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  CHECK(fx.MustScan(FilteredScan("InclusiveStopFilter('b1')", true)) ==
        Cells{C("zz9", "f", "a", 100, "x"), C("zz9", "g", "a", 100, "x"),
              C("r1", "f", "a", 200, "q"), C("b1", "f", "b", 100, "x"),
              C("b1", "g", "b", 200, "w")});
  CHECK(fx.MustScan(FilteredScan("InclusiveStopFilter('ab1')")) ==
        Cells{C("aa1", "f", "a", 100, "x"), C("aa1", "f", "b", 200, "y"),
              C("aa1", "g", "a", 300, "z"), C("aa2", "f", "a", 200, "x"),
              C("aa2", "g", "a", 100, "x"), C("ab1", "f", "a", 300, "x")});
  CHECK(fx.MustScan(FilteredScan("PageFilter(2)", true)) ==
        Cells{C("zz9", "f", "a", 100, "x"), C("zz9", "g", "a", 100, "x"),
              C("r1", "f", "a", 200, "q")});
  CHECK(fx.MustScan(
            FilteredScan("FirstKeyOnlyFilter() AND KeyOnlyFilter()", true)) ==
        Cells{C("zz9", "f", "a", 100, ""), C("r1", "f", "a", 200, ""),
              C("b1", "f", "b", 100, ""), C("ab1", "f", "a", 300, ""),
              C("aa2", "f", "a", 200, ""), C("aa1", "f", "a", 100, "")});
  CHECK(fx.MustScan(FilteredScan("WHILE RowFilter(>, 'binary:b')", true)) ==
        Cells{C("zz9", "f", "a", 100, "x"), C("zz9", "g", "a", 100, "x"),
              C("r1", "f", "a", 200, "q"), C("b1", "f", "b", 100, "x"),
              C("b1", "g", "b", 200, "w")});
}

TEST_CASE_TEMPLATE("a filter picks versions before max_versions caps them", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  // aa2's f:a is y@100 under x@200: with one version, ValueFilter(=,'y')
  // still finds y (HBASE-17125).
  CHECK(fx.MustScan(FilteredScan("ValueFilter(=, 'binary:y')")) ==
        Cells{C("aa1", "f", "b", 200, "y"), C("aa2", "f", "a", 100, "y")});
  CHECK(fx.MustGet(FilteredGet("aa2", "ValueFilter(=, 'binary:y')")) ==
        Cells{C("aa2", "f", "a", 100, "y")});
  CHECK(fx.MustGet(FilteredGet("aa2", "ValueFilter(!=, 'binary:q')", 2)) ==
        Cells{C("aa2", "f", "a", 200, "x"), C("aa2", "f", "a", 100, "y"),
              C("aa2", "g", "a", 100, "x")});
}

TEST_CASE_TEMPLATE("filtered gets", P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  // SingleColumnValueFilter tests the newest version of f:a (x).
  const Cells aa2 = {C("aa2", "f", "a", 200, "x"),
                     C("aa2", "g", "a", 100, "x")};
  CHECK(fx.MustGet(FilteredGet(
            "aa2", "SingleColumnValueFilter('f', 'a', =, 'binary:x')")) == aa2);
  CHECK(
      fx.MustGet(FilteredGet(
                     "aa2", "SingleColumnValueFilter('f', 'a', =, 'binary:y')"))
          .empty());
  CHECK(fx.MustGet(FilteredGet("aa2",
                               "SingleColumnValueExcludeFilter('f', 'a', =, "
                               "'binary:x')")) ==
        Cells{C("aa2", "g", "a", 100, "x")});
  CHECK(fx.MustGet(FilteredGet("aa1", "ColumnPaginationFilter(1, 1)")) ==
        Cells{C("aa1", "f", "b", 200, "y")});
  CHECK(fx.MustGet(FilteredGet("aa1", "ColumnCountGetFilter(2)")) ==
        Cells{C("aa1", "f", "a", 100, "x"), C("aa1", "f", "b", 200, "y")});
  CHECK(fx.MustGet(FilteredGet("aa1",
                               "FamilyFilter(=, 'binary:g') AND "
                               "KeyOnlyFilter(true)")) ==
        Cells{C("aa1", "g", "a", 300, std::string("\0\0\0\1", 4))});
  CHECK(fx.MustGet(FilteredGet("aa1", "TimestampsFilter(200, 300)")) ==
        Cells{C("aa1", "f", "b", 200, "y"), C("aa1", "g", "a", 300, "z")});
  CHECK(fx.MustGet(FilteredGet("aa1", "PrefixFilter('b')")).empty());
}

// HBase's TestDependentColumnFilter.java testScans (STAMP_BASE = 1000):
// 2 rows and 8 cells, 2 and 3, 2 and 3, 1 and 1.
TEST_CASE_TEMPLATE("DependentColumnFilter on the store", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(),
                  R"([{"name": "familyOne"}, {"name": "familyTwo"}])");
  const std::string q = "qualifier";
  fx.MustPut(Put("test1")
                 .Add("familyOne", q, 900, "bad1")
                 .Add("familyOne", q, 800, "bad2")
                 .Add("familyOne", q, 700, "match")
                 .Add("familyTwo", q, 900, "bad1")
                 .Add("familyTwo", q, 700, "bad3"));
  fx.MustPut(Put("test2")
                 .Add("familyOne", q, 900, "bad1")
                 .Add("familyOne", q, 700, "match")
                 .Add("familyTwo", q, 900, "match")
                 .Add("familyTwo", q, 800, "bad3"));
  Scan scan = FilteredScan("DependentColumnFilter('familyOne', 'qualifier')");
  scan.max_versions = 1000;
  CHECK(fx.MustScan(scan) == Cells{C("test1", "familyOne", q, 900, "bad1"),
                                   C("test1", "familyOne", q, 800, "bad2"),
                                   C("test1", "familyOne", q, 700, "match"),
                                   C("test1", "familyTwo", q, 900, "bad1"),
                                   C("test1", "familyTwo", q, 700, "bad3"),
                                   C("test2", "familyOne", q, 900, "bad1"),
                                   C("test2", "familyOne", q, 700, "match"),
                                   C("test2", "familyTwo", q, 900, "match")});
  scan.filter = "DependentColumnFilter('familyOne', 'qualifier', true)";
  CHECK(fx.MustScan(scan) == Cells{C("test1", "familyTwo", q, 900, "bad1"),
                                   C("test1", "familyTwo", q, 700, "bad3"),
                                   C("test2", "familyTwo", q, 900, "match")});
  scan.filter =
      "DependentColumnFilter('familyOne', 'qualifier', false, =, "
      "'binary:match')";
  CHECK(fx.MustScan(scan) == Cells{C("test1", "familyOne", q, 700, "match"),
                                   C("test1", "familyTwo", q, 700, "bad3"),
                                   C("test2", "familyOne", q, 700, "match")});
  scan.filter =
      "DependentColumnFilter('familyOne', 'qualifier', true, =, "
      "'binary:match')";
  CHECK(fx.MustScan(scan) == Cells{C("test1", "familyTwo", q, 700, "bad3")});
  Get get = FilteredGet(
      "test2", "DependentColumnFilter('familyTwo', 'qualifier')", 1000);
  CHECK(fx.MustGet(get) == Cells{C("test2", "familyOne", q, 900, "bad1"),
                                 C("test2", "familyTwo", q, 900, "match"),
                                 C("test2", "familyTwo", q, 800, "bad3")});
}

// HBase's TestQualifierFilterWithEmptyQualifier.java: 4 rows of
// testFamily:'' and testFamily:testQualifier; 1, 1, 1 and 2 keys per row.
TEST_CASE_TEMPLATE("QualifierFilter compares an empty qualifier on the store",
                   P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), R"([{"name": "testFamily"}])");
  Cells empty;
  Cells named;
  for (int i = 0; i < 4; ++i) {
    const std::string row = "testRowOne-" + std::to_string(i);
    fx.MustPut(Put(row)
                   .Add("testFamily", "", 100, "testValueOne")
                   .Add("testFamily", "testQualifier", 100, "testValueOne"));
    empty.push_back(C(row, "testFamily", "", 100, "testValueOne"));
    named.push_back(C(row, "testFamily", "testQualifier", 100, "testValueOne"));
  }
  CHECK(fx.MustScan(FilteredScan("QualifierFilter(=, 'binary:')")) == empty);
  CHECK(fx.MustScan(FilteredScan(
            "QualifierFilter(=, 'binary:testQualifier')")) == named);
  CHECK(fx.MustScan(FilteredScan("QualifierFilter(>, 'binary:')")) == named);
  CHECK(fx.MustScan(FilteredScan("QualifierFilter(>=, 'binary:')")).size() ==
        8);
}

TEST_CASE_TEMPLATE("Java regular expressions on the store", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  fx.MustPut(Put("r2").Add("f", "u", 100, "caf\xC3\xA9 au lait"));
  // Inline flags, a class, find() anywhere.
  CHECK(RowsOfCells(fx.MustScan(
            FilteredScan("RowFilter(=, 'regexstring:(?i)^A[A-B]\\d$')"))) ==
        std::vector<std::string>{"aa1", "aa2", "ab1"});
  // The value is decoded as UTF-8: '.' is one character, \w stays ASCII,
  // \b counts é as a letter (Java 8 to 18).
  CHECK(fx.MustScan(FilteredScan("ValueFilter(=, 'regexstring:caf.\\s')")) ==
        Cells{C("r2", "f", "u", 100, "caf\xC3\xA9 au lait")});
  CHECK(fx.MustScan(FilteredScan("ValueFilter(=, 'regexstring:caf\\w')"))
            .empty());
  CHECK(
      fx.MustScan(FilteredScan("ValueFilter(=, 'regexstring:f\\b')")).empty());
  // Java-only syntax is refused when the scan is opened.
  Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(
      FilteredScan("ValueFilter(=, 'regexstring:[a-z&&[^x]]')"));
  CHECK(scanner.status().message() ==
        "filter: position 15: ValueFilter argument 2: expected a valid "
        "regular expression, got '[a-z&&[^x]]' (character class "
        "intersection [a&&b] is Java-only and not supported at offset 4)");
}

// A hostile pattern cannot stall a read: the match reaches PCRE2's limit,
// and the scan or get ends with the error instead of reading on.
TEST_CASE_TEMPLATE("a regex over its match limit fails the scan and the get", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutRows(fx);
  fx.MustPut(Put("b1").Add("f", "c", 100, std::string(40, 'x') + "zy"));
  const std::string filter = "ValueFilter(=, 'regexstring:(x+x+)+y')";
  const std::string error =
      "filter: regexstring:(x+x+)+y: regular expression match reached its "
      "limit of 10000000 steps on a 42-byte value";
  Result<std::unique_ptr<Scanner>> scanner =
      fx.table()->GetScanner(FilteredScan(filter));
  REQUIRE(scanner.ok());
  RowResult row;
  std::vector<std::string> rows;
  while ((*scanner)->Next(&row)) rows.push_back(row.row);
  CHECK(rows.empty());  // aa1..ab1 do not match; b1 fails
  CHECK((*scanner)->status().IsInvalidArgument());
  CHECK((*scanner)->status().message() == error);
  Result<RowResult> got = fx.table()->Get(FilteredGet("b1", filter));
  CHECK(got.status().IsInvalidArgument());
  CHECK(got.status().message() == error);
}

TEST_CASE("bad filter strings fail gets and scans with the parser's message") {
  StoreFixture fx(AllPartitionCases()[0]);
  PutRows(fx);
  Result<RowResult> row =
      fx.table()->Get(FilteredGet("aa1", "PrefixFilter('a', 'b')"));
  CHECK(row.status().IsInvalidArgument());
  CHECK(row.status().message() ==
        "filter: position 0: PrefixFilter takes 1 argument, got 2");
  Result<std::unique_ptr<Scanner>> scanner =
      fx.table()->GetScanner(FilteredScan("ValueFilter(>, 'substring:a')"));
  CHECK(scanner.status().message() ==
        "filter: position 12: ValueFilter argument 1: expected = or != with a "
        "substring comparator, got >");
}

// ---- Parity with HBase's TestFilter (a region of two groups of rows) ----

// Two groups of three rows over families fa and fb; group A's rows hold
// the three group A qualifiers in both families with value "v-one", group
// B's the group B qualifiers with "v-two" (TestFilter's shape after its
// deletes: the second row and second qualifier of each group are gone).
constexpr const char* kGroupFamilies = R"([{"name": "fa"}, {"name": "fb"}])";
const std::vector<std::string> kGroupRows = {"rowA-0", "rowA-2", "rowA-3",
                                             "rowB-0", "rowB-2", "rowB-3"};

char GroupOf(const std::string& row) { return row[3]; }

std::string Value(char group) { return group == 'A' ? "v-one" : "v-two"; }

// The cell of `row` at family `family` and column number `n` of its group.
Cell GroupCell(const std::string& row, const std::string& family, int n) {
  const char g = GroupOf(row);
  return C(row, family, std::string("col") + g + "-" + std::to_string(n), 100,
           Value(g));
}

void PutGroups(StoreFixture& fx) {
  for (const std::string& row : kGroupRows) {
    Put put(row);
    for (const char* family : {"fa", "fb"}) {
      for (int n : {0, 2, 3}) {
        const Cell c = GroupCell(row, family, n);
        put.Add(c.family, c.qualifier, c.timestamp, c.value);
      }
    }
    fx.MustPut(put);
  }
}

// The cells of `rows` at columns `columns` of their group, in read order,
// for the families `families`.
Cells GroupCells(const std::vector<std::string>& rows,
                 const std::vector<int>& columns,
                 const std::vector<std::string>& families = {"fa", "fb"}) {
  Cells out;
  for (const std::string& row : rows) {
    for (const std::string& family : families) {
      for (int n : columns) out.push_back(GroupCell(row, family, n));
    }
  }
  return out;
}

const std::vector<std::string> kRowsA = {"rowA-0", "rowA-2", "rowA-3"};
const std::vector<std::string> kRowsB = {"rowB-0", "rowB-2", "rowB-3"};

Scan Bounded(std::string filter, std::string start, std::string stop,
             bool reversed = false) {
  Scan scan = FilteredScan(std::move(filter), reversed);
  scan.start_row = std::move(start);
  scan.stop_row = std::move(stop);
  return scan;
}

TEST_CASE_TEMPLATE("TestFilter parity: row filters, paging, SKIP and WHILE", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), kGroupFamilies);
  PutGroups(fx);
  const std::vector<int> all = {0, 2, 3};
  // testPageFilter, testPageFilterWithReverseScan.
  CHECK(fx.MustScan(FilteredScan("PageFilter(4)")) ==
        GroupCells({"rowA-0", "rowA-2", "rowA-3", "rowB-0"}, all));
  CHECK(fx.MustScan(FilteredScan("PageFilter(2)", true)) ==
        GroupCells({"rowB-3", "rowB-2"}, all));
  // testWhileMatchFilterWithFilterRow: WHILE PageFilter(4) ends after 4.
  CHECK(RowsOfCells(fx.MustScan(FilteredScan("WHILE PageFilter(4)"))) ==
        std::vector<std::string>{"rowA-0", "rowA-2", "rowA-3", "rowB-0"});
  // testWhileMatchFilterWithFilterRowKey, forward and reversed.
  CHECK(fx.MustScan(FilteredScan("WHILE PrefixFilter('rowA')")) ==
        GroupCells(kRowsA, all));
  CHECK(fx.MustScan(FilteredScan("WHILE PrefixFilter('rowB')", true)) ==
        GroupCells({"rowB-3", "rowB-2", "rowB-0"}, all));
  // testWhileMatchFilterWithFilterKeyValue: no row has fa:colA-0 = foo.
  CHECK(fx.MustScan(FilteredScan("WHILE SingleColumnValueFilter('fa', "
                                 "'colA-0', =, 'binary:foo')"))
            .empty());
  // testPrefixFilter and its reversed form.
  CHECK(fx.MustScan(FilteredScan("PrefixFilter('rowA')", true)) ==
        GroupCells({"rowA-3", "rowA-2", "rowA-0"}, all));
  // testInclusiveStopFilter, testInclusiveStopFilterWithReverseScan.
  CHECK(fx.MustScan(Bounded("InclusiveStopFilter('rowA-3')", "rowA-0", "")) ==
        GroupCells(kRowsA, all));
  CHECK(fx.MustScan(
            Bounded("InclusiveStopFilter('rowB-0')", "rowB-3", "", true)) ==
        GroupCells({"rowB-3", "rowB-2", "rowB-0"}, all));
  // testSkipFilter: only group B's rows lack colA-2.
  CHECK(
      fx.MustScan(FilteredScan("SKIP QualifierFilter(!=, 'binary:colA-2')")) ==
      GroupCells(kRowsB, all));
  // testFirstKeyOnlyFilter.
  CHECK(fx.MustScan(FilteredScan("FirstKeyOnlyFilter()")) ==
        GroupCells(kGroupRows, {0}, {"fa"}));
  // testKeyOnlyFilter with lenAsVal: each value becomes its length, 5.
  Cells lengths = GroupCells(kGroupRows, all);
  for (Cell& c : lengths) c.value = std::string("\0\0\0\5", 4);
  CHECK(fx.MustScan(FilteredScan("KeyOnlyFilter(true)")) == lengths);
}

TEST_CASE_TEMPLATE("TestFilter parity: compare filters and lists", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), kGroupFamilies);
  PutGroups(fx);
  // testQualifierFilter: each operator against colA-2 (group B's
  // qualifiers are all above it).
  const std::string q = "QualifierFilter(%, 'binary:colA-2')";
  const auto with = [&](const char* op) {
    std::string f = q;
    f.replace(f.find('%'), 1, op);
    return f;
  };
  CHECK(fx.MustScan(FilteredScan(with("="))) == GroupCells(kRowsA, {2}));
  CHECK(fx.MustScan(FilteredScan(with("<"))) == GroupCells(kRowsA, {0}));
  CHECK(fx.MustScan(FilteredScan(with("<="))) == GroupCells(kRowsA, {0, 2}));
  CHECK(fx.MustScan(Bounded(with("!="), "", "rowB")) ==
        GroupCells(kRowsA, {0, 3}));
  CHECK(fx.MustScan(Bounded(with(">="), "", "rowB")) ==
        GroupCells(kRowsA, {2, 3}));
  CHECK(fx.MustScan(Bounded(with(">"), "", "rowB")) == GroupCells(kRowsA, {3}));
  Cells not_equal = GroupCells(kRowsA, {0, 3});
  for (const Cell& c : GroupCells(kRowsB, {0, 2, 3})) not_equal.push_back(c);
  CHECK(fx.MustScan(FilteredScan(with("!="))) == not_equal);
  // testFilterList: AND of row, qualifier and value filters on one family.
  Scan scan = FilteredScan(
      "RowFilter(=, 'regexstring:.+-2') AND QualifierFilter(=, "
      "'regexstring:.+-2') AND ValueFilter(=, 'substring:one')");
  scan.families = {"fa"};
  CHECK(fx.MustScan(scan) == Cells{GroupCell("rowA-2", "fa", 2)});
  // The OR of the same kinds keeps every cell.
  CHECK(fx.MustScan(FilteredScan(
            "RowFilter(=, 'regexstring:.+B.+') OR QualifierFilter(=, "
            "'regexstring:.+-2') OR ValueFilter(=, 'substring:one')")) ==
        GroupCells(kGroupRows, {0, 2, 3}));
  // testFilterListWithSingleColumnValueFilter (HBASE-3191).
  const std::string scvf_a =
      "SingleColumnValueFilter('fa', 'colA-0', =, 'binary:v-one', true, true)";
  const std::string scvf_b =
      "SingleColumnValueFilter('fa', 'colB-0', =, 'binary:v-two', true, true)";
  scan.filter = scvf_a;
  CHECK(fx.MustScan(scan) == GroupCells(kRowsA, {0, 2, 3}, {"fa"}));
  scan.filter = scvf_b;
  CHECK(fx.MustScan(scan) == GroupCells(kRowsB, {0, 2, 3}, {"fa"}));
  scan.filter = scvf_a + " OR " + scvf_b;
  CHECK(fx.MustScan(scan) == GroupCells(kGroupRows, {0, 2, 3}, {"fa"}));
}

TEST_CASE_TEMPLATE("TestFilter parity: ColumnPaginationFilter", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), kGroupFamilies);
  PutGroups(fx);
  // A second version of one column is one column, not two.
  fx.MustPut(Put("rowA-0").Add("fa", "colA-0", 200, "v-one"));
  Cells first = GroupCells(kGroupRows, {0}, {"fa"});
  first[0].timestamp = 200;
  CHECK(fx.MustScan(FilteredScan("ColumnPaginationFilter(1, 0)")) == first);
  CHECK(fx.MustScan(FilteredScan("ColumnPaginationFilter(1, 2)")) ==
        GroupCells(kGroupRows, {3}, {"fa"}));
  Cells page;
  for (const std::string& row : kGroupRows) {
    page.push_back(GroupCell(row, "fa", 3));
    page.push_back(GroupCell(row, "fb", 0));
  }
  CHECK(fx.MustScan(FilteredScan("ColumnPaginationFilter(2, 2)")) == page);
  CHECK(fx.MustScan(FilteredScan("ColumnPaginationFilter(20, 140)")).empty());
}

// testSingleColumnValueFilter (HBASE-1821): an AND of two SCVFs, bare and
// under SKIP, then filterIfMissing.
TEST_CASE_TEMPLATE("TestFilter parity: SingleColumnValueFilter", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), kGroupFamilies);
  PutGroups(fx);
  fx.MustPut(Put("rowA-2").Add("fa", "colA-2", 200, "v-two"));
  const Cells row2 = {GroupCell("rowA-2", "fa", 0),
                      C("rowA-2", "fa", "colA-2", 200, "v-two"),
                      GroupCell("rowA-2", "fa", 3)};
  Scan scan = Bounded(
      "SingleColumnValueFilter('fa', 'colA-0', =, 'binary:v-one') AND "
      "SingleColumnValueFilter('fa', 'colA-2', =, 'binary:v-two')",
      "rowA-0", "rowB-0");
  scan.families = {"fa"};
  CHECK(fx.MustScan(scan) == row2);
  scan.filter =
      "SKIP SingleColumnValueFilter('fa', 'colA-0', =, 'binary:v-one') AND "
      "SKIP SingleColumnValueFilter('fa', 'colA-2', =, 'binary:v-two')";
  CHECK(fx.MustScan(scan) == row2);
  // Rows 0 and 1 hold colA-0 (v-one, v-two), rows 2 and 3 colA-1.
  const Cells c = {C("rowC-0", "fa", "colA-0", 100, "v-one"),
                   C("rowC-1", "fa", "colA-0", 100, "v-two"),
                   C("rowC-2", "fa", "colA-1", 100, "v-one"),
                   C("rowC-3", "fa", "colA-1", 100, "v-two")};
  for (const Cell& cell : c) {
    fx.MustPut(Put(cell.row).Add(cell.family, cell.qualifier, cell.timestamp,
                                 cell.value));
  }
  scan = Bounded("SingleColumnValueFilter('fa', 'colA-0', =, 'binary:v-one')",
                 "rowC-0", "rowC-4");
  scan.families = {"fa"};
  CHECK(fx.MustScan(scan) == Cells{c[0], c[2], c[3]});
  scan.filter =
      "SingleColumnValueFilter('fa', 'colA-0', =, 'binary:v-one', true, true)";
  CHECK(fx.MustScan(scan) == Cells{c[0]});
  scan.filter =
      "SingleColumnValueFilter('fa', 'colA-1', =, 'binary:v-two', true, true)";
  CHECK(fx.MustScan(scan) == Cells{c[3]});
  fx.MustPut(Put("rowC-0").Add("fa", "colA-1", 100, "v-one"));
  CHECK(fx.MustScan(scan) == Cells{c[3]});
}

// testFilterListWithPrefixFilter (HBASE-9747): an OR of a PrefixFilter and
// a SingleColumnValueFilter keeps the prefix's row and the value's row,
// although the PrefixFilter has ended (passed its prefix) by then.
TEST_CASE_TEMPLATE("TestFilter parity: PrefixFilter OR SingleColumnValueFilter",
                   P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  for (int i = 0; i < 5; ++i) {
    fx.MustPut(Put(std::string(1, static_cast<char>('a' + i)) + "row")
                   .Add("f", "q1", 100, std::to_string(111 + i)));
  }
  CHECK(RowsOfCells(fx.MustScan(FilteredScan(
            "PrefixFilter('b') OR SingleColumnValueFilter('f', 'q1', =, "
            "'binary:113')"))) == std::vector<std::string>{"brow", "crow"});
}

// Opens a scan and returns how many partition tables it opened; `cells`
// gets its result.
int PartitionsOpened(StoreFixture& fx, const Scan& scan, Cells* cells) {
  Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(scan);
  REQUIRE_MESSAGE(scanner.ok(), scanner.status().ToString());
  const int opened = (*scanner)->partitions_opened();
  *cells = Drain(scanner->get());
  return opened;
}

Scan OneFamily(std::string filter, bool reversed = false) {
  Scan scan = FilteredScan(std::move(filter), reversed);
  scan.families = {"f"};
  return scan;
}

TEST_CASE("push-down on a prefix-KEY table: one prefix, one partition") {
  StoreFixture fx(AllPartitionCases()[2]);  // key 7 on a 2-byte prefix
  PutRows(fx);
  Cells cells;
  CHECK(PartitionsOpened(fx, OneFamily(""), &cells) == 7);
  CHECK(PartitionsOpened(fx, OneFamily("PrefixFilter('aa')"), &cells) == 1);
  CHECK(cells == Cells{C("aa1", "f", "a", 100, "x"),
                       C("aa1", "f", "b", 200, "y"),
                       C("aa2", "f", "a", 200, "x")});
  CHECK(PartitionsOpened(fx, OneFamily("PrefixFilter('aa')", true), &cells) ==
        1);
  CHECK(cells.front().row == "aa2");
  CHECK(PartitionsOpened(fx, OneFamily("RowFilter(=, 'binary:ab1')"), &cells) ==
        1);
  CHECK(cells == Cells{C("ab1", "f", "a", 300, "x")});
  Scan scan = OneFamily("InclusiveStopFilter('aa1')");
  scan.start_row = "aa";
  CHECK(PartitionsOpened(fx, scan, &cells) == 1);
  CHECK(cells.size() == 2);
  // A prefix shorter than the hashed prefix, or an OR, cannot prune.
  CHECK(PartitionsOpened(fx, OneFamily("PrefixFilter('a')"), &cells) == 7);
  CHECK(cells.size() == 4);
  CHECK(PartitionsOpened(fx,
                         OneFamily("PrefixFilter('aa') OR "
                                   "PrefixFilter('zz')"),
                         &cells) == 7);
  CHECK(cells.size() == 4);
  // Both families: one partition each.
  scan = FilteredScan("PrefixFilter('zz') AND KeyOnlyFilter()");
  CHECK(PartitionsOpened(fx, scan, &cells) == 2);
  CHECK(cells ==
        Cells{C("zz9", "f", "a", 100, ""), C("zz9", "g", "a", 100, "")});
}

TEST_CASE("push-down on a RANGE table: only overlapping partitions") {
  StoreFixture fx(AllPartitionCases()[3]);  // bounds c, r2, MAXVALUE
  PutRows(fx);
  Cells cells;
  CHECK(PartitionsOpened(fx, OneFamily(""), &cells) == 3);
  CHECK(PartitionsOpened(fx, OneFamily("PrefixFilter('a')"), &cells) == 1);
  CHECK(cells.size() == 4);
  CHECK(PartitionsOpened(fx, OneFamily("InclusiveStopFilter('d')"), &cells) ==
        2);
  CHECK(cells.size() == 5);
  CHECK(PartitionsOpened(fx, OneFamily("InclusiveStopFilter('d')", true),
                         &cells) == 2);
  CHECK(cells ==
        Cells{C("zz9", "f", "a", 100, "x"), C("r1", "f", "a", 200, "q")});
  CHECK(PartitionsOpened(fx, OneFamily("RowFilter(=, 'binary:zz9')"), &cells) ==
        1);
  CHECK(cells == Cells{C("zz9", "f", "a", 100, "x")});
  CHECK(PartitionsOpened(fx, OneFamily("RowFilter(>=, 'binary:r2')", true),
                         &cells) == 1);
  CHECK(cells == Cells{C("zz9", "f", "a", 100, "x")});
  CHECK(PartitionsOpened(fx,
                         OneFamily("PrefixFilter('a') AND "
                                   "InclusiveStopFilter('zz')"),
                         &cells) == 1);
  CHECK(PartitionsOpened(fx,
                         OneFamily("PrefixFilter('a') OR "
                                   "PrefixFilter('z')"),
                         &cells) == 3);
  CHECK(cells.size() == 5);
  // Disjoint AND: an empty range opens nothing.
  CHECK(PartitionsOpened(fx,
                         OneFamily("PrefixFilter('a') AND "
                                   "PrefixFilter('z')"),
                         &cells) == 0);
  CHECK(cells.empty());
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
