// Copyright (c) obkvlite authors.
//
// TimeseriesTable: the Table of a timeseries-layout HBase table (K, T, S,
// V-json; DESIGN §2, doc/timeseries.md). Puts and deletes validate all of
// their input, then run one write transaction (StoreContext::RunWrite);
// gets and scans plan with PlanGet / PlanScan (validation, TimeToLive,
// partition pruning) after the OBKV limitations are checked, and read with
// a TimeseriesScanner. Increment, append and check_and_mutate are refused
// ("not supported for timeseries families"); max_versions is ignored.
//
// REQUIRED: the StoreContext outlives the table.
// Thread safety: safe from any thread (obkvlite/table.h).

#ifndef OBKVLITE_HBASE_TIMESERIES_TIMESERIES_TABLE_H_
#define OBKVLITE_HBASE_TIMESERIES_TIMESERIES_TABLE_H_

#include <cstddef>
#include <memory>
#include <vector>

#include "hbase/compat/compat_gate.h"
#include "hbase/context/store_context.h"
#include "hbase/stats/request_counting.h"
#include "hbase/stats/table_counters.h"
#include "hbase/table_schema.h"
#include "hbase/timeseries/timeseries_write.h"
#include "obkvlite/table.h"

namespace obkvlite {

class TimeseriesTable final : public Table {
 public:
  // `counters`: the store's RequestStatsCollector::ForTable (null: counting
  // off). `gate`: the store's compatibility gate, told of a scan whose rows
  // OBKV would order differently (null: none).
  TimeseriesTable(StoreContext* ctx, std::shared_ptr<const TableSchema> schema,
                  std::shared_ptr<TableCounters> counters,
                  const compat::Gate* gate)
      : ctx_(ctx),
        schema_(std::move(schema)),
        counters_(std::move(counters)),
        gate_(gate) {}

  const TableSpec& spec() const override { return schema_->spec(); }

  using Table::Get;  // Get into a RowResult: the default

  Status Put(const obkvlite::Put& put) override;
  Status Put(const std::vector<obkvlite::Put>& puts) override;
  Status ValidatePut(const obkvlite::Put& put, int64_t now_ms) override;
  Result<RowResult> Get(const obkvlite::Get& get) override;
  Result<bool> Exists(const obkvlite::Get& get) override;
  Result<std::unique_ptr<Scanner>> GetScanner(
      const obkvlite::Scan& scan) override;
  Status Delete(const obkvlite::Delete& del) override;
  // Refused: not supported for timeseries families.
  Result<RowResult> Increment(const obkvlite::Increment&) override;
  Result<RowResult> Append(const obkvlite::Append&) override;
  Result<bool> CheckAndMutate(const obkvlite::CheckAndMutate&) override;
  // Puts and deletes only, in one transaction, in order.
  Result<std::vector<MutationResult>> Batch(
      const std::vector<Mutation>& mutations) override;
  // Removes documents older than each family's TimeToLive; versions are
  // never excess (max_versions does not apply to timeseries families).
  Result<PurgeStats> Purge() override;

 private:
  // The buffers of a thread's puts, reused by its next batch.
  struct PutBuffers {
    TimeseriesPlan plan;
    WriteTargets targets;
    std::vector<std::vector<size_t>> by_shard;
  };
  static PutBuffers& ThreadPutBuffers();

  // Plans puts[0, n) (every check first), writes them in one transaction
  // (or one per shard, each put's documents in one) and counts them.
  Status WritePuts(const obkvlite::Put* puts, size_t n);

  // In a sharded store, fills (*by_shard)[k] with the indexes of the puts
  // shard k holds and returns true, when every put's documents lie in one
  // shard (one put shares one S, so its documents are written in one
  // transaction); false otherwise, and for a store of one file.
  bool PutsByShard(const TimeseriesPlan& plan,
                   std::vector<std::vector<size_t>>* by_shard) const;

  StoreContext* ctx_;
  const std::shared_ptr<const TableSchema> schema_;
  const std::shared_ptr<TableCounters> counters_;  // null: not counted
  const compat::Gate* const gate_;  // null: no compatibility notes
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_TIMESERIES_TIMESERIES_TABLE_H_
