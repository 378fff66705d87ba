// Copyright (c) obkvlite authors.
//
// VectorCellSource: cells held in memory as a CellSource.

#include "obkvlite/rowkey.h"

namespace obkvlite {

Result<bool> VectorCellSource::Next(Cell* cell) {
  if (next_ >= cells_.size()) return false;
  *cell = cells_[next_++];
  return true;
}

}  // namespace obkvlite
