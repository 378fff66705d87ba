// Copyright (c) obkvlite authors.
//
// The SQL text of the reads `obkv check` (storage/store_check.h) makes to
// compare the catalog with what the engine holds: a server's
// information_schema and SHOW CREATE TABLE (mysql dialect), a store file's
// sqlite_master (sqlite dialect). Parameters: ?1 a database, ?2 a
// relation in it.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_DDL_STORE_CHECK_SQL_H_
#define OBKVLITE_DDL_STORE_CHECK_SQL_H_

#include <string>
#include <string_view>

namespace obkvlite {

// The column names of relation ?2, in order.
std::string ServerColumnNamesSql();

// Each column's "TYPE YES|NO" (its type and whether it is nullable) of
// relation ?2, in order.
std::string ServerColumnTypesSql();

// SHOW CREATE TABLE `schema`.`relation`.
std::string ShowCreateTableSql(std::string_view schema,
                               std::string_view relation);

// The first-level partition names of relation ?2, each once.
std::string ServerPartitionNamesSql();

// Every base table of database ?1 whose name has a '$' ("t$f"), ascending
// (not the views GV$OB_KV_HOTKEY_STAT and V$OB_KV_HOTKEY_STAT).
std::string ServerFamilyRelationsSql();

// Every table of the store file's schema `schema` ("main", "shard<k>")
// whose name has a '$', ascending.
std::string SqliteFamilyTablesSql(std::string_view schema);

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_STORE_CHECK_SQL_H_
