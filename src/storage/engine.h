// Copyright (c) obkvlite authors.
//
// Engine: the kind of storage a store lives in (doc/engines.md), chosen by
// the store's location: a file path opens the SQLite engine
// (storage/sqlite_engine.h), a mysql:// URI the MySQL-protocol engine
// (storage/mysql_engine.h). Above storage/ nothing knows which one runs:
// the hbase layer asks the engine for connections and capabilities, and
// the layouts write each dialect's SQL text.
//
// REQUIRED: the engine outlives every connection it opened.
// Thread safety: info(), partitions_are_tables(), shards() and
// OpenReader() are safe from any thread; CreateTable and DropTable run on
// the writer under the store's write mutex.

#ifndef OBKVLITE_STORAGE_ENGINE_H_
#define OBKVLITE_STORAGE_ENGINE_H_

#include <memory>
#include <string>
#include <vector>

#include "obkvlite/options.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "obkvlite/store.h"
#include "storage/connection.h"

namespace obkvlite {
namespace storage {

// What `obkv describe` tells about a store's engine. Never a password.
using EngineInfo = StoreInfo;

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

  // A new read connection (the ConnectionPool's source).
  virtual Result<std::unique_ptr<Connection>> OpenReader() = 0;

  // Creates the table's relations and catalog row; AlreadyExists when the
  // catalog has that name. Leaves nothing behind on failure.
  virtual Status CreateTable(Connection* writer, const TableSpec& spec) = 0;

  // Drops the table's relations and catalog row; NotFound when absent.
  virtual Status DropTable(Connection* writer, const TableSpec& spec) = 0;
};

// An engine with its writers and the catalog read at open.
struct OpenedEngine {
  std::unique_ptr<Engine> engine;
  // writers[k] writes shard k (k = 0 only, except sharded SQLite stores).
  std::vector<std::unique_ptr<Connection>> writers;
  // The writer with every shard attached; null unless shards() > 1.
  std::unique_ptr<Connection> all_writer;
  std::vector<TableSpec> specs;  // ascending name
};

// Opens the engine `location` names: "mysql://..." (storage/mysql_uri.h)
// or a SQLite file path.
Result<OpenedEngine> OpenEngine(const StoreOptions& options,
                                const std::string& location);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_ENGINE_H_
