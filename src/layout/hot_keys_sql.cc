// Copyright (c) obkvlite authors.
#include "layout/hot_keys_sql.h"

#include "obkvlite/hot_keys.h"

namespace obkvlite {
namespace layout {
namespace {

std::string HotKeysTableName(SqlDialect d) {
  return QuoteIdentifier(d, kHotKeysTable);
}

std::string HotKeysViewSql(SqlDialect d, const char* name) {
  const std::string head = d == SqlDialect::kMysql
                               ? "CREATE OR REPLACE VIEW "
                               : "CREATE VIEW IF NOT EXISTS ";
  const auto q = [d](const char* c) { return QuoteIdentifier(d, c); };
  return head + q(name) + " AS SELECT " + q("table_name") + " AS " +
         q("TABLE_NAME") + ", " + q("hotkey") + " AS " + q("HOTKEY") + ", " +
         q("hotkey_type") + " AS " + q("HOTKEY_TYPE") + ", " + q("freq") +
         " AS " + q("HOTKEY_FREQ") + ", " + q("error") + " AS " +
         q("HOTKEY_ERROR") + " FROM " + HotKeysTableName(d) + " WHERE length(" +
         q("hotkey") + ") > 0";
}

}  // namespace

std::string HotKeysCreateSql(SqlDialect d) {
  const bool mysql = d == SqlDialect::kMysql;
  const auto q = [d](const char* c) { return QuoteIdentifier(d, c); };
  const std::string int_type = mysql ? " bigint NOT NULL" : " INTEGER NOT NULL";
  std::string out =
      "CREATE TABLE IF NOT EXISTS " + HotKeysTableName(d) + " (" +
      q("table_name") +
      (mysql ? " varbinary(255) NOT NULL" : " TEXT NOT NULL") + ", " +
      q("hotkey_type") + (mysql ? " varchar(32) NOT NULL" : " TEXT NOT NULL") +
      ", " + q("hotkey") +
      (mysql ? " varbinary(1024) NOT NULL" : " BLOB NOT NULL") + ", " +
      q("freq") + int_type + ", " + q("error") + int_type + ", PRIMARY KEY (" +
      q("table_name") + ", " + q("hotkey_type") + ", " + q("hotkey") + "))";
  if (!mysql) out += " WITHOUT ROWID";
  return out;
}

std::string HotKeysGlobalViewSql(SqlDialect d) {
  return HotKeysViewSql(d, kHotKeysGlobalView);
}

std::string HotKeysLocalViewSql(SqlDialect d) {
  return HotKeysViewSql(d, kHotKeysLocalView);
}

std::string HotKeysSelectSql(SqlDialect d, bool for_update) {
  std::string out = "SELECT " + QuoteIdentifier(d, "hotkey") + ", " +
                    QuoteIdentifier(d, "freq") + ", " +
                    QuoteIdentifier(d, "error") + " FROM " +
                    HotKeysTableName(d) + " WHERE " +
                    QuoteIdentifier(d, "table_name") + " = ?1 AND " +
                    QuoteIdentifier(d, "hotkey_type") + " = ?2";
  if (for_update && d == SqlDialect::kMysql) out += " FOR UPDATE";
  return out;
}

std::string HotKeysInsertSql(SqlDialect d) {
  return "INSERT INTO " + HotKeysTableName(d) + " (" +
         QuoteIdentifier(d, "table_name") + ", " +
         QuoteIdentifier(d, "hotkey_type") + ", " +
         QuoteIdentifier(d, "hotkey") + ", " + QuoteIdentifier(d, "freq") +
         ", " + QuoteIdentifier(d, "error") + ") VALUES (?1, ?2, ?3, ?4, ?5)";
}

std::string HotKeysDeleteSql(SqlDialect d, bool one_type) {
  std::string out = "DELETE FROM " + HotKeysTableName(d) + " WHERE " +
                    QuoteIdentifier(d, "table_name") + " = ?1";
  if (one_type) out += " AND " + QuoteIdentifier(d, "hotkey_type") + " = ?2";
  return out;
}

}  // namespace layout
}  // namespace obkvlite
