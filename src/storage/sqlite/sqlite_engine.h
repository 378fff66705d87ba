// Copyright (c) obkvlite authors.
//
// The SQLite engine (storage/engine.h): a store file plus, for a sharded
// store, its shard files (storage/sqlite/shards.h); one table per partition.
// Open checks the options, initialises the file format, resolves the shard
// count, reads the catalog and repairs what a crash inside a sharded create
// or drop left behind.
//
// Thread safety: as storage::Engine.

#ifndef OBKVLITE_STORAGE_SQLITE_ENGINE_H_
#define OBKVLITE_STORAGE_SQLITE_ENGINE_H_

#include <string>

#include "obkvlite/options.h"
#include "obkvlite/status.h"
#include "storage/engine.h"

namespace obkvlite {
namespace storage {

Result<OpenedEngine> OpenSqliteEngine(const StoreOptions& options,
                                      const std::string& path);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_SQLITE_ENGINE_H_
