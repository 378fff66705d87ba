// Copyright (c) obkvlite authors.
#include "ddl/shard_sql.h"

#include "ddl/sql_quote.h"
#include "ddl/store_ddl.h"

namespace obkvlite {

std::string ShardsTableExistsSql() {
  return "SELECT count(*) FROM sqlite_schema WHERE type = 'table' "
         "AND name = " +
         QuoteSqlString(kShardsTable);
}

std::string ShardCountSql() {
  return "SELECT \"count\" FROM " + QuoteSqlIdentifier(kShardsTable);
}

std::string ShardsTableDdl(int shards) {
  return "CREATE TABLE " + QuoteSqlIdentifier(kShardsTable) +
         " (\"count\" INTEGER NOT NULL); INSERT INTO " +
         QuoteSqlIdentifier(kShardsTable) + " VALUES (" +
         std::to_string(shards) + ")";
}

std::string ShardTablesSql(int shard) {
  return "SELECT \"name\" FROM " + QuoteSqlIdentifier(ShardSchemaName(shard)) +
         ".sqlite_schema WHERE \"type\" = 'table'";
}

std::string DropShardTableSql(int shard, std::string_view table) {
  return "DROP TABLE " + QuoteSqlIdentifier(ShardSchemaName(shard)) + "." +
         QuoteSqlIdentifier(table);
}

}  // namespace obkvlite
