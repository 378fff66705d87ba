// Copyright (c) obkvlite authors.
//
// Shard files of a sharded store (StoreOptions::sqlite.shards > 1,
// doc/shards.md): shard 0 is the store file itself and holds the catalog; shard
// k > 0 is
// "<path>.shard<k>". The count is recorded in the store file (table
// "obkv_shards", format version 2) when the store is created. Which shard
// holds a partition is ShardOfPartition (obkvlite/spec.h).
//
// Thread safety: functions run on a connection owned by the calling thread.

#ifndef OBKVLITE_STORAGE_SHARDS_H_
#define OBKVLITE_STORAGE_SHARDS_H_

#include <string>
#include <vector>

#include "obkvlite/options.h"
#include "obkvlite/status.h"
#include "storage/sqlite/sqlite_db.h"

namespace obkvlite {
namespace storage {

// "<store_path>.shard<k>". REQUIRED: shard >= 1.
std::string ShardFilePath(const std::string& store_path, int shard);

// The shard count recorded in the store file, 1 for an unsharded store.
Result<int> ReadShardCount(SqliteDb* db);

// The store's shard count given `requested` (StoreOptions::sqlite.shards): an
// existing count must match a non-zero request; a store with no tables yet
// and no recorded count takes the request (recorded here, in the caller's
// write transaction, when it is above 1). Errors name "options.shards".
Result<int> ResolveShardCount(SqliteDb* db, const std::string& store_path,
                              int requested);

// Attaches shards 1..shards-1 as "shard<k>" with the store's per-file
// settings. The connection's page cache budget (cache_size_kib) is split
// evenly over its files, main included, so a connection of a sharded store
// caches no more than one of a single-file store. The files must exist
// unless `db` may create them.
Status AttachShards(SqliteDb* db, const std::string& store_path, int shards,
                    const StoreOptions& options);

// For a plain SQL session on the store file (obkv sql): the statements that
// attach every shard under its schema name and create the TEMP per-family
// union views; none for a store of one file.
Result<std::vector<std::string>> ShardedSessionStatements(
    const std::string& store_path);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_SHARDS_H_
