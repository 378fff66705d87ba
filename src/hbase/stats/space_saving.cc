// Copyright (c) obkvlite authors.
#include "hbase/stats/space_saving.h"

#include <utility>

namespace obkvlite {

SpaceSaving::SpaceSaving(int capacity)
    : capacity_(static_cast<size_t>(capacity < 1 ? 1 : capacity)) {
  heap_.reserve(capacity_);
  slot_.reserve(capacity_ * 2);
}

void SpaceSaving::Offer(std::string_view key) {
  ++total_;
  auto it = slot_.find(key);
  if (it != slot_.end()) {
    const size_t i = it->second;
    ++heap_[i]->count;
    SiftDown(i);
    return;
  }
  if (heap_.size() < capacity_) {
    // A new counter of count 1 is the smallest there can be: a leaf whose
    // parent has at least 1 is in heap order already.
    auto counter = std::make_unique<Counter>();
    counter->key.assign(key.data(), key.size());
    counter->count = 1;
    heap_.push_back(std::move(counter));
    size_t i = heap_.size() - 1;
    slot_.emplace(heap_[i]->key, i);
    return;
  }
  // Take the smallest counter over.
  Counter& min = *heap_[0];
  slot_.erase(min.key);
  min.key.assign(key.data(), key.size());
  min.error = min.count;
  ++min.count;
  slot_.emplace(min.key, 0);
  SiftDown(0);
}

void SpaceSaving::SiftDown(size_t i) {
  const size_t n = heap_.size();
  while (true) {
    const size_t l = 2 * i + 1;
    if (l >= n) return;
    size_t c = l;
    if (l + 1 < n && heap_[l + 1]->count < heap_[l]->count) c = l + 1;
    if (heap_[i]->count <= heap_[c]->count) return;
    std::swap(heap_[i], heap_[c]);
    slot_[heap_[i]->key] = i;
    slot_[heap_[c]->key] = c;
    i = c;
  }
}

std::vector<const SpaceSaving::Counter*> SpaceSaving::counters() const {
  std::vector<const Counter*> out;
  out.reserve(heap_.size());
  for (const auto& c : heap_) out.push_back(c.get());
  return out;
}

}  // namespace obkvlite
