// Copyright (c) obkvlite authors.
//
// Scanner::NextCell, the zero-copy read (obkvlite/scanner.h): the same
// cells as Next for every scan shape, over the six partitionings, on the
// timeseries layout, and when the two calls are mixed. Also what reads
// that skip columns return (Exists and KeyOnlyFilter without values, every
// version without a T bound). Table::Get with a CellVisitor, the zero-copy
// Get: the same cells as Get, for every Get shape.

#include <doctest/doctest.h>

#include <limits>
#include <string>
#include <vector>

#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

using Cells = std::vector<Cell>;

constexpr int64_t kLatest = std::numeric_limits<int64_t>::max();

// Rows with two families, several versions, an empty and a long value
// (overflow pages), and qualifiers that sort across families.
void PutShapes(StoreFixture& fx) {
  fx.MustPut(Put("a").Add("f", "q", 100, "va").Add("g", "a", 100, "ga"));
  fx.MustPut(Put("r1")
                 .Add("f", "a", 100, "x")
                 .Add("f", "a", 200, "y")
                 .Add("f", "a", 300, "z")
                 .Add("f", "b", 100, "")
                 .Add("g", "z", 200, std::string(20000, 'L')));
  fx.MustPut(Put("r2").Add("f", "b", 150, "x").Add("g", "c", 260, "w"));
  fx.MustPut(Put("r3").Add("g", "a", 100, "x"));
  fx.MustPut(Put("s").Add("f", "a", 4000, "late").Add("f", "a", 1, "early"));
}

// Every cell of `scan` through NextCell, copied; checks that exactly the
// first cell of each row says so.
Cells ScanCells(StoreFixture& fx, const Scan& scan) {
  Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(scan);
  REQUIRE_MESSAGE(scanner.ok(), scanner.status().ToString());
  Cells cells;
  CellView view;
  while ((*scanner)->NextCell(&view)) {
    CHECK(view.first_in_row == (cells.empty() || cells.back().row != view.row));
    cells.push_back(view.ToCell());
  }
  REQUIRE_MESSAGE((*scanner)->status().ok(), (*scanner)->status().ToString());
  return cells;
}

std::vector<Scan> Shapes() {
  std::vector<Scan> shapes;
  auto add = [&](auto&& edit) {
    Scan scan;
    edit(scan);
    shapes.push_back(scan);
  };
  add([](Scan&) {});
  add([](Scan& s) { s.start_row = "r1"; s.stop_row = "r3"; });
  add([](Scan& s) { s.prefix = "r"; });
  add([](Scan& s) { s.reversed = true; });
  add([](Scan& s) { s.reversed = true; s.start_row = "r2"; s.limit = 2; });
  add([](Scan& s) { s.limit = 2; });
  add([](Scan& s) { s.batch = 2; });
  add([](Scan& s) { s.batch = 2; s.max_versions = 3; s.reversed = true; });
  add([](Scan& s) { s.batch = 1; s.filter = "PrefixFilter('r')"; });
  add([](Scan& s) { s.max_versions = 2; });
  add([](Scan& s) { s.max_versions = 5; s.time_range.min_ms = 150; });
  add([](Scan& s) { s.time_range.min_ms = 150; s.time_range.max_ms = 250; });
  add([](Scan& s) { s.families = {"g"}; });
  add([](Scan& s) { s.columns = {Column{"f", "a"}, Column{"g", "z"}}; });
  add([](Scan& s) { s.filter = "PrefixFilter('r')"; });
  add([](Scan& s) { s.filter = "KeyOnlyFilter()"; });
  add([](Scan& s) { s.filter = "KeyOnlyFilter(true)"; });
  add([](Scan& s) { s.filter = "FirstKeyOnlyFilter() AND KeyOnlyFilter()"; });
  add([](Scan& s) { s.filter = "ValueFilter(=, 'binary:x')"; });
  add([](Scan& s) { s.filter = "PageFilter(2)"; });
  add([](Scan& s) {
    s.filter = "KeyOnlyFilter()";
    s.max_versions = 3;
    s.columns = {Column{"f", "a"}};
  });
  return shapes;
}

TEST_CASE_TEMPLATE("NextCell returns Next's cells in Next's order", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutShapes(fx);
  int shape = 0;
  for (const Scan& scan : Shapes()) {
    CAPTURE(shape++);
    CAPTURE(scan.filter);
    const Cells want = fx.MustScan(scan);
    CHECK(!want.empty());
    CHECK(ScanCells(fx, scan) == want);
  }
}

TEST_CASE_TEMPLATE("KeyOnlyFilter and versions without values", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutShapes(fx);
  Scan scan;
  scan.filter = "KeyOnlyFilter()";
  scan.max_versions = 3;
  scan.columns = {Column{"f", "a"}};
  scan.prefix = "r1";
  CHECK(fx.MustScan(scan) == Cells{C("r1", "f", "a", 300, ""),
                                   C("r1", "f", "a", 200, ""),
                                   C("r1", "f", "a", 100, "")});
  scan.filter = "KeyOnlyFilter(true)";
  scan.max_versions = 1;
  CHECK(fx.MustScan(scan) ==
        Cells{C("r1", "f", "a", 300, std::string("\0\0\0\1", 4))});
  Get get("r1");
  get.filter = "FirstKeyOnlyFilter() AND KeyOnlyFilter()";
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "a", 300, "")});
  get.filter = "";
  get.columns = {Column{"g", "z"}};
  CHECK(fx.MustGet(get) == Cells{C("r1", "g", "z", 200, std::string(20000, 'L'))});
}

TEST_CASE_TEMPLATE("Exists answers as Get, with or without a value filter", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutShapes(fx);
  struct Case {
    const char* row;
    const char* filter;
    bool exists;
  };
  for (const Case& c : {Case{"r1", "", true}, Case{"nope", "", false},
                        Case{"r1", "ValueFilter(=, 'binary:z')", true},
                        Case{"r1", "ValueFilter(=, 'binary:w')", false},
                        Case{"r2", "ValueFilter(=, 'binary:w')", true},
                        Case{"r1", "KeyOnlyFilter()", true},
                        Case{"r3", "QualifierFilter(=, 'binary:b')", false}}) {
    CAPTURE(c.row);
    CAPTURE(c.filter);
    Get get(c.row);
    get.filter = c.filter;
    Result<bool> exists = fx.table()->Exists(get);
    REQUIRE_MESSAGE(exists.ok(), exists.status().ToString());
    CHECK(*exists == c.exists);
    CHECK(*exists == !fx.MustGet(get).empty());
  }
}

TEST_CASE_TEMPLATE("Next after NextCell starts at the next row", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutShapes(fx);
  for (bool reversed : {false, true}) {
    CAPTURE(reversed);
    Scan scan;
    scan.reversed = reversed;
    scan.prefix = "r";
    Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(scan);
    REQUIRE(scanner.ok());
    CellView view;
    REQUIRE((*scanner)->NextCell(&view));
    CHECK(view.ToCell() == (reversed ? C("r3", "g", "a", 100, "x")
                                     : C("r1", "f", "a", 300, "z")));
    RowResult row;
    REQUIRE((*scanner)->Next(&row));
    CHECK(row.row == "r2");
    CHECK(row.cells ==
          Cells{C("r2", "f", "b", 150, "x"), C("r2", "g", "c", 260, "w")});
    REQUIRE((*scanner)->NextCell(&view));
    CHECK(view.row == (reversed ? "r1" : "r3"));
    CHECK(view.family == (reversed ? "f" : "g"));
    int rest = 0;
    while ((*scanner)->NextCell(&view)) ++rest;
    CHECK(rest == (reversed ? 2 : 0));
    CHECK((*scanner)->status().ok());
  }
}

TEST_CASE_TEMPLATE("NextCell after a batched Next goes on with its row", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutShapes(fx);
  Scan scan;
  scan.prefix = "r1";
  scan.batch = 2;
  scan.max_versions = 3;
  Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(scan);
  REQUIRE(scanner.ok());
  RowResult row;
  REQUIRE((*scanner)->Next(&row));
  CHECK(row.cells ==
        Cells{C("r1", "f", "a", 300, "z"), C("r1", "f", "a", 200, "y")});
  Cells rest;
  CellView view;
  while ((*scanner)->NextCell(&view)) {
    CHECK(view.first_in_row == (view.row != "r1"));
    rest.push_back(view.ToCell());
  }
  CHECK(rest == Cells{C("r1", "f", "a", 100, "x"), C("r1", "f", "b", 100, ""),
                      C("r1", "g", "z", 200, std::string(20000, 'L'))});
}

TEST_CASE_TEMPLATE("a read of all time holds the largest timestamp", P,
                   OBKV_PARTITIONINGS) {
  // HBase's TimeRange [0, Long.MAX_VALUE) is "all time", which holds every
  // timestamp, Long.MAX_VALUE included.
  StoreFixture fx(P::Case());
  fx.MustPut(Put("r").Add("f", "q", kLatest, "max").Add("f", "q", 5, "old"));
  CHECK(fx.MustGet(Get("r")) == Cells{C("r", "f", "q", kLatest, "max")});
  Get get("r");
  get.columns = {Column{"f", "q"}};
  get.max_versions = 2;
  CHECK(fx.MustGet(get) == Cells{C("r", "f", "q", kLatest, "max"),
                                 C("r", "f", "q", 5, "old")});
  CHECK(fx.ScanAll() == Cells{C("r", "f", "q", kLatest, "max")});
  Scan bounded;
  bounded.time_range.max_ms = kLatest - 1;
  CHECK(fx.MustScan(bounded) == Cells{C("r", "f", "q", 5, "old")});
}

TEST_CASE("NextCell on the timeseries layout returns Next's cells") {
  StoreFixture fx(R"({"table": "t", "layout": "timeseries",
      "families": [{"name": "f"}], "partition": {"strategy": "none"}})");
  fx.MustPut(Put("a").Add("f", "q1", 100, "x").Add("f", "q2", 100, "y"));
  fx.MustPut(Put("b").Add("f", "q1", 200, "z"));
  for (int limit : {0, 1}) {
    Scan scan;
    scan.limit = limit;
    const Cells want = fx.MustScan(scan);
    CHECK(want.size() == (limit == 0 ? 3u : 2u));
    CHECK(ScanCells(fx, scan) == want);
  }
}

// Every cell of `get` through Table::Get(get, visitor), copied; checks
// that exactly the first cell says it is first in its row.
class CopyingVisitor final : public CellVisitor {
 public:
  void Visit(const CellView& cell) override {
    CHECK(cell.first_in_row == cells.empty());
    cells.push_back(cell.ToCell());
  }
  Cells cells;
};

Cells VisitCells(Table* table, const Get& get) {
  CopyingVisitor visitor;
  const Status st = table->Get(get, &visitor);
  REQUIRE_MESSAGE(st.ok(), st.ToString());
  return visitor.cells;
}

std::vector<Get> GetShapes() {
  std::vector<Get> shapes;
  auto add = [&](const char* row, auto&& edit) {
    Get get(row);
    edit(get);
    shapes.push_back(get);
  };
  for (const char* row : {"a", "r1", "r2", "s", "nope"}) {
    add(row, [](Get&) {});
    add(row, [](Get& g) { g.max_versions = 3; });
    add(row, [](Get& g) { g.families = {"g"}; });
    add(row, [](Get& g) { g.columns = {Column{"f", "a"}, Column{"g", "z"}}; });
    add(row, [](Get& g) {
      g.columns = {Column{"f", "a"}};
      g.max_versions = 2;
    });
    // One cursor reopened from family to family (get_path.cc): several
    // columns of one family (a statement per qualifier), then a whole one.
    add(row, [](Get& g) {
      g.families = {"g"};
      g.columns = {Column{"f", "a"}, Column{"f", "b"}, Column{"f", "zz"}};
      g.max_versions = 2;
    });
    add(row, [](Get& g) {
      g.time_range.min_ms = 150;
      g.max_versions = 5;
    });
    add(row, [](Get& g) { g.timestamp = 100; });
    add(row, [](Get& g) { g.filter = "ValueFilter(=, 'binary:x')"; });
    add(row, [](Get& g) {
      g.filter = "KeyOnlyFilter()";
      g.max_versions = 3;
    });
  }
  return shapes;
}

TEST_CASE_TEMPLATE("Get with a visitor visits Get's cells in Get's order", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case());
  PutShapes(fx);
  int shape = 0;
  int found = 0;
  for (const Get& get : GetShapes()) {
    CAPTURE(shape++);
    CAPTURE(get.row);
    CAPTURE(get.filter);
    const Cells want = fx.MustGet(get);
    found += want.empty() ? 0 : 1;
    CHECK(VisitCells(fx.table(), get) == want);
  }
  CHECK(found > 20);
  // The long value (overflow pages) comes whole.
  Get long_value("r1");
  long_value.columns = {Column{"g", "z"}};
  CHECK(VisitCells(fx.table(), long_value) ==
        Cells{C("r1", "g", "z", 200, std::string(20000, 'L'))});
  // Columns of one family, then a whole one, two versions each.
  Get mixed("r1");
  mixed.families = {"g"};
  mixed.columns = {Column{"f", "a"}, Column{"f", "b"}, Column{"f", "zz"}};
  mixed.max_versions = 2;
  CHECK(VisitCells(fx.table(), mixed) ==
        Cells{C("r1", "f", "a", 300, "z"), C("r1", "f", "a", 200, "y"),
              C("r1", "f", "b", 100, ""),
              C("r1", "g", "z", 200, std::string(20000, 'L'))});
}

TEST_CASE("Get with a visitor names the bad field as Get does") {
  StoreFixture fx(R"({"table": "t", "families": [{"name": "f"}],
      "partition": {"strategy": "none"}})");
  CopyingVisitor visitor;
  Get get("r");
  get.columns = {Column{"nope", "q"}};
  const Status st = fx.table()->Get(get, &visitor);
  CHECK(st.ToString() == fx.table()->Get(get).status().ToString());
  CHECK(!st.ok());
  get = Get("");
  CHECK(fx.table()->Get(get, &visitor).ToString() ==
        fx.table()->Get(get).status().ToString());
  CHECK(visitor.cells.empty());
}

TEST_CASE("Get with a visitor on the timeseries layout visits Get's cells") {
  StoreFixture fx(R"({"table": "t", "layout": "timeseries",
      "families": [{"name": "f"}], "partition": {"strategy": "none"}})");
  fx.MustPut(Put("a").Add("f", "q1", 100, "x").Add("f", "q2", 100, "y"));
  const Cells want = fx.MustGet(Get("a"));
  CHECK(want.size() == 2);
  CHECK(VisitCells(fx.table(), Get("a")) == want);
  CHECK(VisitCells(fx.table(), Get("b")).empty());
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
