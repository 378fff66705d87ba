// Copyright (c) obkvlite authors.
#include "hbase/context/store_context.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "obkvlite/bytes.h"
#include "storage/retry_backoff.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace {

Status RunOnce(storage::Connection* writer,
               const std::function<Status(storage::Connection*)>& body) {
  OBKV_ASSIGN_OR_RETURN(
      storage::Transaction txn,
      storage::Transaction::Begin(writer, storage::Transaction::Kind::kWrite));
  OBKV_RETURN_IF_ERROR(body(writer));
  return txn.Commit();
}

}  // namespace

Status StoreContext::RetryWriteTransaction(
    storage::Connection* writer,
    const std::function<Status(storage::Connection*)>& body, bool idempotent,
    int* attempts) const {
  for (int attempt = 1;; ++attempt) {
    *attempts = attempt;
    Status st = RunOnce(writer, body);
    if (st.ok()) return st;
    if (st.IsUnknownOutcome() && idempotent && attempt < retry_.max_attempts) {
      continue;  // the same cells again: the same rows whether it landed
    }
    if (st.IsUnknownOutcome()) return st;
    // A session lost before COMMIT on a cluster: nothing was applied, and
    // the next attempt reconnects to the next endpoint.
    const bool failed_over =
        st.IsUnavailable() && writer->broken() && writer->can_fail_over();
    if (!st.IsAborted() && !failed_over) return st;
    if (attempt >= retry_.max_attempts) return st;
    storage::BackOff(retry_, attempt);
  }
}

Status StoreContext::NameWriteFailure(
    const Status& st, int attempts, const char* what,
    const std::function<std::string()>& rows) const {
  if (st.IsUnknownOutcome()) {
    return Status::UnknownOutcome(std::string(what) +
                                  (rows ? " of " + rows() : std::string()) +
                                  ": " + st.message());
  }
  if (st.IsAborted()) {
    return Status::Aborted(
        std::string(what) + ": the server rolled it back " +
        std::to_string(attempts) + (attempts == 1 ? " time" : " times") +
        " (retry.max_attempts " + std::to_string(retry_.max_attempts) +
        "), nothing was applied; the last conflict: " + st.message());
  }
  return st;
}

Status StoreContext::RunInWriteTransaction(
    const char* what, storage::Connection* writer,
    const std::function<Status(storage::Connection*)>& body,
    const std::function<std::string()>& rows, bool idempotent) const {
  int attempts = 0;
  Status st = RetryWriteTransaction(writer, body, idempotent, &attempts);
  if (st.ok()) return st;
  return NameWriteFailure(st, attempts, what, rows);
}

void StoreContext::RunGroup(storage::Connection* writer,
                            WriteQueue::Write* const* group, size_t n,
                            bool savepoints) const {
  if (n == 1) {
    WriteQueue::Write* w = group[0];
    w->status = RunInWriteTransaction(w->what, writer, *w->body, *w->rows,
                                      w->idempotent);
    return;
  }
  bool idempotent = true;
  for (size_t i = 0; i < n; ++i) idempotent &= group[i]->idempotent;
  std::vector<Status> each(n);
  // The write whose error ended the last attempt's transaction, or n.
  size_t culprit = n;
  int attempts = 0;
  const Status st = RetryWriteTransaction(
      writer,
      [&](storage::Connection* conn) -> Status {
        culprit = n;
        for (size_t i = 0; i < n; ++i) {
          if (savepoints) OBKV_RETURN_IF_ERROR(conn->Savepoint());
          Status one = (*group[i]->body)(conn);
          if (one.ok()) {
            each[i] = Status::OK();
            if (savepoints) OBKV_RETURN_IF_ERROR(conn->ReleaseSavepoint());
            continue;
          }
          // A server rollback or a lost session ends the transaction, and
          // SQLite rolls it back itself after some errors (a full disk):
          // the group cannot go on.
          const bool ends_transaction =
              one.IsAborted() || conn->broken() || !conn->in_transaction();
          if (!savepoints || ends_transaction ||
              !conn->RollbackToSavepoint().ok() ||
              !conn->ReleaseSavepoint().ok()) {
            culprit = i;
            return one;
          }
          each[i] = std::move(one);  // undone; it fails alone
        }
        return Status::OK();
      },
      idempotent, &attempts);
  if (st.ok()) {
    for (size_t i = 0; i < n; ++i) group[i]->status = std::move(each[i]);
    return;
  }
  if (culprit < n && !st.IsAborted()) {
    // One write's error ended the transaction, which was rolled back: it
    // fails, and the others run again as a group, now each in a savepoint
    // so that a second failure costs no third run.
    WriteQueue::Write* failed = group[culprit];
    failed->status =
        NameWriteFailure(st, attempts, failed->what, *failed->rows);
    std::vector<WriteQueue::Write*> rest(group, group + n);
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(culprit));
    RunGroup(writer, rest.data(), rest.size(), /*savepoints=*/true);
    return;
  }
  // BEGIN, a savepoint or COMMIT failed, or the server rolled the group
  // back on every attempt: nothing of it was applied (or, for an unknown
  // outcome, it is unknown for each).
  for (size_t i = 0; i < n; ++i) {
    group[i]->status =
        NameWriteFailure(st, attempts, group[i]->what, *group[i]->rows);
  }
}

std::string StoreContext::NameRows(const std::vector<std::string_view>& rows) {
  if (rows.size() == 1) return "row '" + ToStringBinary(rows[0]) + "'";
  std::string out = "rows";
  constexpr size_t kNamed = 2;
  for (size_t i = 0; i < rows.size() && i < kNamed; ++i) {
    out += (i == 0 ? " '" : ", '") + ToStringBinary(rows[i]) + "'";
  }
  if (rows.size() > kNamed) {
    out += " and " + std::to_string(rows.size() - kNamed) + " more";
  }
  return out;
}

StoreContext::StoreContext(std::string path, const StoreOptions& options,
                           storage::OpenedEngine opened)
    : path_(std::move(path)),
      options_(options),
      retry_(opened.retry),
      engine_(std::move(opened.engine)),
      shards_(engine_->shards()),
      shard_mu_(new util::Mutex[shards_]),
      all_writer_mu_(opened.all_writer != nullptr ? all_mu_ : shard_mu_[0]),
      writers_(std::move(opened.writers)),
      all_writer_(std::move(opened.all_writer)),
      read_consistency_(opened.read_consistency),
      readers_(
          [engine = engine_.get()] {
            return engine->OpenReader(ReadConsistency::kStrong);
          },
          static_cast<size_t>(options.max_idle_readers)),
      weak_readers_(
          [engine = engine_.get()] {
            return engine->OpenReader(ReadConsistency::kWeak);
          },
          static_cast<size_t>(options.max_idle_readers)),
      lanes_(
          all_writer_ == nullptr && !options.read_only
              ? opened.writer_sessions - 1
              : 0,
          [engine = engine_.get()] { return engine->OpenWriter(); },
          options.group_commit) {
  if (!options_.group_commit.enabled) return;
  for (int k = 0; k < shards_; ++k) {
    shard_queues_.push_back(
        std::make_unique<WriteQueue>(options_.group_commit));
  }
  if (all_writer_ != nullptr) {
    all_queue_ = std::make_unique<WriteQueue>(options_.group_commit);
  }
}

int64_t StoreContext::NowMs() const {
  if (options_.clock_ms) return options_.clock_ms();
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

int64_t StoreContext::WriteNowMs(std::string_view table,
                                 std::string_view row) const {
  return row_clock_.At(NowMs(), table, row);
}

int64_t StoreContext::WriteNowMs(
    std::string_view table, const std::vector<std::string_view>& rows) const {
  const int64_t clock = NowMs();
  int64_t now = clock;
  for (std::string_view row : rows) {
    now = std::max(now, row_clock_.At(clock, table, row));
  }
  return now;
}

void StoreContext::AdvanceRowClock(std::string_view table, std::string_view row,
                                   int64_t now, int64_t assigned_ms) {
  if (assigned_ms <= now) return;
  row_clock_.Advance(NowMs(), now, table, row, assigned_ms);
}

Status StoreContext::CheckWritable(const char* what) const {
  if (!read_only()) return Status::OK();
  return Status::NotSupported(std::string(what) + ": store '" + path_ +
                              "' is open read-only");
}

// The analysis cannot follow a loop of locks: these two are the primitive.
StoreContext::AllShardsLock::AllShardsLock(StoreContext* ctx)
    OBKV_NO_THREAD_SAFETY_ANALYSIS : ctx_(ctx) {
  ctx_->lanes_.LockAll();
  for (int k = 0; k < ctx_->shards_; ++k) ctx_->shard_mu_[k].lock();
  if (ctx_->all_writer_ != nullptr) ctx_->all_mu_.lock();
}

StoreContext::AllShardsLock::~AllShardsLock() OBKV_NO_THREAD_SAFETY_ANALYSIS {
  if (ctx_->all_writer_ != nullptr) ctx_->all_mu_.unlock();
  for (int k = ctx_->shards_ - 1; k >= 0; --k) ctx_->shard_mu_[k].unlock();
  ctx_->lanes_.UnlockAll();
}

Status StoreContext::RunWrite(
    const char* what, const std::function<Status(storage::Connection*)>& body,
    const std::function<std::string()>& rows, bool idempotent, int64_t bytes,
    WritePlacement placement) {
  OBKV_RETURN_IF_ERROR(CheckWritable(what));
  if (lanes_.capacity() > 0) {
    WriteQueue::Write write(what, &body, &rows, idempotent, bytes);
    return RunWriteOnLanes(&write, placement);
  }
  if (!options_.group_commit.enabled) {
    AllShardsLock lock(this);
    return RunInWriteTransaction(what, all_writer(), body, rows, idempotent);
  }
  WriteQueue::Write write(what, &body, &rows, idempotent, bytes);
  WriteQueue* queue =
      all_queue_ != nullptr ? all_queue_.get() : shard_queues_[0].get();
  return queue->Submit(&write,
                       [this](WriteQueue::Write* const* group, size_t n) {
                         AllShardsLock lock(this);
                         RunGroup(all_writer(), group, n, /*savepoints=*/false);
                       });
}

Status StoreContext::RunOnLane(WriterLanes::Lane* lane,
                               WriteQueue::Write* write) {
  if (lane->queue == nullptr) {
    util::MutexLock lock(&lane->mu);
    RunGroup(lane->conn.get(), &write, 1, /*savepoints=*/false);
    return write->status;
  }
  return lane->queue->Submit(
      write, [this, lane](WriteQueue::Write* const* group, size_t n) {
        util::MutexLock lock(&lane->mu);
        RunGroup(lane->conn.get(), group, n, /*savepoints=*/false);
      });
}

Status StoreContext::RunWriteOnLanes(WriteQueue::Write* write,
                                     WritePlacement placement) {
  const bool any = placement.kind == WritePlacement::Kind::kAny;
  if (placement.kind == WritePlacement::Kind::kRow) {
    // Session 0 is the first writer, session k > 0 lane k - 1; a lane
    // that cannot open leaves the write to the first writer.
    const size_t session = std::hash<std::string_view>()(placement.row) %
                           static_cast<size_t>(lanes_.capacity() + 1);
    if (session > 0) {
      if (WriterLanes::Lane* lane =
              lanes_.Opened(static_cast<int>(session) - 1)) {
        return RunOnLane(lane, write);
      }
    }
  }
  WriteQueue* first_queue =
      shard_queues_.empty() ? nullptr : shard_queues_[0].get();
  if (first_queue == nullptr) {
    // Without group commit: the first writer when it is free, else a lane.
    if (any) {
      if (all_writer_mu_.try_lock()) {
        util::MutexLock lock(&all_writer_mu_, std::adopt_lock);
        RunGroup(all_writer(), &write, 1, /*savepoints=*/false);
        return write->status;
      }
      if (WriterLanes::Lane* lane = lanes_.Acquire()) {
        return RunOnLane(lane, write);
      }
    }
    util::MutexLock lock(&all_writer_mu_);
    RunGroup(all_writer(), &write, 1, /*savepoints=*/false);
    return write->status;
  }
  // With group commit: the first writer's queue while it is empty, else a
  // lane's (an empty one, a new one, or the shortest).
  if (any && first_queue->queued() > 0) {
    if (WriterLanes::Lane* lane = lanes_.Acquire()) {
      return RunOnLane(lane, write);
    }
  }
  return first_queue->Submit(
      write, [this](WriteQueue::Write* const* group, size_t n) {
        util::MutexLock lock(&all_writer_mu_);
        RunGroup(all_writer(), group, n, /*savepoints=*/false);
      });
}

Status StoreContext::RunDdlWrite(
    const char* what, const std::function<Status(storage::Connection*)>& body) {
  OBKV_RETURN_IF_ERROR(CheckWritable(what));
  AllShardsLock lock(this);
  return RunInWriteTransaction(what, all_writer(), body, {},
                               /*idempotent=*/false);
}

Status StoreContext::RunShardWrites(
    const char* what, std::vector<int> shards,
    const std::function<Status(int, storage::Connection*)>& body,
    const std::function<std::string()>& rows, bool idempotent, int64_t bytes) {
  OBKV_RETURN_IF_ERROR(CheckWritable(what));
  if (options_.group_commit.enabled) {
    // Shard by shard, each through its writer's queue.
    for (const int k : shards) {
      const std::function<Status(storage::Connection*)> shard_body =
          [&body, k](storage::Connection* writer) { return body(k, writer); };
      WriteQueue::Write write(what, &shard_body, &rows, idempotent, bytes);
      OBKV_RETURN_IF_ERROR(shard_queues_[k]->Submit(
          &write, [this, k](WriteQueue::Write* const* group, size_t n) {
            util::MutexLock lock(&shard_mu_[k]);
            RunGroup(writers_[k].get(), group, n, /*savepoints=*/false);
          }));
    }
    return Status::OK();
  }
  while (!shards.empty()) {
    // The first shard whose lock is free; when none is, wait for the first.
    size_t pick = 0;
    std::unique_lock<util::Mutex> lock;
    for (size_t i = 0; i < shards.size() && !lock.owns_lock(); ++i) {
      lock =
          std::unique_lock<util::Mutex>(shard_mu_[shards[i]], std::try_to_lock);
      pick = i;
    }
    if (!lock.owns_lock()) {
      pick = 0;
      lock = std::unique_lock<util::Mutex>(shard_mu_[shards[0]]);
    }
    const int k = shards[pick];
    OBKV_RETURN_IF_ERROR(RunInWriteTransaction(
        what, writers_[k].get(),
        [&](storage::Connection* writer) { return body(k, writer); }, rows,
        idempotent));
    shards.erase(shards.begin() + pick);
  }
  return Status::OK();
}

GroupCommitStats StoreContext::group_commit_stats() const {
  GroupCommitStats sum;
  for (const auto& queue : shard_queues_) queue->AddStatsTo(&sum);
  if (all_queue_ != nullptr) all_queue_->AddStatsTo(&sum);
  lanes_.AddStats(&sum);
  return sum;
}

size_t StoreContext::queued_writes() const {
  size_t n = all_queue_ != nullptr ? all_queue_->queued() : 0;
  for (const auto& queue : shard_queues_) n += queue->queued();
  return n + lanes_.queued();
}

Result<StoreContext::Snapshot> StoreContext::ReadSnapshot() {
  Snapshot snap;
  OBKV_ASSIGN_OR_RETURN(snap.lease, readers_.Acquire());
  OBKV_ASSIGN_OR_RETURN(
      snap.txn, storage::Transaction::Begin(snap.lease.get(),
                                            storage::Transaction::Kind::kRead));
  return snap;
}

void StoreContext::EvictWriterStatements(const std::string& prefix) {
  for (auto& writer : writers_) writer->statements()->EvictPrefix(prefix);
  if (all_writer_ != nullptr) all_writer_->statements()->EvictPrefix(prefix);
  lanes_.ForEachOpen([&prefix](storage::Connection* writer) {
    writer->statements()->EvictPrefix(prefix);
  });
}

}  // namespace obkvlite
