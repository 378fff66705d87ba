// Copyright (c) obkvlite authors.
//
// HotKeyCounter: the hot-key counts of one table object
// (obkvlite/hot_keys.h) since the last harvest: per hot-key type,
// kStripes space-saving summaries of kHotKeyCapacity counters each, a key
// always in the stripe its hash picks, each stripe behind a lock of its
// own, so concurrent requests on different keys rarely wait on each other.
// A stripe is allocated at its first key. Harvest hands the stripes'
// streams over as HotKeySummary values and starts them afresh.
//
// Thread safety: Add and Harvest from any thread.

#ifndef OBKVLITE_HBASE_STATS_HOT_KEY_COUNTER_H_
#define OBKVLITE_HBASE_STATS_HOT_KEY_COUNTER_H_

#include <array>
#include <memory>
#include <string_view>

#include "hbase/stats/hot_key_summary.h"
#include "hbase/stats/space_saving.h"
#include "obkvlite/hot_keys.h"
#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace obkvlite {

class HotKeyCounter {
 public:
  static constexpr int kStripes = 8;

  HotKeyCounter() = default;
  HotKeyCounter(const HotKeyCounter&) = delete;
  HotKeyCounter& operator=(const HotKeyCounter&) = delete;

  // Counts one request of `type` addressing row `row`.
  void Add(HotKeyType type, std::string_view row);

  // Merges every stripe's counts into out[type] and empties the stripes.
  void Harvest(std::array<HotKeySummary, kHotKeyTypes>* out);

 private:
  struct Stripe {
    util::Mutex mu;
    std::unique_ptr<SpaceSaving> keys OBKV_GUARDED_BY(mu);  // null: none yet
  };
  std::array<std::array<Stripe, kStripes>, kHotKeyTypes> stripes_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STATS_HOT_KEY_COUNTER_H_
