// Copyright (c) obkvlite authors.
#include "hbase/stats/table_counters.h"

#include "hbase/stats/request_stats_collector.h"

namespace obkvlite {

TableCounters::TableCounters(const TableSchema& schema, int64_t bucket_ms,
                             RequestStatsCollector* collector, bool hot_keys)
    : table_(schema.name()),
      bucket_ms_(bucket_ms),
      collector_(collector),
      hot_keys_on_(hot_keys) {
  for (const FamilyInfo& info : schema.families()) {
    Family f;
    f.name = info.name();
    f.partitions = info.router.partition_count();
    const size_t n = static_cast<size_t>(f.partitions) * kSlots;
    f.slots.reset(new std::atomic<int64_t>[n]);
    for (size_t i = 0; i < n; ++i) f.slots[i].store(0);
    families_.push_back(std::move(f));
  }
}

void TableCounters::Rotate(int64_t bucket) { collector_->Rotate(this, bucket); }

}  // namespace obkvlite
