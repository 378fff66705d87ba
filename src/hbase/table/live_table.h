// Copyright (c) obkvlite authors.
//
// LiveTable: the Table a Store hands out (Store::GetTable). It forwards
// every operation to the layout's implementation for the table's current
// spec (layout_dispatch.h), which a lifecycle change (alter, partition
// changes, disable, drop) replaces under the table's change lock, so the
// Table pointer stays valid for the life of the Store and every operation
// runs against one spec from start to end:
//   - operations hold the change lock shared; a change holds it exclusive,
//     so no operation routes by the old partitions while the change
//     commits the new ones;
//   - a disabled table refuses every operation with FailedPrecondition
//     "table 't' is disabled", and a dropped one with NotFound;
//   - after a successful write to a table with an auto-split family, the
//     store's TableEvents::AfterWrite (its auto-split check) runs with the
//     lock released. Other tables pay nothing for it; before a purge,
//     TableEvents::BeforePurge (hbase/table_events.h);
//   - the store's compatibility gate (hbase/compat/compat_gate.h) judges
//     each operation on the current spec: the obkv profile refuses it
//     before it runs, the hbase profile records a finding once it
//     succeeded.
//   - each HBase operation (Get, Exists, GetScanner, Put, Delete, Append,
//     Increment, CheckAndMutate, Batch) is timed, from entry to return,
//     into the store's OperationRecorder (obkvlite/operation_stats.h),
//     when it has one.
// spec() returns the current spec; earlier specs stay alive with the
// LiveTable, so a returned reference stays valid while the Store lives.
//
// Lock order: the change lock, then the store's write mutexes.
// Thread safety: safe from any thread.

#ifndef OBKVLITE_HBASE_TABLE_LIVE_TABLE_H_
#define OBKVLITE_HBASE_TABLE_LIVE_TABLE_H_

#include <atomic>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "hbase/compat/compat_gate.h"
#include "hbase/stats/operation_recorder.h"
#include "hbase/table_events.h"
#include "obkvlite/table.h"

namespace obkvlite {

class LiveTable final : public Table {
 public:
  using WrittenRow = TableEvents::WrittenRow;

  // `events`, `gate` and `operations` (each may be null: none) outlive the
  // table.
  LiveTable(std::string name, std::unique_ptr<Table> impl,
            TableEvents* events = nullptr, const compat::Gate* gate = nullptr,
            OperationRecorder* operations = nullptr);

  // Installs the implementation of the changed table (its spec says
  // whether it is disabled). REQUIRED: hold ChangeLock().
  void Replace(std::unique_ptr<Table> impl);
  // Every later operation gets NotFound. REQUIRED: hold ChangeLock().
  void MarkDropped();
  // Brings a dropped table back (a create of the same name).
  // REQUIRED: hold ChangeLock().
  void Revive(std::unique_ptr<Table> impl);
  bool dropped() const;

  // The exclusive change lock.
  std::unique_lock<std::shared_mutex> ChangeLock() {
    return std::unique_lock<std::shared_mutex>(change_mu_);
  }

  const TableSpec& spec() const override;
  Status Put(const obkvlite::Put& put) override;
  Status Put(const std::vector<obkvlite::Put>& puts) override;
  Status ValidatePut(const obkvlite::Put& put, int64_t now_ms) override;
  Result<RowResult> Get(const obkvlite::Get& get) override;
  Status Get(const obkvlite::Get& get, RowResult* out) override;
  Status Get(const obkvlite::Get& get, CellVisitor* visitor) override;
  Result<bool> Exists(const obkvlite::Get& get) override;
  Result<std::vector<RowResult>> MultiGet(
      const std::vector<obkvlite::Get>& gets) override;
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
      const IndexScan& scan) override;
  Result<IndexCheckReport> CheckIndex(const std::string& index) override;
  Result<int64_t> RebuildIndex(const std::string& index,
                               const IndexRebuildOptions& options) override;

 private:
  // OK, or why the table refuses operations. REQUIRED: hold change_mu_.
  Status Usable() const;
  // C-22 on a read's results: when a table-group read (compat_checks.h
  // ReadsTableGroup) returned a cell with an empty qualifier
  // (`empty_qualifier`), the gate's refusal under the obkv profile, else a
  // finding and OK.
  Status JudgeGroupRead(const char* what, bool empty_qualifier) const;
  // Runs `op` on the implementation under the shared change lock, inside
  // the API guard (hbase/api_guard.h): every table operation passes here,
  // so no exception of any layout crosses the public API. `what` names the
  // operation in that error and in compatibility findings. `check`, when
  // given, appends the compatibility rules the operation hits on a spec
  // (hbase/compat/compat_checks.h).
  template <typename R, typename Op>
  R Run(const char* what, const Op& op) const {
    return Run<R>(what, op, [](const TableSpec&, compat::Hits*) {});
  }
  template <typename R, typename Op, typename Check>
  R Run(const char* what, const Op& op, const Check& check) const;
  // True when writes go to events_->AfterWrite (an auto-split family).
  bool WatchesWrites() const {
    return watch_writes_.load(std::memory_order_relaxed);
  }
  // Installs `impl` as the newest. REQUIRED: hold change_mu_ (or be the
  // constructor).
  void Install(std::unique_ptr<Table> impl);
  // Calls events_->AfterWrite with the cells of `puts`.
  // REQUIRED: WatchesWrites().
  void NoteWrite(const std::vector<const obkvlite::Put*>& puts) const;

  const std::string name_;
  mutable std::shared_mutex change_mu_;
  Table* impl_ = nullptr;  // the newest of impls_; guarded by change_mu_
  // Written under change_mu_; read without it (StoreImpl looks under its
  // table map's mutex, where the change lock is never taken).
  std::atomic<bool> dropped_{false};
  // Every implementation installed so far (spec() references stay valid).
  std::vector<std::unique_ptr<Table>> impls_;  // guarded by change_mu_
  // The newest spec has a family with auto_split (set by Install).
  std::atomic<bool> watch_writes_{false};
  TableEvents* const events_;            // null: none
  const compat::Gate* const gate_;       // null: none
  OperationRecorder* const operations_;  // null: operations are not timed
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_TABLE_LIVE_TABLE_H_
