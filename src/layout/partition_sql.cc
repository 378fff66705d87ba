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
