// Copyright (c) obkvlite authors.
//
// SqliteConnection: the SQLite engine's Connection (storage/connection.h):
// one SQLite connection of a store file with the store's pragmas and its
// prepared transaction statements. Statements stream (page_rows 0).
//
// Thread safety: used by one thread at a time.

#ifndef OBKVLITE_STORAGE_SQLITE_CONNECTION_H_
#define OBKVLITE_STORAGE_SQLITE_CONNECTION_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "ddl/sql_quote.h"
#include "obkvlite/options.h"
#include "obkvlite/status.h"
#include "storage/connection.h"
#include "storage/sqlite/sqlite_db.h"
#include "storage/sqlite/sqlite_statement.h"

namespace obkvlite {
namespace storage {

class SqliteConnection final : public Connection {
 public:
  // Opens `path` with `mode` and applies the store's pragmas.
  static Result<std::unique_ptr<SqliteConnection>> Open(
      const std::string& path, OpenMode mode, const StoreOptions& options,
      bool set_journal_mode);

  // The cached statements go before the database they were prepared on.
  ~SqliteConnection() override { statements()->Clear(); }

  SqliteDb* db() { return db_.get(); }

  SqlDialect dialect() const override { return SqlDialect::kSqlite; }
  int page_rows() const override { return 0; }
  int rows_per_insert() const override { return 1; }
  Result<std::unique_ptr<Statement>> Prepare(std::string_view sql) override;
  Status Exec(std::string_view sql) override { return db_->Exec(sql); }

  Status BeginRead() override;   // BEGIN (deferred: snapshot at 1st read)
  Status BeginWrite() override;  // BEGIN IMMEDIATE (the write lock now)
  Status Commit() override;
  void Rollback() override;
  bool in_transaction() const override;
  // Prepared once each, as BEGIN and COMMIT are.
  Status Savepoint() override;
  Status RollbackToSavepoint() override;
  Status ReleaseSavepoint() override;

 private:
  explicit SqliteConnection(std::unique_ptr<SqliteDb> db)
      : db_(std::move(db)) {}
  Status RunCached(SqliteStatement* stmt, const char* sql);

  std::unique_ptr<SqliteDb> db_;
  SqliteStatement begin_read_, begin_write_, commit_, rollback_;
  SqliteStatement savepoint_, rollback_to_savepoint_, release_savepoint_;
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_SQLITE_CONNECTION_H_
