// Copyright (c) obkvlite authors.
#include "layout/partition_sql.h"

namespace obkvlite {
namespace layout {

std::string CountRowsSql(SqlDialect dialect, std::string_view table) {
  return "SELECT COUNT(*) FROM " + QuoteTableName(dialect, table);
}

std::string DeleteOlderSql(SqlDialect dialect, std::string_view table) {
  return "DELETE FROM " + QuoteTableName(dialect, table) + " WHERE T > ?1";
}

std::string KeysAndTimesSql(SqlDialect dialect, std::string_view table) {
  return "SELECT " + QuoteIdentifier(dialect, "K") + ", " +
         QuoteIdentifier(dialect, "T") + " FROM " +
         QuoteTableName(dialect, table);
}

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

std::string CountByPartitionSql(std::string_view table,
                                const std::vector<std::string>& names) {
  const std::string t = QuoteTableName(SqlDialect::kMysql, table);
  std::string sql;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) sql += " UNION ALL ";
    sql += "SELECT " + std::to_string(i) + ", COUNT(*) FROM " + t +
           " PARTITION (" + QuoteIdentifier(SqlDialect::kMysql, names[i]) + ")";
  }
  return sql;
}

std::string SplitKeySql(SqlDialect dialect, std::string_view table,
                        bool has_lower, bool has_upper, SplitQuery query) {
  const std::string k = QuoteIdentifier(dialect, "K");
  std::string sql = "SELECT " + k + " FROM " + QuoteTableName(dialect, table) +
                    " WHERE 1 = 1";
  if (has_lower) sql += " AND " + k + " >= ?2";
  if (has_upper) sql += " AND " + k + " < ?3";
  if (query == SplitQuery::kAfter) sql += " AND " + k + " > ?4";
  sql += " ORDER BY " + k + " LIMIT 1";
  if (query == SplitQuery::kNth) sql += " OFFSET ?1";
  return sql;
}

}  // namespace layout
}  // namespace obkvlite
