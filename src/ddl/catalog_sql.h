// Copyright (c) obkvlite authors.
//
// The SQL text of the statements on a store's catalog, table
// "obkv_catalog" (name, spec JSON; kCatalogTable and its CREATE TABLE are
// ddl/store_ddl.h's), in the dialect of the engine that runs them
// (storage/catalog.h reads it on any engine; a server store's DDL plans
// write it, storage/mysql/ddl_plan.h). Parameters: ?1 a table's name, ?2
// its spec JSON.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_DDL_CATALOG_SQL_H_
#define OBKVLITE_DDL_CATALOG_SQL_H_

#include <string>

#include "ddl/sql_quote.h"

namespace obkvlite {

// One row when the catalog has table ?1.
std::string CatalogHasSql(SqlDialect dialect);

// Every (name, spec) row, by ascending name.
std::string CatalogRowsSql(SqlDialect dialect);

// One row, the number of catalog rows (sqlite dialect).
std::string CatalogCountSql();

// One row, 1 when the store file has the catalog table, else 0 (sqlite
// dialect).
std::string SqliteCatalogExistsSql();

// Removes the row of ?1; adds the row (?1, ?2); sets the spec of ?1 to ?2.
std::string CatalogDeleteSql(SqlDialect dialect);
std::string CatalogInsertSql(SqlDialect dialect);
std::string CatalogUpdateSql(SqlDialect dialect);

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_CATALOG_SQL_H_
