// Copyright (c) obkvlite authors.
//
// Engine: the kind of storage a store lives in (doc/engines.md), chosen by
// the store's location (storage/open/open_engine.h): a file path opens the
// SQLite engine (storage/sqlite/sqlite_engine.h), a mysql:// URI the
// MySQL-protocol engine (storage/mysql/mysql_engine.h). Above storage/ nothing
// knows which one runs: the hbase layer asks the engine for connections and
// capabilities, and the layouts write each dialect's SQL text.
//
// REQUIRED: the engine outlives every connection it opened.
// Thread safety: info(), partitions_are_tables(), shards(), has_weak_reads(),
// OpenReader()
// and PartitionBytes() (on the caller's reader) are safe from any thread;
// CreateTable and DropTable run on the writer under the store's write mutex.

#ifndef OBKVLITE_STORAGE_ENGINE_H_
#define OBKVLITE_STORAGE_ENGINE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "obkvlite/ddl.h"
#include "obkvlite/options.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "obkvlite/store.h"
#include "spec/partition_plan.h"
#include "storage/connection.h"

namespace obkvlite {
namespace storage {

// What `obkv describe` tells about a store's engine. Never a password.
using EngineInfo = StoreInfo;

// Rows copied so far, of the total to copy (AlterTable).
using MoveProgress = std::function<void(int64_t done, int64_t total)>;

class Engine {
 public:
  virtual ~Engine() = default;

  virtual const EngineInfo& info() const = 0;

  // True when each partition is a table of its own (SQLite: "t$f$p<i>");
  // false when a family is one relation "t$f" whose partitions the server
  // routes, so that one statement reads or writes every partition.
  virtual bool partitions_are_tables() const = 0;

  // Writer connections the store has (SQLite shards; 1 on a server).
  virtual int shards() const = 0;

  // A new read connection (the ConnectionPool's source) of `consistency`
  // (obkvlite/read_consistency.h); an engine without weak reads opens the
  // same connection for both.
  virtual Result<std::unique_ptr<Connection>> OpenReader(
      ReadConsistency consistency) = 0;

  // A further writer session (a server store's writer lanes,
  // StoreOptions::server_writers): the same database and session set-up
  // as the first writer. NotSupported where a store has one writer per
  // file (SQLite).
  virtual Result<std::unique_ptr<Connection>> OpenWriter() {
    return Status::NotSupported("this engine has one writer per file");
  }

  // True when a weak reader differs from a strong one (a server: its
  // sessions skip the wait for the cluster's writes).
  virtual bool has_weak_reads() const = 0;

  // Creates the table's relations and catalog row; AlreadyExists when the
  // catalog has that name. Leaves nothing behind on failure.
  virtual Status CreateTable(Connection* writer, const TableSpec& spec) = 0;

  // Drops the table's relations and catalog row; NotFound when absent.
  virtual Status DropTable(Connection* writer, const TableSpec& spec) = 0;

  // The dialect of the server's DDL (kOceanBase or kMysql), or kSqlite.
  virtual DdlDialect ddl_dialect() const = 0;

  // Turns table `before` into `after` (the same name): removed families'
  // relations are dropped, added ones created, the rows of the families in
  // `moves` go to their new partitions, and the catalog row becomes
  // after.json. SQLite: one transaction (storage/sqlite/sqlite_alter.h). A
  // server: the statements of ddl/alter_ddl.h in order, then the catalog
  // row (a server's DDL commits by itself). Returns the rows copied by the
  // store (0 where the server moves them). NotFound when the catalog has no
  // such table.
  virtual Result<int64_t> AlterTable(Connection* writer,
                                     const TableSpec& before,
                                     const TableSpec& after,
                                     const std::vector<FamilyMoves>& moves,
                                     const MoveProgress& progress) = 0;

  // Removes every row of every family of the tables (a table and its index
  // tables), keeping their tables and partitions; one transaction on
  // SQLite.
  virtual Status TruncateTables(Connection* writer,
                                const std::vector<TableSpec>& specs) = 0;

  // Finishes or rolls back the unfinished DDL plans of table or namespace
  // `subject` (storage/mysql/ddl_plan.h), appending a line per plan to `report`
  // (may be null). A store whose changes are single transactions (SQLite)
  // has none.
  virtual Status RepairPlans(Connection* /*writer*/,
                             const std::string& /*subject*/,
                             std::vector<std::string>* /*report*/) {
    return Status::OK();
  }

  // Every difference between the catalog's `specs` and the relations the
  // engine holds (storage/store_check.h), one line each; empty when they
  // agree. `conn` sees every shard.
  virtual Result<std::vector<std::string>> Check(
      Connection* conn, const std::vector<TableSpec>& specs) = 0;

  // The bytes stored for each first-level partition of family `family` of
  // table `spec` (PartitionInfo::bytes), read on `reader` in the read
  // transaction it has open: one entry per first-level partition, -1
  // where the engine cannot attribute bytes to it. `reader` sees every
  // shard.
  virtual Result<std::vector<int64_t>> PartitionBytes(
      Connection* reader, const TableSpec& spec, const FamilySpec& family) = 0;

  // Registers namespace `ns` (storage/namespaces.h); a server also creates
  // its database. AlreadyExists when registered.
  virtual Status CreateNamespace(Connection* writer, const std::string& ns) = 0;
  // Unregisters `ns`; a server drops its database when it holds no table.
  // NotFound when not registered. REQUIRED: the catalog has no table of it.
  virtual Status DropNamespace(Connection* writer, const std::string& ns) = 0;
};

// An engine with its writers and the catalog read at open.
struct OpenedEngine {
  std::unique_ptr<Engine> engine;
  // writers[k] writes shard k (k = 0 only, except sharded SQLite stores).
  std::vector<std::unique_ptr<Connection>> writers;
  // The writer with every shard attached; null unless shards() > 1.
  std::unique_ptr<Connection> all_writer;
  std::vector<TableSpec> specs;  // ascending name
  // StoreOptions::retry with the location's overrides (a server URI's
  // retry_* parameters), validated.
  RetryOptions retry;
  // StoreOptions::read_consistency, or the server URI's read_consistency.
  ReadConsistency read_consistency = ReadConsistency::kStrong;
  // Writer sessions the store may open (StoreOptions::server_writers, or
  // the server URI's writers), validated; 1 for SQLite.
  int writer_sessions = 1;
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_ENGINE_H_
