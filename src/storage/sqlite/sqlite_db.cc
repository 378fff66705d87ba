// Copyright (c) obkvlite authors.
#include "storage/sqlite/sqlite_db.h"

#include <mutex>

#include "storage/sqlite/sqlite_error.h"
#include "storage/sqlite/sqlite_statement.h"

namespace obkvlite {
namespace storage {

void ConfigureSqliteProcess() {
  static std::once_flag once;
  std::call_once(once, [] {
    // SQLITE_MISUSE when SQLite is initialized already: left as it is.
    (void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  });
}

Result<std::unique_ptr<SqliteDb>> SqliteDb::Open(const std::string& path,
                                                 OpenMode mode,
                                                 const std::string& vfs) {
  int flags = SQLITE_OPEN_NOMUTEX;  // each connection serves one thread
  switch (mode) {
    case OpenMode::kReadWrite:
      flags |= SQLITE_OPEN_READWRITE;
      break;
    case OpenMode::kReadWriteCreate:
      flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
      break;
    case OpenMode::kReadOnly:
      flags |= SQLITE_OPEN_READONLY;
      break;
  }
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &db, flags,
                                 vfs.empty() ? nullptr : vfs.c_str());
  if (rc != SQLITE_OK) {
    Status st = SqliteStatus(rc, db, "open '" + path + "'");
    sqlite3_close_v2(db);  // a handle is returned even on failure
    return st;
  }
  sqlite3_extended_result_codes(db, 1);
  return std::unique_ptr<SqliteDb>(
      new SqliteDb(db, mode == OpenMode::kReadOnly));
}

SqliteDb::~SqliteDb() { sqlite3_close_v2(db_); }

Status SqliteDb::Exec(std::string_view sql) {
  const std::string text(sql);
  const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) return Error(rc, text);
  return Status::OK();
}

Result<int64_t> SqliteDb::QueryInt(std::string_view sql) {
  OBKV_ASSIGN_OR_RETURN(SqliteStatement stmt,
                        SqliteStatement::Prepare(this, sql));
  OBKV_ASSIGN_OR_RETURN(bool row, stmt.Step());
  if (!row) return Status::IOError(std::string(sql) + ": returned no row");
  return stmt.ColumnInt(0);
}

Status SqliteDb::Error(int rc, std::string_view context) const {
  return SqliteStatus(rc, db_, context);
}

}  // namespace storage
}  // namespace obkvlite
