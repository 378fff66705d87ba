// Copyright (c) obkvlite authors.
//
// The SQL text, in each dialect (ddl/sql_quote.h), of every statement on
// the hot-key table "obkv_hotkeys" (obkvlite/hot_keys.h) and its views:
//
//   obkv_hotkeys (table_name, hotkey_type, hotkey, freq, error)
//   PRIMARY KEY (table_name, hotkey_type, hotkey)
//
// hotkey_type is OBKV's name ("TABLE_HOTKEY_QUERY" ...). A row per listed
// key holds its count (freq, an upper bound) and error; the row whose
// hotkey is empty (no HBase row key is) holds the type's totals: freq the
// requests counted, error the summary's deficit (hbase/stats/
// hot_key_summary.h).
//
// The views GV$OB_KV_HOTKEY_STAT and V$OB_KV_HOTKEY_STAT, named after
// OBKV's, show the listed keys with OBKV's column names where they apply
// (HOTKEY, HOTKEY_TYPE, HOTKEY_FREQ), TABLE_NAME for OBKV's TABLE_ID, and
// HOTKEY_ERROR.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_LAYOUT_HOT_KEYS_SQL_H_
#define OBKVLITE_LAYOUT_HOT_KEYS_SQL_H_

#include <string>

#include "ddl/sql_quote.h"

namespace obkvlite {
namespace layout {

// The views' names.
inline constexpr const char* kHotKeysGlobalView = "GV$OB_KV_HOTKEY_STAT";
inline constexpr const char* kHotKeysLocalView = "V$OB_KV_HOTKEY_STAT";

// CREATE TABLE IF NOT EXISTS obkv_hotkeys (...).
std::string HotKeysCreateSql(SqlDialect dialect);

// CREATE VIEW of each view (IF NOT EXISTS on SQLite, OR REPLACE on MySQL).
std::string HotKeysGlobalViewSql(SqlDialect dialect);
std::string HotKeysLocalViewSql(SqlDialect dialect);

// SELECT hotkey, freq, error of table ?1 and type ?2; with `for_update`
// (a flush's read before its rewrite) locking them on a server.
std::string HotKeysSelectSql(SqlDialect dialect, bool for_update);

// INSERT row (table ?1, type ?2, hotkey ?3, freq ?4, error ?5).
std::string HotKeysInsertSql(SqlDialect dialect);

// DELETE the rows of table ?1 (and type ?2 when `one_type`).
std::string HotKeysDeleteSql(SqlDialect dialect, bool one_type);

}  // namespace layout
}  // namespace obkvlite

#endif  // OBKVLITE_LAYOUT_HOT_KEYS_SQL_H_
