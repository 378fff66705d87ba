// Copyright (c) obkvlite authors.
//
// CellVisitor: receives the cells of a Get one at a time as CellViews
// (Table::Get(get, visitor)), without their being copied into a RowResult:
// the zero-copy Get, as Scanner::NextCell is the zero-copy scan.
//
// The views point into the store's (and SQLite's) buffers and stay valid
// only until Visit returns: copy what must live longer (CellView::ToCell).
// Cells come in RowResult's order (family, qualifier ascending, timestamp
// descending), the same cells Get(get) returns; the first has first_in_row
// set. A Get that finds nothing visits no cell. A Get that fails may have
// visited some of the row's cells first: on an error, drop what was visited.
//
// REQUIRED: Visit does not call back into the table it is visiting.
// Thread safety: Visit runs on the thread that called Get, during that call.

#ifndef OBKVLITE_CELL_VISITOR_H_
#define OBKVLITE_CELL_VISITOR_H_

#include "obkvlite/cell.h"

namespace obkvlite {

class CellVisitor {
 public:
  virtual ~CellVisitor() = default;

  // One cell of the row, as views valid until this call returns.
  virtual void Visit(const CellView& cell) = 0;
};

}  // namespace obkvlite

#endif  // OBKVLITE_CELL_VISITOR_H_
