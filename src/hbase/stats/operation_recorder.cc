// Copyright (c) obkvlite authors.
#include "hbase/stats/operation_recorder.h"

#include "obkvlite/compat.h"

namespace obkvlite {

OperationRecorder::OperationRecorder() {
  for (std::atomic<Hist*>& slot : slots_) {
    slot.store(nullptr, std::memory_order_relaxed);
  }
}

OperationRecorder::~OperationRecorder() {
  for (std::atomic<Hist*>& slot : slots_) {
    delete slot.load(std::memory_order_acquire);
  }
}

int OperationRecorder::NextShard() {
  static std::atomic<int> next{0};
  return next.fetch_add(1, std::memory_order_relaxed) % kShards;
}

int OperationRecorder::CurrentSurface() {
  static thread_local const char* cached_name = nullptr;
  static thread_local int cached_index = 0;
  const char* name = CurrentCompatSurface();
  if (name != cached_name) {
    cached_index = OperationSurfaceIndex(name);
    cached_name = name;
  }
  return cached_index;
}

OperationRecorder::Hist* OperationRecorder::Allocate(int slot) {
  Hist* fresh = new Hist();
  Hist* expected = nullptr;
  if (slots_[slot].compare_exchange_strong(expected, fresh,
                                           std::memory_order_acq_rel)) {
    return fresh;
  }
  delete fresh;  // another thread installed one first
  return expected;
}

void OperationRecorder::Harvest(OperationBuckets* out) {
  for (int slot = 0; slot < kSlots; ++slot) {
    Hist* h = slots_[slot].load(std::memory_order_acquire);
    if (h == nullptr) continue;
    const int op = slot % kOperations;
    const int surface = (slot / kOperations) % kOperationSurfaces;
    for (int b = 0; b < kLatencyBuckets; ++b) {
      Bucket& bucket = h->buckets[b];
      if (bucket.count.load(std::memory_order_relaxed) == 0 &&
          bucket.sum_ns.load(std::memory_order_relaxed) == 0) {
        continue;
      }
      OperationBucketCounts taken;
      taken.count = bucket.count.exchange(0, std::memory_order_relaxed);
      taken.sum_ns = bucket.sum_ns.exchange(0, std::memory_order_relaxed);
      (*out)[{surface, op, b}] += taken;
    }
  }
}

}  // namespace obkvlite
