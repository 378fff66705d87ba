// Copyright (c) obkvlite authors.
//
// The SQL text of the statements on a store's namespace tables
// (storage/namespaces.h runs them): the registry "obkv_namespaces"
// (kNamespaceTable, ddl/store_ddl.h), the properties table
// "obkv_namespace_properties", and on a server each namespace database's
// owner table "obkv_namespace_owner" and the database itself. A function
// taking a SqlDialect quotes in it; the others are the mysql dialect.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_DDL_NAMESPACE_SQL_H_
#define OBKVLITE_DDL_NAMESPACE_SQL_H_

#include <string>
#include <string_view>

#include "ddl/sql_quote.h"

namespace obkvlite {

// The owner table in a server's namespace database `ns` (one row, id 1:
// the database of the store that owns `ns`).
inline constexpr std::string_view kNamespaceOwnerTable = "obkv_namespace_owner";

// The namespace properties: (namespace, name, value).
inline constexpr std::string_view kNamespacePropertiesTable =
    "obkv_namespace_properties";

// One row when the store has table ?1 (in its own file, or in the
// server's current database).
std::string NamespaceTableExistsSql(SqlDialect dialect);

// The registry: every name, ascending; adding ?1; removing ?1.
std::string NamespaceNamesSql(SqlDialect dialect);
std::string NamespaceInsertSql(SqlDialect dialect);
std::string NamespaceDeleteSql(SqlDialect dialect);

// One row, the number of tables named ?2 in database ?1.
std::string NamespaceOwnerTableCountSql();
// One row, the number of tables other than ?2 in database ?1.
std::string NamespaceOtherTablesCountSql();
// The owner table of `ns`: its owner's row; its CREATE TABLE IF NOT
// EXISTS; the claim of owner ?1 (INSERT IGNORE: a row already there stays).
std::string NamespaceOwnerSql(std::string_view ns);
std::string NamespaceOwnerDdl(std::string_view ns);
std::string NamespaceClaimSql(std::string_view ns);
// CREATE DATABASE IF NOT EXISTS `ns`; DROP DATABASE IF EXISTS `ns`.
std::string CreateNamespaceDatabaseSql(std::string_view ns);
std::string DropNamespaceDatabaseSql(std::string_view ns);

// The properties: the (name, value) rows of namespace ?1; the table's
// CREATE TABLE IF NOT EXISTS; removing property ?2 of namespace ?1;
// setting property ?2 of namespace ?1 to ?3 (REPLACE INTO); removing every
// property of namespace ?1.
std::string NamespacePropertiesSql(SqlDialect dialect);
std::string NamespacePropertiesDdl(SqlDialect dialect);
std::string NamespacePropertyDeleteSql(SqlDialect dialect);
std::string NamespacePropertyReplaceSql(SqlDialect dialect);
std::string NamespacePropertiesDeleteSql(SqlDialect dialect);

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_NAMESPACE_SQL_H_
