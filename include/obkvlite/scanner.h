// Copyright (c) obkvlite authors.
//
// Scanner: iterates the rows of a Scan in order (DESIGN §3: row ascending,
// or descending when reversed; within a row family, qualifier ascending,
// timestamp descending), merging the partitions the scan touches. Memory
// does not grow with the size of the result.
//
// REQUIRED: the Table (and its Store) outlive the Scanner.
// Thread safety: a Scanner is used by one thread at a time.

#ifndef OBKVLITE_SCANNER_H_
#define OBKVLITE_SCANNER_H_

#include "obkvlite/cell.h"
#include "obkvlite/status.h"

namespace obkvlite {

class Scanner {
 public:
  virtual ~Scanner() = default;

  // Fills `out` with the next row (or the next `batch` cells of a row) and
  // returns true; returns false at the end or on error (see status()).
  virtual bool Next(RowResult* out) = 0;

  // OK, or the error that ended the scan.
  virtual Status status() const = 0;

  // Number of partitions this scan reads after pruning (for tests of
  // pruning): a partition table each on SQLite; on a server store one
  // statement per family covers them and the server prunes alike.
  virtual int partitions_opened() const = 0;
};

}  // namespace obkvlite

#endif  // OBKVLITE_SCANNER_H_
