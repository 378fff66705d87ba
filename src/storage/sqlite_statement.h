// Copyright (c) obkvlite authors.
//
// SqliteStatement: owns one prepared statement (RAII, movable).
//
// Blobs are bound without copying (SQLITE_STATIC): REQUIRED: the bound
// bytes stay valid until the statement is reset or rebound. Column views
// returned by ColumnBlob are valid until the next Step or Reset.
//
// Thread safety: used by the thread that owns its connection.

#ifndef OBKVLITE_STORAGE_SQLITE_STATEMENT_H_
#define OBKVLITE_STORAGE_SQLITE_STATEMENT_H_

#include <sqlite3.h>

#include <cstdint>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace storage {

class SqliteDb;

class SqliteStatement {
 public:
  // Prepares `sql`; `persistent` hints SQLite that it will be reused often.
  static Result<SqliteStatement> Prepare(SqliteDb* db, std::string_view sql,
                                         bool persistent = false);

  SqliteStatement() = default;
  ~SqliteStatement();
  SqliteStatement(SqliteStatement&& other) noexcept;
  SqliteStatement& operator=(SqliteStatement&& other) noexcept;
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  bool valid() const { return stmt_ != nullptr; }
  sqlite3_stmt* handle() const { return stmt_; }

  // Binders; `index` is 1-based. Binding cannot fail for a valid index and
  // statement, so they return nothing (a bad index shows at Step).
  void BindBlob(int index, std::string_view bytes) {
    // A null pointer would bind NULL, so empty blobs point at "".
    sqlite3_bind_blob(stmt_, index, bytes.empty() ? "" : bytes.data(),
                      static_cast<int>(bytes.size()), SQLITE_STATIC);
  }
  void BindText(int index, std::string_view text) {
    sqlite3_bind_text(stmt_, index, text.empty() ? "" : text.data(),
                      static_cast<int>(text.size()), SQLITE_STATIC);
  }
  void BindInt(int index, int64_t value) {
    sqlite3_bind_int64(stmt_, index, value);
  }

  // Steps once: true with a row, false when done, or the error.
  Result<bool> Step();
  // Steps once and returns SQLite's code (SQLITE_ROW, SQLITE_DONE or an
  // error); for hot loops that check Error() only on failure.
  int StepRc() { return sqlite3_step(stmt_); }
  // Runs a statement to completion (INSERT/DELETE/...).
  Status Run();
  // Status for the error code `rc` of the last step.
  Status Error(int rc) const;

  std::string_view ColumnBlob(int col) const {
    const void* p = sqlite3_column_blob(stmt_, col);
    const int n = sqlite3_column_bytes(stmt_, col);
    return p == nullptr ? std::string_view()
                        : std::string_view(static_cast<const char*>(p),
                                           static_cast<size_t>(n));
  }
  std::string_view ColumnText(int col) const {
    const unsigned char* p = sqlite3_column_text(stmt_, col);
    const int n = sqlite3_column_bytes(stmt_, col);
    return p == nullptr ? std::string_view()
                        : std::string_view(reinterpret_cast<const char*>(p),
                                           static_cast<size_t>(n));
  }
  int64_t ColumnInt(int col) const { return sqlite3_column_int64(stmt_, col); }

  // Makes the statement reusable; keeps the bindings.
  void Reset() { sqlite3_reset(stmt_); }

 private:
  explicit SqliteStatement(sqlite3_stmt* stmt) : stmt_(stmt) {}

  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_SQLITE_STATEMENT_H_
