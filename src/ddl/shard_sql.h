// Copyright (c) obkvlite authors.
//
// The SQL text of the statements on a sharded store's own tables (sqlite
// dialect; doc/shards.md): the shard count, table "obkv_shards" ("count")
// in the store file, which a store of one file lacks, and the listing and
// removal of a shard's tables (storage/catalog.h's RepairShards). Shard
// k > 0 is attached under schema ShardSchemaName(k) (ddl/store_ddl.h).
//
// Thread safety: pure functions.

#ifndef OBKVLITE_DDL_SHARD_SQL_H_
#define OBKVLITE_DDL_SHARD_SQL_H_

#include <string>
#include <string_view>

namespace obkvlite {

inline constexpr std::string_view kShardsTable = "obkv_shards";

// One row, 1 when the store file has table obkv_shards, else 0.
std::string ShardsTableExistsSql();

// One row, the store's shard count.
std::string ShardCountSql();

// Creates obkv_shards holding `shards` (two statements, one script).
std::string ShardsTableDdl(int shards);

// The names of the tables of shard `shard` (> 0), one row each.
std::string ShardTablesSql(int shard);

// Drops table `table` of shard `shard` (> 0).
std::string DropShardTableSql(int shard, std::string_view table);

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_SHARD_SQL_H_
