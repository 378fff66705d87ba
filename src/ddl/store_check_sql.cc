// Copyright (c) obkvlite authors.
#include "ddl/store_check_sql.h"

#include "ddl/sql_quote.h"

namespace obkvlite {

std::string ServerColumnNamesSql() {
  return "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE "
         "TABLE_SCHEMA = ?1 AND TABLE_NAME = ?2 ORDER BY "
         "ORDINAL_POSITION";
}

std::string ServerColumnTypesSql() {
  return "SELECT CONCAT(COLUMN_TYPE, ' ', IS_NULLABLE) FROM "
         "information_schema.COLUMNS WHERE TABLE_SCHEMA = ?1 AND "
         "TABLE_NAME = ?2 ORDER BY ORDINAL_POSITION";
}

std::string ShowCreateTableSql(std::string_view schema,
                               std::string_view relation) {
  return "SHOW CREATE TABLE " + QuoteMysqlIdentifier(schema) + "." +
         QuoteMysqlIdentifier(relation);
}

std::string ServerPartitionNamesSql() {
  return "SELECT DISTINCT PARTITION_NAME FROM "
         "information_schema.PARTITIONS WHERE TABLE_SCHEMA = ?1 AND "
         "TABLE_NAME = ?2 AND PARTITION_NAME IS NOT NULL";
}

std::string ServerFamilyRelationsSql() {
  return "SELECT TABLE_NAME FROM information_schema.TABLES WHERE "
         "TABLE_SCHEMA = ?1 AND TABLE_TYPE = 'BASE TABLE' AND "
         "TABLE_NAME LIKE '%$%' ORDER BY TABLE_NAME";
}

std::string SqliteFamilyTablesSql(std::string_view schema) {
  return "SELECT name FROM " + QuoteSqlIdentifier(schema) +
         ".sqlite_master WHERE type = 'table' AND name LIKE "
         "'%$%' ORDER BY name";
}

}  // namespace obkvlite
