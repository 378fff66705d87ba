// Copyright (c) obkvlite authors.
#include "storage/sqlite/sqlite_connection.h"

#include <string>

#include "storage/sqlite/pragmas.h"

namespace obkvlite {
namespace storage {

Result<std::unique_ptr<SqliteConnection>> SqliteConnection::Open(
    const std::string& path, OpenMode mode, const StoreOptions& options,
    bool set_journal_mode) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<SqliteDb> db,
                        SqliteDb::Open(path, mode, options.sqlite.vfs));
  OBKV_RETURN_IF_ERROR(ApplyPragmas(db.get(), options, set_journal_mode));
  return std::unique_ptr<SqliteConnection>(new SqliteConnection(std::move(db)));
}

Result<std::unique_ptr<Statement>> SqliteConnection::Prepare(
    std::string_view sql) {
  OBKV_ASSIGN_OR_RETURN(
      SqliteStatement stmt,
      SqliteStatement::Prepare(db_.get(), sql, /*persistent=*/true));
  return std::unique_ptr<Statement>(new SqliteStatement(std::move(stmt)));
}

Status SqliteConnection::RunCached(SqliteStatement* stmt, const char* sql) {
  if (!stmt->valid()) {
    OBKV_ASSIGN_OR_RETURN(*stmt, SqliteStatement::Prepare(db_.get(), sql,
                                                          /*persistent=*/true));
  }
  return stmt->Run();
}

Status SqliteConnection::BeginRead() {
  return RunCached(&begin_read_, "BEGIN");
}

Status SqliteConnection::BeginWrite() {
  return RunCached(&begin_write_, "BEGIN IMMEDIATE");
}

Status SqliteConnection::Commit() { return RunCached(&commit_, "COMMIT"); }

void SqliteConnection::Rollback() {
  if (!in_transaction()) return;
  (void)RunCached(&rollback_, "ROLLBACK");
}

Status SqliteConnection::Savepoint() {
  return RunCached(&savepoint_, kSavepointSql);
}

Status SqliteConnection::RollbackToSavepoint() {
  return RunCached(&rollback_to_savepoint_, kRollbackToSavepointSql);
}

Status SqliteConnection::ReleaseSavepoint() {
  return RunCached(&release_savepoint_, kReleaseSavepointSql);
}

bool SqliteConnection::in_transaction() const {
  return sqlite3_get_autocommit(db_->handle()) == 0;
}

}  // namespace storage
}  // namespace obkvlite
