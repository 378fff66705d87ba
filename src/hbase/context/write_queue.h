// Copyright (c) obkvlite authors.
//
// WriteQueue: the queue of one writer connection's writes, for group commit
// (obkvlite/options.h GroupCommitOptions, doc/durability.md). A write that
// arrives while another group is being committed waits in the queue. When
// the queue's head is free, the write at its head becomes the leader: it
// takes itself and the writes queued behind it, up to the options' bounds
// on writes and bytes, runs them as one group (the RunGroup callback: one
// transaction, one commit), then wakes each of them with its own status and
// hands the head to the next write. A write alone in the queue runs at
// once, as a group of one. The next leader is woken first, so that its
// group starts while the last one's writers are still being woken, and
// each writer is woken on a mutex of its own, not the queue's. This is
// LevelDB's writer queue (DBImpl::Write), with the transaction in place of
// the log record.
//
//   WriteQueue::Write w(what, &body, &rows, idempotent, bytes);
//   Status st = queue.Submit(&w, [&](WriteQueue::Write* const* group,
//                                    size_t n) { ...sets each status... });
//
// REQUIRED: the queue outlives every Submit; a Write lives until its Submit
// returned and is submitted once; RunGroup sets the status of every write of
// its group.
// Thread safety: Submit is safe from any thread; the group runs on its
// leader's thread, one group at a time.

#ifndef OBKVLITE_HBASE_CONTEXT_WRITE_QUEUE_H_
#define OBKVLITE_HBASE_CONTEXT_WRITE_QUEUE_H_

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>

#include "obkvlite/options.h"
#include "obkvlite/status.h"
#include "storage/connection.h"
#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace obkvlite {

class WriteQueue {
 public:
  // One write: what StoreContext::RunWrite was given, and its outcome.
  class Write {
   public:
    using Body = std::function<Status(storage::Connection*)>;
    using Rows = std::function<std::string()>;
    // REQUIRED: `body` and `rows` outlive the Write.
    Write(const char* what, const Body* body, const Rows* rows, bool idempotent,
          int64_t bytes)
        : what(what),
          body(body),
          rows(rows),
          idempotent(idempotent),
          bytes(bytes) {}
    Write(const Write&) = delete;
    Write& operator=(const Write&) = delete;

    const char* const what;
    const Body* const body;
    const Rows* const rows;  // may hold no target
    const bool idempotent;
    const int64_t bytes;  // of its cells, for GroupCommitOptions::max_bytes
    // Set by RunGroup, on the leader's thread.
    Status status;

   private:
    friend class WriteQueue;
    enum class State { kWaiting, kLeader, kDone };
    // Sets the state and wakes the write's thread. After a kDone the Write
    // may be gone: nothing of it is touched then.
    void Wake(State state);
    // Waits for a state other than kWaiting and returns it.
    State Await();
    util::Mutex wake_mu_;
    std::condition_variable_any woken_;
    State state_ OBKV_GUARDED_BY(wake_mu_) = State::kWaiting;
  };

  // Runs `n` >= 1 writes as one group and sets each one's status.
  using RunGroup = std::function<void(Write* const* group, size_t n)>;

  explicit WriteQueue(const GroupCommitOptions& options) : options_(options) {}
  WriteQueue(const WriteQueue&) = delete;
  WriteQueue& operator=(const WriteQueue&) = delete;

  // Queues `write`, waits until a group holding it ran (led by this thread
  // or another), and returns its status. `run` is called when this thread
  // leads.
  Status Submit(Write* write, const RunGroup& run);

  // What the queue did since it was made.
  using Stats = GroupCommitStats;
  Stats stats() const;
  // Adds stats() to `*sum`: the counts add up, the largest group is the
  // larger one.
  void AddStatsTo(Stats* sum) const;
  // Writes in the queue now: the running group's and the waiting ones.
  size_t queued() const;

 private:
  const GroupCommitOptions options_;
  mutable util::Mutex mu_;
  std::deque<Write*> queue_ OBKV_GUARDED_BY(mu_);
  Stats stats_ OBKV_GUARDED_BY(mu_);
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_CONTEXT_WRITE_QUEUE_H_
