// Copyright (c) obkvlite authors.
#include "storage/sqlite/sqlite_error.h"

#include <string>

namespace obkvlite {
namespace storage {

Status SqliteStatus(int rc, sqlite3* db, std::string_view context) {
  std::string msg(context);
  msg += ": ";
  // sqlite3_errmsg describes the connection's most recent error, which is
  // `rc` when the caller reports it right away; fall back to the code text.
  const char* detail = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  msg += detail != nullptr ? detail : sqlite3_errstr(rc);
  switch (rc & 0xFF) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return Status::Busy(std::move(msg));
    case SQLITE_CONSTRAINT:
    case SQLITE_TOOBIG:
    case SQLITE_RANGE:
    case SQLITE_MISMATCH:
      return Status::InvalidArgument(std::move(msg));
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return Status::Corruption(std::move(msg));
    case SQLITE_READONLY:
      return Status::NotSupported(std::move(msg));
    case SQLITE_FULL: {
      // Which of the files (the store, a shard, a -wal) filled up is not
      // reported; the connection's main file names the store.
      const char* file = db != nullptr ? sqlite3_db_filename(db, "main") : "";
      return Status::IOError(msg + " (disk full writing store file '" +
                             (file != nullptr ? file : "") + "')");
    }
    default:
      return Status::IOError(std::move(msg));
  }
}

}  // namespace storage
}  // namespace obkvlite
