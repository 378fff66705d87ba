// Copyright (c) obkvlite authors.
//
// StoreTableExistsSql (ddl/store_ddl.h): whether a store has one of its
// own tables, in each dialect.

#include <string>

#include "ddl/sql_quote.h"
#include "ddl/store_ddl.h"

namespace obkvlite {

std::string StoreTableExistsSql(SqlDialect dialect, std::string_view name) {
  if (dialect == SqlDialect::kMysql) {
    return "SELECT COUNT(*) FROM information_schema.TABLES WHERE "
           "TABLE_SCHEMA = DATABASE() AND TABLE_NAME = " +
           QuoteSqlString(name);
  }
  return "SELECT count(*) FROM main.sqlite_schema WHERE type = 'table' AND "
         "name = " +
         QuoteSqlString(name);
}

}  // namespace obkvlite
