// Copyright (c) obkvlite authors.
#include "storage/connection.h"

#include "storage/pragmas.h"

namespace obkvlite {
namespace storage {

Result<std::unique_ptr<Connection>> Connection::Open(
    const std::string& path, OpenMode mode, const StoreOptions& options,
    bool set_journal_mode) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<SqliteDb> db,
                        SqliteDb::Open(path, mode));
  OBKV_RETURN_IF_ERROR(ApplyPragmas(db.get(), options, set_journal_mode));
  return std::unique_ptr<Connection>(new Connection(std::move(db)));
}

Status Connection::RunCached(SqliteStatement* stmt, const char* sql) {
  if (!stmt->valid()) {
    OBKV_ASSIGN_OR_RETURN(*stmt, SqliteStatement::Prepare(db_.get(), sql,
                                                          /*persistent=*/true));
  }
  return stmt->Run();
}

Status Connection::BeginRead() { return RunCached(&begin_read_, "BEGIN"); }

Status Connection::BeginWrite() {
  return RunCached(&begin_write_, "BEGIN IMMEDIATE");
}

Status Connection::Commit() { return RunCached(&commit_, "COMMIT"); }

void Connection::Rollback() {
  if (!in_transaction()) return;
  (void)RunCached(&rollback_, "ROLLBACK");
}

bool Connection::in_transaction() const {
  return sqlite3_get_autocommit(db_->handle()) == 0;
}

}  // namespace storage
}  // namespace obkvlite
