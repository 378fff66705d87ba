// Copyright (c) obkvlite authors.
#include "ddl/sqlite_size_sql.h"

#include "ddl/sql_quote.h"

namespace obkvlite {

std::string SqliteTableBytesSql(std::string_view schema) {
  // dbstat(schema, 1): one row per b-tree, its pages' bytes summed.
  return "SELECT COALESCE(SUM(\"pgsize\"), 0) FROM dbstat(" +
         QuoteSqlString(schema) + ", 1) WHERE \"name\" IN (SELECT \"name\" " +
         "FROM " + QuoteSqlIdentifier(schema) +
         ".sqlite_schema WHERE \"tbl_name\" = ?1)";
}

}  // namespace obkvlite
