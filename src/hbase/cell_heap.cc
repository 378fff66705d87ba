// Copyright (c) obkvlite authors.
#include "hbase/cell_heap.h"

#include <utility>

namespace obkvlite {

bool CellHeap::Before(const CellCursor* a, const CellCursor* b) const {
  int c = a->key().compare(b->key());
  if (c == 0) c = a->family_index() - b->family_index();
  if (c == 0) c = a->qualifier().compare(b->qualifier());
  if (c == 0) c = a->t() < b->t() ? -1 : (a->t() > b->t() ? 1 : 0);
  return reversed_ ? c > 0 : c < 0;
}

void CellHeap::Add(CellCursor* cursor) {
  if (!cursor->valid()) return;
  heap_.push_back(cursor);
  SiftUp(heap_.size() - 1);
}

void CellHeap::TopAdvanced() {
  if (!heap_.front()->valid()) {
    heap_.front() = heap_.back();
    heap_.pop_back();
    if (heap_.empty()) return;
  }
  SiftDown(0);
}

void CellHeap::SiftUp(size_t i) {
  while (i > 0) {
    const size_t parent = (i - 1) / 2;
    if (!Before(heap_[i], heap_[parent])) return;
    std::swap(heap_[i], heap_[parent]);
    i = parent;
  }
}

void CellHeap::SiftDown(size_t i) {
  const size_t n = heap_.size();
  while (true) {
    size_t best = i;
    const size_t left = 2 * i + 1;
    const size_t right = left + 1;
    if (left < n && Before(heap_[left], heap_[best])) best = left;
    if (right < n && Before(heap_[right], heap_[best])) best = right;
    if (best == i) return;
    std::swap(heap_[i], heap_[best]);
    i = best;
  }
}

}  // namespace obkvlite
