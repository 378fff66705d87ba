// Copyright (c) obkvlite authors.
#include "hbase/store_impl.h"

#include <sys/stat.h>

#include "hbase/api_guard.h"
#include "hbase/layout_dispatch.h"
#include "hbase/table_schema.h"
#include "obkvlite/ddl.h"
#include "storage/catalog.h"
#include "storage/format_version.h"
#include "storage/shards.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace {

bool FileExists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

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

// Options that SQLite would silently ignore or misread.
Status CheckOptions(const StoreOptions& options) {
  const int ps = options.page_size;
  if (ps < 512 || ps > 65536 || (ps & (ps - 1)) != 0) {
    return Status::InvalidArgument(
        "options.page_size: must be a power of two in [512, 65536]; got " +
        std::to_string(ps));
  }
  if (options.cache_size_kib < 0) {
    return Status::InvalidArgument("options.cache_size_kib: must be >= 0; got " +
                                   std::to_string(options.cache_size_kib));
  }
  if (options.shards < 0 || options.shards > kMaxShards) {
    return Status::InvalidArgument("options.shards: must be in [0, " +
                                   std::to_string(kMaxShards) + "]; got " +
                                   std::to_string(options.shards));
  }
  if (options.busy_timeout_ms < 0) {
    return Status::InvalidArgument(
        "options.busy_timeout_ms: must be >= 0; got " +
        std::to_string(options.busy_timeout_ms));
  }
  return Status::OK();
}

// The store's shard count (storage::ResolveShardCount), recorded in a write
// transaction when a new store asks for several. Opening with the default
// (0: as recorded) only reads it, without taking the write lock.
Result<int> ResolveShards(storage::Connection* writer, const std::string& path,
                          int requested) {
  if (requested == 0) return storage::ReadShardCount(writer->db());
  storage::Transaction txn;
  if (!writer->db()->read_only()) {
    OBKV_ASSIGN_OR_RETURN(txn, storage::Transaction::Begin(
                                   writer, storage::Transaction::Kind::kWrite));
  }
  OBKV_ASSIGN_OR_RETURN(
      int shards, storage::ResolveShardCount(writer->db(), path, requested));
  if (txn.active()) OBKV_RETURN_IF_ERROR(txn.Commit());
  return shards;
}

// Opens the writers of shards 1.. into `writers` and returns the
// all-shards writer, after repairing what a crash inside a create or drop
// left (storage::RepairShards). A shard file is created only for a store
// that has no tables yet (`has_tables` false); otherwise a missing one is
// Corruption.
Result<std::unique_ptr<storage::Connection>> OpenShardWriters(
    const std::string& path, const StoreOptions& options, int shards,
    bool has_tables,
    std::vector<std::unique_ptr<storage::Connection>>* writers) {
  for (int k = 1; k < shards; ++k) {
    const std::string file = storage::ShardFilePath(path, k);
    const bool exists = FileExists(file);
    if (!exists && (options.read_only || has_tables)) {
      return Status::Corruption(file + ": shard " + std::to_string(k) +
                                " of this " + std::to_string(shards) +
                                "-shard store is missing");
    }
    const storage::OpenMode mode =
        options.read_only ? storage::OpenMode::kReadOnly
        : exists          ? storage::OpenMode::kReadWrite
                          : storage::OpenMode::kReadWriteCreate;
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<storage::Connection> shard_writer,
        storage::Connection::Open(file, mode, options, !options.read_only));
    writers->push_back(std::move(shard_writer));
  }
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<storage::Connection> all_writer,
                        storage::Connection::Open(
                            path,
                            options.read_only ? storage::OpenMode::kReadOnly
                                              : storage::OpenMode::kReadWrite,
                            options, false));
  OBKV_RETURN_IF_ERROR(
      storage::AttachShards(all_writer->db(), path, shards, options));
  if (!options.read_only) {
    OBKV_RETURN_IF_ERROR(storage::RepairShards(all_writer.get(), shards));
  }
  return all_writer;
}

}  // namespace

Result<std::unique_ptr<Store>> Store::Open(const StoreOptions& options,
                                           const std::string& path) {
  return StoreImpl::Open(options, path);
}

Result<std::unique_ptr<Store>> StoreImpl::Open(const StoreOptions& options,
                                               const std::string& path) {
  return GuardApi("open", [&]() -> Result<std::unique_ptr<Store>> {
    if (path.empty() || path == ":memory:" || path[0] == ':') {
      return Status::InvalidArgument("path: a store is a file; got '" + path +
                                     "'");
    }
    OBKV_RETURN_IF_ERROR(CheckOptions(options));
    const bool exists = FileExists(path);
    if (!exists && (options.read_only || !options.create_if_missing)) {
      return Status::NotFound(
          path + ": no such store (create_if_missing is " +
          (options.read_only ? "off for read-only stores" : "false") + ")");
    }
    const storage::OpenMode mode =
        options.read_only           ? storage::OpenMode::kReadOnly
        : options.create_if_missing ? storage::OpenMode::kReadWriteCreate
                                    : storage::OpenMode::kReadWrite;
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<storage::Connection> writer,
        storage::Connection::Open(path, mode, options, !options.read_only));
    OBKV_RETURN_IF_ERROR(storage::InitializeStoreFormat(writer.get(), path));
    OBKV_ASSIGN_OR_RETURN(int shards,
                          ResolveShards(writer.get(), path, options.shards));
    OBKV_ASSIGN_OR_RETURN(std::vector<TableSpec> specs,
                          storage::LoadCatalog(writer.get()));
    std::vector<std::unique_ptr<storage::Connection>> writers;
    writers.push_back(std::move(writer));
    std::unique_ptr<storage::Connection> all_writer;
    if (shards > 1) {
      OBKV_ASSIGN_OR_RETURN(
          all_writer,
          OpenShardWriters(path, options, shards, !specs.empty(), &writers));
    }
    std::unique_ptr<StoreImpl> store(
        new StoreImpl(std::make_unique<StoreContext>(
            path, options, shards, std::move(writers), std::move(all_writer))));
    {
      std::lock_guard<std::mutex> lock(store->tables_mu_);
      store->AddTables(specs);
    }
    return std::unique_ptr<Store>(std::move(store));
  });
}

void StoreImpl::AddTables(const std::vector<TableSpec>& specs) {
  for (const TableSpec& spec : specs) {
    if (tables_.count(spec.name) > 0) continue;
    tables_[spec.name] =
        MakeTable(ctx_.get(), std::make_shared<const TableSchema>(spec));
  }
}

Result<std::vector<TableSpec>> StoreImpl::ReadCatalog() const {
  OBKV_ASSIGN_OR_RETURN(storage::ConnectionPool::Lease lease,
                        ctx_->readers().Acquire());
  return storage::LoadCatalog(lease.get());
}

Status StoreImpl::CreateTable(const TableSpec& spec) {
  return GuardApi("create", [&]() -> Status {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("create"));
    OBKV_RETURN_IF_ERROR(CheckSpecMatchesJson(spec));
    StoreContext::AllShardsLock write_lock(ctx_.get());
    OBKV_RETURN_IF_ERROR(
        storage::CreateCatalogTable(ctx_->writer(), spec, ctx_->shards()));
    std::lock_guard<std::mutex> lock(tables_mu_);
    tables_.erase(spec.name);  // a stale object from another process's drop
    AddTables({spec});
    return Status::OK();
  });
}

Status StoreImpl::DropTable(const std::string& name) {
  return GuardApi("drop", [&]() -> Status {
    OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("drop"));
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
    OBKV_RETURN_IF_ERROR(storage::DropCatalogTable(ctx_->writer(), *spec));
    ctx_->EvictWriterStatements(name + "$");
    ctx_->readers().InvalidateStatements();
    std::lock_guard<std::mutex> lock(tables_mu_);
    tables_.erase(name);
    return Status::OK();
  });
}

Result<Table*> StoreImpl::GetTable(const std::string& name) {
  return GuardApi("get_table", [&]() -> Result<Table*> {
    {
      std::lock_guard<std::mutex> lock(tables_mu_);
      auto it = tables_.find(name);
      if (it != tables_.end()) return it->second.get();
    }
    // Maybe another process created it: look at the catalog again.
    OBKV_ASSIGN_OR_RETURN(std::vector<TableSpec> specs, ReadCatalog());
    std::lock_guard<std::mutex> lock(tables_mu_);
    AddTables(specs);
    auto it = tables_.find(name);
    if (it == tables_.end()) {
      return Status::NotFound("table '" + name + "' not found");
    }
    return it->second.get();
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
