// Copyright (c) obkvlite authors.
#include "ddl/namespace_sql.h"

#include "ddl/store_ddl.h"

namespace obkvlite {
namespace {

std::string OwnerTable(std::string_view ns) {
  return QuoteMysqlIdentifier(ns) + "." +
         QuoteMysqlIdentifier(kNamespaceOwnerTable);
}

}  // namespace

std::string NamespaceTableExistsSql(SqlDialect dialect) {
  return dialect == SqlDialect::kMysql
             ? "SELECT 1 FROM information_schema.TABLES WHERE "
               "TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?1"
             : "SELECT 1 FROM sqlite_schema WHERE type = 'table' "
               "AND name = ?1";
}

std::string NamespaceNamesSql(SqlDialect d) {
  return "SELECT " + QuoteIdentifier(d, "name") + " FROM " +
         QuoteIdentifier(d, kNamespaceTable) + " ORDER BY " +
         QuoteIdentifier(d, "name");
}

std::string NamespaceInsertSql(SqlDialect d) {
  return "INSERT INTO " + QuoteIdentifier(d, kNamespaceTable) + " (" +
         QuoteIdentifier(d, "name") + ") VALUES (?1)";
}

std::string NamespaceDeleteSql(SqlDialect d) {
  return "DELETE FROM " + QuoteIdentifier(d, kNamespaceTable) + " WHERE " +
         QuoteIdentifier(d, "name") + " = ?1";
}

std::string NamespaceOwnerTableCountSql() {
  return "SELECT COUNT(*) FROM information_schema.TABLES WHERE "
         "TABLE_SCHEMA = ?1 AND TABLE_NAME = ?2";
}

std::string NamespaceOtherTablesCountSql() {
  return "SELECT COUNT(*) FROM information_schema.TABLES WHERE "
         "TABLE_SCHEMA = ?1 AND TABLE_NAME <> ?2";
}

std::string NamespaceOwnerSql(std::string_view ns) {
  return "SELECT `store` FROM " + OwnerTable(ns) + " WHERE `id` = 1";
}

std::string NamespaceOwnerDdl(std::string_view ns) {
  return "CREATE TABLE IF NOT EXISTS " + OwnerTable(ns) +
         " (`id` tinyint NOT NULL PRIMARY KEY, `store` varchar(255) NOT NULL)";
}

std::string NamespaceClaimSql(std::string_view ns) {
  return "INSERT IGNORE INTO " + OwnerTable(ns) +
         " (`id`, `store`) VALUES (1, ?1)";
}

std::string CreateNamespaceDatabaseSql(std::string_view ns) {
  return "CREATE DATABASE IF NOT EXISTS " + QuoteMysqlIdentifier(ns);
}

std::string DropNamespaceDatabaseSql(std::string_view ns) {
  return "DROP DATABASE IF EXISTS " + QuoteMysqlIdentifier(ns);
}

std::string NamespacePropertiesSql(SqlDialect d) {
  return "SELECT " + QuoteIdentifier(d, "name") + ", " +
         QuoteIdentifier(d, "value") + " FROM " +
         QuoteIdentifier(d, kNamespacePropertiesTable) + " WHERE " +
         QuoteIdentifier(d, "namespace") + " = ?1";
}

std::string NamespacePropertiesDdl(SqlDialect d) {
  const std::string table = QuoteIdentifier(d, kNamespacePropertiesTable);
  const std::string ns = QuoteIdentifier(d, "namespace");
  const std::string name = QuoteIdentifier(d, "name");
  const std::string value = QuoteIdentifier(d, "value");
  if (d == SqlDialect::kMysql) {
    return "CREATE TABLE IF NOT EXISTS " + table + " (" + ns +
           " varbinary(64) NOT NULL, " + name + " varbinary(255) NOT NULL, " +
           value + " blob NOT NULL, PRIMARY KEY (" + ns + ", " + name + "))";
  }
  return "CREATE TABLE IF NOT EXISTS " + table + " (" + ns +
         " TEXT NOT NULL, " + name + " BLOB NOT NULL, " + value +
         " BLOB NOT NULL, PRIMARY KEY (" + ns + ", " + name +
         ")) WITHOUT ROWID";
}

std::string NamespacePropertyDeleteSql(SqlDialect d) {
  return "DELETE FROM " + QuoteIdentifier(d, kNamespacePropertiesTable) +
         " WHERE " + QuoteIdentifier(d, "namespace") + " = ?1 AND " +
         QuoteIdentifier(d, "name") + " = ?2";
}

// REPLACE INTO: SQLite's alias of INSERT OR REPLACE, MySQL's own.
std::string NamespacePropertyReplaceSql(SqlDialect d) {
  return "REPLACE INTO " + QuoteIdentifier(d, kNamespacePropertiesTable) +
         " (" + QuoteIdentifier(d, "namespace") + ", " +
         QuoteIdentifier(d, "name") + ", " + QuoteIdentifier(d, "value") +
         ") VALUES (?1, ?2, ?3)";
}

std::string NamespacePropertiesDeleteSql(SqlDialect d) {
  return "DELETE FROM " + QuoteIdentifier(d, kNamespacePropertiesTable) +
         " WHERE " + QuoteIdentifier(d, "namespace") + " = ?1";
}

}  // namespace obkvlite
