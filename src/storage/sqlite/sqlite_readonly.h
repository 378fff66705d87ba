// Copyright (c) obkvlite authors.
//
// ReadOnlySqlite: the store file opened so that `obkv sql` cannot change
// it, in four independent layers:
//   1. the connection is opened with SQLITE_OPEN_READONLY;
//   2. PRAGMA query_only is on and ATTACH is limited to zero databases;
//   3. an authorizer allows only SELECT, reads, functions, recursive CTEs
//      and pragmas that only read (table_info(t), table_xinfo(t),
//      user_version without a value...); it denies every write, CREATE,
//      DROP, ALTER, ATTACH, DETACH, transactions and writing pragmas
//      (PRAGMA journal_mode=DELETE, PRAGMA user_version=5...);
//   4. a compiled statement must be sqlite3_stmt_readonly().
// A denied statement fails at prepare time with a message naming the
// action, e.g. `not allowed: INSERT into "t$f" (obkv sql is read-only)`.
//
// Thread safety: one instance per thread.

#ifndef OBKVLITE_STORAGE_SQLITE_READONLY_H_
#define OBKVLITE_STORAGE_SQLITE_READONLY_H_

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "obkvlite/status.h"
#include "storage/query_result.h"

struct sqlite3;
struct sqlite3_stmt;

namespace obkvlite {
namespace storage {

struct StatementDeleter {
  void operator()(sqlite3_stmt* stmt) const;
};
using StatementPtr = std::unique_ptr<sqlite3_stmt, StatementDeleter>;

class ReadOnlySqlite {
 public:
  // Opens an existing SQLite file read-only; NotFound/IOError naming `path`.
  static Result<std::unique_ptr<ReadOnlySqlite>> Open(const std::string& path);

  ~ReadOnlySqlite();
  ReadOnlySqlite(const ReadOnlySqlite&) = delete;
  ReadOnlySqlite& operator=(const ReadOnlySqlite&) = delete;

  // Compiles the first statement of `*sql` and removes it from `*sql`.
  // Returns a null statement when only whitespace or comments remain.
  Result<StatementPtr> PrepareNext(std::string_view* sql);

  // The last error message of the connection.
  std::string LastError() const;

  // Records why the authorizer refused an action of the statement being
  // prepared (SQLite stops at the first refusal). Used by the authorizer
  // callback.
  void Deny(std::string why);

 private:
  explicit ReadOnlySqlite(sqlite3* db) : db_(db) {}

  sqlite3* db_;
  std::string denied_;
};

// Runs `sql` on the existing store file `path`, opened as ReadOnlySqlite,
// and calls `each` with every statement's result, in order; stops at the
// first error (`each`'s included). Errors are prefixed "sql: ".
Status RunReadOnlySqlite(const std::string& path, std::string_view sql,
                         const std::function<Status(const QueryResult&)>& each);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_SQLITE_READONLY_H_
