// Copyright (c) obkvlite authors.
#include "storage/pragmas.h"

#include <string>

namespace obkvlite {
namespace storage {

Status ApplyPragmas(SqliteDb* db, const StoreOptions& options,
                    bool set_journal_mode) {
  sqlite3_busy_timeout(db->handle(), options.busy_timeout_ms);
  if (set_journal_mode && !db->read_only()) {
    // Takes effect only while the file is still empty, so before WAL.
    OBKV_RETURN_IF_ERROR(
        db->Exec("PRAGMA page_size=" + std::to_string(options.page_size)));
    OBKV_RETURN_IF_ERROR(db->Exec("PRAGMA journal_mode=WAL"));
  }
  OBKV_RETURN_IF_ERROR(db->Exec(options.durability == Durability::kFull
                                    ? "PRAGMA synchronous=FULL"
                                    : "PRAGMA synchronous=NORMAL"));
  // A negative cache_size is in KiB.
  OBKV_RETURN_IF_ERROR(
      db->Exec("PRAGMA cache_size=-" + std::to_string(options.cache_size_kib)));
  return Status::OK();
}

}  // namespace storage
}  // namespace obkvlite
