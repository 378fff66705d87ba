// Copyright (c) obkvlite authors.
#include "hbase/stats/hot_key_summary.h"

#include <algorithm>
#include <functional>
#include <vector>

namespace obkvlite {

void HotKeySummary::Merge(const HotKeySummary& other) {
  requests += other.requests;
  deficit += other.deficit;
  for (const auto& [key, n] : other.low) low[key] += n;
  Prune();
}

void HotKeySummary::MergeStripe(const SpaceSaving& stripe) {
  if (stripe.total() == 0) return;
  const int64_t min = stripe.min_count();
  requests += stripe.total();
  deficit += min;
  for (const SpaceSaving::Counter* c : stripe.counters()) {
    if (c->count > min) low[c->key] += c->count - min;
  }
  Prune();
}

void HotKeySummary::Prune() {
  constexpr size_t kKeep = static_cast<size_t>(kHotKeyCapacity) - 1;
  if (low.size() <= kKeep) return;
  std::vector<int64_t> lows;
  lows.reserve(low.size());
  for (const auto& entry : low) lows.push_back(entry.second);
  // The kHotKeyCapacity-th largest.
  std::nth_element(lows.begin(), lows.begin() + kKeep, lows.end(),
                   std::greater<int64_t>());
  const int64_t v = lows[kKeep];
  deficit += v;
  for (auto it = low.begin(); it != low.end();) {
    it->second -= v;
    it = it->second <= 0 ? low.erase(it) : std::next(it);
  }
}

HotKeyStats HotKeySummary::Report(HotKeyType type, int top) const {
  HotKeyStats out;
  out.type = type;
  out.requests = requests;
  out.floor = deficit;
  for (const auto& [key, n] : low) {
    HotKey k;
    k.row = key;
    k.count = n + deficit;
    k.error = deficit;
    out.keys.push_back(std::move(k));
  }
  std::sort(out.keys.begin(), out.keys.end(),
            [](const HotKey& a, const HotKey& b) {
              return a.count != b.count ? a.count > b.count : a.row < b.row;
            });
  if (top > 0 && out.keys.size() > static_cast<size_t>(top)) {
    out.keys.resize(static_cast<size_t>(top));
  }
  return out;
}

}  // namespace obkvlite
