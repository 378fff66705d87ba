// Copyright (c) obkvlite authors.
//
// CellHeap: the k-way merge of CellCursors into the global read order
// (DESIGN §3). Forward: row, family (by family_index), qualifier
// ascending, T ascending (newest first). Reversed: the exact opposite,
// which the row reader turns back into family/qualifier ascending within a
// row. Memory: one pointer per cursor.
//
// After advancing the top cursor the caller calls TopAdvanced(), which
// drops an exhausted cursor or sifts it down (two comparisons when the
// same cursor keeps winning, the common case of key partitions).
//
// REQUIRED: the cursors outlive the heap.
// Thread safety: used by one thread.

#ifndef OBKVLITE_HBASE_CELL_HEAP_H_
#define OBKVLITE_HBASE_CELL_HEAP_H_

#include <vector>

#include "hbase/partition_cursor.h"

namespace obkvlite {

class CellHeap {
 public:
  explicit CellHeap(bool reversed) : reversed_(reversed) {}

  // Adds a cursor; an invalid (empty) cursor is ignored.
  void Add(CellCursor* cursor);

  // Room for `n` cursors (one allocation instead of regrowths).
  void Reserve(size_t n) { heap_.reserve(n); }

  bool empty() const { return heap_.empty(); }
  // REQUIRED: !empty().
  CellCursor* top() const { return heap_.front(); }
  // Restores the heap after top()->Next().
  void TopAdvanced();
  // Forgets every cursor.
  void Clear() { heap_.clear(); }

 private:
  // True when a's current cell comes before b's.
  bool Before(const CellCursor* a, const CellCursor* b) const;
  void SiftDown(size_t i);
  void SiftUp(size_t i);

  const bool reversed_;
  std::vector<CellCursor*> heap_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_CELL_HEAP_H_
