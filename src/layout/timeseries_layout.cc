// Copyright (c) obkvlite authors.
#include "layout/timeseries_layout.h"

#include "layout/partition_sql.h"

namespace obkvlite {
namespace layout {

int TimeseriesScanKind(bool lo_exclusive, int hi, Page page) {
  return kTsScanFirst + ((lo_exclusive ? 3 : 0) + hi) * kPageCount +
         static_cast<int>(page);
}

std::string TimeseriesSql(SqlDialect dialect, int kind,
                          std::string_view table) {
  const std::string t = QuoteTableName(dialect, table);
  if (kind >= kTsScanFirst && kind < kTsInsert) {
    const auto page = static_cast<Page>((kind - kTsScanFirst) % kPageCount);
    const int k = (kind - kTsScanFirst) / kPageCount;
    std::string sql = "SELECT K, T, S, V FROM " + t + " WHERE K ";
    sql += k >= 3 ? "> ?1" : ">= ?1";
    const int hi = k % 3;
    if (hi == 0) sql += " AND K < ?2";
    if (hi == 1) sql += " AND K <= ?2";
    sql += " AND T > ?3 AND T <= ?4";
    if (page == Page::kAfter) {
      sql += " AND (K > ?6 OR (K = ?6 AND (T > ?7 OR (T = ?7 AND S > ?8))))";
    }
    sql += " ORDER BY K, T, S";
    if (page != Page::kAll) sql += " LIMIT ?5";
    return sql;
  }
  if (kind >= kTsInsert && kind < kTsUpdate) {
    return "INSERT INTO " + t + " (K, T, S, V) VALUES " +
           InsertValuesSql(kind - kTsInsert + 1);
  }
  switch (kind) {
    case kTsUpdate:
      return "UPDATE " + t + " SET V = ?4 WHERE K = ?1 AND T = ?2 AND S = ?3";
    case kTsDeleteDoc:
      return "DELETE FROM " + t + " WHERE K = ?1 AND T = ?2 AND S = ?3";
    case kTsDeleteOlder:
      return DeleteOlderSql(dialect, table);
  }
  return "";
}

}  // namespace layout
}  // namespace obkvlite
