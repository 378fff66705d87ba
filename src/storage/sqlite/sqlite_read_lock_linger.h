// Copyright (c) obkvlite authors.
//
// Lingering read locks: a WAL database file whose connection, when SQLite
// releases the wal-index read lock that ends a read transaction, keeps the
// lock a little longer, so that the connection's next read transaction,
// which in a read-mostly store takes the same lock again, takes it without
// a system call.
//
// In WAL mode every read transaction (every statement outside BEGIN ...
// COMMIT) takes a shared lock on one of the wal-index's five read-mark
// slots and releases it at its end: two fcntl() calls per Get. SQLite
// elides them only while another connection of the same process holds
// the same slot. A connection with lingering locks (an unsharded store's
// writer, which serves its Gets, unless StoreOptions::sqlite.
// linger_read_locks is off: sqlite_engine.cc) leaves the slot locked when
// SQLite releases it, and hands it back when SQLite asks for that slot
// again. Nothing SQLite sees changes: each read
// transaction still reads the wal-index header and takes its snapshot as
// of its own start, so a read never misses another connection's commit.
// The lingering lock only looks, to every other connection, like a reader
// that is still finishing its last read at the snapshot it had. Only the
// lock of a read-only transaction lingers: a write transaction's marks the
// snapshot before its own commit, and would hold back every checkpoint of
// that commit, so it is released as SQLite releases it. A kept lock goes
// back to SQLite's own state:
//   - at once, before any other wal-index lock request of the connection
//     that overlaps the read-mark slots (a read at another slot, the
//     connection's own checkpoint or WAL restart, which asks for them
//     exclusively), and before the connection unmaps the wal-index;
//   - otherwise within kLingerIdleMs to twice that of the last release,
//     by a background thread (one per process, started by the first
//     lingering file), so an idle connection does not hold back other
//     connections' checkpoints and WAL restarts for longer than that.
// The slot numbers are those of SQLite's WAL format (wal-index lock bytes:
// 0 write, 1 checkpoint, 2 recover, 3 to 7 the read marks).
//
// Thread safety: every method may be called from any thread; a file's
// state has its own mutex, shared with the background thread.

#ifndef OBKVLITE_STORAGE_SQLITE_READ_LOCK_LINGER_H_
#define OBKVLITE_STORAGE_SQLITE_READ_LOCK_LINGER_H_

#include <sqlite3.h>

#include <cstdint>

#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace obkvlite {
namespace storage {

// How long an idle connection's read lock lingers at least (at most twice
// this): the background thread's tick.
constexpr int kLingerIdleMs = 10;

// The sqlite3_file_control opcode that turns lingering on (*arg != 0) or
// off (*arg == 0, which releases a lingering lock) for a database file of
// the store's VFS (sqlite_lasting_map_vfs.h); SQLITE_NOTFOUND on other
// VFSes. Far above SQLite's own opcodes.
constexpr int kReadLockLingerFileControl = 0x0b7c1;

// One file's lingering state. Created off (Enable turns it on).
// REQUIRED: `inner` (the file whose xShmLock is wrapped) outlives this;
// Unregister (the destructor) runs before `inner` is closed.
class ReadLockLinger {
 public:
  explicit ReadLockLinger(sqlite3_file* inner);
  ~ReadLockLinger();
  ReadLockLinger(const ReadLockLinger&) = delete;
  ReadLockLinger& operator=(const ReadLockLinger&) = delete;

  // Turns lingering on or off; off releases a lingering lock. Stays off
  // when the background thread could not be started.
  void Enable(bool on);

  // xShmLock of the file: passes the call to the inner file, except a
  // shared release of a read-mark slot that ends a read-only transaction
  // (kept, when on) and a shared lock of the slot kept (handed back
  // without a call).
  int ShmLock(int offset, int n, int flags);

  // xShmUnmap of the file: releases a lingering lock first.
  int ShmUnmap(int delete_flag);

  // Releases the lock if it has lingered since before tick `tick - 1`;
  // true while a lock still lingers. For the background thread.
  bool ReleaseIfIdle(uint64_t tick);

 private:
  void ReleaseLocked() OBKV_REQUIRES(mu_);

  sqlite3_file* const inner_;
  util::Mutex mu_;
  // The background thread lets this file's idle locks go (set once, by the
  // constructor, after everything else).
  bool released_ = false;
  bool on_ OBKV_GUARDED_BY(mu_) = false;
  // The wal-index lock offset kept after SQLite released it; -1: none.
  int kept_ OBKV_GUARDED_BY(mu_) = -1;
  // The background thread's tick when kept_ was last kept.
  uint64_t kept_tick_ OBKV_GUARDED_BY(mu_) = 0;
  // The connection holds the writer's lock (wal-index offset 0).
  bool writing_ OBKV_GUARDED_BY(mu_) = false;
  // The transaction under way took the writer's lock: its read lock is
  // released as SQLite releases it.
  bool wrote_ OBKV_GUARDED_BY(mu_) = false;
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_SQLITE_READ_LOCK_LINGER_H_
