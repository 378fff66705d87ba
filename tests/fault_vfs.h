// Copyright (c) obkvlite authors.
//
// FaultVfs: a SQLite VFS for tests, after SQLite's own test_vfs.c. It wraps
// the default VFS under its own name (kFaultVfsName; a store opens on it
// with StoreOptions::sqlite.vfs) and, once armed, fails the Nth call of one
// kind of file operation (xWrite, xSync, xRead, xTruncate, xFileSize or
// xLock) on any file it opened (store, shard, -wal, journal) with a chosen
// result code, once; every other call goes to the default VFS unchanged,
// except that xSync never reaches the disk: it is counted and can fail, but
// no test here simulates power loss, and thousands of faulted runs would
// otherwise wait on fsync.
//
//   FaultVfs& vfs = FaultVfs::Get();      // registered on first use
//   vfs.Arm(FaultOp::kWrite, 3, SQLITE_FULL);
//   ... open a store on kFaultVfsName and run a workload ...
//   vfs.Disarm();
//   bool hit = vfs.fired();               // false: the workload made < 3
//   writes
//
// It also counts the whole-file unmaps (xUnfetch(file, 0, NULL)) of files
// opened read-only (a store's readers) that reach it: the readers map
// through the lasting-map VFS over it (storage/sqlite/sqlite_lasting_map_vfs.h),
// which lets few of them through. And it counts the shared locks of the
// wal-index's read-mark slots that reach it (each read transaction takes
// one, unless a lingering lock is handed back: storage/
// sqlite_read_lock_linger.h).
//
// REQUIRED: Disarm before checking the files on the default VFS (the
// counter is global: any connection on kFaultVfsName counts).
// Thread safety: Arm, Disarm and fired may run on any thread.

#ifndef OBKVLITE_TESTS_FAULT_VFS_H_
#define OBKVLITE_TESTS_FAULT_VFS_H_

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <atomic>
#include <cstdint>

namespace obkvlite {
namespace testing {

inline constexpr const char* kFaultVfsName = "obkv-fault";

enum class FaultOp { kWrite, kSync, kRead, kTruncate, kFileSize, kLock };

class FaultVfs {
 public:
  // The VFS, registered (not as the default) on first use.
  static FaultVfs& Get() {
    static FaultVfs* vfs = new FaultVfs;
    return *vfs;
  }

  // From now on, the `nth` call (1-based) of `op` returns `rc` instead of
  // running; the calls before and after it run normally.
  void Arm(FaultOp op, int64_t nth, int rc) {
    fired_.store(false);
    calls_.store(0);
    rc_.store(rc);
    nth_.store(nth);
    op_.store(static_cast<int>(op));
  }
  void Disarm() { op_.store(-1); }
  // True when the armed call happened.
  bool fired() const { return fired_.load(); }
  // Whole-file unmaps of read-only files so far.
  int64_t reader_unmaps() const { return reader_unmaps_.load(); }
  // Shared locks of wal-index read-mark slots (offsets 3 to 7) so far.
  int64_t read_mark_locks() const { return read_mark_locks_.load(); }
  // Main database files opened read-only (a store's read connections) so
  // far.
  int64_t reader_opens() const { return reader_opens_.load(); }

 private:
  struct File {
    sqlite3_file base;
    sqlite3_file* real;  // the default VFS's file, right after this struct
    bool read_only;      // opened with SQLITE_OPEN_READONLY
  };

  FaultVfs() {
    real_ = sqlite3_vfs_find(nullptr);
    REQUIRE(real_ != nullptr);
    vfs_ = *real_;  // then every entry point forwards explicitly
    vfs_.pNext = nullptr;
    vfs_.zName = kFaultVfsName;
    vfs_.pAppData = this;
    vfs_.szOsFile = static_cast<int>(sizeof(File)) + real_->szOsFile;
    vfs_.xOpen = &Open;
    vfs_.xDelete = [](sqlite3_vfs*, const char* name, int sync) {
      return Real()->xDelete(Real(), name, sync);
    };
    vfs_.xAccess = [](sqlite3_vfs*, const char* name, int flags, int* out) {
      return Real()->xAccess(Real(), name, flags, out);
    };
    vfs_.xFullPathname = [](sqlite3_vfs*, const char* name, int n, char* out) {
      return Real()->xFullPathname(Real(), name, n, out);
    };
    vfs_.xRandomness = [](sqlite3_vfs*, int n, char* out) {
      return Real()->xRandomness(Real(), n, out);
    };
    vfs_.xSleep = [](sqlite3_vfs*, int us) {
      return Real()->xSleep(Real(), us);
    };
    vfs_.xCurrentTime = [](sqlite3_vfs*, double* out) {
      return Real()->xCurrentTime(Real(), out);
    };
    vfs_.xGetLastError = [](sqlite3_vfs*, int n, char* out) {
      return Real()->xGetLastError(Real(), n, out);
    };
    vfs_.xCurrentTimeInt64 = [](sqlite3_vfs*, sqlite3_int64* out) {
      return Real()->xCurrentTimeInt64(Real(), out);
    };
    // No extensions, no system-call overrides through this VFS.
    vfs_.xDlOpen = nullptr;
    vfs_.xDlError = nullptr;
    vfs_.xDlSym = nullptr;
    vfs_.xDlClose = nullptr;
    vfs_.xSetSystemCall = nullptr;
    vfs_.xGetSystemCall = nullptr;
    vfs_.xNextSystemCall = nullptr;
    if (vfs_.iVersion > 2) vfs_.iVersion = 2;
    InitMethods();
    REQUIRE(sqlite3_vfs_register(&vfs_, /*makeDflt=*/0) == SQLITE_OK);
  }

  static sqlite3_vfs* Real() { return Get().real_; }
  static sqlite3_file* RealFile(sqlite3_file* f) {
    return reinterpret_cast<File*>(f)->real;
  }

  // SQLITE_OK, or the armed result code when this is the armed call.
  static int Hit(FaultOp op) {
    FaultVfs& v = Get();
    if (v.op_.load() != static_cast<int>(op)) return SQLITE_OK;
    if (v.calls_.fetch_add(1) + 1 != v.nth_.load()) return SQLITE_OK;
    v.fired_.store(true);
    return v.rc_.load();
  }

  static int Open(sqlite3_vfs*, const char* name, sqlite3_file* file, int flags,
                  int* out_flags) {
    File* f = reinterpret_cast<File*>(file);
    f->real = reinterpret_cast<sqlite3_file*>(f + 1);
    f->real->pMethods = nullptr;
    f->read_only = (flags & SQLITE_OPEN_READONLY) != 0;
    if (f->read_only && (flags & SQLITE_OPEN_MAIN_DB) != 0) {
      Get().reader_opens_.fetch_add(1);
    }
    const int rc = Real()->xOpen(Real(), name, f->real, flags, out_flags);
    // SQLite closes a file whose pMethods is set, even after a failed open.
    f->base.pMethods = f->real->pMethods != nullptr ? &Get().methods_ : nullptr;
    return rc;
  }

  // An io method that can fail: the armed result code, or the default
  // VFS's `method` with the same arguments.
  template <FaultOp op, auto method, typename... Args>
  static int Faulty(sqlite3_file* f, Args... args) {
    const int rc = Hit(op);
    if (rc != SQLITE_OK) return rc;
    return (RealFile(f)->pMethods->*method)(RealFile(f), args...);
  }

  void InitMethods() {
    sqlite3_io_methods& m = methods_;
    m.iVersion = 3;
    m.xClose = [](sqlite3_file* f) {
      return RealFile(f)->pMethods->xClose(RealFile(f));
    };
    m.xRead = &Faulty<FaultOp::kRead, &sqlite3_io_methods::xRead, void*, int,
                      sqlite3_int64>;
    m.xWrite = &Faulty<FaultOp::kWrite, &sqlite3_io_methods::xWrite,
                       const void*, int, sqlite3_int64>;
    m.xTruncate = &Faulty<FaultOp::kTruncate, &sqlite3_io_methods::xTruncate,
                          sqlite3_int64>;
    m.xSync = [](sqlite3_file*, int) { return Hit(FaultOp::kSync); };
    m.xFileSize = &Faulty<FaultOp::kFileSize, &sqlite3_io_methods::xFileSize,
                          sqlite3_int64*>;
    m.xLock = &Faulty<FaultOp::kLock, &sqlite3_io_methods::xLock, int>;
    m.xUnlock = [](sqlite3_file* f, int level) {
      return RealFile(f)->pMethods->xUnlock(RealFile(f), level);
    };
    m.xCheckReservedLock = [](sqlite3_file* f, int* out) {
      return RealFile(f)->pMethods->xCheckReservedLock(RealFile(f), out);
    };
    m.xFileControl = [](sqlite3_file* f, int op, void* arg) {
      return RealFile(f)->pMethods->xFileControl(RealFile(f), op, arg);
    };
    m.xSectorSize = [](sqlite3_file* f) {
      return RealFile(f)->pMethods->xSectorSize(RealFile(f));
    };
    m.xDeviceCharacteristics = [](sqlite3_file* f) {
      return RealFile(f)->pMethods->xDeviceCharacteristics(RealFile(f));
    };
    // WAL's shared memory and memory-mapped pages, forwarded.
    m.xShmMap = [](sqlite3_file* f, int page, int size, int extend,
                   void volatile** out) {
      return RealFile(f)->pMethods->xShmMap(RealFile(f), page, size, extend,
                                            out);
    };
    m.xShmLock = [](sqlite3_file* f, int offset, int n, int flags) {
      if (flags == (SQLITE_SHM_LOCK | SQLITE_SHM_SHARED) && offset >= 3 &&
          offset < SQLITE_SHM_NLOCK) {
        Get().read_mark_locks_.fetch_add(1);
      }
      return RealFile(f)->pMethods->xShmLock(RealFile(f), offset, n, flags);
    };
    m.xShmBarrier = [](sqlite3_file* f) {
      RealFile(f)->pMethods->xShmBarrier(RealFile(f));
    };
    m.xShmUnmap = [](sqlite3_file* f, int del) {
      return RealFile(f)->pMethods->xShmUnmap(RealFile(f), del);
    };
    m.xFetch = [](sqlite3_file* f, sqlite3_int64 off, int n, void** out) {
      return RealFile(f)->pMethods->xFetch(RealFile(f), off, n, out);
    };
    m.xUnfetch = [](sqlite3_file* f, sqlite3_int64 off, void* p) {
      if (p == nullptr && reinterpret_cast<File*>(f)->read_only) {
        Get().reader_unmaps_.fetch_add(1);
      }
      return RealFile(f)->pMethods->xUnfetch(RealFile(f), off, p);
    };
  }

  sqlite3_vfs* real_ = nullptr;
  sqlite3_vfs vfs_{};
  sqlite3_io_methods methods_{};
  std::atomic<int> op_{-1};
  std::atomic<int64_t> nth_{0};
  std::atomic<int64_t> calls_{0};
  std::atomic<int> rc_{SQLITE_OK};
  std::atomic<bool> fired_{false};
  std::atomic<int64_t> reader_unmaps_{0};
  std::atomic<int64_t> read_mark_locks_{0};
  std::atomic<int64_t> reader_opens_{0};
};

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_FAULT_VFS_H_
