// Copyright (c) obkvlite authors.
//
// The SQL text, in each dialect (ddl/sql_quote.h), of every statement on
// the compatibility findings table "obkv_compat" (obkvlite/compat.h):
//
//   obkv_compat (table_name, operation, surface, rule, seen,
//                first_seen_ms, last_seen_ms)
//   PRIMARY KEY (table_name, operation, surface, rule)
//
// The upsert adds its count to the row's and widens its first and last
// seen times, so several processes add up.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_LAYOUT_COMPAT_FINDINGS_SQL_H_
#define OBKVLITE_LAYOUT_COMPAT_FINDINGS_SQL_H_

#include <string>

#include "ddl/sql_quote.h"

namespace obkvlite {
namespace layout {

// CREATE TABLE IF NOT EXISTS obkv_compat (...).
std::string CompatCreateSql(SqlDialect dialect);

// Adds count ?5 seen from ?6 to ?7 to the row (table ?1, operation ?2,
// surface ?3, rule ?4), inserting it when absent.
std::string CompatUpsertSql(SqlDialect dialect);

// SELECT table_name, operation, surface, rule, seen, first_seen_ms,
// last_seen_ms of every row, in key order.
std::string CompatSelectSql(SqlDialect dialect);

// DELETE every row.
std::string CompatDeleteSql(SqlDialect dialect);

}  // namespace layout
}  // namespace obkvlite

#endif  // OBKVLITE_LAYOUT_COMPAT_FINDINGS_SQL_H_
