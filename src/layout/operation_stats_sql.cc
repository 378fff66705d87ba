// Copyright (c) obkvlite authors.
#include "layout/operation_stats_sql.h"

#include "ddl/sql_quote.h"
#include "obkvlite/operation_stats.h"

namespace obkvlite {
namespace layout {
namespace {

std::string OpTable(SqlDialect d) {
  return QuoteIdentifier(d, kOperationStatsTable);
}

std::string OpKeys(SqlDialect d) {
  return QuoteIdentifier(d, "surface") + ", " +
         QuoteIdentifier(d, "operation") + ", " +
         QuoteIdentifier(d, "bucket_le_ns");
}

}  // namespace

std::string OpStatsCreateSql(SqlDialect d) {
  const bool mysql = d == SqlDialect::kMysql;
  const std::string name_type =
      mysql ? " varbinary(64) NOT NULL" : " TEXT NOT NULL";
  const std::string int_type = mysql ? " bigint NOT NULL" : " INTEGER NOT NULL";
  std::string out = "CREATE TABLE IF NOT EXISTS " + OpTable(d) + " (" +
                    QuoteIdentifier(d, "surface") + name_type + ", " +
                    QuoteIdentifier(d, "operation") + name_type + ", " +
                    QuoteIdentifier(d, "bucket_le_ns") + int_type + ", " +
                    QuoteIdentifier(d, "samples") + int_type + " DEFAULT 0, " +
                    QuoteIdentifier(d, "sum_ns") + int_type +
                    " DEFAULT 0, PRIMARY KEY (" + OpKeys(d) + "))";
  if (!mysql) out += " WITHOUT ROWID";
  return out;
}

std::string OpStatsUpsertSql(SqlDialect d) {
  const std::string samples = QuoteIdentifier(d, "samples");
  const std::string sum = QuoteIdentifier(d, "sum_ns");
  std::string out = "INSERT INTO " + OpTable(d) + " (" + OpKeys(d) + ", " +
                    samples + ", " + sum + ") VALUES (?1, ?2, ?3, ?4, ?5)";
  if (d == SqlDialect::kMysql) {
    out += " ON DUPLICATE KEY UPDATE " + samples + " = " + samples +
           " + VALUES(" + samples + "), " + sum + " = " + sum + " + VALUES(" +
           sum + ")";
  } else {
    out += " ON CONFLICT (" + OpKeys(d) + ") DO UPDATE SET " + samples + " = " +
           samples + " + excluded." + samples + ", " + sum + " = " + sum +
           " + excluded." + sum;
  }
  return out;
}

std::string OpStatsSelectSql(SqlDialect d) {
  return "SELECT " + OpKeys(d) + ", " + QuoteIdentifier(d, "samples") + ", " +
         QuoteIdentifier(d, "sum_ns") + " FROM " + OpTable(d) + " ORDER BY " +
         OpKeys(d);
}

std::string OpStatsDeleteSql(SqlDialect d) {
  return "DELETE FROM " + OpTable(d);
}

}  // namespace layout
}  // namespace obkvlite
