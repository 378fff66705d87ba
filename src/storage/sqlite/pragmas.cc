// Copyright (c) obkvlite authors.
#include "storage/sqlite/pragmas.h"

#include <string>

#include "ddl/sql_quote.h"
#include "obkvlite/ddl.h"

namespace obkvlite {
namespace storage {

Status ApplyPragmas(SqliteDb* db, const StoreOptions& options,
                    bool set_journal_mode) {
  sqlite3_busy_timeout(db->handle(), options.busy_timeout_ms);
  if (set_journal_mode && !db->read_only()) {
    // Takes effect only while the file is still empty, so before WAL.
    OBKV_RETURN_IF_ERROR(db->Exec("PRAGMA page_size=" +
                                  std::to_string(options.sqlite.page_size)));
    OBKV_RETURN_IF_ERROR(db->Exec("PRAGMA journal_mode=WAL"));
  }
  return ApplyAttachedPragmas(db, options, "main");
}

Status ApplyAttachedPragmas(SqliteDb* db, const StoreOptions& options,
                            const std::string& schema) {
  const std::string prefix = "PRAGMA " + QuoteSqlIdentifier(schema) + ".";
  OBKV_RETURN_IF_ERROR(
      db->Exec(prefix + (options.durability == Durability::kFull
                             ? "synchronous=FULL"
                             : "synchronous=NORMAL")));
  // SQLite lowers a size above its compile-time cap to the cap.
  OBKV_RETURN_IF_ERROR(db->Exec(
      prefix + "mmap_size=" + std::to_string(options.sqlite.mmap_size)));
  // A negative cache_size is in KiB.
  return db->Exec(prefix + "cache_size=-" +
                  std::to_string(options.sqlite.cache_size_kib));
}

}  // namespace storage
}  // namespace obkvlite
