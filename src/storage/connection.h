// Copyright (c) obkvlite authors.
//
// Connection: one SQLite connection of a store with its statement cache and
// its prepared transaction statements.
//
// Thread safety: used by one thread at a time (the writer under the store's
// write mutex, a reader through a ConnectionPool lease).

#ifndef OBKVLITE_STORAGE_CONNECTION_H_
#define OBKVLITE_STORAGE_CONNECTION_H_

#include <cstdint>
#include <memory>
#include <string>

#include "obkvlite/options.h"
#include "obkvlite/status.h"
#include "storage/sqlite_db.h"
#include "storage/statement_cache.h"

namespace obkvlite {
namespace storage {

class Connection {
 public:
  // Opens `path` with `mode` and applies the store's pragmas.
  static Result<std::unique_ptr<Connection>> Open(const std::string& path,
                                                  OpenMode mode,
                                                  const StoreOptions& options,
                                                  bool set_journal_mode);

  SqliteDb* db() { return db_.get(); }
  StatementCache* statements() { return &statements_; }

  // Transaction control with cached statements (see transaction.h).
  Status BeginRead();   // BEGIN (deferred: the snapshot starts at 1st read)
  Status BeginWrite();  // BEGIN IMMEDIATE (takes the write lock now)
  Status Commit();
  void Rollback();  // best effort; only errors if none was open
  bool in_transaction() const;

  // Schema generation this connection's cache was built for (the pool
  // clears caches of connections older than the store's generation).
  uint64_t generation() const { return generation_; }
  void set_generation(uint64_t g) { generation_ = g; }

 private:
  explicit Connection(std::unique_ptr<SqliteDb> db)
      : db_(std::move(db)), statements_(db_.get()) {}
  Status RunCached(SqliteStatement* stmt, const char* sql);

  std::unique_ptr<SqliteDb> db_;
  StatementCache statements_;
  SqliteStatement begin_read_, begin_write_, commit_, rollback_;
  uint64_t generation_ = 0;
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_CONNECTION_H_
