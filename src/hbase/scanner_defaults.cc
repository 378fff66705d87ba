// Copyright (c) obkvlite authors.
//
// Scanner's default NextCell: reads rows with Next and hands out views of
// their cells, one at a time.

#include "obkvlite/scanner.h"

namespace obkvlite {

struct Scanner::RowViews {
  RowResult row;
  size_t next = 0;  // the cell NextCell returns next
  // The row of the last RowResult returned (a `batch` splits a row).
  std::string last_row;
  bool have_row = false;
  bool row_starts = false;  // row.cells[0] is its row's first cell
};

Scanner::Scanner() = default;
Scanner::~Scanner() = default;

bool Scanner::Next(RowResult* out) {
  // The rest of a row NextCell was handing out is skipped.
  if (row_views_ == nullptr) return NextRow(out);
  RowViews& v = *row_views_;
  v.next = v.row.cells.size();
  if (!NextRow(out)) return false;
  v.last_row = out->row;
  v.have_row = true;
  return true;
}

bool Scanner::NextCell(CellView* out) {
  if (row_views_ == nullptr) row_views_ = std::make_unique<RowViews>();
  RowViews& v = *row_views_;
  while (v.next >= v.row.cells.size()) {
    v.next = 0;
    if (!NextRow(&v.row)) {
      v.row = RowResult();
      return false;
    }
    v.row_starts = !v.have_row || v.row.row != v.last_row;
    if (v.row_starts) v.last_row = v.row.row;
    v.have_row = true;
  }
  out->first_in_row = v.next == 0 && v.row_starts;
  const Cell& cell = v.row.cells[v.next++];
  out->row = cell.row;
  out->family = cell.family;
  out->qualifier = cell.qualifier;
  out->timestamp = cell.timestamp;
  out->value = cell.value;
  return true;
}

}  // namespace obkvlite
