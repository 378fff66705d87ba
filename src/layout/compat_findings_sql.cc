// Copyright (c) obkvlite authors.
#include "layout/compat_findings_sql.h"

#include "ddl/sql_quote.h"
#include "obkvlite/compat.h"
#include "obkvlite/ddl.h"

namespace obkvlite {
namespace layout {
namespace {

constexpr const char* kKeyColumns[] = {"table_name", "operation", "surface",
                                       "rule"};

std::string CompatTableName(SqlDialect d) {
  return QuoteIdentifier(d, kCompatTable);
}

std::string CompatColumn(SqlDialect d, const char* name) {
  return QuoteIdentifier(d, name);
}

std::string CompatKeys(SqlDialect d) {
  std::string out;
  for (const char* c : kKeyColumns) {
    if (!out.empty()) out += ", ";
    out += CompatColumn(d, c);
  }
  return out;
}

std::string CompatValues(SqlDialect d) {
  return CompatColumn(d, "seen") + ", " + CompatColumn(d, "first_seen_ms") +
         ", " + CompatColumn(d, "last_seen_ms");
}

}  // namespace

std::string CompatCreateSql(SqlDialect d) {
  const bool mysql = d == SqlDialect::kMysql;
  const std::string name_type =
      mysql ? " varbinary(255) NOT NULL" : " TEXT NOT NULL";
  const std::string int_type = mysql ? " bigint NOT NULL" : " INTEGER NOT NULL";
  std::string out = "CREATE TABLE IF NOT EXISTS " + CompatTableName(d) + " (";
  for (const char* c : kKeyColumns)
    out += CompatColumn(d, c) + name_type + ", ";
  out += CompatColumn(d, "seen") + int_type + ", " +
         CompatColumn(d, "first_seen_ms") + int_type + ", " +
         CompatColumn(d, "last_seen_ms") + int_type + ", PRIMARY KEY (" +
         CompatKeys(d) + "))";
  if (!mysql) out += " WITHOUT ROWID";
  return out;
}

std::string CompatUpsertSql(SqlDialect d) {
  const std::string seen = CompatColumn(d, "seen");
  const std::string first = CompatColumn(d, "first_seen_ms");
  const std::string last = CompatColumn(d, "last_seen_ms");
  std::string out = "INSERT INTO " + CompatTableName(d) + " (" + CompatKeys(d) +
                    ", " + CompatValues(d) +
                    ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";
  if (d == SqlDialect::kMysql) {
    out += " ON DUPLICATE KEY UPDATE " + seen + " = " + seen + " + VALUES(" +
           seen + "), " + first + " = LEAST(" + first + ", VALUES(" + first +
           ")), " + last + " = GREATEST(" + last + ", VALUES(" + last + "))";
  } else {
    out += " ON CONFLICT (" + CompatKeys(d) + ") DO UPDATE SET " + seen +
           " = " + seen + " + excluded." + seen + ", " + first + " = min(" +
           first + ", excluded." + first + "), " + last + " = max(" + last +
           ", excluded." + last + ")";
  }
  return out;
}

std::string CompatSelectSql(SqlDialect d) {
  return "SELECT " + CompatKeys(d) + ", " + CompatValues(d) + " FROM " +
         CompatTableName(d) + " ORDER BY " + CompatKeys(d);
}

std::string CompatDeleteSql(SqlDialect d) {
  return "DELETE FROM " + CompatTableName(d);
}

}  // namespace layout
}  // namespace obkvlite
