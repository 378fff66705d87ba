// Copyright (c) obkvlite authors.
//
// Connection: one session of a store's engine (doc/engines.md), the seam
// between the hbase layer and SQLite or a MySQL-protocol server. It
// prepares statements in its dialect's text (ddl/sql_quote.h), keeps
// a statement cache, and runs transactions. Engines: SqliteConnection
// (storage/sqlite/sqlite_connection.h) and MysqlConnection
// (storage/mysql/mysql_connection.h).
//
// Thread safety: used by one thread at a time (the writer under the store's
// write mutex, a reader through a ConnectionPool lease).

#ifndef OBKVLITE_STORAGE_CONNECTION_H_
#define OBKVLITE_STORAGE_CONNECTION_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "ddl/sql_quote.h"
#include "obkvlite/status.h"
#include "storage/statement.h"
#include "storage/statement_cache.h"

namespace obkvlite {
namespace storage {

class Connection {
 public:
  virtual ~Connection() = default;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // The SQL text this session runs.
  virtual SqlDialect dialect() const = 0;

  // Rows a range read fetches per page (the layouts' paged SELECTs, with
  // LIMIT and a keyset continuation), so that a server session never holds
  // a whole result; 0 when statements stream rows one at a time (SQLite).
  virtual int page_rows() const = 0;

  // Rows one upsert statement writes at most (layout::kNormalInsertRows):
  // 1 where a statement is an in-process call (SQLite steps a one-row
  // INSERT faster than a multi-row one), more where each statement is a
  // round trip to a server. The layout caps it to the statements it writes
  // (layout::InsertRowsPerStatement).
  virtual int rows_per_insert() const = 0;

  // The most bytes one statement's request may carry (a server's
  // max_allowed_packet), so a writer cuts its multi-row statements to fit;
  // 0 when there is no limit (SQLite). A statement's request is its SQL
  // text plus, per bound parameter, its bytes and kRequestBytesPerParam (what
  // the binary protocol adds per parameter at most: type, null bit, length
  // prefix).
  virtual int64_t max_request_bytes() const { return 0; }
  static constexpr int64_t kRequestBytesPerParam = 16;

  // Prepares one statement (not cached).
  virtual Result<std::unique_ptr<Statement>> Prepare(std::string_view sql) = 0;
  // Runs statements that return no rows we need.
  virtual Status Exec(std::string_view sql) = 0;

  StatementCache* statements() { return &statements_; }

  // Transaction control (see transaction.h).
  virtual Status BeginRead() = 0;   // a consistent snapshot from here on
  virtual Status BeginWrite() = 0;  // serialised with other writers
  virtual Status Commit() = 0;
  virtual void Rollback() = 0;  // best effort; a no-op when none is open
  virtual bool in_transaction() const = 0;

  // One savepoint inside the open write transaction, for group commit
  // (StoreOptions::group_commit): Savepoint marks, RollbackToSavepoint
  // undoes every statement since the mark and keeps the transaction open,
  // ReleaseSavepoint drops the mark. SQLite, MySQL and OceanBase take the
  // same three statements. REQUIRED: inside a write transaction; one mark
  // at a time.
  virtual Status Savepoint() { return Exec(kSavepointSql); }
  virtual Status RollbackToSavepoint() { return Exec(kRollbackToSavepointSql); }
  virtual Status ReleaseSavepoint() { return Exec(kReleaseSavepointSql); }
  static constexpr char kSavepointSql[] = "SAVEPOINT obkv_write";
  static constexpr char kRollbackToSavepointSql[] =
      "ROLLBACK TO SAVEPOINT obkv_write";
  static constexpr char kReleaseSavepointSql[] = "RELEASE SAVEPOINT obkv_write";

  // A read begun as Transaction::Kind::kReadOnDemand has no snapshot yet:
  // its first statement runs alone, as its own snapshot, which saves a
  // server the round trips of a transaction around a short scan. A reader
  // about to run a second statement calls TakeSnapshot, which begins the
  // read transaction (OK when no snapshot is pending), and then reads again
  // what its first statement read.
  bool snapshot_pending() const { return snapshot_pending_; }
  Status TakeSnapshot() {
    if (!snapshot_pending_) return Status::OK();
    snapshot_pending_ = false;
    return BeginPendingRead();
  }

  // True once the session lost its server and cannot recover by itself (a
  // pool drops it instead of keeping it idle).
  virtual bool broken() const { return false; }

  // Makes this write transaction conflict with every other one that calls
  // it for the same (table, row), on whichever server of the store it runs:
  // a read-modify-write (increment, append, check-and-mutate, deleting the
  // newest version) calls it before its read. A no-op where the engine's
  // locks already serialise them: SQLite's one writer, and a single MySQL
  // server's or OceanBase's row locks, which SELECT ... FOR UPDATE takes
  // cluster-wide. Galera's FOR UPDATE locks are local to one node, so there
  // it writes the row's slot of obkv_row_lock: two such transactions on
  // different nodes share a key, and certification aborts one of them
  // (retried by the store). REQUIRED: inside a write transaction.
  virtual Status LockRowForUpdate(std::string_view table,
                                  std::string_view row) {
    (void)table;
    (void)row;
    return Status::OK();
  }

  // True when a broken session may reconnect to another server of the same
  // store (a URI listing several endpoints): a write transaction whose
  // session was lost before COMMIT then runs again there.
  virtual bool can_fail_over() const { return false; }

  // Reconnects a broken session, clearing its statement cache; OK when it
  // is not broken. Transactions begin with it; a read without one calls it
  // first. REQUIRED: no statement of the cache is in use.
  virtual Status Revive() { return Status::OK(); }

  // Schema generation this connection's cache was built for (the pool
  // clears caches of connections older than the store's generation).
  uint64_t generation() const { return generation_; }
  void set_generation(uint64_t g) { generation_ = g; }

 protected:
  Connection() : statements_(this) {}

  // BeginRead for TakeSnapshot, which may not reconnect: the reader's
  // cursors hold cached statements of this session.
  virtual Status BeginPendingRead() { return BeginRead(); }

 private:
  friend class Transaction;  // sets and clears snapshot_pending_

  StatementCache statements_;
  uint64_t generation_ = 0;
  bool snapshot_pending_ = false;
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_CONNECTION_H_
