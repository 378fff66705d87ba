// Copyright (c) obkvlite authors.
//
// HotKeySummary: a mergeable frequent-keys summary of one (table, hot-key
// type), in Misra-Gries form (Agarwal et al., "Mergeable summaries",
// 2012): per key a lower count `low` and one deficit D shared by all keys,
// so a key's true request count f satisfies low <= f <= low + D (low 0 for
// a key not listed), under the invariant
//   sum(low) + kHotKeyCapacity * D <= requests,
// hence D <= requests / kHotKeyCapacity. Merging adds lows, deficits and
// requests key by key; pruning to fewer than kHotKeyCapacity keys takes
// the kHotKeyCapacity-th largest low off every key and adds it to D, which
// keeps the invariant. A space-saving stripe (hbase/stats/space_saving.h)
// converts to this form with low = count - min_count and D = min_count.
//
// Reported (obkvlite/hot_keys.h): count = low + D, error = D, floor = D.
//
// Thread safety: a plain value.

#ifndef OBKVLITE_HBASE_STATS_HOT_KEY_SUMMARY_H_
#define OBKVLITE_HBASE_STATS_HOT_KEY_SUMMARY_H_

#include <cstdint>
#include <map>
#include <string>

#include "hbase/stats/space_saving.h"
#include "obkvlite/hot_keys.h"

namespace obkvlite {

struct HotKeySummary {
  int64_t requests = 0;
  int64_t deficit = 0;
  std::map<std::string, int64_t> low;  // > 0 each

  bool empty() const { return requests == 0; }

  // Adds `other` (a summary of other requests).
  void Merge(const HotKeySummary& other);
  // Adds a space-saving stripe's stream.
  void MergeStripe(const SpaceSaving& stripe);
  // Keeps at most kHotKeyCapacity - 1 keys (see above).
  void Prune();

  // The ranking, the `top` highest counts (all when top <= 0).
  HotKeyStats Report(HotKeyType type, int top) const;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STATS_HOT_KEY_SUMMARY_H_
