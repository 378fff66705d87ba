// Copyright (c) obkvlite authors.
#include "hbase/read/cell_heap.h"

#include <algorithm>
#include <utility>

namespace obkvlite {

bool CellHeap::Before(const CellCursor* a, const CellCursor* b) const {
  int c = a->key().compare(b->key());
  if (c == 0) c = a->family_index() - b->family_index();
  if (c == 0) c = a->qualifier().compare(b->qualifier());
  if (c == 0) c = a->t() < b->t() ? -1 : (a->t() > b->t() ? 1 : 0);
  return reversed_ ? c > 0 : c < 0;
}

void CellHeap::Grow(size_t n) {
  if (n <= capacity_) return;
  std::vector<CellCursor*> bigger(std::max(n, 2 * capacity_));
  std::copy(items_, items_ + size_, bigger.begin());
  spill_.swap(bigger);
  items_ = spill_.data();
  capacity_ = spill_.size();
}

void CellHeap::Add(CellCursor* cursor) {
  if (!cursor->valid()) return;
  Grow(size_ + 1);
  items_[size_++] = cursor;
  SiftUp(size_ - 1);
}

void CellHeap::RestoreTop() {
  if (!items_[0]->valid()) {
    items_[0] = items_[size_ - 1];
    --size_;
  }
  if (size_ > 1) SiftDown(0);  // one cursor (a Get): nothing to sift
}

void CellHeap::SiftUp(size_t i) {
  while (i > 0) {
    const size_t parent = (i - 1) / 2;
    if (!Before(items_[i], items_[parent])) return;
    std::swap(items_[i], items_[parent]);
    i = parent;
  }
}

void CellHeap::SiftDown(size_t i) {
  const size_t n = size_;
  while (true) {
    size_t best = i;
    const size_t left = 2 * i + 1;
    const size_t right = left + 1;
    if (left < n && Before(items_[left], items_[best])) best = left;
    if (right < n && Before(items_[right], items_[best])) best = right;
    if (best == i) return;
    std::swap(items_[i], items_[best]);
    i = best;
  }
}

}  // namespace obkvlite
