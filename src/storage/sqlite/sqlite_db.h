// Copyright (c) obkvlite authors.
//
// SqliteDb: owns one sqlite3 connection (RAII). Errors come back as Status
// (storage/sqlite/sqlite_error.h); nothing throws.
//
// Thread safety: a SqliteDb is used by one thread at a time (SQLite's
// multi-thread mode: distinct connections may run in parallel).

#ifndef OBKVLITE_STORAGE_SQLITE_DB_H_
#define OBKVLITE_STORAGE_SQLITE_DB_H_

#include <sqlite3.h>

#include <memory>
#include <string>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace storage {

// Configures SQLite for the process once, before its first use: its
// global memory statistics (SQLITE_CONFIG_MEMSTATUS) go off, so that an
// allocation takes no process-wide mutex and connections of different
// threads allocate in parallel. A no-op when the embedding application
// initialized SQLite first (its configuration stays); then
// sqlite3_memory_used() keeps counting. Thread-safe.
void ConfigureSqliteProcess();

enum class OpenMode {
  kReadWrite,        // the file must exist
  kReadWriteCreate,  // create the file when missing
  kReadOnly,
};

class SqliteDb {
 public:
  // `vfs` names a registered SQLite VFS; "" is the default one. Files
  // the connection attaches use the same VFS.
  static Result<std::unique_ptr<SqliteDb>> Open(const std::string& path,
                                                OpenMode mode,
                                                const std::string& vfs = "");
  ~SqliteDb();
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;

  sqlite3* handle() const { return db_; }
  bool read_only() const { return read_only_; }

  // Runs one or more statements that return no rows we need.
  Status Exec(std::string_view sql);

  // Runs a statement returning one integer (e.g. "PRAGMA user_version").
  Result<int64_t> QueryInt(std::string_view sql);

  // Status for the connection's last error `rc`, naming `context`.
  Status Error(int rc, std::string_view context) const;

 private:
  SqliteDb(sqlite3* db, bool read_only) : db_(db), read_only_(read_only) {}

  sqlite3* db_;
  bool read_only_;
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_SQLITE_DB_H_
