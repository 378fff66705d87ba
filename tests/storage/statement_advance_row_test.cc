// Copyright (c) obkvlite authors.
//
// Statement::AdvanceRow on the SQLite engine (storage/statement.h), the one
// call per cell of the read paths: it fills the fields of the columns
// asked for in place and leaves the others as they were (a point cursor
// keeps the key it bound), and reads an empty and a NULL blob alike as an
// empty view. ColumnBlob reads a column's value once: a text or integer
// value (written by hand in SQL) comes back as its text, as
// sqlite3_column_blob gives it, and a column past the last is empty.

#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "storage/sqlite/sqlite_db.h"
#include "storage/sqlite/sqlite_statement.h"

namespace obkvlite {
namespace storage {
namespace {

std::unique_ptr<SqliteDb> CellsDb() {
  Result<std::unique_ptr<SqliteDb>> db =
      SqliteDb::Open(":memory:", OpenMode::kReadWriteCreate);
  REQUIRE_MESSAGE(db.ok(), db.status().ToString());
  REQUIRE((*db)
              ->Exec("CREATE TABLE c (K BLOB, Q BLOB, T INTEGER, V BLOB);"
                     "INSERT INTO c VALUES (x'6b31', x'7131', -5, x'7631');"
                     "INSERT INTO c VALUES (x'6b32', x'', -7, NULL);")
              .ok());
  return std::move(db).value();
}

TEST_CASE("AdvanceRow fills the columns asked for and keeps the others") {
  std::unique_ptr<SqliteDb> db = CellsDb();
  Result<SqliteStatement> stmt =
      SqliteStatement::Prepare(db.get(), "SELECT K, Q, T, V FROM c ORDER BY K");
  REQUIRE(stmt.ok());
  const std::string bound = "the bound key";
  RowColumns row;
  row.a = bound;  // no K column read: it stays
  REQUIRE(stmt->AdvanceRow(-1, 1, 3, 2, &row) == StepCode::kRow);
  CHECK(row.a == bound);
  CHECK(row.a.data() == bound.data());
  CHECK(row.b == "q1");
  CHECK(row.c == "v1");
  CHECK(row.integer == -5);

  // The second row: an empty Q and a NULL V are both empty views; K read.
  REQUIRE(stmt->AdvanceRow(0, 1, 3, 2, &row) == StepCode::kRow);
  CHECK(row.a == "k2");
  CHECK(row.b.empty());
  CHECK(row.c.empty());
  CHECK(row.integer == -7);

  // At the end nothing is written (the old views' bytes are gone: only
  // their sizes are looked at).
  REQUIRE(stmt->AdvanceRow(0, 1, 3, 2, &row) == StepCode::kDone);
  CHECK(row.a.size() == 2);
  CHECK(row.integer == -7);
}

TEST_CASE("ColumnBlob reads any value's bytes, as sqlite3_column_blob does") {
  Result<std::unique_ptr<SqliteDb>> db =
      SqliteDb::Open(":memory:", OpenMode::kReadWriteCreate);
  REQUIRE_MESSAGE(db.ok(), db.status().ToString());
  Result<SqliteStatement> stmt = SqliteStatement::Prepare(
      db->get(),
      "SELECT x'00ff6162', 'text value', 1234567, -2.5, NULL, x'', "
      "zeroblob(3)");
  REQUIRE(stmt.ok());
  REQUIRE(stmt->Advance() == StepCode::kRow);
  const std::string bytes = {'\0', '\xff', 'a', 'b'};
  CHECK(stmt->ColumnBlob(0) == bytes);
  CHECK(stmt->ColumnBlob(1) == "text value");
  CHECK(stmt->ColumnBlob(2) == "1234567");
  CHECK(stmt->ColumnBlob(3) == "-2.5");
  CHECK(stmt->ColumnBlob(4).empty());
  CHECK(stmt->ColumnBlob(5).empty());
  CHECK(stmt->ColumnBlob(6) == std::string_view("\0\0\0", 3));
  // Past the last column, and before the first: empty, no crash.
  CHECK(stmt->ColumnBlob(7).empty());
  CHECK(stmt->ColumnBlob(-1).empty());
  // Read twice, the same bytes at the same place (no conversion the second
  // time).
  const std::string_view once = stmt->ColumnBlob(1);
  CHECK(stmt->ColumnBlob(1).data() == once.data());
  REQUIRE(stmt->Advance() == StepCode::kDone);
}

}  // namespace
}  // namespace storage
}  // namespace obkvlite
