// Copyright (c) obkvlite authors.
//
// The per-connection settings of a store: page size and WAL journal (for
// the connection that may create the file),
// synchronous NORMAL or FULL from StoreOptions::durability, busy_timeout,
// mmap_size and cache_size.
//
// Thread safety: called on a connection by its owning thread.

#ifndef OBKVLITE_STORAGE_PRAGMAS_H_
#define OBKVLITE_STORAGE_PRAGMAS_H_

#include <string>

#include "obkvlite/options.h"
#include "obkvlite/status.h"
#include "storage/sqlite/sqlite_db.h"

namespace obkvlite {
namespace storage {

// Applies the settings; `set_journal_mode` is true for the connection that
// initialises the file (WAL is persistent, one switch suffices).
Status ApplyPragmas(SqliteDb* db, const StoreOptions& options,
                    bool set_journal_mode);

// The per-file settings (synchronous, mmap_size, cache_size) for the attached schema
// `schema` (a shard of a sharded store).
Status ApplyAttachedPragmas(SqliteDb* db, const StoreOptions& options,
                            const std::string& schema);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_PRAGMAS_H_
