// Copyright (c) obkvlite authors.
//
// util::Mutex: a std::mutex that clang's thread-safety analysis knows as a
// capability (libstdc++'s std::mutex is not annotated), and
// util::MutexLock, its scoped holder. Both are usable wherever std::mutex
// and std::lock_guard are (Mutex is Lockable).
//
//   util::Mutex mu_;
//   int n_ OBKV_GUARDED_BY(mu_);
//   { util::MutexLock lock(&mu_); ++n_; }
//   if (mu_.try_lock()) { util::MutexLock held(&mu_, std::adopt_lock); ... }
//
// REQUIRED: as for std::mutex, only the thread that holds a Mutex unlocks
// it, and a Mutex outlives its MutexLocks.
// Thread safety: a Mutex is shared by threads; a MutexLock belongs to one.

#ifndef OBKVLITE_UTIL_MUTEX_H_
#define OBKVLITE_UTIL_MUTEX_H_

#include <mutex>

#include "util/thread_annotations.h"

namespace obkvlite {
namespace util {

class OBKV_CAPABILITY("mutex") Mutex {
 public:
  Mutex() = default;
  Mutex(const Mutex&) = delete;
  Mutex& operator=(const Mutex&) = delete;

  void lock() OBKV_ACQUIRE() { mu_.lock(); }
  void unlock() OBKV_RELEASE() { mu_.unlock(); }
  bool try_lock() OBKV_TRY_ACQUIRE(true) { return mu_.try_lock(); }

 private:
  std::mutex mu_;
};

class OBKV_SCOPED_CAPABILITY MutexLock {
 public:
  explicit MutexLock(Mutex* mu) OBKV_ACQUIRE(mu) : mu_(mu) { mu_->lock(); }
  // Takes over a lock the caller already holds (after a try_lock).
  MutexLock(Mutex* mu, std::adopt_lock_t) OBKV_REQUIRES(mu) : mu_(mu) {}
  ~MutexLock() OBKV_RELEASE() { mu_->unlock(); }
  MutexLock(const MutexLock&) = delete;
  MutexLock& operator=(const MutexLock&) = delete;

 private:
  Mutex* mu_;
};

}  // namespace util
}  // namespace obkvlite

#endif  // OBKVLITE_UTIL_MUTEX_H_
