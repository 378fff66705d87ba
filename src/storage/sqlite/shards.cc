// Copyright (c) obkvlite authors.
#include "storage/sqlite/shards.h"

#include "ddl/catalog_sql.h"
#include "ddl/shard_sql.h"
#include "ddl/sql_quote.h"
#include "ddl/store_ddl.h"
#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"
#include "storage/catalog.h"
#include "storage/sqlite/format_version.h"
#include "storage/sqlite/pragmas.h"
#include "storage/sqlite/sqlite_connection.h"

namespace obkvlite {
namespace storage {
namespace {

// ATTACH DATABASE of shard k under its schema name.
std::string AttachStatement(const std::string& store_path, int k) {
  return "ATTACH DATABASE " + QuoteSqlString(ShardFilePath(store_path, k)) +
         " AS " + QuoteSqlIdentifier(ShardSchemaName(k));
}

}  // namespace

std::string ShardFilePath(const std::string& store_path, int shard) {
  return store_path + ".shard" + std::to_string(shard);
}

Result<int> ReadShardCount(SqliteDb* db) {
  OBKV_ASSIGN_OR_RETURN(int64_t has_table,
                        db->QueryInt(ShardsTableExistsSql()));
  if (has_table == 0) return 1;
  OBKV_ASSIGN_OR_RETURN(int64_t count, db->QueryInt(ShardCountSql()));
  if (count < 2 || count > kMaxShards) {
    return Status::Corruption(std::string(kShardsTable) + ": shard count " +
                              std::to_string(count) + " is outside [2, " +
                              std::to_string(kMaxShards) + "]");
  }
  return static_cast<int>(count);
}

Result<int> ResolveShardCount(SqliteDb* db, const std::string& store_path,
                              int requested) {
  OBKV_ASSIGN_OR_RETURN(int stored, ReadShardCount(db));
  if (requested == 0 || requested == stored) return stored;
  if (stored == 1 && !db->read_only()) {
    OBKV_ASSIGN_OR_RETURN(int64_t tables, db->QueryInt(CatalogCountSql()));
    if (tables > 0) {
      return Status::InvalidArgument(
          "options.sqlite.shards: store '" + store_path +
          "' already has tables in 1 file; got " + std::to_string(requested) +
          " (the count is chosen when the store is created)");
    }
    OBKV_RETURN_IF_ERROR(db->Exec(ShardsTableDdl(requested) +
                                  "; PRAGMA user_version = " +
                                  std::to_string(kShardedStoreFormatVersion)));
    return requested;
  }
  return Status::InvalidArgument("options.sqlite.shards: store '" + store_path +
                                 "' has " + std::to_string(stored) +
                                 " shards; got " + std::to_string(requested));
}

Status AttachShards(SqliteDb* db, const std::string& store_path, int shards,
                    const StoreOptions& options) {
  if (shards == 1) return Status::OK();
  StoreOptions per_file = options;
  per_file.sqlite.cache_size_kib = options.sqlite.cache_size_kib / shards;
  OBKV_RETURN_IF_ERROR(ApplyAttachedPragmas(db, per_file, "main"));
  for (int k = 1; k < shards; ++k) {
    OBKV_RETURN_IF_ERROR(db->Exec(AttachStatement(store_path, k)));
    OBKV_RETURN_IF_ERROR(
        ApplyAttachedPragmas(db, per_file, ShardSchemaName(k)));
  }
  return Status::OK();
}

Result<std::vector<std::string>> ShardedSessionStatements(
    const std::string& store_path) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<SqliteConnection> conn,
                        SqliteConnection::Open(store_path, OpenMode::kReadOnly,
                                               StoreOptions(), false));
  OBKV_ASSIGN_OR_RETURN(int shards, ReadShardCount(conn->db()));
  std::vector<std::string> out;
  if (shards == 1) return out;
  for (int k = 1; k < shards; ++k)
    out.push_back(AttachStatement(store_path, k));
  OBKV_ASSIGN_OR_RETURN(std::vector<TableSpec> specs, LoadCatalog(conn.get()));
  for (const TableSpec& spec : specs) {
    for (std::string& view : SqliteShardedViewStatements(spec)) {
      out.push_back(std::move(view));
    }
  }
  return out;
}

}  // namespace storage
}  // namespace obkvlite
