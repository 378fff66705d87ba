// Copyright (c) obkvlite authors.
#include "ddl/row_lock_sql.h"

namespace obkvlite {

std::string RowLockCreateSql() {
  return std::string("CREATE TABLE IF NOT EXISTS ") + kRowLockTable +
         " (SLOT BIGINT NOT NULL PRIMARY KEY, N BIGINT NOT NULL)";
}

std::string RowLockUpsertSql() {
  return std::string("INSERT INTO ") + kRowLockTable +
         " (SLOT, N) VALUES (?1, 1) ON DUPLICATE KEY UPDATE N = N + 1";
}

}  // namespace obkvlite
