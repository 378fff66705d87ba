// Copyright (c) obkvlite authors.
#include "storage/sqlite/sqlite_read_lock_linger.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <thread>
#include <vector>

namespace obkvlite {
namespace storage {
namespace {

// The wal-index lock offsets of the writer's lock and of the read-mark
// slots (SQLite's WAL format).
constexpr int kWriteLock = 0;
constexpr int kFirstReadMark = 3;
constexpr int kReadMarks = SQLITE_SHM_NLOCK - kFirstReadMark;

constexpr int kSharedLock = SQLITE_SHM_LOCK | SQLITE_SHM_SHARED;
constexpr int kExclusiveLock = SQLITE_SHM_LOCK | SQLITE_SHM_EXCLUSIVE;
constexpr int kExclusiveUnlock = SQLITE_SHM_UNLOCK | SQLITE_SHM_EXCLUSIVE;
constexpr int kSharedUnlock = SQLITE_SHM_UNLOCK | SQLITE_SHM_SHARED;

bool IsReadMark(int offset) {
  return offset >= kFirstReadMark && offset < kFirstReadMark + kReadMarks;
}

// The process's lingering files and the thread that releases their idle
// locks: it ticks every kLingerIdleMs while a lock lingers and sleeps on a
// condition variable while none does. Lock order: mu_, then a file's.
class Releaser {
 public:
  // Never freed: files may be closed while the process exits.
  static Releaser& Get() {
    static Releaser* releaser = [] {
      auto* r = new Releaser;
      pthread_atfork(BeforeFork, AfterForkInParent, AfterForkInChild);
      return r;
    }();
    return *releaser;
  }

  // Whether the thread runs to let `file`'s idle locks go (it is started
  // here at the first call); false when it cannot (no memory, no thread).
  bool Register(ReadLockLinger* file) {
    util::MutexLock lock(&mu_);
    try {
      if (!started_) {
        std::thread([this] { Run(); }).detach();
        started_ = true;
      }
      files_.push_back(file);
    } catch (const std::exception&) {  // bad_alloc, system_error
      return false;
    }
    return true;
  }

  void Unregister(ReadLockLinger* file) {
    util::MutexLock lock(&mu_);
    files_.erase(std::remove(files_.begin(), files_.end(), file), files_.end());
  }

  uint64_t tick() const { return tick_.load(std::memory_order_relaxed); }

  // A lock was kept: wakes the thread if it sleeps. REQUIRED: no file's
  // mutex held (lock order).
  void Kept() {
    if (!parked_.load()) return;
    util::MutexLock lock(&mu_);
    pending_ = true;
    wake_.notify_one();
  }

 private:
  Releaser() = default;

  void Run() {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(kLingerIdleMs));
      util::MutexLock lock(&mu_);
      const uint64_t now = tick_.fetch_add(1, std::memory_order_relaxed) + 1;
      if (AnyLingers(now)) continue;
      // Park. A lock kept before parked_ reads true is seen by the second
      // look (its file's mutex orders the two); one kept after calls Kept.
      parked_.store(true);
      if (!AnyLingers(now)) {
        while (!pending_) wake_.wait(mu_);
      }
      pending_ = false;
      parked_.store(false);
    }
  }

  // Releases the locks idle since before `now - 1`; whether one lingers.
  bool AnyLingers(uint64_t now) OBKV_REQUIRES(mu_) {
    bool any = false;
    for (ReadLockLinger* file : files_) any |= file->ReleaseIfIdle(now);
    return any;
  }

  // A fork happens with mu_ held by the forking thread, so that the child
  // gets it unlocked and its state whole. The thread does not survive a
  // fork, nor do the parent's connections (SQLite's rule): the child
  // starts afresh.
  static void BeforeFork() OBKV_NO_THREAD_SAFETY_ANALYSIS { Get().mu_.lock(); }
  static void AfterForkInParent() OBKV_NO_THREAD_SAFETY_ANALYSIS {
    Get().mu_.unlock();
  }
  static void AfterForkInChild() OBKV_NO_THREAD_SAFETY_ANALYSIS {
    Releaser& r = Get();
    r.files_.clear();
    r.started_ = false;
    r.pending_ = false;
    r.parked_.store(false);
    r.mu_.unlock();
  }

  util::Mutex mu_;
  std::condition_variable_any wake_;
  std::vector<ReadLockLinger*> files_ OBKV_GUARDED_BY(mu_);
  bool started_ OBKV_GUARDED_BY(mu_) = false;
  bool pending_ OBKV_GUARDED_BY(mu_) = false;  // Kept() while parked
  std::atomic<bool> parked_{false};
  std::atomic<uint64_t> tick_{0};
};

}  // namespace

ReadLockLinger::ReadLockLinger(sqlite3_file* inner) : inner_(inner) {
  // Last: the background thread may use this as soon as it is registered.
  released_ = Releaser::Get().Register(this);
}

ReadLockLinger::~ReadLockLinger() {
  Releaser::Get().Unregister(this);
  util::MutexLock lock(&mu_);
  ReleaseLocked();
}

void ReadLockLinger::Enable(bool on) {
  util::MutexLock lock(&mu_);
  on_ = on && released_;
  if (!on_) ReleaseLocked();
}

void ReadLockLinger::ReleaseLocked() {
  if (kept_ < 0) return;
  const int slot = kept_;
  kept_ = -1;
  // An unlock does not fail on SQLite's VFSes; were it to, the lock would
  // stay as a reader's that never finished, and the file's close drops it.
  (void)inner_->pMethods->xShmLock(inner_, slot, 1, kSharedUnlock);
}

int ReadLockLinger::ShmLock(int offset, int n, int flags) {
  bool kept = false;
  int rc;
  {
    util::MutexLock lock(&mu_);
    if (kept_ >= 0) {
      if (flags == kSharedLock && n == 1 && offset == kept_) {
        kept_ = -1;  // SQLite's again, as it was
        return SQLITE_OK;
      }
      const bool overlaps = offset <= kept_ && kept_ < offset + n;
      if (overlaps || IsReadMark(offset)) ReleaseLocked();
    }
    const bool ends_read = flags == kSharedUnlock && IsReadMark(offset);
    // The read lock of a write transaction marks the snapshot before its
    // commit: kept, it would hold back every checkpoint of that commit.
    if (on_ && ends_read && n == 1 && !wrote_) {
      kept_ = offset;
      kept_tick_ = Releaser::Get().tick();
      kept = true;
      rc = SQLITE_OK;
    } else {
      rc = inner_->pMethods->xShmLock(inner_, offset, n, flags);
    }
    // The writer's lock is released before the transaction's read lock
    // (which a WAL restart releases and takes again meanwhile).
    if (offset == kWriteLock && rc == SQLITE_OK) {
      if (flags == kExclusiveLock) writing_ = wrote_ = true;
      if (flags == kExclusiveUnlock) writing_ = false;
    }
    if (ends_read && !writing_) wrote_ = false;
  }
  if (kept) Releaser::Get().Kept();
  return rc;
}

int ReadLockLinger::ShmUnmap(int delete_flag) {
  util::MutexLock lock(&mu_);
  ReleaseLocked();
  return inner_->pMethods->xShmUnmap(inner_, delete_flag);
}

bool ReadLockLinger::ReleaseIfIdle(uint64_t tick) {
  util::MutexLock lock(&mu_);
  if (kept_ < 0) return false;
  if (kept_tick_ + 2 <= tick) {
    ReleaseLocked();
    return false;
  }
  return true;
}

}  // namespace storage
}  // namespace obkvlite
