// Copyright (c) obkvlite authors.
//
// CellHeap: the k-way merge of CellCursors into the global read order
// (DESIGN §3). Forward: row, family (by family_index), qualifier
// ascending, T ascending (newest first). Reversed: the exact opposite,
// which the row reader turns back into family/qualifier ascending within a
// row. Memory: one pointer per cursor (inline for a few).
//
// After advancing the top cursor the caller calls TopAdvanced(), which
// drops an exhausted cursor or sifts it down (two comparisons when the
// same cursor keeps winning, the common case of key partitions).
//
// REQUIRED: the cursors outlive the heap.
// Thread safety: used by one thread.

#ifndef OBKVLITE_HBASE_READ_CELL_HEAP_H_
#define OBKVLITE_HBASE_READ_CELL_HEAP_H_

#include <vector>

#include "hbase/read/cell_cursor.h"

namespace obkvlite {

class CellHeap {
 public:
  explicit CellHeap(bool reversed) : reversed_(reversed) {}
  CellHeap(const CellHeap&) = delete;
  CellHeap& operator=(const CellHeap&) = delete;

  // Room for `n` cursors (no regrowth while adding them).
  void Reserve(size_t n) { Grow(n); }
  // Adds a cursor; an invalid (empty) cursor is ignored.
  void Add(CellCursor* cursor);

  bool empty() const { return size_ == 0; }
  // REQUIRED: !empty().
  CellCursor* top() const { return items_[0]; }
  // Restores the heap after top()->Next(); inline for the one valid cursor
  // of a read of one partition (per cell).
  void TopAdvanced() {
    if (size_ == 1 && items_[0]->valid()) return;
    RestoreTop();
  }
  // Forgets every cursor.
  void Clear() { size_ = 0; }

 private:
  // A read of one partition per family (every Get of up to this many
  // families) keeps its cursors inline, without an allocation.
  static constexpr size_t kInline = 4;

  // TopAdvanced's general case.
  void RestoreTop();
  // True when a's current cell comes before b's.
  bool Before(const CellCursor* a, const CellCursor* b) const;
  void SiftDown(size_t i);
  void SiftUp(size_t i);
  // Makes room for `n` cursors.
  void Grow(size_t n);

  const bool reversed_;
  CellCursor* inline_[kInline] = {};
  std::vector<CellCursor*> spill_;  // beyond kInline
  CellCursor** items_ = inline_;
  size_t size_ = 0;
  size_t capacity_ = kInline;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_READ_CELL_HEAP_H_
