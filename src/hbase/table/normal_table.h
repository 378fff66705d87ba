// Copyright (c) obkvlite authors.
//
// NormalTable: the Table of a normal-layout HBase table (K, Q, T, V). Each
// operation validates all of its input first, then runs its one write
// transaction (StoreContext::RunWrite) or its read (a leased connection);
// the per-operation logic lives in one file per concept (write_path,
// read_path, delete_ops, increment_append, check_and_mutate, batch, purge).
//
// REQUIRED: the StoreContext outlives the table.
// Thread safety: safe from any thread (obkvlite/table.h).

#ifndef OBKVLITE_HBASE_TABLE_NORMAL_TABLE_H_
#define OBKVLITE_HBASE_TABLE_NORMAL_TABLE_H_

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "hbase/compat/compat_gate.h"
#include "hbase/context/store_context.h"
#include "hbase/stats/table_counters.h"
#include "hbase/table_schema.h"
#include "hbase/write/write_path.h"
#include "obkvlite/table.h"

namespace obkvlite {

class NormalTable final : public Table {
 public:
  // `counters`: the store's RequestStatsCollector::ForTable (null: counting
  // off). `gate`: the store's compatibility gate, told of a scan whose rows
  // OBKV would order differently (null: none).
  NormalTable(StoreContext* ctx, std::shared_ptr<const TableSchema> schema,
              std::shared_ptr<TableCounters> counters, const compat::Gate* gate)
      : ctx_(ctx),
        schema_(std::move(schema)),
        counters_(std::move(counters)),
        gate_(gate) {}

  const TableSpec& spec() const override { return schema_->spec(); }

  Status Put(const obkvlite::Put& put) override;
  Status Put(const std::vector<obkvlite::Put>& puts) override;
  Status ValidatePut(const obkvlite::Put& put, int64_t now_ms) override;
  Result<RowResult> Get(const obkvlite::Get& get) override;
  Status Get(const obkvlite::Get& get, RowResult* out) override;
  Status Get(const obkvlite::Get& get, CellVisitor* visitor) override;
  Result<bool> Exists(const obkvlite::Get& get) override;
  Result<std::unique_ptr<Scanner>> GetScanner(
      const obkvlite::Scan& scan) override;
  Status Delete(const obkvlite::Delete& del) override;
  Result<RowResult> Increment(const obkvlite::Increment& inc) override;
  Result<RowResult> Append(const obkvlite::Append& app) override;
  Result<bool> CheckAndMutate(const obkvlite::CheckAndMutate& cam) override;
  Result<std::vector<MutationResult>> Batch(
      const std::vector<Mutation>& mutations) override;
  Result<PurgeStats> Purge() override;
  Result<std::unique_ptr<Scanner>> GetIndexScanner(
      const obkvlite::IndexScan& scan) override;
  Result<IndexCheckReport> CheckIndex(const std::string& index) override;
  Result<int64_t> RebuildIndex(const std::string& index,
                               const IndexRebuildOptions& options) override;

 private:
  // Runs `body` in one write transaction (StoreContext::RunWrite). When the
  // table has indexes, the index state of `rows` is read first and their
  // entries are brought in step after `body`, in the same transaction
  // (index_sync.h). `idempotent` and `bytes` as for StoreContext::RunWrite.
  // `placement` as for StoreContext::RunWrite: any session for a blind
  // write, the row's for a read-modify-write of one row, the first writer
  // for one of several rows; every write of a table with indexes takes
  // the first writer (WritePlacement, writer_lanes.h).
  Status RunIndexedWrite(
      const char* what, const std::vector<std::string_view>& rows,
      const std::function<Status(storage::Connection*)>& body,
      WritePlacement placement, bool idempotent = false, int64_t bytes = 0);

  // Writes routed cells in one transaction; in a sharded store, in one
  // transaction per shard they touch, in shard order (doc/shards.md).
  // Reorders `cells`.
  Status WriteRouted(std::vector<RoutedCell>* cells);

  // A Get into `*out` (empty on error), counted.
  Status ReadGet(const obkvlite::Get& get, RowResult* out);
  // The same cells handed to `visitor` as views (Table::Get(get, visitor)),
  // their number in `*cells` when not null; without `values` (Exists) the
  // cells' values are not read unless the filter reads them.
  Status VisitGet(const obkvlite::Get& get, bool values, CellVisitor* visitor,
                  int64_t* cells);

  StoreContext* ctx_;
  const std::shared_ptr<const TableSchema> schema_;
  // Request counts (hbase/stats/request_counting.h); null when counting is off.
  const std::shared_ptr<TableCounters> counters_;
  const compat::Gate* const gate_;  // null: no compatibility notes
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_TABLE_NORMAL_TABLE_H_
