// Copyright (c) obkvlite authors.
//
// The store's format version, kept in SQLite's `PRAGMA user_version`
// (doc/store-format.md). Version 1: the normal/timeseries relations of
// DESIGN §2 plus the obkv_catalog table.
//
// Thread safety: called with the writer connection under the store's write
// mutex (or on a read-only connection).

#ifndef OBKVLITE_STORAGE_FORMAT_VERSION_H_
#define OBKVLITE_STORAGE_FORMAT_VERSION_H_

#include <string>

#include "obkvlite/status.h"
#include "storage/sqlite/sqlite_connection.h"

namespace obkvlite {
namespace storage {

inline constexpr int kStoreFormatVersion = 1;
// Version 2: a sharded store (storage/sqlite/shards.h); older code refuses it
// rather than missing the partitions kept in the other files.
inline constexpr int kShardedStoreFormatVersion = 2;

// Makes sure `conn`'s file is an obkvlite store of a version this code
// reads: an empty file becomes one (catalog created, user_version set); a
// file with a catalog but user_version 0 (made by `obkv ddl --dialect
// sqlite | sqlite3`) is adopted. Errors: NotSupported for a newer version,
// Corruption for a database that is not an obkvlite store. Read-only
// connections are only checked.
Status InitializeStoreFormat(SqliteConnection* conn, const std::string& path);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_FORMAT_VERSION_H_
