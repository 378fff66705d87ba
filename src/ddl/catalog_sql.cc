// Copyright (c) obkvlite authors.
#include "ddl/catalog_sql.h"

#include "ddl/store_ddl.h"

namespace obkvlite {

std::string CatalogHasSql(SqlDialect d) {
  return "SELECT 1 FROM " + QuoteIdentifier(d, kCatalogTable) + " WHERE " +
         QuoteIdentifier(d, "name") + " = ?1";
}

std::string CatalogRowsSql(SqlDialect d) {
  const std::string name_col = QuoteIdentifier(d, "name");
  return "SELECT " + name_col + ", " + QuoteIdentifier(d, "spec") + " FROM " +
         QuoteIdentifier(d, kCatalogTable) + " ORDER BY " + name_col;
}

std::string CatalogCountSql() {
  return "SELECT count(*) FROM " + QuoteSqlIdentifier(kCatalogTable);
}

std::string SqliteCatalogExistsSql() {
  return "SELECT count(*) FROM sqlite_schema WHERE type = 'table' "
         "AND name = " +
         QuoteSqlString(kCatalogTable);
}

std::string CatalogDeleteSql(SqlDialect d) {
  return "DELETE FROM " + QuoteIdentifier(d, kCatalogTable) + " WHERE " +
         QuoteIdentifier(d, "name") + " = ?1";
}

std::string CatalogInsertSql(SqlDialect d) {
  return "INSERT INTO " + QuoteIdentifier(d, kCatalogTable) + " (" +
         QuoteIdentifier(d, "name") + ", " + QuoteIdentifier(d, "spec") +
         ") VALUES (?1, ?2)";
}

std::string CatalogUpdateSql(SqlDialect d) {
  return "UPDATE " + QuoteIdentifier(d, kCatalogTable) + " SET " +
         QuoteIdentifier(d, "spec") + " = ?2 WHERE " +
         QuoteIdentifier(d, "name") + " = ?1";
}

}  // namespace obkvlite
