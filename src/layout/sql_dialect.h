// Copyright (c) obkvlite authors.
//
// SqlDialect: which SQL text the layouts write for an engine's sessions
// (doc/engines.md). kSqlite is what the SQLite engine runs; kMysql is
// MySQL-protocol SQL, which MariaDB, MySQL and OceanBase's MySQL tenant
// all run. Statements number their parameters ?1, ?2, ... in both dialects
// (an engine whose server only knows positional '?' rewrites them, see
// storage/mysql_statement.h); only quoting and the few non-standard
// clauses (upsert, row locks, LIMIT) differ.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_LAYOUT_SQL_DIALECT_H_
#define OBKVLITE_LAYOUT_SQL_DIALECT_H_

#include <string>
#include <string_view>

namespace obkvlite {
namespace layout {

enum class SqlDialect { kSqlite, kMysql };

// `name` quoted as an identifier of `dialect`: "name" or `name`.
std::string QuoteIdentifier(SqlDialect dialect, std::string_view name);

// A physical table ("t$f$p3", "ns:t$f") in a statement of `dialect`: on a
// server, a table of a namespace is in that namespace's database
// (QuoteMysqlTableName); SQLite keeps every namespace in the one file.
std::string QuoteTableName(SqlDialect dialect, std::string_view name);

}  // namespace layout
}  // namespace obkvlite

#endif  // OBKVLITE_LAYOUT_SQL_DIALECT_H_
