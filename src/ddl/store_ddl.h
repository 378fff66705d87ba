// Copyright (c) obkvlite authors.
//
// The statements a store runs on itself, beside a table's DDL
// (obkvlite/ddl.h): its catalog and namespace tables, the SQLite engine's
// per-table create and drop scripts, and the tables of a sharded store.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_DDL_STORE_DDL_H_
#define OBKVLITE_DDL_STORE_DDL_H_

#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"

namespace obkvlite {

// Name of the store's catalog table. It holds no '$', so it never collides
// with a "table$family" relation.
inline constexpr std::string_view kCatalogTable = "obkv_catalog";

// The catalog's CREATE TABLE IF NOT EXISTS statement: for a store file,
// and for a server store's database (oceanbase and mysql dialects).
std::string SqliteCatalogDdl();
std::string ServerCatalogDdl();

// The store's namespaces besides default and hbase (Store::CreateNamespace):
// table "obkv_namespaces" (name), and its CREATE TABLE IF NOT EXISTS.
inline constexpr std::string_view kNamespaceTable = "obkv_namespaces";
std::string SqliteNamespaceDdl();
std::string ServerNamespaceDdl();

// A server store's unfinished multi-statement changes (storage/mysql/ddl_plan.h;
// doc/ddl-plans.md): table "obkv_ddl_plan" (id, kind, subject, plan,
// reached), and its CREATE TABLE IF NOT EXISTS, run with the catalog's.
inline constexpr std::string_view kDdlPlanTable = "obkv_ddl_plan";
std::string ServerDdlPlanDdl();

// One row, one integer column: 1 when the store has the table `name` (a
// table of its own such as obkv_stats; on a server, in the current
// database), else 0.
std::string StoreTableExistsSql(SqlDialect dialect, std::string_view name);

// The statements that create one table in a store, in execution order:
// partition tables, then views, then the catalog row. The store runs exactly
// these, inside one transaction.
std::vector<std::string> SqliteCreateStatements(const TableSpec& spec);

// The statements that drop one table from a store (views first).
std::vector<std::string> SqliteDropStatements(const TableSpec& spec);

// Sharded stores (StoreOptions::sqlite.shards > 1; doc/shards.md). A connection
// of such a store attaches shard k > 0 under the schema "shard<k>"; shard 0 is
// "main". SQLite forbids a view in one file over tables of another, so the
// per-family union views are TEMP views of each inspecting session.

// "main" for shard 0, "shard<k>" otherwise.
std::string ShardSchemaName(int shard);

// One partition table of a sharded store: its shard (ShardOfPartition), its
// name, and its CREATE TABLE statement qualified with the shard's schema.
struct ShardedTableDdl {
  int shard;
  std::string name;
  std::string create;
};

// Every partition table of `spec` in a store of `shards` files.
std::vector<ShardedTableDdl> SqliteShardedTables(const TableSpec& spec,
                                                 int shards);

// The statements that create one table in a sharded store: its partition
// tables (each after dropping a leftover of the same name), then the
// catalog row. No views (see above).
std::vector<std::string> SqliteShardedCreateStatements(const TableSpec& spec,
                                                       int shards);

// CREATE TEMP VIEW statements for `spec`'s per-family union views, for a
// session that attached every shard.
std::vector<std::string> SqliteShardedViewStatements(const TableSpec& spec);

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_STORE_DDL_H_
