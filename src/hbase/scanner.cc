// Copyright (c) obkvlite authors.
//
// Scanner's default NextCell: reads rows with Next and hands out views of
// their cells, one at a time.

#include "obkvlite/scanner.h"

namespace obkvlite {

struct Scanner::RowViews {
  RowResult row;
  size_t next = 0;  // the cell NextCell returns next
};

Scanner::Scanner() = default;
Scanner::~Scanner() = default;

bool Scanner::Next(RowResult* out) {
  // The rest of a row NextCell was handing out is skipped.
  if (row_views_ != nullptr) row_views_->next = row_views_->row.cells.size();
  return NextRow(out);
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
  }
  const Cell& cell = v.row.cells[v.next++];
  out->row = cell.row;
  out->family = cell.family;
  out->qualifier = cell.qualifier;
  out->timestamp = cell.timestamp;
  out->value = cell.value;
  return true;
}

}  // namespace obkvlite
