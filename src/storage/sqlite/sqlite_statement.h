// Copyright (c) obkvlite authors.
//
// SqliteStatement: the SQLite engine's Statement (storage/statement.h); owns
// one prepared statement (RAII, movable). SQLite numbers parameters ?N
// natively.
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
#include "storage/statement.h"

namespace obkvlite {
namespace storage {

class SqliteDb;

class SqliteStatement final : public Statement {
 public:
  // Prepares `sql`; `persistent` hints SQLite that it will be reused often.
  static Result<SqliteStatement> Prepare(SqliteDb* db, std::string_view sql,
                                         bool persistent = false);

  SqliteStatement() = default;
  ~SqliteStatement() override;
  SqliteStatement(SqliteStatement&& other) noexcept;
  SqliteStatement& operator=(SqliteStatement&& other) noexcept;
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  bool valid() const { return stmt_ != nullptr; }
  sqlite3_stmt* handle() const { return stmt_; }

  void BindBlob(int index, std::string_view bytes) override {
    // A null pointer would bind NULL, so empty blobs point at "".
    sqlite3_bind_blob(stmt_, index, bytes.empty() ? "" : bytes.data(),
                      static_cast<int>(bytes.size()), SQLITE_STATIC);
  }
  void BindText(int index, std::string_view text) override {
    sqlite3_bind_text(stmt_, index, text.empty() ? "" : text.data(),
                      static_cast<int>(text.size()), SQLITE_STATIC);
  }
  void BindInt(int index, int64_t value) override {
    sqlite3_bind_int64(stmt_, index, value);
  }
  void BindNull(int index) override { sqlite3_bind_null(stmt_, index); }

  StepCode Advance() override {
    last_rc_ = sqlite3_step(stmt_);
    return last_rc_ == SQLITE_ROW    ? StepCode::kRow
           : last_rc_ == SQLITE_DONE ? StepCode::kDone
                                     : StepCode::kError;
  }
  Status error() const override { return Error(last_rc_); }
  bool constraint_violated() const override {
    return (last_rc_ & 0xff) == SQLITE_CONSTRAINT;
  }
  // Steps once and returns SQLite's code (SQLITE_ROW, SQLITE_DONE or an
  // error); for the SQLite engine's own loops.
  int StepRc() { return sqlite3_step(stmt_); }
  Status Run() override;
  int64_t changes() const override { return changes_; }
  // Status for the error code `rc` of the last step.
  Status Error(int rc) const;

  std::string_view ColumnBlob(int col) const override {
    // The column is looked up once, its bytes and size read from the value
    // (sqlite3_column_blob and sqlite3_column_bytes would look it up twice:
    // a third of the engine's instructions per cell read). The value is
    // unprotected, which is safe as the connection serves one thread at a
    // time (SQLITE_OPEN_NOMUTEX). NULL and an empty blob are (nullptr, 0):
    // an empty view either way.
    sqlite3_value* value = sqlite3_column_value(stmt_, col);
    const void* p = sqlite3_value_blob(value);
    const int n = sqlite3_value_bytes(value);
    return std::string_view(static_cast<const char*>(p),
                            static_cast<size_t>(n));
  }
  std::string_view ColumnText(int col) const override {
    const unsigned char* p = sqlite3_column_text(stmt_, col);
    const int n = sqlite3_column_bytes(stmt_, col);
    return p == nullptr ? std::string_view()
                        : std::string_view(reinterpret_cast<const char*>(p),
                                           static_cast<size_t>(n));
  }
  int64_t ColumnInt(int col) const override {
    return sqlite3_column_int64(stmt_, col);
  }
  bool ColumnIsNull(int col) const override {
    return sqlite3_column_type(stmt_, col) == SQLITE_NULL;
  }

  StepCode AdvanceRow(int a, int b, int c, int i, RowColumns* out) override {
    return AdvanceRowOf(this, a, b, c, i, out);
  }

  void Reset() override { sqlite3_reset(stmt_); }

 private:
  explicit SqliteStatement(sqlite3_stmt* stmt) : stmt_(stmt) {}

  sqlite3_stmt* stmt_ = nullptr;
  int last_rc_ = SQLITE_OK;
  int64_t changes_ = 0;
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_SQLITE_STATEMENT_H_
