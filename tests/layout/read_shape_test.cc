// Copyright (c) obkvlite authors.
//
// Reads fetch only what they need (layout::ReadShape): the exact SQL of the
// read shapes, which filters let a read skip values, and that the answers
// stay HBase's when they do. And the cells-per-row hint that sizes a
// limited server scan's first page.

#include <doctest/doctest.h>

#include <limits>
#include <string>
#include <vector>

#include "ddl/sql_quote.h"
#include "hbase/cells_per_row_hint.h"
#include "layout/normal_layout.h"
#include "obkvlite/filter.h"

namespace obkvlite {
namespace {

using layout::HiBound;
using layout::LoBound;
using layout::Page;
using layout::ReadShape;
using layout::ScanOrder;

ReadShape Shape(bool all_times, bool values, bool cell_ttl = false) {
  ReadShape shape;
  shape.all_times = all_times;
  shape.values = values;
  shape.cell_ttl = cell_ttl;
  return shape;
}

std::string ScanSql(ReadShape shape, Page page = Page::kAll) {
  return layout::NormalSql(
      SqlDialect::kSqlite,
      layout::NormalScanKind(LoBound::kInclusive, HiBound::kExclusive,
                             ScanOrder::kForward, page, shape),
      "t$f");
}

TEST_CASE("a scan selects V and bounds T only when it must") {
  CHECK(ScanSql(Shape(false, true)) ==
        "SELECT K, Q, T, V FROM \"t$f\" WHERE K >= ?1 AND K < ?2"
        " AND T > ?3 AND T <= ?4 ORDER BY K, Q, T");
  CHECK(ScanSql(Shape(true, true)) ==
        "SELECT K, Q, T, V FROM \"t$f\" WHERE K >= ?1 AND K < ?2"
        " ORDER BY K, Q, T");
  CHECK(ScanSql(Shape(true, false)) ==
        "SELECT K, Q, T FROM \"t$f\" WHERE K >= ?1 AND K < ?2"
        " ORDER BY K, Q, T");
  CHECK(ScanSql(Shape(false, false), Page::kAfter) ==
        "SELECT K, Q, T FROM \"t$f\" WHERE K >= ?1 AND K < ?2"
        " AND T > ?3 AND T <= ?4 AND (K > ?6 OR (K = ?6 AND (Q > ?7 OR"
        " (Q = ?7 AND T > ?8)))) ORDER BY K, Q, T LIMIT ?5");
}

TEST_CASE("a cell-TTL table's reads hide expired cells and select TTL last") {
  CHECK(ScanSql(Shape(false, true, true)) ==
        "SELECT K, Q, T, V, TTL FROM \"t$f\" WHERE K >= ?1 AND K < ?2"
        " AND T > ?3 AND T <= ?4 AND (TTL IS NULL OR TTL >= ?9 + T)"
        " ORDER BY K, Q, T");
  CHECK(ScanSql(Shape(true, false, true)) ==
        "SELECT K, Q, T, TTL FROM \"t$f\" WHERE K >= ?1 AND K < ?2"
        " AND (TTL IS NULL OR TTL >= ?9 + T) ORDER BY K, Q, T");
  CHECK(layout::TtlColumn(3, Shape(true, false, true)) == 3);
  CHECK(layout::TtlColumn(2, Shape(true, true, true)) == 3);
  CHECK(layout::NormalSql(SqlDialect::kSqlite,
                          layout::NormalGetRowKind(Shape(true, true, true)),
                          "t$f") ==
        "SELECT Q, T, V, TTL FROM \"t$f\" WHERE K = ?1"
        " AND (TTL IS NULL OR TTL >= ?9 + T) ORDER BY K, Q, T");
  CHECK(layout::NormalSql(SqlDialect::kMysql, layout::NormalInsertKind(2, true),
                          "t$f") ==
        "INSERT INTO `t$f` (K, Q, T, V, TTL) VALUES (?1, ?2, ?3, ?4, ?5),"
        " (?6, ?7, ?8, ?9, ?10) ON DUPLICATE KEY UPDATE V = VALUES(V),"
        " TTL = VALUES(TTL)");
  CHECK(layout::NormalSql(SqlDialect::kSqlite,
                          layout::NormalInsertKind(1, true), "t$f") ==
        "INSERT OR REPLACE INTO \"t$f\" (K, Q, T, V, TTL) VALUES (?1, ?2, ?3,"
        " ?4, ?5)");
  CHECK(layout::NormalSql(SqlDialect::kSqlite, layout::kNormalDeleteExpired,
                          "t$f") == "DELETE FROM \"t$f\" WHERE TTL < ?1 + T");
}

TEST_CASE("a column get reads T and V only: K and Q are the ones it binds") {
  CHECK(layout::NormalSql(SqlDialect::kSqlite,
                          layout::NormalGetColumnKind(false, false), "t$f") ==
        "SELECT T, V FROM \"t$f\" WHERE K = ?1 AND Q = ?2"
        " AND T > ?3 AND T <= ?4 ORDER BY K, Q, T");
  CHECK(layout::NormalSql(
            SqlDialect::kMysql,
            layout::NormalGetColumnKind(true, true, Shape(true, false)),
            "t$f") ==
        "SELECT T FROM `t$f` WHERE K = ?1 AND Q = ?2 ORDER BY K, Q, T"
        " LIMIT ?5 FOR UPDATE");
}

TEST_CASE("every read shape of every scan kind is a distinct kind") {
  std::vector<int> kinds;
  for (int lo = 0; lo < 2; ++lo) {
    for (int hi = 0; hi < 3; ++hi) {
      for (int order = 0; order < 2; ++order) {
        for (int page = 0; page < layout::kPageCount; ++page) {
          for (int shape = 0; shape < layout::kReadShapeCount; ++shape) {
            kinds.push_back(layout::NormalScanKind(
                static_cast<LoBound>(lo), static_cast<HiBound>(hi),
                static_cast<ScanOrder>(order), static_cast<Page>(page),
                Shape((shape & 2) != 0, (shape & 1) == 0, (shape & 4) != 0)));
          }
        }
      }
    }
  }
  std::vector<bool> seen(layout::kNormalScanKinds, false);
  for (int kind : kinds) {
    REQUIRE(kind >= 0);
    REQUIRE(kind < layout::kNormalScanKinds);
    CHECK(!seen[kind]);
    seen[kind] = true;
  }
  CHECK(kinds.size() == static_cast<size_t>(layout::kNormalScanKinds));
}

struct FilterCase {
  const char* text;
  bool reads_values;
  bool empties_values;
};

TEST_CASE("which filters read values, and which leave cells without them") {
  const std::vector<FilterCase> cases = {
      {"KeyOnlyFilter()", false, true},
      {"KeyOnlyFilter(true)", true, false},
      {"FirstKeyOnlyFilter()", false, false},
      {"FirstKeyOnlyFilter() AND KeyOnlyFilter()", false, true},
      {"KeyOnlyFilter() AND PrefixFilter('r')", false, true},
      {"KeyOnlyFilter() OR PrefixFilter('r')", false, false},
      {"KeyOnlyFilter() OR (KeyOnlyFilter() AND PageFilter(2))", false, true},
      {"ValueFilter(=, 'binary:x') AND KeyOnlyFilter()", true, true},
      {"SingleColumnValueFilter('f', 'q', =, 'binary:x')", true, false},
      {"QualifierFilter(=, 'binary:q') AND RowFilter(=, 'binary:r')", false,
       false},
      {"WHILE KeyOnlyFilter()", false, true},
      {"SKIP ValueFilter(=, 'binary:x')", true, false},
      {"ColumnPrefixFilter('a') AND TimestampsFilter(1, 2)", false, false},
  };
  for (const FilterCase& c : cases) {
    CAPTURE(c.text);
    Result<std::unique_ptr<Filter>> filter = ParseFilter(c.text);
    REQUIRE_MESSAGE(filter.ok(), filter.status().ToString());
    CHECK((*filter)->ReadsValues() == c.reads_values);
    CHECK((*filter)->EmptiesValues() == c.empties_values);
  }
}

}  // namespace
TEST_CASE("cells per row hint: the mean rounded up, doubled when short") {
  CellsPerRowHint hint;
  CHECK(hint.get() == CellsPerRowHint::kInitial);
  hint.Observe(1000, 100);
  CHECK(hint.get() == 10);
  hint.Observe(1001, 100);  // rounded up: a page of n * 11 holds n rows
  CHECK(hint.get() == 11);
  hint.Observe(3, 100);  // never below one cell per row
  CHECK(hint.get() == 1);
  hint.Grow();
  hint.Grow();
  CHECK(hint.get() == 4);
  hint.Observe(int64_t{1} << 40, 1);  // capped
  CHECK(hint.get() == CellsPerRowHint::kMax);
  hint.Grow();
  CHECK(hint.get() == CellsPerRowHint::kMax);
  const CellsPerRowHint copy = hint;  // copies carry the value
  CHECK(copy.get() == CellsPerRowHint::kMax);
}

}  // namespace obkvlite
