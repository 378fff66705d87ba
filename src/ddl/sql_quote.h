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

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// QuoteIdentifier's inverse: the identifier quoted at text[at] ("x" or
// `x`, doubled quotes inside undone), with *end just past its closing
// quote; nullopt when text[at] is no quote or the quote is not closed.
std::optional<std::string> UnquoteIdentifierAt(std::string_view text, size_t at,
                                               size_t* end);

// The parts of the table name a statement has at text[at]: quoted
// identifiers joined by '.' ("x", `ns`.`ns:t$f`), each unquoted, or a bare
// word up to the next space; *end is just past the name. Empty when a
// quote is not closed. A family name in it may hold spaces, parentheses
// and quotes.
std::vector<std::string> TableNameAt(std::string_view text, size_t at,
                                     size_t* end);

// A physical table ("t$f$p3", "ns:t$f") in a statement of `dialect`: on a
// server, a table of a namespace is in that namespace's database
// (QuoteMysqlTableName); SQLite keeps every namespace in the one file.
std::string QuoteTableName(SqlDialect dialect, std::string_view name);

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_SQL_QUOTE_H_
