// Copyright (c) obkvlite authors.
#include "layout/request_stats_sql.h"

#include "ddl/sql_quote.h"
#include "obkvlite/ddl.h"
#include "obkvlite/request_stats.h"

namespace obkvlite {
namespace layout {
namespace {

constexpr const char* kCountColumns[kStatsCounts] = {
    "reads",         "rows_read",     "cells_read", "writes",
    "cells_written", "bytes_written", "deletes"};

std::string Table(SqlDialect d) { return QuoteIdentifier(d, kStatsTable); }

std::string Keys(SqlDialect d) {
  return QuoteIdentifier(d, "table_name") + ", " +
         QuoteIdentifier(d, "family") + ", " +
         QuoteIdentifier(d, "partition_index") + ", " +
         QuoteIdentifier(d, "bucket_start_ms");
}

std::string Counts(SqlDialect d) {
  std::string out;
  for (int i = 0; i < kStatsCounts; ++i) {
    if (i > 0) out += ", ";
    out += QuoteIdentifier(d, kCountColumns[i]);
  }
  return out;
}

// WHERE table_name = ?1 [AND family = ?<family_param>].
std::string WhereTable(SqlDialect d, bool one_family, int family_param) {
  std::string out = " WHERE " + QuoteIdentifier(d, "table_name") + " = ?1";
  if (one_family) {
    out += " AND " + QuoteIdentifier(d, "family") + " = ?" +
           std::to_string(family_param);
  }
  return out;
}

}  // namespace

std::string StatsCreateSql(SqlDialect d) {
  const bool mysql = d == SqlDialect::kMysql;
  const std::string name_type =
      mysql ? " varbinary(255) NOT NULL" : " TEXT NOT NULL";
  const std::string int_type = mysql ? " bigint NOT NULL" : " INTEGER NOT NULL";
  std::string out = "CREATE TABLE IF NOT EXISTS " + Table(d) + " (" +
                    QuoteIdentifier(d, "table_name") + name_type + ", " +
                    QuoteIdentifier(d, "family") + name_type + ", " +
                    QuoteIdentifier(d, "partition_index") + int_type + ", " +
                    QuoteIdentifier(d, "bucket_start_ms") + int_type;
  for (const char* c : kCountColumns) {
    out += ", " + QuoteIdentifier(d, c) + int_type + " DEFAULT 0";
  }
  out += ", PRIMARY KEY (" + Keys(d) + "))";
  if (!mysql) out += " WITHOUT ROWID";
  return out;
}

std::string StatsUpsertSql(SqlDialect d) {
  std::string out = "INSERT INTO " + Table(d) + " (" + Keys(d) + ", " +
                    Counts(d) + ") VALUES (?1, ?2, ?3, ?4";
  for (int i = 0; i < kStatsCounts; ++i) out += ", ?" + std::to_string(5 + i);
  out += ")";
  if (d == SqlDialect::kMysql) {
    out += " ON DUPLICATE KEY UPDATE ";
    for (int i = 0; i < kStatsCounts; ++i) {
      const std::string c = QuoteIdentifier(d, kCountColumns[i]);
      out += (i > 0 ? ", " : "") + c + " = " + c + " + VALUES(" + c + ")";
    }
  } else {
    out += " ON CONFLICT (" + Keys(d) + ") DO UPDATE SET ";
    for (int i = 0; i < kStatsCounts; ++i) {
      const std::string c = QuoteIdentifier(d, kCountColumns[i]);
      out += (i > 0 ? ", " : "") + c + " = " + c + " + excluded." + c;
    }
  }
  return out;
}

std::string StatsSelectSql(SqlDialect d, bool one_family) {
  const std::string bucket = QuoteIdentifier(d, "bucket_start_ms");
  return "SELECT " + QuoteIdentifier(d, "family") + ", " +
         QuoteIdentifier(d, "partition_index") + ", " + bucket + ", " +
         Counts(d) + " FROM " + Table(d) + WhereTable(d, one_family, 4) +
         " AND " + bucket + " >= ?2 AND " + bucket + " < ?3 ORDER BY " +
         QuoteIdentifier(d, "family") + ", " +
         QuoteIdentifier(d, "partition_index") + ", " + bucket;
}

std::string StatsDeleteSql(SqlDialect d, bool one_family) {
  return "DELETE FROM " + Table(d) + WhereTable(d, one_family, 2);
}

}  // namespace layout
}  // namespace obkvlite
