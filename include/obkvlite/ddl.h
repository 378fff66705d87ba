// Copyright (c) obkvlite authors.
//
// DDL generation from a TableSpec (DESIGN §2). One spec yields:
//   - the `oceanbase` dialect: CREATE TABLEGROUP plus one CREATE TABLE per
//     family, in OceanBase MySQL mode, meaning exactly what the OBKV-HBase
//     schema reference (seed 003) says: columns, types, generated columns
//     G / K_PREFIX, primary key, TABLEGROUP, kv_attributes and partitioning;
//   - the `mysql` dialect: the oceanbase DDL without TABLEGROUP and
//     kv_attributes, for MySQL-compatible servers;
//   - the `sqlite` dialect: what the store executes, one WITHOUT ROWID table
//     per physical partition, a "t$f" view over them, and the catalog.
// Every identifier is quoted.
//
// Thread safety: pure functions, safe from any thread.

#ifndef OBKVLITE_DDL_H_
#define OBKVLITE_DDL_H_

#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

enum class DdlDialect { kOceanBase, kMysql, kSqlite };

// "oceanbase", "mysql" or "sqlite"; anything else is an InvalidArgument
// naming `field`.
Result<DdlDialect> ParseDdlDialect(std::string_view name,
                                   std::string_view field = "dialect");

// The whole script for `dialect`, statements separated by blank lines, each
// ending in ';'.
std::string GenerateDdl(const TableSpec& spec, DdlDialect dialect);

// The oceanbase or mysql script as its statements, in execution order:
// CREATE DATABASE IF NOT EXISTS for a table in a namespace, CREATE
// TABLEGROUP (oceanbase), then one CREATE TABLE per family, each
// ending in ";\n" and led by its "-- " note lines. GenerateDdl joins
// exactly these; a server store runs them one by one.
std::vector<std::string> ServerCreateStatements(const TableSpec& spec,
                                                DdlDialect dialect);

// DROP TABLE IF EXISTS per family, then DROP TABLEGROUP IF EXISTS
// (oceanbase): what undoes ServerCreateStatements.
std::vector<std::string> ServerDropStatements(const TableSpec& spec,
                                              DdlDialect dialect);

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

// The statements that create one table in a store, in execution order:
// partition tables, then views, then the catalog row. The store runs exactly
// these, inside one transaction.
std::vector<std::string> SqliteCreateStatements(const TableSpec& spec);

// The statements that drop one table from a store (views first).
std::vector<std::string> SqliteDropStatements(const TableSpec& spec);

// Sharded stores (StoreOptions::shards > 1; doc/shards.md). A connection of
// such a store attaches shard k > 0 under the schema "shard<k>"; shard 0 is
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

// SQL quoting helpers, the one place identifiers and literals are quoted.
std::string QuoteSqlIdentifier(std::string_view name);    // "name"
std::string QuoteMysqlIdentifier(std::string_view name);  // `name`
// A relation ("t$f" or "ns:t$f") on a server: `t$f`, or `ns`.`ns:t$f` in
// the database of its namespace.
std::string QuoteMysqlTableName(std::string_view relation);
std::string QuoteSqlString(std::string_view text);        // 'it''s'

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_H_
