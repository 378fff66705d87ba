// Copyright (c) obkvlite authors.
//
// SQL quoting: the one place identifiers and literals are quoted, and the
// SqlDialect that says which quoting (and which statement text, see
// layout/) an engine's sessions take: kSqlite is what the SQLite engine
// runs; kMysql is MySQL-protocol SQL, which MariaDB, MySQL and OceanBase's
// MySQL tenant all run. Statements number their parameters ?1, ?2, ... in
// both dialects (an engine whose server only knows positional '?' rewrites
// them, see storage/mysql/mysql_statement.h); only quoting and the few
// non-standard clauses (upsert, row locks, LIMIT) differ.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_DDL_SQL_QUOTE_H_
#define OBKVLITE_DDL_SQL_QUOTE_H_

#include <string>
#include <string_view>

namespace obkvlite {

enum class SqlDialect { kSqlite, kMysql };

std::string QuoteSqlIdentifier(std::string_view name);    // "name"
std::string QuoteMysqlIdentifier(std::string_view name);  // `name`
// A relation ("t$f" or "ns:t$f") on a server: `t$f`, or `ns`.`ns:t$f` in
// the database of its namespace.
std::string QuoteMysqlTableName(std::string_view relation);
std::string QuoteSqlString(std::string_view text);  // 'it''s'

// `name` quoted as an identifier of `dialect`: "name" or `name`.
std::string QuoteIdentifier(SqlDialect dialect, std::string_view name);

// A physical table ("t$f$p3", "ns:t$f") in a statement of `dialect`: on a
// server, a table of a namespace is in that namespace's database
// (QuoteMysqlTableName); SQLite keeps every namespace in the one file.
std::string QuoteTableName(SqlDialect dialect, std::string_view name);

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_SQL_QUOTE_H_
