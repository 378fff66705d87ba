// Copyright (c) obkvlite authors.
//
// The lasting-map VFS: a SQLite VFS over another one (SQLite's default, or
// the store's SqliteOptions::vfs) whose files keep their memory mapping
// (PRAGMA mmap_size) across other connections' commits.
//
// SQLite unmaps a connection's whole mapping (xUnfetch(file, 0, NULL)) at
// its first read after another connection committed, in case another
// process truncated the file and extended it again. Every page the next
// read touches then costs a page fault, and the munmap itself costs as
// much: a mapped reader beside a writer pays that on every read after a
// write. A shared mapping of a file always shows the file's current bytes
// (the OS page cache backs both), and in WAL mode SQLite reads from the
// database file only what no snapshot of it needs from the WAL, as a read()
// would. So the mapping stays valid while the file is no shorter than what
// was mapped: a whole-file unmap passes through only when the file has
// shrunk (a read past its end would fault), or grown by more than an
// eighth since it was mapped (pages past a mapping are read with read(), so
// a remap brings them in).
//
// Both wrappers answer xShmBarrier with a memory fence alone: the unix VFS
// also takes its process-wide mutex there, so every read transaction of
// every connection in the process would take one lock at least twice.
//
// The same wrapper with every unmap passed through (StoreWriterVfsName)
// opens the store's writers: its files differ from the inner VFS's only in
// answering kReadLockLingerFileControl
// (storage/sqlite/sqlite_read_lock_linger.h), as the lasting-map VFS's files
// also do.
//
// Thread safety: the functions are safe from any thread; the VFSes they
// register live until the process ends.

#ifndef OBKVLITE_STORAGE_SQLITE_LASTING_MAP_VFS_H_
#define OBKVLITE_STORAGE_SQLITE_LASTING_MAP_VFS_H_

#include <string>

#include "obkvlite/status.h"

namespace obkvlite {
namespace storage {

// The registered name of the lasting-map VFS over `inner` ("" is SQLite's
// default VFS), registering it at the first call. NotFound when `inner`
// is not a registered VFS.
Result<std::string> LastingMapVfsName(const std::string& inner);

// The registered name of the wrapper over `inner` that passes every unmap
// through (the store's writers), registering it at the first call.
// NotFound as above.
Result<std::string> StoreWriterVfsName(const std::string& inner);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_SQLITE_LASTING_MAP_VFS_H_
