// Copyright (c) obkvlite authors.
//
// Reads on a server (doc/engines.md, "Which SQL the engine issues"), on the
// private MariaDB of the run: the statements each read issues, counted
// with the engine's statement fault (storage/fault_injection.h: a deadlock
// armed at statement N fires only when the read runs N statements or
// more). One statement is its own snapshot, so a read of one statement
// runs alone, with no START TRANSACTION and ROLLBACK around it: a
// one-family scan whose first page ends it, a Get of one family or one
// column. A read of several statements runs them in one read transaction:
// several families, several qualifiers, and a scan whose first page comes
// back full, which takes the snapshot then and reads that page again in it.
// A limited scan sizes its first page by the cells per row earlier scans
// of the family saw.

#include <doctest/doctest.h>

#include <functional>
#include <memory>
#include <string>

#include "fault_injection.h"
#include "obkvlite/store.h"
#include "server_test_support.h"
#include "store_fixture.h"
#include "watchdog.h"

namespace obkvlite {
namespace testing {
namespace {

using storage::ClearInjectedFault;
using storage::InjectedFault;
using storage::InjectFault;

// The statements `read` runs: the largest N at which a fault armed at
// statement N fires.
int StatementsOf(const std::function<void()>& read) {
  for (int n = 1; n < 100; ++n) {
    InjectFault(InjectedFault::kDeadlock, n);
    read();
    if (!ClearInjectedFault()) return n - 1;
  }
  FAIL("a read of 100 statements or more");
  return 0;
}

std::string Row(int i) {
  std::string r = std::to_string(i);
  return std::string(4 - r.size(), '0') + r;
}

TEST_CASE("server reads: one statement alone, several in one snapshot") {
  REQUIRE(OnTestServer());
  Watchdog dog(120, "server read statements");
  ServerDatabase db;
  StoreOptions options;
  options.request_stats = false;
  std::unique_ptr<Store> store = MustOpenStore(db.uri(), options);
  REQUIRE(store
              ->CreateTable(MustParseSpec(
                  SpecJson("t", kDefaultFamilies, R"({"strategy": "none"})")))
              .ok());
  Table* table = MustTable(store.get(), "t");
  // 300 rows of one cell in f (more than a first page of 256 rows), and
  // rows 0..9 with a second cell in f and one in g.
  for (int i = 0; i < 300; ++i) {
    Put put(Row(i));
    put.Add("f", "a", 1, "v" + std::to_string(i));
    if (i < 10) put.Add("f", "b", 1, "w").Add("g", "a", 1, "x");
    REQUIRE(table->Put(put).ok());
  }
  // The cells of `scan`; 0 when it failed (at an injected fault).
  auto scan_cells = [&](const Scan& scan) {
    Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(scan);
    if (!scanner.ok()) return size_t{0};
    size_t cells = 0;
    RowResult row;
    while ((*scanner)->Next(&row)) cells += row.cells.size();
    return (*scanner)->status().ok() ? cells : size_t{0};
  };
  Scan short_scan;
  short_scan.families = {"f"};
  short_scan.stop_row = Row(10);
  CHECK(scan_cells(short_scan) == 20);
  CHECK(StatementsOf([&] { (void)scan_cells(short_scan); }) == 1);

  Scan limited;  // 100 rows: a first page of 101 * 16 cells holds them
  limited.families = {"f"};
  limited.limit = 100;
  CHECK(scan_cells(limited) == 110);
  CHECK(StatementsOf([&] { (void)scan_cells(limited); }) == 1);

  // A full first page: START TRANSACTION, the page again, the next page,
  // ROLLBACK; every cell once.
  Scan whole;
  whole.families = {"f"};
  CHECK(scan_cells(whole) == 310);
  CHECK(StatementsOf([&] { (void)scan_cells(whole); }) == 5);

  // Rows of 40 cells in table w. A limited scan's first page holds the
  // cells of limit + 1 rows by the family's cells-per-row hint, at least
  // 256: 16 cells per row at first (hbase/cells_per_row_hint.h). A
  // 5-row scan's first page of 256 cells holds 6 whole rows and part of a
  // 7th: it ends the scan (one statement) and teaches the hint 40 cells per
  // row. Then the first page of a 10-row scan (11 rows of 40 cells) ends it
  // too, and so does a 19-row scan's, which reads all 20 rows.
  // A new unpartitioned table of family f.
  const auto new_table = [&](const char* name) {
    REQUIRE(store
                ->CreateTable(MustParseSpec(SpecJson(
                    name, R"([{"name": "f"}])", R"({"strategy": "none"})")))
                .ok());
    return MustTable(store.get(), name);
  };
  Table* wide = new_table("w");
  for (int i = 0; i < 20; ++i) {
    Put put(Row(i));
    for (int q = 0; q < 40; ++q) put.Add("f", "q" + Row(q), 1, "v");
    REQUIRE(wide->Put(put).ok());
  }
  auto wide_cells = [&](int64_t limit) {
    Scan scan;
    scan.limit = limit;
    Result<std::unique_ptr<Scanner>> scanner = wide->GetScanner(scan);
    if (!scanner.ok()) return size_t{0};
    size_t cells = 0;
    RowResult row;
    while ((*scanner)->Next(&row)) cells += row.cells.size();
    return (*scanner)->status().ok() ? cells : size_t{0};
  };
  CHECK(wide_cells(5) == 200);
  CHECK(StatementsOf([&] { (void)wide_cells(5); }) == 1);
  CHECK(wide_cells(10) == 400);
  CHECK(StatementsOf([&] { (void)wide_cells(10); }) == 1);
  CHECK(wide_cells(19) == 760);
  CHECK(StatementsOf([&] { (void)wide_cells(19); }) == 1);

  // Rows that outgrow the hint: in table n, rows 0..9 of 2 cells teach it 2
  // cells per row, then rows 10..19 hold 40. A 17-row scan's first page of
  // 256 cells (the least) ends inside row 15, which the scan takes: rows
  // 0..14 come from the page, then START TRANSACTION, a first page from
  // row 15 on, ROLLBACK; every row whole, every cell once. Each time the
  // hint doubles, until a first page of 18 rows of 32 cells holds the
  // whole table: one statement.
  Table* mixed = new_table("n");
  for (int i = 0; i < 20; ++i) {
    Put put(Row(i));
    for (int q = 0; q < (i < 10 ? 2 : 40); ++q) {
      put.Add("f", "q" + Row(q), 1, "v" + Row(i));
    }
    REQUIRE(mixed->Put(put).ok());
  }
  // "row:cells " of a scan of `limit` rows; "" when it failed.
  auto mixed_rows = [&](int64_t limit, bool reversed) {
    Scan scan;
    scan.limit = limit;
    scan.reversed = reversed;
    Result<std::unique_ptr<Scanner>> scanner = mixed->GetScanner(scan);
    if (!scanner.ok()) return std::string();
    std::string out;
    RowResult row;
    while ((*scanner)->Next(&row)) {
      for (const Cell& c : row.cells) {
        if (c.value != "v" + row.row) return std::string("torn ") + row.row;
      }
      out += row.row.substr(2) + ":" + std::to_string(row.cells.size()) + " ";
    }
    return (*scanner)->status().ok() ? out : std::string();
  };
  CHECK(mixed_rows(5, false) == "00:2 01:2 02:2 03:2 04:2 ");
  CHECK(StatementsOf([&] { (void)mixed_rows(5, false); }) == 1);
  const std::string seventeen =
      "00:2 01:2 02:2 03:2 04:2 05:2 06:2 07:2 08:2 09:2 10:40 11:40 12:40 "
      "13:40 14:40 15:40 16:40 ";
  CHECK(mixed_rows(17, false) == seventeen);
  CHECK(StatementsOf([&] { (void)mixed_rows(17, false); }) == 4);
  CHECK(mixed_rows(17, false) == seventeen);
  CHECK(StatementsOf([&] { (void)mixed_rows(17, false); }) == 1);
  // Reversed: rows 19 down; a 10-row scan's page of 256 cells ends inside
  // row 13 (6 rows of 40, then 16 cells): the same, from row 13 down.
  CHECK(mixed_rows(10, true) ==
        "19:40 18:40 17:40 16:40 15:40 14:40 13:40 12:40 11:40 10:40 ");

  // Two families: START TRANSACTION, one SELECT each, ROLLBACK.
  Scan both;
  both.stop_row = Row(10);
  CHECK(scan_cells(both) == 30);
  CHECK(StatementsOf([&] { (void)scan_cells(both); }) == 4);

  auto get_cells = [&](const Get& get) {
    Result<RowResult> row = table->Get(get);
    return row.ok() ? row->cells.size() : size_t{0};
  };
  Get whole_row(Row(3));
  CHECK(get_cells(whole_row) == 3);
  CHECK(StatementsOf([&] { (void)get_cells(whole_row); }) == 4);
  Get one_family(Row(3));
  one_family.families = {"f"};
  CHECK(get_cells(one_family) == 2);
  CHECK(StatementsOf([&] { (void)get_cells(one_family); }) == 1);
  Get one_column(Row(3));
  one_column.columns = {{"f", "b"}};
  CHECK(get_cells(one_column) == 1);
  CHECK(StatementsOf([&] { (void)get_cells(one_column); }) == 1);
  // Two qualifiers of one family: one statement each, in one snapshot.
  Get two_columns(Row(3));
  two_columns.columns = {{"f", "a"}, {"f", "b"}};
  CHECK(get_cells(two_columns) == 2);
  CHECK(StatementsOf([&] { (void)get_cells(two_columns); }) == 4);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
