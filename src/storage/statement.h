// Copyright (c) obkvlite authors.
//
// Statement: one prepared statement of an engine session (doc/engines.md),
// the seam the hbase layer binds and steps without knowing the engine.
// Parameters are numbered from 1 as the layouts number them (?1, ?2, ...);
// a number may appear several times in the SQL text.
//
// Bound bytes are not copied: REQUIRED: they stay valid until the
// statement is reset or rebound. Column views are valid until the next
// Step or Reset.
//
// Thread safety: used by the thread that owns its connection.

#ifndef OBKVLITE_STORAGE_STATEMENT_H_
#define OBKVLITE_STORAGE_STATEMENT_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace storage {

// The outcome of one step.
enum class StepCode { kRow, kDone, kError };

// Four columns of the current row read at once (Statement::AdvanceRow):
// three blobs and an integer.
struct RowColumns {
  std::string_view a, b, c;
  int64_t integer = 0;
};

class Statement {
 public:
  virtual ~Statement() = default;

  // Binders; a bad index shows at Step.
  virtual void BindBlob(int index, std::string_view bytes) = 0;
  virtual void BindText(int index, std::string_view text) = 0;
  virtual void BindInt(int index, int64_t value) = 0;
  virtual void BindNull(int index) = 0;

  // Steps once. On kError, error() tells why and constraint_violated()
  // whether a uniqueness constraint refused the row.
  virtual StepCode Advance() = 0;
  virtual Status error() const = 0;
  virtual bool constraint_violated() const = 0;
  // Rows in the executed statement's result where the engine holds the
  // result whole once it ran (the MySQL protocol's stored result); -1 where
  // it is not known before the last row is stepped (SQLite), or before the
  // first Advance.
  virtual int64_t result_rows() const { return -1; }
  // In a result held whole (result_rows() >= 0), after at least one
  // Advance: copies blob column `col` of the result's last row into `*out`;
  // the current row and the position stay as they were. False where the
  // result is not held whole, or on error.
  virtual bool LastResultBlob(int col, std::string* out) {
    (void)col;
    (void)out;
    return false;
  }

  // Steps once: true with a row, false when done, or the error.
  Result<bool> Step() {
    switch (Advance()) {
      case StepCode::kRow:
        return true;
      case StepCode::kDone:
        return false;
      default:
        return error();
    }
  }

  // Steps once and, on a row, reads blob columns `a`, `b`, `c` and integer
  // column `i` into `out`: one call per row on the hot read paths. Views as
  // ColumnBlob's. A negative column number reads nothing and leaves its
  // field as it was (a point read keeps the key it bound).
  virtual StepCode AdvanceRow(int a, int b, int c, int i, RowColumns* out) {
    return AdvanceRowOf(this, a, b, c, i, out);
  }

  // Runs a statement to completion (INSERT/DELETE/...) and resets it.
  virtual Status Run() = 0;
  // Rows the last Run inserted, changed or deleted.
  virtual int64_t changes() const = 0;

  virtual std::string_view ColumnBlob(int col) const = 0;
  virtual std::string_view ColumnText(int col) const = 0;
  virtual int64_t ColumnInt(int col) const = 0;
  // True when column `col` of the current row is NULL.
  virtual bool ColumnIsNull(int col) const = 0;

  // Makes the statement reusable; keeps the bindings.
  virtual void Reset() = 0;

 protected:
  // AdvanceRow on `self`: an engine's final statement class overrides
  // AdvanceRow with AdvanceRowOf(this, ...), so that the five calls bind
  // statically.
  template <typename Self>
  static StepCode AdvanceRowOf(Self* self, int a, int b, int c, int i,
                               RowColumns* out) {
    const StepCode rc = self->Advance();
    if (rc == StepCode::kRow) {
      if (a >= 0) out->a = self->ColumnBlob(a);
      if (b >= 0) out->b = self->ColumnBlob(b);
      if (c >= 0) out->c = self->ColumnBlob(c);
      out->integer = self->ColumnInt(i);
    }
    return rc;
  }
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_STATEMENT_H_
