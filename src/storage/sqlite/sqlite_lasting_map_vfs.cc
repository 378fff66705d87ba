// Copyright (c) obkvlite authors.
#include "storage/sqlite/sqlite_lasting_map_vfs.h"

#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <utility>

#include "storage/sqlite/sqlite_read_lock_linger.h"

namespace obkvlite {
namespace storage {
namespace {

// A file of the VFS: the inner VFS's file follows it in the same block.
struct LastingFile {
  sqlite3_file base;  // pMethods: one of kMethods, or null
  sqlite3_file* inner;
  // The file's size when its current mapping was made; -1: none known.
  sqlite3_int64 mapped_size;
  // Whether the VFS keeps mappings (LastingMapVfsName) or passes every
  // unmap through (StoreWriterVfsName).
  bool lasting_map;
  // Made by the first kReadLockLingerFileControl; owned.
  ReadLockLinger* linger;
};

constexpr size_t kInnerOffset =
    (sizeof(LastingFile) + alignof(std::max_align_t) - 1) /
    alignof(std::max_align_t) * alignof(std::max_align_t);

sqlite3_file* Inner(sqlite3_file* f) {
  return reinterpret_cast<LastingFile*>(f)->inner;
}
const sqlite3_io_methods* InnerMethods(sqlite3_file* f) {
  return Inner(f)->pMethods;
}

// The file methods: each passes the call to the inner file, except, on
// the lasting-map VFS, xUnfetch(0, NULL) (see the header) and xFetch,
// which notes the size the mapping was made at; and on both, once a
// kReadLockLingerFileControl made the file's ReadLockLinger, xShmLock and
// xShmUnmap, which go through it.
int Close(sqlite3_file* f) {
  LastingFile* file = reinterpret_cast<LastingFile*>(f);
  delete std::exchange(file->linger, nullptr);
  return InnerMethods(f)->xClose(Inner(f));
}
int Read(sqlite3_file* f, void* buf, int n, sqlite3_int64 off) {
  return InnerMethods(f)->xRead(Inner(f), buf, n, off);
}
int Write(sqlite3_file* f, const void* buf, int n, sqlite3_int64 off) {
  return InnerMethods(f)->xWrite(Inner(f), buf, n, off);
}
int Truncate(sqlite3_file* f, sqlite3_int64 size) {
  return InnerMethods(f)->xTruncate(Inner(f), size);
}
int Sync(sqlite3_file* f, int flags) {
  return InnerMethods(f)->xSync(Inner(f), flags);
}
int FileSize(sqlite3_file* f, sqlite3_int64* size) {
  return InnerMethods(f)->xFileSize(Inner(f), size);
}
int Lock(sqlite3_file* f, int level) {
  return InnerMethods(f)->xLock(Inner(f), level);
}
int Unlock(sqlite3_file* f, int level) {
  return InnerMethods(f)->xUnlock(Inner(f), level);
}
int CheckReservedLock(sqlite3_file* f, int* out) {
  return InnerMethods(f)->xCheckReservedLock(Inner(f), out);
}
int FileControl(sqlite3_file* f, int op, void* arg) {
  if (op == kReadLockLingerFileControl) {
    LastingFile* file = reinterpret_cast<LastingFile*>(f);
    const bool on = *static_cast<int*>(arg) != 0;
    if (file->linger == nullptr && on) {
      file->linger = new (std::nothrow) ReadLockLinger(file->inner);
      if (file->linger == nullptr) return SQLITE_NOMEM;
    }
    if (file->linger != nullptr) file->linger->Enable(on);
    return SQLITE_OK;
  }
  return InnerMethods(f)->xFileControl(Inner(f), op, arg);
}
int SectorSize(sqlite3_file* f) {
  return InnerMethods(f)->xSectorSize(Inner(f));
}
int DeviceCharacteristics(sqlite3_file* f) {
  return InnerMethods(f)->xDeviceCharacteristics(Inner(f));
}
int ShmMap(sqlite3_file* f, int region, int size, int extend,
           void volatile** out) {
  return InnerMethods(f)->xShmMap(Inner(f), region, size, extend, out);
}
int ShmLock(sqlite3_file* f, int offset, int n, int flags) {
  ReadLockLinger* linger = reinterpret_cast<LastingFile*>(f)->linger;
  if (linger != nullptr) return linger->ShmLock(offset, n, flags);
  return InnerMethods(f)->xShmLock(Inner(f), offset, n, flags);
}
// A full memory barrier, which is all xShmBarrier promises. The unix VFS
// also locks and unlocks its process-wide mutex there ("for redundancy",
// os_unix.c): every read transaction of every connection in the process
// would take that one lock twice or more. ThreadSanitizer has no model of a
// fence (g++ refuses one under -fsanitize=thread), so its builds keep the
// inner VFS's barrier.
void ShmBarrier(sqlite3_file* f) {
#if defined(__SANITIZE_THREAD__)
  InnerMethods(f)->xShmBarrier(Inner(f));
#else
  (void)f;
  std::atomic_thread_fence(std::memory_order_seq_cst);
#endif
}
int ShmUnmap(sqlite3_file* f, int delete_flag) {
  ReadLockLinger* linger = reinterpret_cast<LastingFile*>(f)->linger;
  if (linger != nullptr) return linger->ShmUnmap(delete_flag);
  return InnerMethods(f)->xShmUnmap(Inner(f), delete_flag);
}

int Fetch(sqlite3_file* f, sqlite3_int64 off, int n, void** out) {
  LastingFile* file = reinterpret_cast<LastingFile*>(f);
  const int rc = InnerMethods(f)->xFetch(file->inner, off, n, out);
  if (rc == SQLITE_OK && *out != nullptr && file->lasting_map &&
      file->mapped_size < 0) {
    // The inner VFS maps the whole file at the first fetch after an
    // unmap: the size now is the size it mapped.
    sqlite3_int64 size = 0;
    if (FileSize(f, &size) == SQLITE_OK) file->mapped_size = size;
  }
  return rc;
}

int Unfetch(sqlite3_file* f, sqlite3_int64 off, void* page) {
  LastingFile* file = reinterpret_cast<LastingFile*>(f);
  if (page == nullptr && file->lasting_map && file->mapped_size >= 0) {
    sqlite3_int64 size = 0;
    if (FileSize(f, &size) == SQLITE_OK && size >= file->mapped_size &&
        size - file->mapped_size <= file->mapped_size / 8) {
      return SQLITE_OK;  // the mapping still shows every byte it maps
    }
  }
  if (page == nullptr) file->mapped_size = -1;
  return InnerMethods(f)->xUnfetch(file->inner, off, page);
}

// Method tables of versions 1 to 3: a file offers the version its inner
// file offers (SQLite uses WAL only over version 2 and up, mmap over 3).
constexpr sqlite3_io_methods MethodsOfVersion(int version) {
  return sqlite3_io_methods{version,    Close,      Read,
                            Write,      Truncate,   Sync,
                            FileSize,   Lock,       Unlock,
                            CheckReservedLock,      FileControl,
                            SectorSize, DeviceCharacteristics,
                            ShmMap,     ShmLock,    ShmBarrier,
                            ShmUnmap,   Fetch,      Unfetch};
}
const sqlite3_io_methods kMethods[3] = {
    MethodsOfVersion(1), MethodsOfVersion(2), MethodsOfVersion(3)};

struct Registered {
  std::string name;
  sqlite3_vfs vfs;
  sqlite3_vfs* inner;
  bool lasting_map;
};

// A registered VFS: its Registered is in pAppData.
const Registered& Registration(sqlite3_vfs* vfs) {
  return *static_cast<const Registered*>(vfs->pAppData);
}
sqlite3_vfs* InnerVfs(sqlite3_vfs* vfs) { return Registration(vfs).inner; }

int Open(sqlite3_vfs* vfs, const char* name, sqlite3_file* f, int flags,
         int* out_flags) {
  LastingFile* file = reinterpret_cast<LastingFile*>(f);
  file->inner =
      reinterpret_cast<sqlite3_file*>(reinterpret_cast<char*>(f) + kInnerOffset);
  file->inner->pMethods = nullptr;
  file->mapped_size = -1;
  file->lasting_map = Registration(vfs).lasting_map;
  file->linger = nullptr;
  const int rc =
      InnerVfs(vfs)->xOpen(InnerVfs(vfs), name, file->inner, flags, out_flags);
  // SQLite closes a file whose pMethods is set, even when xOpen failed.
  const sqlite3_io_methods* inner = file->inner->pMethods;
  file->base.pMethods =
      inner == nullptr
          ? nullptr
          : &kMethods[std::clamp(inner->iVersion, 1, 3) - 1];
  return rc;
}
int Delete(sqlite3_vfs* vfs, const char* name, int sync_dir) {
  return InnerVfs(vfs)->xDelete(InnerVfs(vfs), name, sync_dir);
}
int Access(sqlite3_vfs* vfs, const char* name, int flags, int* out) {
  return InnerVfs(vfs)->xAccess(InnerVfs(vfs), name, flags, out);
}
int FullPathname(sqlite3_vfs* vfs, const char* name, int n, char* out) {
  return InnerVfs(vfs)->xFullPathname(InnerVfs(vfs), name, n, out);
}
void* DlOpen(sqlite3_vfs* vfs, const char* name) {
  return InnerVfs(vfs)->xDlOpen(InnerVfs(vfs), name);
}
void DlError(sqlite3_vfs* vfs, int n, char* out) {
  InnerVfs(vfs)->xDlError(InnerVfs(vfs), n, out);
}
void (*DlSym(sqlite3_vfs* vfs, void* lib, const char* symbol))(void) {
  return InnerVfs(vfs)->xDlSym(InnerVfs(vfs), lib, symbol);
}
void DlClose(sqlite3_vfs* vfs, void* lib) {
  InnerVfs(vfs)->xDlClose(InnerVfs(vfs), lib);
}
int Randomness(sqlite3_vfs* vfs, int n, char* out) {
  return InnerVfs(vfs)->xRandomness(InnerVfs(vfs), n, out);
}
int Sleep(sqlite3_vfs* vfs, int micros) {
  return InnerVfs(vfs)->xSleep(InnerVfs(vfs), micros);
}
int CurrentTime(sqlite3_vfs* vfs, double* out) {
  return InnerVfs(vfs)->xCurrentTime(InnerVfs(vfs), out);
}
int GetLastError(sqlite3_vfs* vfs, int n, char* out) {
  return InnerVfs(vfs)->xGetLastError(InnerVfs(vfs), n, out);
}
int CurrentTimeInt64(sqlite3_vfs* vfs, sqlite3_int64* out) {
  return InnerVfs(vfs)->xCurrentTimeInt64(InnerVfs(vfs), out);
}
int SetSystemCall(sqlite3_vfs* vfs, const char* name,
                  sqlite3_syscall_ptr call) {
  return InnerVfs(vfs)->xSetSystemCall(InnerVfs(vfs), name, call);
}
sqlite3_syscall_ptr GetSystemCall(sqlite3_vfs* vfs, const char* name) {
  return InnerVfs(vfs)->xGetSystemCall(InnerVfs(vfs), name);
}
const char* NextSystemCall(sqlite3_vfs* vfs, const char* name) {
  return InnerVfs(vfs)->xNextSystemCall(InnerVfs(vfs), name);
}

// The wrapper over `inner_name` with the lasting map on or off.
Result<std::string> WrapperVfsName(const std::string& inner_name,
                                   bool lasting_map) {
  static std::mutex mu;
  // Registered VFSes must outlive every connection: never freed.
  static auto* registry =
      new std::map<std::pair<std::string, bool>, std::unique_ptr<Registered>>;
  std::lock_guard<std::mutex> lock(mu);
  sqlite3_vfs* inner =
      sqlite3_vfs_find(inner_name.empty() ? nullptr : inner_name.c_str());
  if (inner == nullptr) {
    return Status::NotFound("SQLite VFS '" + inner_name +
                            "' is not registered");
  }
  const std::pair<std::string, bool> key(inner->zName, lasting_map);
  auto it = registry->find(key);
  if (it != registry->end()) return it->second->name;
  auto r = std::make_unique<Registered>();
  r->name = (lasting_map ? "obkv-lasting-map:" : "obkv-writer:") +
            std::string(inner->zName);
  r->inner = inner;
  r->lasting_map = lasting_map;
  sqlite3_vfs& v = r->vfs;
  v = sqlite3_vfs{};
  v.iVersion = std::min(inner->iVersion, 3);
  v.szOsFile = static_cast<int>(kInnerOffset) + inner->szOsFile;
  v.mxPathname = inner->mxPathname;
  v.zName = r->name.c_str();
  v.pAppData = r.get();
  v.xOpen = Open;
  v.xDelete = Delete;
  v.xAccess = Access;
  v.xFullPathname = FullPathname;
  // What the inner VFS lacks, this one lacks too.
  const auto when = [](auto inner_method, auto method) {
    return inner_method != nullptr ? method : nullptr;
  };
  v.xDlOpen = when(inner->xDlOpen, DlOpen);
  v.xDlError = when(inner->xDlError, DlError);
  v.xDlSym = when(inner->xDlSym, DlSym);
  v.xDlClose = when(inner->xDlClose, DlClose);
  v.xRandomness = Randomness;
  v.xSleep = Sleep;
  v.xCurrentTime = CurrentTime;
  v.xGetLastError = when(inner->xGetLastError, GetLastError);
  if (v.iVersion >= 2) {
    v.xCurrentTimeInt64 = when(inner->xCurrentTimeInt64, CurrentTimeInt64);
  }
  if (v.iVersion >= 3) {
    v.xSetSystemCall = when(inner->xSetSystemCall, SetSystemCall);
    v.xGetSystemCall = when(inner->xGetSystemCall, GetSystemCall);
    v.xNextSystemCall = when(inner->xNextSystemCall, NextSystemCall);
  }
  const int rc = sqlite3_vfs_register(&v, /*makeDflt=*/0);
  if (rc != SQLITE_OK) {
    return Status::IOError("cannot register SQLite VFS '" + r->name +
                           "': " + sqlite3_errstr(rc));
  }
  std::string name = r->name;
  registry->emplace(key, std::move(r));
  return name;
}

}  // namespace

Result<std::string> LastingMapVfsName(const std::string& inner) {
  return WrapperVfsName(inner, /*lasting_map=*/true);
}

Result<std::string> StoreWriterVfsName(const std::string& inner) {
  return WrapperVfsName(inner, /*lasting_map=*/false);
}

}  // namespace storage
}  // namespace obkvlite
