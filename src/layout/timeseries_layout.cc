// Copyright (c) obkvlite authors.
#include "layout/timeseries_layout.h"

namespace obkvlite {
namespace layout {

int TimeseriesScanKind(bool lo_exclusive, int hi) {
  return kTsScanFirst + (lo_exclusive ? 3 : 0) + hi;
}

std::string TimeseriesSql(SqlDialect dialect, int kind,
                          std::string_view table) {
  const std::string t = QuoteIdentifier(dialect, table);
  if (kind >= kTsScanFirst && kind < kTsInsert) {
    const int k = kind - kTsScanFirst;
    std::string sql = "SELECT K, T, S, V FROM " + t + " WHERE K ";
    sql += k >= 3 ? "> ?1" : ">= ?1";
    const int hi = k % 3;
    if (hi == 0) sql += " AND K < ?2";
    if (hi == 1) sql += " AND K <= ?2";
    return sql + " AND T > ?3 AND T <= ?4 ORDER BY K, T, S";
  }
  switch (kind) {
    case kTsInsert:
      return "INSERT INTO " + t + " (K, T, S, V) VALUES (?1, ?2, ?3, ?4)";
    case kTsUpdate:
      return "UPDATE " + t + " SET V = ?4 WHERE K = ?1 AND T = ?2 AND S = ?3";
    case kTsDeleteDoc:
      return "DELETE FROM " + t + " WHERE K = ?1 AND T = ?2 AND S = ?3";
    case kTsDeleteOlder:
      return "DELETE FROM " + t + " WHERE T > ?1";
  }
  return "";
}

}  // namespace layout
}  // namespace obkvlite
