// Copyright (c) obkvlite authors.
//
// Scanner: iterates the rows of a Scan in order (DESIGN §3: row ascending,
// or descending when reversed; within a row family, qualifier ascending,
// timestamp descending), merging the partitions the scan touches. Memory
// does not grow with the size of the result.
//
// Two ways to read it:
//   - Next(RowResult*): owning rows, as HBase's ResultScanner;
//   - NextCell(CellView*): zero-copy, one cell at a time, as LevelDB's
//     Iterator: the views point into the scanner's (and SQLite's) buffers
//     and stay valid until the next call of Next or NextCell on this
//     scanner, or its destruction. Copy what must live longer
//     (CellView::ToCell).
// Both return the same cells in the same order, with the scan's filter,
// versions and limit applied; `batch` only shapes Next's RowResults. A
// row's cells are consecutive, and CellView::first_in_row marks the first
// of each row. The two may be mixed: each call goes on after what the
// previous one returned, except that Next after NextCell starts at the
// next row (the rest of the current row is skipped).
//
// REQUIRED: the Table (and its Store) outlive the Scanner.
// Thread safety: a Scanner is used by one thread at a time.

#ifndef OBKVLITE_SCANNER_H_
#define OBKVLITE_SCANNER_H_

#include <cstddef>
#include <memory>

#include "obkvlite/cell.h"
#include "obkvlite/status.h"

namespace obkvlite {

class Scanner {
 public:
  Scanner();
  virtual ~Scanner();
  Scanner(const Scanner&) = delete;
  Scanner& operator=(const Scanner&) = delete;

  // Fills `out` with the next row (or the next `batch` cells of a row) and
  // returns true; returns false at the end or on error (see status()).
  bool Next(RowResult* out);

  // Fills `out` with views of the next cell and returns true; returns
  // false at the end or on error (see status()). Views live as the header
  // says. The default reads rows with Next and hands out views of their
  // cells; a store's scanners of the normal layout stream cells from
  // SQLite without copying them when the scan is forward and has no filter.
  virtual bool NextCell(CellView* out);

  // OK, or the error that ended the scan.
  virtual Status status() const = 0;

  // Number of partitions this scan reads after pruning (for tests of
  // pruning): a partition table each on SQLite; on a server store one
  // statement per family covers them and the server prunes alike.
  virtual int partitions_opened() const = 0;

 protected:
  // What Next returns, for an implementation to define. After NextCell it
  // starts at the next row (an implementation overriding NextCell sees to
  // it).
  virtual bool NextRow(RowResult* out) = 0;

 private:
  struct RowViews;  // the default NextCell's current row
  std::unique_ptr<RowViews> row_views_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_SCANNER_H_
