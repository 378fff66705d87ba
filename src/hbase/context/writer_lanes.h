// Copyright (c) obkvlite authors.
//
// WriterLanes: the further writer sessions of a server store
// (StoreOptions::server_writers, a URI's ?writers=N; doc/engines.md). A
// server runs the transactions of several sessions at once, so a store
// whose writes all queued behind one session left the server idle between
// that session's round trips. Each lane is a writer session with its own
// mutex and, with group commit, its own WriteQueue; StoreContext::RunWrite
// sends a write to its first writer while that one is free and to a lane
// otherwise. Writes on different lanes that touch one row meet in the
// server's row locks, as a connection pool's would; a deadlock between
// them runs again (RetryOptions).
//
// Lanes open as writes need them, not with the store: Acquire opens the
// next one (through the engine's OpenWriter) only when every open lane is
// busy, Opened when a write's row hashes to a lane not open yet. An open
// that fails leaves the lanes as they are, and none is tried again for a
// second: the write goes to the least busy open lane, or to the first
// writer.
//
// Which session a write may take is its WritePlacement. A blind write (a
// put, a delete of given versions) takes any. A read-modify-write of one
// row takes the session its row hashes to, so that two of them on one row
// always meet in one session's queue: from two sessions, increments of one
// hot counter deadlock on InnoDB's gap locks (the locking read of the
// newest version locks the gap before it, where each then inserts). A
// write that reads rows without locking them (a secondary index's upkeep)
// or read-modify-writes several rows takes the first writer.
//
// REQUIRED: the lanes outlive every write they run.
// Thread safety: Acquire and open() are safe from any thread; a lane's
// connection is used only under its mutex.

#ifndef OBKVLITE_HBASE_CONTEXT_WRITER_LANES_H_
#define OBKVLITE_HBASE_CONTEXT_WRITER_LANES_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "hbase/context/write_queue.h"
#include "obkvlite/options.h"
#include "obkvlite/status.h"
#include "storage/connection.h"
#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace obkvlite {

// Which writer session of a server store a write may take (see above;
// StoreContext::RunWrite).
struct WritePlacement {
  enum class Kind {
    kAny,    // the first writer when it is free, else any lane
    kFirst,  // always the first writer
    kRow,    // the session `row` hashes to
  };
  Kind kind = Kind::kAny;
  std::string_view row;  // kRow only; REQUIRED: lives through the write

  static WritePlacement Any() { return {}; }
  static WritePlacement First() { return {Kind::kFirst, {}}; }
  static WritePlacement Row(std::string_view row) { return {Kind::kRow, row}; }
};

class WriterLanes {
 public:
  // One writer session.
  struct Lane {
    util::Mutex mu;
    // Set once when the lane opens, before it is published (open()).
    std::unique_ptr<storage::Connection> conn OBKV_PT_GUARDED_BY(mu);
    // Null without group commit.
    std::unique_ptr<WriteQueue> queue;
  };

  using Opener = std::function<Result<std::unique_ptr<storage::Connection>>()>;

  // Room for `capacity` lanes (>= 0), none open; `group_commit` gives each
  // lane a queue when enabled.
  WriterLanes(int capacity, Opener opener,
              const GroupCommitOptions& group_commit);
  WriterLanes(const WriterLanes&) = delete;
  WriterLanes& operator=(const WriterLanes&) = delete;

  int capacity() const { return static_cast<int>(lanes_.size()); }
  // Lanes opened so far; lane(k) for k below it has its connection.
  int open() const { return open_.load(std::memory_order_acquire); }
  Lane* lane(int k) { return lanes_[static_cast<size_t>(k)].get(); }

  // A lane for a write that found the first writer busy: an open lane that
  // is free (its queue empty, or without group commit its mutex free), else
  // a newly opened one, else the open lane with the fewest queued writes.
  // Null when no lane is open (nor could be): the write then waits for the
  // first writer. Without group commit the returned lane's mutex may still
  // be taken by another write by the time the caller locks it.
  Lane* Acquire();

  // Lane `k` (< capacity()), opening it and the lanes before it when they
  // are not open yet; null when one of those opens failed (see above).
  Lane* Opened(int k);

  // Holds every lane's mutex, opened or not, while alive (DDL, with the
  // store's own writers: StoreContext::AllShardsLock).
  void LockAll();
  void UnlockAll();

  // Group commit's figures over every lane's queue, added to `sum`.
  void AddStats(GroupCommitStats* sum) const;
  // Writes in the lanes' queues now.
  size_t queued() const;

  // Calls `fn` on every open lane's connection. REQUIRED: LockAll held.
  void ForEachOpen(const std::function<void(storage::Connection*)>& fn);

 private:
  // Opens lane open() when there is room and no open failed in the last
  // second; returns it, or null.
  Lane* Grow();

  const Opener opener_;
  std::vector<std::unique_ptr<Lane>> lanes_;
  std::atomic<int> open_{0};
  util::Mutex grow_mu_;  // one open at a time
  // When the last failed open happened (steady clock, ms), or 0.
  int64_t failed_at_ms_ OBKV_GUARDED_BY(grow_mu_) = 0;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_CONTEXT_WRITER_LANES_H_
