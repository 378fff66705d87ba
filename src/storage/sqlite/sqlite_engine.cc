// Copyright (c) obkvlite authors.
#include "storage/sqlite/sqlite_engine.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include "ddl/sql_quote.h"
#include "storage/catalog.h"
#include "storage/namespaces.h"
#include "storage/sqlite/format_version.h"
#include "storage/sqlite/shards.h"
#include "storage/sqlite/sqlite_db.h"
#include "storage/sqlite/sqlite_alter.h"
#include "storage/sqlite/sqlite_connection.h"
#include "storage/sqlite/sqlite_lasting_map_vfs.h"
#include "storage/sqlite/sqlite_read_lock_linger.h"
#include "storage/sqlite/sqlite_sizes.h"
#include "storage/store_check.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace storage {
namespace {

bool FileExists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

// Options that SQLite would silently ignore or misread.
Status CheckOptions(const StoreOptions& options) {
  const int ps = options.sqlite.page_size;
  if (ps < 512 || ps > 65536 || (ps & (ps - 1)) != 0) {
    return Status::InvalidArgument(
        "options.sqlite.page_size: must be a power of two in [512, 65536]; "
        "got " +
        std::to_string(ps));
  }
  if (options.sqlite.cache_size_kib < 0) {
    return Status::InvalidArgument(
        "options.sqlite.cache_size_kib: must be >= 0; got " +
        std::to_string(options.sqlite.cache_size_kib));
  }
  if (options.sqlite.mmap_size < 0) {
    return Status::InvalidArgument(
        "options.sqlite.mmap_size: must be >= 0; got " +
        std::to_string(options.sqlite.mmap_size));
  }
  if (options.sqlite.shards < 0 || options.sqlite.shards > kMaxShards) {
    return Status::InvalidArgument("options.sqlite.shards: must be in [0, " +
                                   std::to_string(kMaxShards) + "]; got " +
                                   std::to_string(options.sqlite.shards));
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
Result<int> ResolveShards(SqliteConnection* writer, const std::string& path,
                          int requested) {
  if (requested == 0) return ReadShardCount(writer->db());
  Transaction txn;
  if (!writer->db()->read_only()) {
    OBKV_ASSIGN_OR_RETURN(
        txn, Transaction::Begin(writer, Transaction::Kind::kWrite));
  }
  OBKV_ASSIGN_OR_RETURN(int shards,
                        ResolveShardCount(writer->db(), path, requested));
  if (txn.active()) OBKV_RETURN_IF_ERROR(txn.Commit());
  return shards;
}

// Opens the writers of shards 1.. into `writers` and returns the
// all-shards writer, after repairing what a crash inside a create or drop
// left (RepairShards). A shard file is created only for a store that has
// no tables yet (`has_tables` false); otherwise a missing one is
// Corruption.
Result<std::unique_ptr<Connection>> OpenShardWriters(
    const std::string& path, const StoreOptions& options, int shards,
    bool has_tables, std::vector<std::unique_ptr<Connection>>* writers) {
  for (int k = 1; k < shards; ++k) {
    const std::string file = ShardFilePath(path, k);
    const bool exists = FileExists(file);
    if (!exists && (options.read_only || has_tables)) {
      return Status::Corruption(file + ": shard " + std::to_string(k) +
                                " of this " + std::to_string(shards) +
                                "-shard store is missing");
    }
    const OpenMode mode = options.read_only ? OpenMode::kReadOnly
                          : exists          ? OpenMode::kReadWrite
                                            : OpenMode::kReadWriteCreate;
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<SqliteConnection> shard_writer,
        SqliteConnection::Open(file, mode, options, !options.read_only));
    writers->push_back(std::move(shard_writer));
  }
  OBKV_ASSIGN_OR_RETURN(
      std::unique_ptr<SqliteConnection> all_writer,
      SqliteConnection::Open(
          path, options.read_only ? OpenMode::kReadOnly : OpenMode::kReadWrite,
          options, false));
  OBKV_RETURN_IF_ERROR(AttachShards(all_writer->db(), path, shards, options));
  if (!options.read_only) {
    OBKV_RETURN_IF_ERROR(RepairShards(all_writer.get(), shards));
  }
  return std::unique_ptr<Connection>(std::move(all_writer));
}

class SqliteEngine final : public Engine {
 public:
  SqliteEngine(std::string path, const StoreOptions& options, int shards)
      : path_(std::move(path)), options_(options), shards_(shards) {
    info_.engine = "sqlite";
    info_.version = sqlite3_libversion();
    info_.location = path_;
  }

  const EngineInfo& info() const override { return info_; }
  bool partitions_are_tables() const override { return true; }
  int shards() const override { return shards_; }

  // Every read sees every commit: weak is strong here.
  bool has_weak_reads() const override { return false; }

  Result<std::unique_ptr<Connection>> OpenReader(ReadConsistency) override {
    // Readers never write: open them read-only whatever the store mode.
    // They map the file on the lasting-map VFS (storage/
    // sqlite_lasting_map_vfs.h): SQLite would unmap a reader's mapping at
    // its first read after another connection committed, and a mapped
    // reader would pay the munmap and a page fault per page on every scan
    // after a write (doc/benchmarks.md measures it).
    StoreOptions reader = options_;
    OBKV_ASSIGN_OR_RETURN(reader.sqlite.vfs,
                          LastingMapVfsName(options_.sqlite.vfs));
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<SqliteConnection> conn,
        SqliteConnection::Open(path_, OpenMode::kReadOnly, reader, false));
    OBKV_RETURN_IF_ERROR(AttachShards(conn->db(), path_, shards_, reader));
    return std::unique_ptr<Connection>(std::move(conn));
  }

  Status CreateTable(Connection* writer, const TableSpec& spec) override {
    return RepairAfterFailure(writer,
                              CreateCatalogTable(writer, spec, shards_));
  }
  Status DropTable(Connection* writer, const TableSpec& spec) override {
    return RepairAfterFailure(writer, DropCatalogTable(writer, spec));
  }
  DdlDialect ddl_dialect() const override { return DdlDialect::kSqlite; }

  Result<std::vector<std::string>> Check(
      Connection* conn, const std::vector<TableSpec>& specs) override {
    return CheckSqliteStore(conn, specs, shards_);
  }
  Result<std::vector<int64_t>> PartitionBytes(
      Connection* reader, const TableSpec& spec,
      const FamilySpec& family) override {
    return SqlitePartitionBytes(reader, spec, family, shards_);
  }
  Result<int64_t> AlterTable(Connection* writer, const TableSpec& before,
                             const TableSpec& after,
                             const std::vector<FamilyMoves>& moves,
                             const MoveProgress& progress) override {
    return SqliteAlterTable(writer, before, after, moves, shards_, progress);
  }
  Status CreateNamespace(Connection* writer, const std::string& ns) override {
    OBKV_ASSIGN_OR_RETURN(
        Transaction txn, Transaction::Begin(writer, Transaction::Kind::kWrite));
    OBKV_RETURN_IF_ERROR(AddNamespace(writer, ns));
    return txn.Commit();
  }
  Status DropNamespace(Connection* writer, const std::string& ns) override {
    OBKV_ASSIGN_OR_RETURN(
        Transaction txn, Transaction::Begin(writer, Transaction::Kind::kWrite));
    OBKV_RETURN_IF_ERROR(RemoveNamespace(writer, ns));
    return txn.Commit();
  }
  Status TruncateTables(Connection* writer,
                        const std::vector<TableSpec>& specs) override {
    OBKV_ASSIGN_OR_RETURN(
        Transaction txn, Transaction::Begin(writer, Transaction::Kind::kWrite));
    for (const TableSpec& spec : specs) {
      for (const FamilySpec& f : spec.families) {
        const std::string relation = FamilyRelationName(spec, f);
        for (int i = 0; i < f.partition.PhysicalCount(); ++i) {
          OBKV_RETURN_IF_ERROR(writer->Exec(
              "DELETE FROM " + QuoteSqlIdentifier(PartitionTableName(
                                   relation, f.partition, i))));
        }
      }
    }
    return txn.Commit();
  }

 private:
  // A create or drop whose commit failed (an I/O error, a full disk) may
  // have committed in the store file and not in a later shard, as a crash
  // inside it may: repaired now, as the next open would, so that this
  // store's later calls see the table whole or not at all. Returns `st`.
  Status RepairAfterFailure(Connection* writer, Status st) {
    if (!st.ok() && shards_ > 1 && !writer->in_transaction()) {
      (void)RepairShards(writer, shards_);  // else the next open repairs
    }
    return st;
  }

  const std::string path_;
  const StoreOptions options_;
  const int shards_;
  EngineInfo info_;
};

}  // namespace

Result<OpenedEngine> OpenSqliteEngine(const StoreOptions& options,
                                      const std::string& path) {
  if (path.empty() || path == ":memory:" || path[0] == ':') {
    return Status::InvalidArgument("path: a store is a file; got '" + path +
                                   "'");
  }
  OBKV_RETURN_IF_ERROR(CheckOptions(options));
  ConfigureSqliteProcess();
  const bool exists = FileExists(path);
  if (!exists && (options.read_only || !options.create_if_missing)) {
    return Status::NotFound(
        path + ": no such store (create_if_missing is " +
        (options.read_only ? "off for read-only stores" : "false") + ")");
  }
  const OpenMode mode = options.read_only           ? OpenMode::kReadOnly
                        : options.create_if_missing ? OpenMode::kReadWriteCreate
                                                    : OpenMode::kReadWrite;
  // The writers open on the store's wrapper VFS, so that the one an
  // unsharded store reads its Gets on can keep its read lock.
  StoreOptions writer_options = options;
  OBKV_ASSIGN_OR_RETURN(writer_options.sqlite.vfs,
                        StoreWriterVfsName(options.sqlite.vfs));
  OBKV_ASSIGN_OR_RETURN(
      std::unique_ptr<SqliteConnection> writer,
      SqliteConnection::Open(path, mode, writer_options, !options.read_only));
  OBKV_RETURN_IF_ERROR(InitializeStoreFormat(writer.get(), path));
  OBKV_ASSIGN_OR_RETURN(
      int shards, ResolveShards(writer.get(), path, options.sqlite.shards));
  if (shards == 1 && options.sqlite.linger_read_locks) {
    // Its Gets and its writes share the connection: its own checkpoints and
    // WAL restarts take the lingering lock back first. (A sharded store
    // reads on another connection than the shards' writers, whose WAL
    // restarts a lingering lock would hold back.)
    int on = 1;
    const int rc = sqlite3_file_control(writer->db()->handle(), "main",
                                        kReadLockLingerFileControl, &on);
    if (rc != SQLITE_OK) {
      return writer->db()->Error(rc, "options.sqlite.linger_read_locks");
    }
  }
  OpenedEngine out;
  OBKV_ASSIGN_OR_RETURN(out.specs, LoadCatalog(writer.get()));
  out.writers.push_back(std::move(writer));
  if (shards > 1) {
    OBKV_ASSIGN_OR_RETURN(out.all_writer,
                          OpenShardWriters(path, writer_options, shards,
                                           !out.specs.empty(), &out.writers));
  }
  out.engine = std::make_unique<SqliteEngine>(path, options, shards);
  return out;
}

}  // namespace storage
}  // namespace obkvlite
