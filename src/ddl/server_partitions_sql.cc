// Copyright (c) obkvlite authors.
#include "ddl/server_partitions_sql.h"

#include "ddl/sql_quote.h"

namespace obkvlite {

namespace {

// information_schema's condition on `table`: a namespace's table ("ns:t$f")
// is in the database of its namespace, any other in the current one.
std::string WhereServerTable(std::string_view table) {
  const size_t colon = table.find(':');
  const std::string schema = colon == std::string_view::npos
                                 ? std::string("DATABASE()")
                                 : QuoteSqlString(table.substr(0, colon));
  return " WHERE TABLE_SCHEMA = " + schema +
         " AND TABLE_NAME = " + QuoteSqlString(table);
}

}  // namespace

bool ServerHoldsSpecFirstLevel(const PartitionSpec& p, DdlDialect dialect) {
  return dialect != DdlDialect::kMysql ||
         (p.strategy != PartitionStrategy::kKey &&
          p.strategy != PartitionStrategy::kKeyRange);
}

std::string ServerPartitioningSql(std::string_view table) {
  return "SELECT PARTITION_METHOD, PARTITION_EXPRESSION, "
         "COUNT(DISTINCT PARTITION_NAME), SUBPARTITION_METHOD, "
         "SUBPARTITION_EXPRESSION, COUNT(SUBPARTITION_NAME) FROM "
         "information_schema.PARTITIONS" +
         WhereServerTable(table) +
         " GROUP BY PARTITION_METHOD, PARTITION_EXPRESSION, "
         "SUBPARTITION_METHOD, SUBPARTITION_EXPRESSION";
}

std::string PartitionNamesSql(std::string_view table) {
  return "SELECT PARTITION_NAME FROM information_schema.PARTITIONS" +
         WhereServerTable(table) +
         " AND PARTITION_NAME IS NOT NULL GROUP BY PARTITION_NAME ORDER BY "
         "MIN(PARTITION_ORDINAL_POSITION)";
}

std::string ServerPartitionBytesSql(std::string_view table) {
  return "SELECT PARTITION_NAME, CAST(COALESCE(SUM(DATA_LENGTH + "
         "INDEX_LENGTH), 0) AS SIGNED) FROM information_schema.PARTITIONS" +
         WhereServerTable(table) +
         " GROUP BY PARTITION_NAME ORDER BY MIN(PARTITION_ORDINAL_POSITION)";
}

}  // namespace obkvlite
