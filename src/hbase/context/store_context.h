// Copyright (c) obkvlite authors.
//
// StoreContext: what every table of one store shares: the writer
// connections and the mutexes that serialise writes, the pool of read
// connections (one per concurrent Get or Scanner, each with its own
// snapshot), the clock, and the options.
//
// A store of one file has one writer connection under one mutex; on a
// server, further writer sessions (WriterLanes, StoreOptions::
// server_writers) take the writes that find it busy. A sharded
// store (StoreOptions::sqlite.shards > 1, doc/shards.md) has a writer per shard
// file, each under its own mutex, plus an "all-shards" writer: the store
// file with every shard attached, under every mutex.
//
// Write operations go through RunWrite (every shard, one transaction) or
// RunShardWrites (a transaction per shard, one shard at a time): they
// refuse read-only stores, take the mutexes, run the body inside BEGIN
// IMMEDIATE, and commit only when the body succeeded. RunWrite takes the
// mutexes in shard order and RunShardWrites holds one at a time, so
// writers never deadlock.
//
// With group commit (StoreOptions::group_commit, the default), each writer
// connection has a WriteQueue (write_queue.h): concurrent writes to it run
// as one transaction, in the order they arrived, with one COMMIT. The
// first run of a group takes no savepoints (they cost SQLite a statement
// journal): when a body fails, the transaction is rolled back, that write
// fails with its error, and the others run again, each body inside a
// savepoint of its own, so that a body failing there is rolled back to its
// savepoint and fails alone. When a body's error ends the transaction
// itself (SQLite rolled it back, a session was lost), that write fails and
// the others run again the same way. A COMMIT that fails, and a
// transaction the server rolled back more often than retry() allows, fail
// every write of the group. A group of one runs exactly as without group
// commit.
//
// A write transaction that the server rolled back (Status Aborted: a
// deadlock, a lock wait timeout, a certification failure, a leader change;
// storage/mysql/mysql_error.h) runs again whole, up to retry().max_attempts in
// all, after a jittered exponential backoff; then it fails with Aborted
// naming the conflict. A body therefore must keep no effect of a failed
// attempt: it may run several times, and only its last run counts. A
// COMMIT whose outcome is unknown is never run again blindly: the write
// fails with UnknownOutcome naming the operation and its rows, unless it is
// idempotent (a put of cells whose timestamps were fixed before the first
// attempt: applying it twice leaves the same rows as once), which is sent
// again on a new session.
//
// Reads are strong or weak (obkvlite/read_consistency.h): a Get or Scan
// that names no consistency takes the store's (StoreOptions::
// read_consistency, or the URI's ?read_consistency=). Where the engine
// reads weakly otherwise (storage::Engine::has_weak_reads: a server), weak
// reads lease from a pool of their own whose sessions skip the wait for
// the cluster; elsewhere both kinds share one pool.
//
// The lock discipline is annotated for clang's -Wthread-safety
// (util/thread_annotations.h): the all-shards writer and writer() need
// all_writer_mu_, which RunRead try-locks alone and AllShardsLock takes
// last, after every shard's mutex. writers_[k] under shard_mu_[k] is beyond
// what the analysis can express, so RunShardWrites is checked by review.
//
// REQUIRED: the context outlives its tables and scanners.
// Thread safety: safe from any thread (see the members).

#ifndef OBKVLITE_HBASE_CONTEXT_STORE_CONTEXT_H_
#define OBKVLITE_HBASE_CONTEXT_STORE_CONTEXT_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hbase/context/row_clock.h"
#include "hbase/context/write_queue.h"
#include "hbase/context/writer_lanes.h"
#include "obkvlite/options.h"
#include "obkvlite/status.h"
#include "storage/connection.h"
#include "storage/connection_pool.h"
#include "storage/engine.h"
#include "storage/transaction.h"
#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace obkvlite {

class StoreContext {
 public:
  // Takes the engine and its writers: `writers[k]` writes shard k (0: the
  // store file); `all_writer` has every shard attached, and is null for a
  // store of one file (writers[0] then serves both).
  // REQUIRED: opened.writers.size() == opened.engine->shards() >= 1.
  StoreContext(std::string path, const StoreOptions& options,
               storage::OpenedEngine opened);

  const std::string& path() const { return path_; }
  int shards() const { return shards_; }
  storage::Engine* engine() const { return engine_.get(); }
  const StoreOptions& options() const { return options_; }
  bool read_only() const { return options_.read_only; }

  // Now in ms: StoreOptions::clock_ms or the system clock. Each operation
  // resolves it once.
  int64_t NowMs() const;

  // Now for a write of `rows` of `table`: NowMs(), but never behind a
  // timestamp the store assigned on one of those rows ahead of its clock
  // (AdvanceRowClock), so a write acknowledged after another on the same
  // row is not hidden behind it (DESIGN §8: one clock per store; the other
  // rows keep the wall clock, row_clock.h).
  int64_t WriteNowMs(std::string_view table, std::string_view row) const;
  int64_t WriteNowMs(std::string_view table,
                     const std::vector<std::string_view>& rows) const;

  // Records that a write of (table, row) which read WriteNowMs() == `now`
  // assigned a cell `assigned_ms` (an increment or append: max(now, old +
  // 1), as HBase and OBKV assign it): the row's WriteNowMs() is then at
  // least min(assigned_ms, now + 1). Call it before the operation is
  // acknowledged.
  void AdvanceRowClock(std::string_view table, std::string_view row,
                       int64_t now, int64_t assigned_ms);

  // Runs `body` in one write transaction on the all-shards writer, holding
  // every shard (see above). `what` names the operation in the read-only
  // error. In a sharded store the commit is one per file, in shard order.
  // `rows`, when given, names the rows written ("row 'r1'") in an
  // UnknownOutcome error; it is called only then. `idempotent`: see above.
  // `bytes`: what the write carries (its cells' rows, qualifiers and
  // values), for GroupCommitOptions::max_bytes; 0 for a small write.
  // `placement`: which of a server store's writer sessions the write may
  // take (WritePlacement, writer_lanes.h); a store of files has one.
  Status RunWrite(const char* what,
                  const std::function<Status(storage::Connection*)>& body,
                  const std::function<std::string()>& rows = {},
                  bool idempotent = false, int64_t bytes = 0,
                  WritePlacement placement = WritePlacement::Any());

  // Runs `body(k, writer)` once for each shard k in `shards`, each in its
  // own write transaction on shard k's writer, which sees only that shard's
  // partition tables. Shards are taken as their locks come free, so
  // concurrent callers write different files at once. Stops at the first
  // error (shards already committed stay committed).
  // REQUIRED: each k in [0, shards()) at most once; body(k, ...) writes
  // only partitions that ShardOfPartition puts in k.
  Status RunShardWrites(
      const char* what, std::vector<int> shards,
      const std::function<Status(int, storage::Connection*)>& body,
      const std::function<std::string()>& rows = {}, bool idempotent = false,
      int64_t bytes = 0);

  // Runs `body`, which may run DDL (on a MySQL server an implicit commit),
  // in a write transaction of its own on the all-shards writer, holding
  // every shard: never in a group (see above). `what` as for RunWrite.
  Status RunDdlWrite(const char* what,
                     const std::function<Status(storage::Connection*)>& body);

  // Group commit's figures since the store opened, over every queue (all
  // zero when it is off).
  GroupCommitStats group_commit_stats() const;
  // Writes in the queues now, running and waiting.
  size_t queued_writes() const;

  // The effective retry policy (StoreOptions::retry with the location's
  // overrides).
  const RetryOptions& retry() const { return retry_; }

  // "row 'r1'" or "rows 'a', 'b' and 3 more": the rows argument of
  // RunWrite for `rows` (escaped as Bytes.toStringBinary).
  static std::string NameRows(const std::vector<std::string_view>& rows);

  // Runs `body` on a connection that sees every commit so far, for a short
  // read (a Get). When no write holds it, that is the writer connection:
  // its page cache stays valid across the store's own commits, where a
  // pooled reader's cache is dropped after each one. Otherwise a pooled
  // read connection. A body that fails because its connection lost its
  // server runs once more after reconnecting. REQUIRED: `body` only reads,
  // and keeps nothing of the connection after it returns.
  // A template, so that a Get's body is called directly (no std::function).
  // A weak read (see above) leases a weak pooled connection instead.
  template <typename Body>
  Status RunRead(const Body& body,
                 std::optional<ReadConsistency> consistency = std::nullopt) {
    if (ReadsWeakly(consistency)) {
      OBKV_ASSIGN_OR_RETURN(storage::ConnectionPool::Lease lease,
                            weak_readers_.Acquire());
      return RunReadOn(lease.get(), body);
    }
    if (all_writer_mu_.try_lock()) {
      util::MutexLock lock(&all_writer_mu_, std::adopt_lock);
      return RunReadOn(all_writer(), body);
    }
    OBKV_ASSIGN_OR_RETURN(storage::ConnectionPool::Lease lease,
                          readers_.Acquire());
    return RunReadOn(lease.get(), body);
  }

  // Holds every shard's write mutex while alive (for DDL).
  class OBKV_SCOPED_CAPABILITY AllShardsLock {
   public:
    explicit AllShardsLock(StoreContext* ctx) OBKV_ACQUIRE(ctx->all_writer_mu_);
    ~AllShardsLock() OBKV_RELEASE();
    AllShardsLock(const AllShardsLock&) = delete;
    AllShardsLock& operator=(const AllShardsLock&) = delete;

   private:
    StoreContext* ctx_;
  };

  // What an AllShardsLock holds, for annotating a function of another class
  // that needs it: `Status F() OBKV_REQUIRES(ctx_->writer_capability());`.
  // Const, so it cannot be locked through this.
  const util::Mutex& writer_capability() const
      OBKV_RETURN_CAPABILITY(all_writer_mu_) {
    return all_writer_mu_;
  }

  // The all-shards writer, for DDL. REQUIRED: hold an AllShardsLock.
  storage::Connection* writer() OBKV_REQUIRES(all_writer_mu_) {
    return all_writer();
  }

  // Drops cached statements whose SQL starts with `prefix` from every
  // writer, the lanes' included. REQUIRED: hold an AllShardsLock.
  void EvictWriterStatements(const std::string& prefix)
      OBKV_REQUIRES(all_writer_mu_);

  // The strong read connections (catalog and maintenance reads, which are
  // always strong).
  storage::ConnectionPool& readers() { return readers_; }
  // The read connections of a Get's or Scan's `consistency` (nullopt: the
  // store's).
  storage::ConnectionPool& readers(std::optional<ReadConsistency> consistency) {
    return ReadsWeakly(consistency) ? weak_readers_ : readers_;
  }
  // After DDL that drops relations: every pool's cached statements are
  // finalised before their next use.
  void InvalidateReaderStatements() {
    readers_.InvalidateStatements();
    weak_readers_.InvalidateStatements();
  }

  // A pooled read connection inside a read transaction: one snapshot of
  // the store, released with the object (commit `txn` to end it cleanly).
  struct Snapshot {
    storage::ConnectionPool::Lease lease;
    storage::Transaction txn;
  };
  Result<Snapshot> ReadSnapshot();

  // NotSupported for writes to a read-only store.
  Status CheckWritable(const char* what) const;

 private:
  // Whether a read asking for `consistency` (nullopt: the store's) is weak
  // on an engine whose weak reads differ: it then leases weak_readers_.
  bool ReadsWeakly(std::optional<ReadConsistency> consistency) const {
    return consistency.value_or(read_consistency_) == ReadConsistency::kWeak &&
           engine_->has_weak_reads();
  }

  // RunRead's body on `conn`: a read is repeatable, so when its session
  // turns out to have lost its server (an idle connection across a server
  // restart), it runs once more on a reconnected one.
  template <typename Body>
  static Status RunReadOn(storage::Connection* conn, const Body& body) {
    OBKV_RETURN_IF_ERROR(conn->Revive());
    Status st = body(conn);
    if (!st.ok() && conn->broken() && conn->Revive().ok()) st = body(conn);
    return st;
  }

  // One write transaction of `body` on `writer`, re-run while the server
  // rolls it back (see above); `*attempts` counts the runs. Returns the
  // last run's status as it is: NameWriteFailure words it for a caller.
  Status RetryWriteTransaction(
      storage::Connection* writer,
      const std::function<Status(storage::Connection*)>& body, bool idempotent,
      int* attempts) const;
  // The error a caller of RunWrite sees for a failed transaction of `what`
  // that ran `attempts` times: an unknown outcome names `rows`, a rollback
  // on every attempt names the count and the last conflict.
  Status NameWriteFailure(const Status& st, int attempts, const char* what,
                          const std::function<std::string()>& rows) const;
  // RetryWriteTransaction, worded by NameWriteFailure.
  Status RunInWriteTransaction(
      const char* what, storage::Connection* writer,
      const std::function<Status(storage::Connection*)>& body,
      const std::function<std::string()>& rows, bool idempotent) const;
  // Runs `n` queued writes on `writer` as one transaction (see above) and
  // sets each one's status. Without `savepoints` a write that fails rolls
  // the whole transaction back, and the others run again with them.
  // REQUIRED: the caller holds `writer`'s mutex.
  void RunGroup(storage::Connection* writer, WriteQueue::Write* const* group,
                size_t n, bool savepoints) const;
  // RunWrite of a store with writer lanes: on the first writer or a lane,
  // as `placement` allows.
  Status RunWriteOnLanes(WriteQueue::Write* write, WritePlacement placement);
  // Runs `write` on `lane`: through its queue, or alone under its mutex.
  Status RunOnLane(WriterLanes::Lane* lane, WriteQueue::Write* write);

  storage::Connection* all_writer() OBKV_REQUIRES(all_writer_mu_) {
    return all_writer_ != nullptr ? all_writer_.get() : writers_[0].get();
  }

  const std::string path_;
  const StoreOptions options_;
  // The rows whose timestamps run ahead of the clock (WriteNowMs).
  RowClock row_clock_;
  const RetryOptions retry_;
  std::unique_ptr<storage::Engine> engine_;  // outlives the connections
  const int shards_;
  std::unique_ptr<util::Mutex[]> shard_mu_;  // one per shard
  util::Mutex all_mu_;                       // sharded stores only
  // The mutex guarding all_writer(): all_mu_ in a sharded store, else
  // shard_mu_[0]. AllShardsLock takes it last.
  util::Mutex& all_writer_mu_;
  // writers_[k] guarded by shard_mu_[k].
  std::vector<std::unique_ptr<storage::Connection>> writers_;
  std::unique_ptr<storage::Connection> all_writer_
      OBKV_PT_GUARDED_BY(all_writer_mu_);
  // The store's read consistency (StoreOptions or the URI's override).
  const ReadConsistency read_consistency_;
  storage::ConnectionPool readers_;
  storage::ConnectionPool weak_readers_;  // used when has_weak_reads()
  // Group commit (empty when off): a queue per shard writer, and one for
  // the all-shards writer of a sharded store (all_writer()'s queue is
  // shard_queues_[0] in a store of one file).
  std::vector<std::unique_ptr<WriteQueue>> shard_queues_;
  std::unique_ptr<WriteQueue> all_queue_;
  // A server store's further writer sessions (none for SQLite and for
  // read-only stores). AllShardsLock holds every lane's mutex too.
  WriterLanes lanes_;
};

// The shards k whose work list by_shard[k] is not empty, in order: the
// `shards` argument of StoreContext::RunShardWrites.
template <typename T>
std::vector<int> ShardsWithWork(const std::vector<std::vector<T>>& by_shard) {
  std::vector<int> out;
  for (size_t k = 0; k < by_shard.size(); ++k) {
    if (!by_shard[k].empty()) out.push_back(static_cast<int>(k));
  }
  return out;
}

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_CONTEXT_STORE_CONTEXT_H_
