// Copyright (c) obkvlite authors.
#include "hbase/stats/hot_key_counter.h"

#include <functional>
#include <utility>

namespace obkvlite {

void HotKeyCounter::Add(HotKeyType type, std::string_view row) {
  const size_t hash = std::hash<std::string_view>()(row);
  Stripe& stripe = stripes_[static_cast<size_t>(type)][(hash >> 7) % kStripes];
  util::MutexLock lock(&stripe.mu);
  if (stripe.keys == nullptr) {
    stripe.keys = std::make_unique<SpaceSaving>(kHotKeyCapacity);
  }
  stripe.keys->Offer(row);
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
