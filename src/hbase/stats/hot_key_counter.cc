// Copyright (c) obkvlite authors.
#include "hbase/stats/hot_key_counter.h"

#include <cstdint>
#include <utility>

namespace obkvlite {

void HotKeyCounter::Add(HotKeyType type, std::string_view row) {
  const size_t hash = SpaceSaving::Hash(row);
  // High bits: a stripe's table indexes its keys by the low ones.
  Stripe& stripe = stripes_[static_cast<size_t>(type)]
                           [(static_cast<uint64_t>(hash) >> 32) % kStripes];
  util::MutexLock lock(&stripe.mu);
  if (stripe.keys == nullptr) {
    stripe.keys = std::make_unique<SpaceSaving>(kHotKeyCapacity);
  }
  stripe.keys->Offer(row, hash);
}

void HotKeyCounter::Harvest(std::array<HotKeySummary, kHotKeyTypes>* out) {
  for (size_t t = 0; t < stripes_.size(); ++t) {
    for (Stripe& stripe : stripes_[t]) {
      std::unique_ptr<SpaceSaving> taken;
      {
        util::MutexLock lock(&stripe.mu);
        taken = std::move(stripe.keys);
      }
      if (taken != nullptr) (*out)[t].MergeStripe(*taken);
    }
  }
}

}  // namespace obkvlite
