// Copyright (c) obkvlite authors.
#include "storage/sqlite/format_version.h"

#include "ddl/catalog_sql.h"
#include "ddl/store_ddl.h"
#include "obkvlite/ddl.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace storage {
namespace {

Result<bool> HasCatalog(SqliteDb* db) {
  OBKV_ASSIGN_OR_RETURN(int64_t n, db->QueryInt(SqliteCatalogExistsSql()));
  return n > 0;
}

}  // namespace

Status InitializeStoreFormat(SqliteConnection* conn, const std::string& path) {
  SqliteDb* db = conn->db();
  const bool writable = !db->read_only();
  Transaction txn;
  if (writable) {
    OBKV_ASSIGN_OR_RETURN(txn,
                          Transaction::Begin(conn, Transaction::Kind::kWrite));
  }
  OBKV_ASSIGN_OR_RETURN(int64_t version, db->QueryInt("PRAGMA user_version"));
  if (version > kShardedStoreFormatVersion) {
    return Status::NotSupported(
        path + ": store format version " + std::to_string(version) +
        " is newer than this obkvlite reads (" +
        std::to_string(kShardedStoreFormatVersion) + ")");
  }
  if (version == kStoreFormatVersion || version == kShardedStoreFormatVersion) {
    return txn.Commit();
  }

  OBKV_ASSIGN_OR_RETURN(bool has_catalog, HasCatalog(db));
  if (!has_catalog) {
    OBKV_ASSIGN_OR_RETURN(int64_t objects,
                          db->QueryInt("SELECT count(*) FROM sqlite_schema"));
    if (objects > 0) {
      return Status::Corruption(path + ": not an obkvlite store (no " +
                                std::string(kCatalogTable) + " table)");
    }
    if (!writable) {
      return Status::NotFound(path + ": empty file, not an obkvlite store");
    }
    OBKV_RETURN_IF_ERROR(db->Exec(SqliteCatalogDdl()));
  }
  if (!writable) return Status::OK();
  OBKV_RETURN_IF_ERROR(
      db->Exec("PRAGMA user_version = " + std::to_string(kStoreFormatVersion)));
  return txn.Commit();
}

}  // namespace storage
}  // namespace obkvlite
