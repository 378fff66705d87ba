// Copyright (c) obkvlite authors.
//
// RequestStatsCollector: a store's request statistics
// (obkvlite/request_stats.h). It hands each table object its
// TableCounters, takes their counts into pending buckets (at a bucket
// change, a flush, a read), and adds the pending buckets to the store's
// "obkv_stats" table (layout/request_stats_sql.h) in one write transaction
// on shard 0's writer: from a background thread every
// StoreOptions::request_stats_flush_ms, on FlushRequestStats, and when the
// collector stops (at close). A failed flush keeps its buckets for the
// next one. The table is created at the first flush (outside the write
// transaction: server DDL commits by itself).
//
// It keeps the tables' hot keys too (obkvlite/hot_keys.h): each flush
// merges the table objects' hot-key counts into the store's table
// "obkv_hotkeys" (hbase/stats/hot_keys_table.h), in the same flush as the
// request counts (they are on and off together).
//
// It keeps the store's operation statistics too
// (obkvlite/operation_stats.h): its OperationRecorder times every table
// operation, and each flush adds the recorder's harvest to the store's
// "obkv_op_stats" table (hbase/stats/operation_stats_table.h).
//
// Off (StoreOptions::request_stats false) ForTable returns null; with
// StoreOptions::operation_stats false operations() is null; with both off
// nothing runs. A read-only store counts but never writes.
//
// REQUIRED: the StoreContext outlives the collector; Stop() (or the
// destructor) runs before the context's writers go away.
// Thread safety: safe from any thread.

#ifndef OBKVLITE_HBASE_STATS_REQUEST_STATS_COLLECTOR_H_
#define OBKVLITE_HBASE_STATS_REQUEST_STATS_COLLECTOR_H_

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "hbase/stats/hot_keys_table.h"
#include "hbase/stats/operation_recorder.h"
#include "hbase/stats/table_counters.h"
#include "hbase/table_schema.h"
#include "obkvlite/hot_keys.h"
#include "obkvlite/operation_stats.h"
#include "obkvlite/request_stats.h"
#include "obkvlite/status.h"
#include "util/mutex.h"
#include "util/periodic_task.h"
#include "util/thread_annotations.h"

namespace obkvlite {

class StoreContext;

class RequestStatsCollector {
 public:
  // Starts the flusher when either counting is on and the store is
  // writable.
  explicit RequestStatsCollector(StoreContext* ctx);
  ~RequestStatsCollector();
  RequestStatsCollector(const RequestStatsCollector&) = delete;
  RequestStatsCollector& operator=(const RequestStatsCollector&) = delete;

  bool enabled() const { return enabled_; }

  // New counters for a table object of `schema`; null when counting is off.
  std::shared_ptr<TableCounters> ForTable(const TableSchema& schema);

  // The recorder table operations time themselves into; null when
  // StoreOptions::operation_stats is off. Lives as long as the collector.
  OperationRecorder* operations() { return ops_.get(); }

  // Adds the pending counts to obkv_stats and obkv_op_stats (OK on a
  // read-only store).
  Status Flush();

  // Every (surface, operation) with operations: stored plus pending, one
  // line each (not summarized), in surface then operation order.
  Result<std::vector<OperationStatsLine>> ReadOperations();

  // Zeroes the operation statistics, stored and pending. NotSupported on a
  // read-only store.
  Status ResetOperations();

  // Every bucket of `table` with counts: stored plus pending, families in
  // `families` (all when empty), buckets in [since, until).
  Result<std::vector<RequestStatsBucket>> Read(
      const std::string& table, const std::set<std::string>& families,
      int64_t since_ms, int64_t until_ms);

  // The hot keys of `table`: stored plus pending, one HotKeyStats per type
  // with requests, in type order, each with its `top` highest counts (all
  // when top <= 0).
  Result<std::vector<HotKeyStats>> HotKeys(const std::string& table, int top);

  // Zeroes `table`'s counts (of `family` only when not empty), stored and
  // pending; without a family its hot keys too.
  Status Reset(const std::string& table, const std::string& family);

  // Stops the flusher and flushes once more; idempotent.
  void Stop();

  // TableCounters::Enter's slow path: the counters' old bucket becomes
  // pending and they move to `bucket`.
  void Rotate(TableCounters* counters, int64_t bucket);

 private:
  // (table, family, partition, bucket_start_ms)
  using Key = std::tuple<std::string, std::string, int, int64_t>;
  using Buckets = std::map<Key, RequestCounts>;

  // Takes every table's slot counts into pending_.
  void HarvestAll() OBKV_REQUIRES(mu_);
  void Harvest(TableCounters* counters) OBKV_REQUIRES(mu_);
  // Takes `counters`' hot-key counts into hot_pending_.
  void HarvestHotKeys(TableCounters* counters) OBKV_REQUIRES(mu_);
  // Writes `buckets` to obkv_stats, creating it first when needed.
  Status Write(const Buckets& buckets) OBKV_REQUIRES(flush_mu_);
  Status EnsureTable() OBKV_REQUIRES(flush_mu_);

  StoreContext* const ctx_;
  const bool enabled_;
  const bool writable_;
  const std::unique_ptr<OperationRecorder> ops_;  // null: off

  // One flush, read or reset at a time; taken before mu_.
  util::Mutex flush_mu_;
  bool table_created_ OBKV_GUARDED_BY(flush_mu_) = false;
  bool ops_table_created_ OBKV_GUARDED_BY(flush_mu_) = false;
  bool hot_table_created_ OBKV_GUARDED_BY(flush_mu_) = false;

  util::Mutex mu_;
  std::vector<std::shared_ptr<TableCounters>> counters_ OBKV_GUARDED_BY(mu_);
  Buckets pending_ OBKV_GUARDED_BY(mu_);
  OperationBuckets ops_pending_ OBKV_GUARDED_BY(mu_);
  HotKeyBuckets hot_pending_ OBKV_GUARDED_BY(mu_);

  // Flushes every StoreOptions::request_stats_flush_ms.
  util::PeriodicTask flusher_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STATS_REQUEST_STATS_COLLECTOR_H_
