// Copyright (c) obkvlite authors.
#include "hbase/stats/space_saving.h"

namespace obkvlite {

SpaceSaving::SpaceSaving(int capacity)
    : capacity_(static_cast<size_t>(capacity < 1 ? 1 : capacity)) {
  slots_.reserve(capacity_);
  buckets_.reserve(capacity_ + 1);
  size_t size = 4;
  while (size < capacity_ * 2) size *= 2;
  table_.assign(size, kNone);
  mask_ = size - 1;
}

int64_t SpaceSaving::min_count() const {
  if (slots_.size() < capacity_ || first_ == kNone) return 0;
  return buckets_[static_cast<size_t>(first_)].count;
}

size_t SpaceSaving::Probe(std::string_view key, size_t hash) const {
  size_t i = hash & mask_;
  while (true) {
    const int32_t s = table_[i];
    if (s == kNone) return i;
    const Slot& slot = slots_[static_cast<size_t>(s)];
    if (slot.hash == hash && slot.counter.key == key) return i;
    i = (i + 1) & mask_;
  }
}

void SpaceSaving::TableInsert(int32_t s) {
  const Slot& slot = slots_[static_cast<size_t>(s)];
  table_[Probe(slot.counter.key, slot.hash)] = s;
}

void SpaceSaving::TableErase(int32_t s) {
  const Slot& slot = slots_[static_cast<size_t>(s)];
  size_t i = Probe(slot.counter.key, slot.hash);
  // Backward-shift deletion keeps every probe chain unbroken.
  size_t j = i;
  while (true) {
    j = (j + 1) & mask_;
    const int32_t t = table_[j];
    if (t == kNone) break;
    const size_t home = slots_[static_cast<size_t>(t)].hash & mask_;
    // Move t back to i unless its home lies cyclically in (i, j].
    const bool stays =
        i <= j ? (i < home && home <= j) : (i < home || home <= j);
    if (!stays) {
      table_[i] = t;
      i = j;
    }
  }
  table_[i] = kNone;
}

int32_t SpaceSaving::NewBucket(int64_t count, int32_t after) {
  int32_t b;
  if (!free_buckets_.empty()) {
    b = free_buckets_.back();
    free_buckets_.pop_back();
  } else {
    b = static_cast<int32_t>(buckets_.size());
    buckets_.emplace_back();
  }
  Bucket& bucket = buckets_[static_cast<size_t>(b)];
  bucket.count = count;
  bucket.head = kNone;
  bucket.prev = after;
  bucket.next =
      after == kNone ? first_ : buckets_[static_cast<size_t>(after)].next;
  if (bucket.next != kNone) buckets_[static_cast<size_t>(bucket.next)].prev = b;
  if (after == kNone) {
    first_ = b;
  } else {
    buckets_[static_cast<size_t>(after)].next = b;
  }
  return b;
}

void SpaceSaving::Attach(int32_t s, int32_t b) {
  Slot& slot = slots_[static_cast<size_t>(s)];
  Bucket& bucket = buckets_[static_cast<size_t>(b)];
  slot.bucket = b;
  slot.prev = kNone;
  slot.next = bucket.head;
  if (bucket.head != kNone) slots_[static_cast<size_t>(bucket.head)].prev = s;
  bucket.head = s;
}

void SpaceSaving::Detach(int32_t s, int32_t b) {
  Slot& slot = slots_[static_cast<size_t>(s)];
  Bucket& bucket = buckets_[static_cast<size_t>(b)];
  if (slot.prev != kNone) {
    slots_[static_cast<size_t>(slot.prev)].next = slot.next;
  } else {
    bucket.head = slot.next;
  }
  if (slot.next != kNone)
    slots_[static_cast<size_t>(slot.next)].prev = slot.prev;
  if (bucket.head != kNone) return;
  // Empty: unlink and free it.
  if (bucket.prev != kNone) {
    buckets_[static_cast<size_t>(bucket.prev)].next = bucket.next;
  } else {
    first_ = bucket.next;
  }
  if (bucket.next != kNone) {
    buckets_[static_cast<size_t>(bucket.next)].prev = bucket.prev;
  }
  free_buckets_.push_back(b);
}

void SpaceSaving::Increment(int32_t s) {
  Slot& slot = slots_[static_cast<size_t>(s)];
  const int32_t from = slot.bucket;
  const int64_t count = ++slot.counter.count;
  const Bucket& old = buckets_[static_cast<size_t>(from)];
  int32_t to = old.next;
  const bool alone = old.head == s && slot.next == kNone;
  if (to == kNone || buckets_[static_cast<size_t>(to)].count != count) {
    if (alone) {  // the bucket becomes count's: nothing moves
      buckets_[static_cast<size_t>(from)].count = count;
      return;
    }
    to = NewBucket(count, from);
  }
  Detach(s, from);
  Attach(s, to);
}

void SpaceSaving::Offer(std::string_view key, size_t hash) {
  ++total_;
  const size_t pos = Probe(key, hash);
  const int32_t found = table_[pos];
  if (found != kNone) {
    Increment(found);
    return;
  }
  if (slots_.size() < capacity_) {
    const int32_t s = static_cast<int32_t>(slots_.size());
    slots_.emplace_back();
    Slot& slot = slots_.back();
    slot.counter.key.assign(key.data(), key.size());
    slot.counter.count = 1;
    slot.hash = hash;
    table_[pos] = s;
    const int32_t b =
        first_ != kNone && buckets_[static_cast<size_t>(first_)].count == 1
            ? first_
            : NewBucket(1, kNone);
    Attach(s, b);
    return;
  }
  // Take a counter of the smallest count over.
  const int32_t s = buckets_[static_cast<size_t>(first_)].head;
  TableErase(s);
  Slot& slot = slots_[static_cast<size_t>(s)];
  slot.counter.key.assign(key.data(), key.size());
  slot.counter.error = slot.counter.count;
  slot.hash = hash;
  TableInsert(s);
  Increment(s);
}

std::vector<const SpaceSaving::Counter*> SpaceSaving::counters() const {
  std::vector<const Counter*> out;
  out.reserve(slots_.size());
  for (const Slot& slot : slots_) out.push_back(&slot.counter);
  return out;
}

}  // namespace obkvlite
