// Copyright (c) obkvlite authors.
//
// StoreImpl: Store::Open's store (obkvlite/store.h). It owns the
// StoreContext (writer connection, read pool, clock) and one LiveTable per
// table it has seen (live_table.h), each over the layout's implementation
// (layout_dispatch.h). Creates and drops run through the engine under the
// write mutexes; lifecycle changes (store_lifecycle.cc) also hold the
// table's change lock.
//
// Thread safety: safe from any thread. Lock order: a table's change lock,
// the write mutexes, then tables_mu_.

#ifndef OBKVLITE_HBASE_STORE_STORE_IMPL_H_
#define OBKVLITE_HBASE_STORE_STORE_IMPL_H_

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "hbase/compat/compat_findings.h"
#include "hbase/compat/compat_gate.h"
#include "hbase/context/store_context.h"
#include "hbase/stats/request_stats_collector.h"
#include "hbase/store/auto_split.h"
#include "hbase/table/live_table.h"
#include "hbase/table_schema.h"
#include "obkvlite/store.h"
#include "storage/transaction.h"

namespace obkvlite {

class StoreImpl final : public Store, private TableEvents {
 public:
  static Result<std::unique_ptr<Store>> Open(const StoreOptions& options,
                                             const std::string& path);

  Status CreateTable(const TableSpec& spec) override;
  Status DropTable(const std::string& name) override;
  Result<Table*> GetTable(const std::string& name) override;
  std::vector<std::string> ListTables() const override;
  const std::string& path() const override { return ctx_->path(); }
  const StoreInfo& info() const override { return info_; }
  // The names partitions go by here: by index in a SQLite store's tables,
  // the server's own on a server.
  PartitionNaming partition_naming() const {
    return info().engine == "sqlite" ? PartitionNaming::kIndex
                                     : PartitionNaming::kServer;
  }
  // store_lifecycle.cc
  Result<std::vector<std::string>> Check() override;
  int64_t NowMs() const override { return ctx_->NowMs(); }
  GroupCommitStats group_commit_stats() const override {
    return ctx_->group_commit_stats();
  }
  // What the tables share (writers, queues, readers, clock), for tests.
  StoreContext* context() const { return ctx_.get(); }
  // store_request_stats.cc
  Result<std::vector<RequestStatsBucket>> RequestStats(
      const std::string& name, const RequestStatsQuery& query) override;
  Status ResetRequestStats(const std::string& name,
                           const std::string& family) override;
  Result<std::vector<HotKeyStats>> HotKeys(const std::string& name,
                                           int top) override;
  Result<std::vector<OperationStatsLine>> OperationStats() override;
  Status ResetOperationStats() override;
  Status FlushRequestStats() override;
  // store_compat.cc
  Status CompatCheck(const std::string& table, const std::string& operation,
                     const std::string& rule) override;
  CompatProfile compat_profile() const override {
    return compat_gate_.profile();
  }
  Result<std::vector<CompatFinding>> CompatFindings() override;
  Status ResetCompatFindings() override;
  Status FlushCompatFindings() override;
  Result<int64_t> CopyTableTo(const std::string& name, Store* dest,
                              const CopyOptions& options) override;
  Status ForEachStoredRow(
      const std::string& name, const std::string& family,
      const std::function<Status(const StoredRow&)>& fn) override;
  Result<bool> TableExists(const std::string& name) override;
  using Store::CreateNamespace;
  Status CreateNamespace(
      const std::string& name,
      const std::map<std::string, std::string>& properties) override;
  Result<std::map<std::string, std::string>> GetNamespaceProperties(
      const std::string& name) override;
  Status AlterNamespace(const std::string& name,
                        const std::map<std::string, std::string>& set,
                        const std::vector<std::string>& unset) override;
  Status DropNamespace(const std::string& name) override;
  Result<std::vector<std::string>> ListNamespaces() override;
  Status DisableTable(const std::string& name,
                      const ChangeOptions& options) override;
  Status EnableTable(const std::string& name,
                     const ChangeOptions& options) override;
  Status AlterTable(const TableSpec& spec,
                    const ChangeOptions& options) override;
  Status TruncateTable(const std::string& name,
                       const ChangeOptions& options) override;
  Result<PartitionChangeResult> ChangePartitions(
      const std::string& name, const PartitionChange& change) override;
  using Store::ListPartitions;
  Result<std::vector<PartitionInfo>> ListPartitions(
      const std::string& name, const std::string& family,
      const PartitionListOptions& options) override;

 private:
  // A lifecycle change as the callback of ChangeTable computes it.
  struct TableChange {
    TableSpec after;
    std::vector<FamilyMoves> moves;
  };
  using PlanFn = std::function<Result<TableChange>(const TableSpec& before)>;

  // Runs a lifecycle change of table `name`: under its change lock and the
  // write mutexes, reads the current spec from the catalog, plans with
  // `plan`, fills `ddl` (may be null) with the OceanBase statements, and
  // unless `dry_run` has the engine make it and installs the new table.
  // Returns the rows the engine copied.
  Result<int64_t> ChangeTable(const std::string& name, const char* what,
                              bool dry_run, std::vector<std::string>* ddl,
                              const storage::MoveProgress& progress,
                              const PlanFn& plan);
  // Finishes a crashed change of table `name` (Engine::RepairPlans) and,
  // when there was one, installs the table the catalog now holds. REQUIRED:
  // its change lock and the write mutexes are held.
  Status FinishCrashedChange(const std::string& name, LiveTable* live)
      OBKV_REQUIRES(ctx_->writer_capability());
  // Disable (true) or enable (false).
  // HBase's alter reopens the regions, whose flush drops the versions over
  // the old VERSIONS: when `after` raises a family's limit, the table is
  // purged first, so the versions HBase would have discarded do not come
  // back under the higher limit.
  Status PurgeBeforeVersionsRise(const TableSpec& after);
  Status SetDisabled(const std::string& name, bool disabled,
                     const ChangeOptions& options);
  // The LiveTable of `name`, or NotFound.
  Result<LiveTable*> Live(const std::string& name);
  // A new LiveTable for `spec`, reporting its events to this store.
  std::unique_ptr<LiveTable> MakeLive(const TableSpec& spec);
  // TableEvents. BeforePurge: purge's roll of time windows and emptying of
  // partitions past TTL (store_partitions.cc). AfterWrite: the auto-split
  // check (auto_split.h, store_auto_split.cc).
  Result<PurgeStats> BeforePurge(const std::string& name) override;
  void AfterWrite(const std::string& name,
                  const std::vector<WrittenRow>& rows) override;
  // The row key to split an auto-split partition at once its exact count
  // is above `limit`; nullopt (and the count recorded) otherwise.
  Result<std::optional<std::string>> SplitKey(const FamilyInfo& info, int index,
                                              const AutoSplitter::Key& key,
                                              int64_t limit);
  // Makes the namespace properties table when missing, then sets `set`
  // and removes `unset` of namespace `name` in one write transaction.
  // REQUIRED: hold an AllShardsLock.
  Status WriteProperties(const std::string& name,
                         const std::map<std::string, std::string>& set,
                         const std::vector<std::string>& unset)
      OBKV_REQUIRES(ctx_->writer_capability());
  // NotFound unless the namespace of table `table` exists.
  // REQUIRED: hold an AllShardsLock.
  Status CheckNamespaceOf(const std::string& table)
      OBKV_REQUIRES(ctx_->writer_capability());
  // The family `family` of `schema`, or InvalidArgument naming it.
  static Result<const FamilyInfo*> FamilyOf(const TableSchema& schema,
                                            const std::string& family);
  // A pooled read connection inside a read transaction (one snapshot).
  using Snapshot = StoreContext::Snapshot;
  Result<Snapshot> ReadSnapshot() { return ctx_->ReadSnapshot(); }
  // Stored rows of first-level partition `index` of `family`.
  Result<int64_t> CountCells(storage::Connection* conn,
                             const FamilyInfo& family, int index) const;
  // Stored rows of every first-level partition of `family`, by index: a
  // COUNT(*) per partition table, or on a server that partitions the one
  // relation itself, one grouped query over the server's own partitions
  // (information_schema.PARTITIONS, SELECT ... PARTITION (p)), partition
  // i being the server's of the spec's name for it, so the figures are
  // the server's (whose KEY hash may differ from OceanBase's). Where the
  // server's first level is not the spec's (KEY + RANGE(G) on MariaDB),
  // CountByRouting.
  Result<std::vector<int64_t>> CountAllCells(storage::Connection* conn,
                                             const FamilyInfo& family) const;
  // The same by routing every stored row as the store does (one pass).
  Result<std::vector<int64_t>> CountByRouting(storage::Connection* conn,
                                              const FamilyInfo& family) const;
  explicit StoreImpl(std::unique_ptr<StoreContext> ctx);
  // A dropped table object to bring back with `spec`.
  struct Revival {
    LiveTable* live;
    TableSpec spec;
  };
  // Adds a LiveTable for every spec not known yet; a dropped one of that
  // name goes to `revive` (may be null) for ReviveTables.
  // REQUIRED: hold tables_mu_.
  void AddTables(const std::vector<TableSpec>& specs,
                 std::vector<Revival>* revive);
  // Brings the objects back under their change locks.
  // REQUIRED: hold neither tables_mu_ nor a write mutex.
  void ReviveTables(const std::vector<Revival>& revive);
  // The schema of `spec` on this store's engine.
  std::shared_ptr<const TableSchema> SchemaOf(const TableSpec& spec) const;
  // Reads the catalog on a pooled read connection.
  Result<std::vector<TableSpec>> ReadCatalog() const;
  // A create or a drop of a table with indexes is one change per table
  // (the table, then each index table; the drop the other way round), so a
  // crash between them leaves the table without some index tables, and its
  // writes fail. The open of a writable store makes each missing one again
  // and rebuilds it from the table's rows: an unfinished create is
  // finished (the table is empty), an unfinished drop rolled back (the
  // table is whole again; the drop was never acknowledged). Each one is a
  // line of info().repaired. `specs`: the catalog.
  Status RestoreIndexTables(const std::vector<TableSpec>& specs);
  // The index tables that tables of the catalog `specs` name but that the
  // catalog lacks, each with the name of its table.
  static Result<std::vector<std::pair<std::string, TableSpec>>>
  MissingIndexTables(const std::vector<TableSpec>& specs);

  std::unique_ptr<StoreContext> ctx_;
  // After ctx_, so that they stop (their final flush) while its writers
  // are alive, and before the tables, which count into them.
  RequestStatsCollector request_stats_;
  FindingsCollector compat_findings_;
  const compat::Gate compat_gate_;  // notes into compat_findings_
  StoreInfo info_;  // the engine's, and RestoreIndexTables' repairs
  mutable std::mutex tables_mu_;
  std::map<std::string, std::unique_ptr<LiveTable>> tables_;  // tables_mu_
  AutoSplitter auto_split_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STORE_STORE_IMPL_H_
