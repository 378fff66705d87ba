// Copyright (c) obkvlite authors.
#include "hbase/store/store_impl.h"

#include <set>
#include <utility>

#include "ddl/store_ddl.h"
#include "hbase/api_guard.h"
#include "hbase/read/stored_rows.h"
#include "hbase/store/copy_table.h"
#include "hbase/table/layout_dispatch.h"
#include "hbase/table_schema.h"
#include "obkvlite/ddl.h"
#include "storage/catalog.h"
#include "storage/engine.h"
#include "storage/mysql/mysql_uri.h"
#include "storage/open/open_engine.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace {

// The catalog keeps spec.json, so the spec's fields must be what its json
// says: reparse it and compare the DDL both produce.
Status CheckSpecMatchesJson(const TableSpec& spec) {
  if (spec.json.empty()) {
    return Status::InvalidArgument(
        "spec: json is empty; make specs with ParseTableSpec");
  }
  Result<TableSpec> reparsed = ParseTableSpec(spec.json);
  if (!reparsed.ok()) return reparsed.status();
  if (SqliteCreateStatements(*reparsed) != SqliteCreateStatements(spec)) {
    return Status::InvalidArgument(
        "spec: fields differ from spec.json; make specs with ParseTableSpec");
  }
  return Status::OK();
}

// The specs of the index tables of `spec` (obkvlite/spec.h).
Result<std::vector<TableSpec>> IndexTableSpecs(const TableSpec& spec) {
  std::vector<TableSpec> out;
  for (const IndexSpec& index : spec.indexes) {
    OBKV_ASSIGN_OR_RETURN(TableSpec own, IndexTableSpec(spec, index));
    out.push_back(std::move(own));
  }
  return out;
}

// The table whose index `name` is, in `specs`, or nullptr.
const TableSpec* IndexOwner(const std::vector<TableSpec>& specs,
                            const std::string& name) {
  for (const TableSpec& s : specs) {
    for (const IndexSpec& index : s.indexes) {
      if (index.name == name) return &s;
    }
  }
  return nullptr;
}

}  // namespace

bool IsServerLocation(std::string_view location) {
  return storage::HasMysqlScheme(location);
}

Status CheckStoreLocation(std::string_view location) {
  return storage::RefuseMalformedUri(location);
}

Result<std::unique_ptr<Store>> Store::Open(const StoreOptions& options,
                                           const std::string& path) {
  return StoreImpl::Open(options, path);
}

Result<std::unique_ptr<Store>> StoreImpl::Open(const StoreOptions& options,
                                               const std::string& path) {
  return GuardApi("open", [&]() -> Result<std::unique_ptr<Store>> {
    OBKV_ASSIGN_OR_RETURN(storage::OpenedEngine opened,
                          storage::OpenEngine(options, path));
    std::vector<TableSpec> specs = std::move(opened.specs);
    // The engine's location: a URI without its password.
    const std::string location = opened.engine->info().location;
    std::unique_ptr<StoreImpl> store(new StoreImpl(
        std::make_unique<StoreContext>(location, options, std::move(opened))));
    store->info_ = store->ctx_->engine()->info();
    {
      std::lock_guard<std::mutex> lock(store->tables_mu_);
      store->AddTables(specs, nullptr);
    }
    if (store->ctx_->CheckWritable("open").ok()) {
      OBKV_RETURN_IF_ERROR(store->RestoreIndexTables(specs));
    }
    return std::unique_ptr<Store>(std::move(store));
  });
}

Result<std::vector<std::pair<std::string, TableSpec>>>
StoreImpl::MissingIndexTables(const std::vector<TableSpec>& specs) {
  std::set<std::string> names;
  for (const TableSpec& s : specs) names.insert(s.name);
  std::vector<std::pair<std::string, TableSpec>> out;
  for (const TableSpec& s : specs) {
    for (const IndexSpec& index : s.indexes) {
      // An index table is named after its index: only a missing one's
      // spec is made.
      if (names.count(index.name) != 0) continue;
      OBKV_ASSIGN_OR_RETURN(TableSpec own, IndexTableSpec(s, index));
      out.emplace_back(s.name, std::move(own));
    }
  }
  return out;
}

Status StoreImpl::RestoreIndexTables(const std::vector<TableSpec>& specs) {
  OBKV_ASSIGN_OR_RETURN(auto missing, MissingIndexTables(specs));
  for (const auto& [table, index] : missing) {
    {
      StoreContext::AllShardsLock write_lock(ctx_.get());
      OBKV_RETURN_IF_ERROR(ctx_->engine()
                               ->CreateTable(ctx_->writer(), index)
                               .WithPrefix("restore index table '" +
                                           index.name + "' of table '" + table +
                                           "'"));
    }
    {
      std::lock_guard<std::mutex> lock(tables_mu_);
      AddTables({index}, nullptr);
    }
    OBKV_ASSIGN_OR_RETURN(LiveTable * live, Live(table));
    OBKV_ASSIGN_OR_RETURN(
        int64_t rows, live->RebuildIndex(index.name, IndexRebuildOptions()));
    info_.repaired.push_back(
        "restored index table '" + index.name + "' of table '" + table +
        "' (a create or drop stopped between its tables), rebuilt from " +
        std::to_string(rows) + " rows");
  }
  return Status::OK();
}

void StoreImpl::AddTables(const std::vector<TableSpec>& specs,
                          std::vector<Revival>* revive) {
  for (const TableSpec& spec : specs) {
    auto it = tables_.find(spec.name);
    if (it == tables_.end()) {
      tables_[spec.name] = MakeLive(spec);
    } else if (it->second->dropped() && revive != nullptr) {
      revive->push_back({it->second.get(), spec});
    }
  }
}

void StoreImpl::ReviveTables(const std::vector<Revival>& revive) {
  for (const Revival& r : revive) {
    auto lock = r.live->ChangeLock();
    if (r.live->dropped()) {
      r.live->Revive(MakeTable(ctx_.get(), &request_stats_, &compat_gate_,
                               SchemaOf(r.spec)));
    }
  }
}

StoreImpl::StoreImpl(std::unique_ptr<StoreContext> ctx)
    : ctx_(std::move(ctx)),
      request_stats_(ctx_.get()),
      compat_findings_(ctx_.get()),
      compat_gate_(ctx_->options().compat, ctx_->options().obkv_admin_ddl,
                   &compat_findings_,
                   [ctx = ctx_.get()] { return ctx->NowMs(); }) {}

std::unique_ptr<LiveTable> StoreImpl::MakeLive(const TableSpec& spec) {
  TableEvents* events = this;
  return std::make_unique<LiveTable>(
      spec.name,
      MakeTable(ctx_.get(), &request_stats_, &compat_gate_, SchemaOf(spec)),
      events, &compat_gate_, request_stats_.operations());
}

std::shared_ptr<const TableSchema> StoreImpl::SchemaOf(
    const TableSpec& spec) const {
  return std::make_shared<const TableSchema>(
      spec, ctx_->engine()->partitions_are_tables());
}

Result<int64_t> StoreImpl::CopyTableTo(const std::string& name, Store* dest,
                                       const CopyOptions& options) {
  return GuardApi("copy", [&]() -> Result<int64_t> {
    auto* target = dynamic_cast<StoreImpl*>(dest);
    if (target == nullptr || target == this) {
      return Status::InvalidArgument(
          "dest: another store opened with Store::Open");
    }
    OBKV_ASSIGN_OR_RETURN(Table * table, GetTable(name));
    const TableSpec spec = table->spec();
    if (TableNamespace(spec.name) != kDefaultNamespace) {
      Status made =
          target->CreateNamespace(std::string(TableNamespace(spec.name)));
      if (!made.ok() && !made.IsAlreadyExists()) return made;
    }
    OBKV_RETURN_IF_ERROR(target->CreateTable(spec));
    OBKV_ASSIGN_OR_RETURN(
        int64_t rows,
        CopyTableRows(ctx_.get(), *SchemaOf(spec), target->ctx_.get(),
                      *target->SchemaOf(spec), options));
    // The index tables come along as they are (CreateTable made them).
    OBKV_ASSIGN_OR_RETURN(std::vector<TableSpec> indexes,
                          IndexTableSpecs(spec));
    for (const TableSpec& index : indexes) {
      OBKV_RETURN_IF_ERROR(CopyTableRows(ctx_.get(), *SchemaOf(index),
                                         target->ctx_.get(),
                                         *target->SchemaOf(index), options)
                               .status());
    }
    return rows;
  });
}

Status StoreImpl::ForEachStoredRow(
    const std::string& name, const std::string& family,
    const std::function<Status(const StoredRow&)>& fn) {
  return GuardApi("stored rows", [&]() -> Status {
    OBKV_ASSIGN_OR_RETURN(Table * table, GetTable(name));
    const std::shared_ptr<const TableSchema> schema = SchemaOf(table->spec());
    OBKV_ASSIGN_OR_RETURN(const FamilyInfo* info, FamilyOf(*schema, family));
    OBKV_ASSIGN_OR_RETURN(Snapshot snap, ReadSnapshot());
    OBKV_RETURN_IF_ERROR(
        ForEachStoredRowOf(snap.lease.get(), *info,
                           schema->spec().layout == Layout::kTimeseries, fn));
    return snap.txn.Commit();
  });
}

Result<LiveTable*> StoreImpl::Live(const std::string& name) {
  {
    std::lock_guard<std::mutex> lock(tables_mu_);
    auto it = tables_.find(name);
    if (it != tables_.end() && !it->second->dropped()) return it->second.get();
  }
  // Maybe another process created it: look at the catalog again. Dropped
  // objects come back outside tables_mu_ (lock order: a table's change
  // lock is never taken under tables_mu_).
  OBKV_ASSIGN_OR_RETURN(std::vector<TableSpec> specs, ReadCatalog());
  std::vector<Revival> revive;
  {
    std::lock_guard<std::mutex> lock(tables_mu_);
    AddTables(specs, &revive);
  }
  ReviveTables(revive);
  std::lock_guard<std::mutex> lock(tables_mu_);
  auto it = tables_.find(name);
  if (it == tables_.end() || it->second->dropped()) {
    return Status::NotFound("table '" + name + "' not found");
  }
  return it->second.get();
}

Result<const FamilyInfo*> StoreImpl::FamilyOf(const TableSchema& schema,
                                              const std::string& family) {
  const int rank = schema.Rank(family);
  if (rank < 0) {
    return Status::InvalidArgument("family: unknown family '" + family +
                                   "' in table '" + schema.name() + "'");
  }
  return &schema.families()[rank];
}

Result<std::vector<TableSpec>> StoreImpl::ReadCatalog() const {
  OBKV_ASSIGN_OR_RETURN(storage::ConnectionPool::Lease lease,
                        ctx_->readers().Acquire());
  return storage::LoadCatalog(lease.get());
}

Status StoreImpl::CreateTable(const TableSpec& spec) {
  // Index tables dropped before come back once the locks are released.
  std::vector<Revival> revive;
  const Status created = GuardApi("create", [&]() -> Status {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("create"));
    OBKV_RETURN_IF_ERROR(CheckSpecMatchesJson(spec));
    LiveTable* live = nullptr;
    {
      std::lock_guard<std::mutex> lock(tables_mu_);
      auto it = tables_.find(spec.name);
      if (it != tables_.end()) live = it->second.get();
    }
    // A table object of that name (dropped here, or stale after another
    // process's drop) comes back with the new spec.
    std::unique_lock<std::shared_mutex> change;
    if (live != nullptr) change = live->ChangeLock();
    StoreContext::AllShardsLock write_lock(ctx_.get());
    OBKV_RETURN_IF_ERROR(CheckNamespaceOf(spec.name));
    OBKV_ASSIGN_OR_RETURN(std::vector<TableSpec> indexes,
                          IndexTableSpecs(spec));
    OBKV_RETURN_IF_ERROR(ctx_->engine()->CreateTable(ctx_->writer(), spec));
    // The index tables, undone with the table when one cannot be made.
    for (size_t i = 0; i < indexes.size(); ++i) {
      Status made = ctx_->engine()->CreateTable(ctx_->writer(), indexes[i]);
      if (made.ok()) continue;
      for (size_t j = 0; j < i; ++j) {
        (void)ctx_->engine()->DropTable(ctx_->writer(), indexes[j]);
      }
      (void)ctx_->engine()->DropTable(ctx_->writer(), spec);
      return made.WithPrefix("index '" + indexes[i].name + "'");
    }
    auto_split_.Forget(spec.name);
    if (live != nullptr)
      live->Revive(MakeTable(ctx_.get(), &request_stats_, &compat_gate_,
                             SchemaOf(spec)));
    std::lock_guard<std::mutex> lock(tables_mu_);
    if (live == nullptr) AddTables({spec}, nullptr);
    AddTables(indexes, &revive);
    return Status::OK();
  });
  if (created.ok()) ReviveTables(revive);
  return created;
}

Status StoreImpl::DropTable(const std::string& name) {
  return GuardApi("drop", [&]() -> Status {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("drop"));
    // The table and its index tables, each object locked (change locks
    // come before the write mutexes).
    std::vector<LiveTable*> lives;
    {
      std::lock_guard<std::mutex> lock(tables_mu_);
      auto it = tables_.find(name);
      if (it != tables_.end()) lives.push_back(it->second.get());
    }
    if (!lives.empty()) {
      const std::vector<IndexSpec> indexes = lives.front()->spec().indexes;
      std::lock_guard<std::mutex> lock(tables_mu_);
      for (const IndexSpec& index : indexes) {
        auto own = tables_.find(index.name);
        if (own != tables_.end()) lives.push_back(own->second.get());
      }
    }
    std::vector<std::unique_lock<std::shared_mutex>> changes;
    for (LiveTable* live : lives) changes.push_back(live->ChangeLock());
    StoreContext::AllShardsLock write_lock(ctx_.get());
    OBKV_ASSIGN_OR_RETURN(std::vector<TableSpec> specs,
                          storage::LoadCatalog(ctx_->writer()));
    const TableSpec* spec = nullptr;
    for (const TableSpec& s : specs) {
      if (s.name == name) spec = &s;
    }
    if (spec == nullptr) {
      return Status::NotFound("table '" + name + "' not found");
    }
    if (const TableSpec* owner = IndexOwner(specs, name)) {
      return Status::FailedPrecondition(
          "table '" + name + "' is an index of table '" + owner->name +
          "' and is dropped with it");
    }
    OBKV_ASSIGN_OR_RETURN(std::vector<TableSpec> indexes,
                          IndexTableSpecs(*spec));
    for (const TableSpec& index : indexes) {
      OBKV_RETURN_IF_ERROR(ctx_->engine()->DropTable(ctx_->writer(), index));
      ctx_->EvictWriterStatements(index.name + "$");
    }
    const Status dropped = ctx_->engine()->DropTable(ctx_->writer(), *spec);
    // A failed drop of a sharded store may have been completed by the
    // shard repair: the table objects follow the catalog.
    Result<bool> kept = storage::CatalogHas(ctx_->writer(), name);
    if (!dropped.ok() && (!kept.ok() || *kept)) return dropped;
    ctx_->EvictWriterStatements(name + "$");
    ctx_->InvalidateReaderStatements();
    auto_split_.Forget(name);
    for (LiveTable* live : lives) live->MarkDropped();
    return dropped;
  });
}

Result<Table*> StoreImpl::GetTable(const std::string& name) {
  return GuardApi("get_table", [&]() -> Result<Table*> {
    OBKV_ASSIGN_OR_RETURN(LiveTable * live, Live(name));
    return static_cast<Table*>(live);
  });
}

std::vector<std::string> StoreImpl::ListTables() const {
  std::vector<std::string> names;
  try {
    Result<std::vector<TableSpec>> specs = ReadCatalog();
    if (specs.ok()) {
      for (const TableSpec& spec : *specs) names.push_back(spec.name);
      return names;
    }
    std::lock_guard<std::mutex> lock(tables_mu_);
    for (const auto& entry : tables_) names.push_back(entry.first);
  } catch (const std::exception&) {
  }
  return names;
}

}  // namespace obkvlite
