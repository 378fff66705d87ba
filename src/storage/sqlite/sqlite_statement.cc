// Copyright (c) obkvlite authors.
#include "storage/sqlite/sqlite_statement.h"

#include <string>
#include <utility>

#include "storage/sqlite/sqlite_db.h"
#include "storage/sqlite/sqlite_error.h"

namespace obkvlite {
namespace storage {

Result<SqliteStatement> SqliteStatement::Prepare(SqliteDb* db,
                                                 std::string_view sql,
                                                 bool persistent) {
  sqlite3_stmt* stmt = nullptr;
  const int rc = sqlite3_prepare_v3(
      db->handle(), sql.data(), static_cast<int>(sql.size()),
      persistent ? SQLITE_PREPARE_PERSISTENT : 0, &stmt, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(stmt);
    return db->Error(rc, "prepare '" + std::string(sql) + "'");
  }
  return SqliteStatement(stmt);
}

SqliteStatement::~SqliteStatement() { sqlite3_finalize(stmt_); }

SqliteStatement::SqliteStatement(SqliteStatement&& other) noexcept
    : stmt_(std::exchange(other.stmt_, nullptr)),
      last_rc_(other.last_rc_),
      changes_(other.changes_) {}

SqliteStatement& SqliteStatement::operator=(SqliteStatement&& other) noexcept {
  if (this != &other) {
    sqlite3_finalize(stmt_);
    stmt_ = std::exchange(other.stmt_, nullptr);
    last_rc_ = other.last_rc_;
    changes_ = other.changes_;
  }
  return *this;
}

Status SqliteStatement::Run() {
  int rc;
  do {
    rc = sqlite3_step(stmt_);
  } while (rc == SQLITE_ROW);
  if (rc != SQLITE_DONE) {
    Status st = Error(rc);
    sqlite3_reset(stmt_);
    return st;
  }
  changes_ = sqlite3_changes64(sqlite3_db_handle(stmt_));
  sqlite3_reset(stmt_);
  return Status::OK();
}

Status SqliteStatement::Error(int rc) const {
  const char* sql = sqlite3_sql(stmt_);
  return SqliteStatus(rc, sqlite3_db_handle(stmt_),
                      sql != nullptr ? std::string_view(sql) : "statement");
}

}  // namespace storage
}  // namespace obkvlite
