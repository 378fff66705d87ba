// Copyright (c) obkvlite authors.
//
// The one place SQLite result codes become Status values (the storage
// boundary): SQLITE_BUSY / SQLITE_LOCKED -> Busy, constraint and too-big ->
// InvalidArgument, corrupt / not-a-database -> Corruption, read-only ->
// NotSupported, I/O, full, cannot-open and anything else -> IOError. A full
// disk says "disk full" and names the connection's store file.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_STORAGE_SQLITE_ERROR_H_
#define OBKVLITE_STORAGE_SQLITE_ERROR_H_

#include <sqlite3.h>

#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace storage {

// Status for result code `rc` (primary or extended) with `context` (what was
// being done) and SQLite's message for `db` (may be null).
// REQUIRED: rc is not SQLITE_OK, SQLITE_ROW or SQLITE_DONE.
Status SqliteStatus(int rc, sqlite3* db, std::string_view context);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_SQLITE_ERROR_H_
