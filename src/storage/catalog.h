// Copyright (c) obkvlite authors.
//
// The catalog: table "obkv_catalog" (name, spec JSON), so reopening a store
// needs nothing but its location. LoadCatalog reads it on any engine (in
// the connection's dialect). The write functions here are the SQLite
// engine's: creating and dropping a table runs the sqlite dialect of
// obkvlite/ddl.h, exactly SqliteCatalogDdl() then
// SqliteCreateStatements(spec) (or SqliteDropStatements(spec)), inside one
// write transaction: the one code path for the store and `obkv create`.
// The MySQL-protocol engine's are in storage/mysql/mysql_engine.cc.
//
// REQUIRED: write functions get the writer connection under the store's
// write mutex, with no transaction open.
// Thread safety: see REQUIRED.

#ifndef OBKVLITE_STORAGE_CATALOG_H_
#define OBKVLITE_STORAGE_CATALOG_H_

#include <string>
#include <vector>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {
namespace storage {

// Every table spec of the store, by ascending name. A spec that no longer
// parses is a Corruption naming the table.
Result<std::vector<TableSpec>> LoadCatalog(Connection* conn);

// True when the catalog has a row for table `name` (any engine).
Result<bool> CatalogHas(Connection* conn, const std::string& name);

// Creates the table; AlreadyExists when the catalog has that name. With
// `shards` > 1, `writer` has every shard attached (storage/sqlite/shards.h) and
// the partition tables go to their shards (SqliteShardedCreateStatements).
Status CreateCatalogTable(Connection* writer, const TableSpec& spec,
                          int shards);

// Sharded stores: WAL commits a transaction over several files one file at
// a time, store file first, so a crash inside a create can leave catalog
// rows whose tables are missing from a shard, and one inside a drop can
// leave tables no catalog row names. This creates the missing (empty)
// tables and drops the unnamed ones in shards 1.., reading the catalog and
// the shards in the same write transaction.
// REQUIRED: as the write functions, `writer` with every shard attached.
Status RepairShards(Connection* writer, int shards);

// Drops the table's relations and catalog row; NotFound when absent.
Status DropCatalogTable(Connection* writer, const TableSpec& spec);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_CATALOG_H_
