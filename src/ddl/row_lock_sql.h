// Copyright (c) obkvlite authors.
//
// The SQL text of the statements on obkv_row_lock, the table whose rows make
// a Galera store's read-modify-writes conflict (storage/mysql/row_lock.h
// maps a row to its slot). mysql dialect.
//
// Thread safety: pure functions and constants.

#ifndef OBKVLITE_DDL_ROW_LOCK_SQL_H_
#define OBKVLITE_DDL_ROW_LOCK_SQL_H_

#include <string>

namespace obkvlite {

inline constexpr const char* kRowLockTable = "obkv_row_lock";

// CREATE TABLE IF NOT EXISTS obkv_row_lock (SLOT BIGINT PRIMARY KEY,
// N BIGINT NOT NULL): what a writable open on Galera runs when it is
// missing.
std::string RowLockCreateSql();

// The upsert of slot ?1 (N counts the read-modify-writes it served).
std::string RowLockUpsertSql();

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_ROW_LOCK_SQL_H_
