// Copyright (c) obkvlite authors.
//
// StoreOptions: how a store is opened.
//
// Thread safety: plain value; copied by Store::Open.

#ifndef OBKVLITE_OPTIONS_H_
#define OBKVLITE_OPTIONS_H_

#include <cstdint>
#include <functional>
#include <string>

#include "obkvlite/compat.h"
#include "obkvlite/read_consistency.h"

namespace obkvlite {

// What a committed write survives (SQLite's synchronous setting in WAL
// mode). kNormal: a committed batch survives a process crash, and may be
// lost (whole, never partially) on power loss. kFull: it also survives
// power loss, at the cost of an fsync per commit.
enum class Durability { kNormal, kFull };

// How a write that a server rolled back is run again (doc/engines.md,
// "Retry"). A deadlock (1213), a lock wait timeout (1205), a Galera
// certification failure and OceanBase's transaction conflicts and leader
// changes roll the whole transaction back, so the store runs the whole
// write again: after attempt n it waits a random time in [b/2, b], with
// b = min(initial_backoff_ms * 2^(n-1), max_backoff_ms). A server URI may
// override each field (?retry_attempts=N&retry_backoff_ms=B&
// retry_max_backoff_ms=M). SQLite stores are never rolled back this way.
struct RetryOptions {
  // Attempts in all, the first included, in [1, 1000]; 1 never retries.
  // When the last one is rolled back too, the write fails with Aborted
  // naming the conflict.
  int max_attempts = 10;
  // The backoff after the first attempt, in ms (>= 0).
  int initial_backoff_ms = 2;
  // The longest backoff between two attempts, in ms (>= initial_backoff_ms).
  int max_backoff_ms = 250;
};

// What only the SQLite engine (a store file and its shards) uses.
struct SqliteOptions {
  // SQLite page cache per connection, in KiB (in a sharded store, split
  // evenly over the files a connection has attached).
  int cache_size_kib = 16384;
  // SQLite page size in bytes for a new store file: a power of two in
  // [512, 65536]. Ignored for an existing file (SQLite keeps the size it was
  // created with). 8192 keeps a 10-qualifier timeseries document of 100-byte
  // values (about 1.2 KB) on its leaf page, where 4096 would spill it to an
  // overflow page (doc/timeseries.md).
  int page_size = 8192;
  // Bytes of each store file every connection reads through mmap (PRAGMA
  // mmap_size): pages come from the OS page cache without a copy. The
  // mapping survives the store's own commits: on the writers, as SQLite
  // keeps it; on the readers, through a VFS that keeps it while the file
  // neither shrinks nor grows by more than an eighth (SQLite alone would
  // unmap a reader at its first read after another connection committed).
  // 0 turns it off. Capped by SQLite's own limit (SQLITE_MAX_MMAP_SIZE,
  // 2 GiB on Debian); the default fits a 32-bit address space.
  int64_t mmap_size = 256 * 1024 * 1024;
  // The SQLite VFS (sqlite3_vfs_register name) the store's files are opened
  // with; empty means SQLite's default. The
  // I/O-fault test opens stores on a VFS that fails chosen calls
  // (doc/durability.md).
  std::string vfs;
  // Number of SQLite files the partitions are spread over, each with its
  // own writer connection, so that writers on different files commit in
  // parallel: 1 to kMaxShards (11), or 0 for "what the store was created
  // with" (1 for a new store). Fixed when the store is created; opening an
  // existing store with another non-zero count is an error. Shard k > 0 is
  // the file "<path>.shard<k>". A write spanning shards commits once per
  // shard: a crash between two commits keeps some shards' part of it
  // (doc/shards.md).
  int shards = 0;
  // A scan (not a Get) whose partitions lie in several shards, with no row
  // limit or one of at least 4096 rows, reads the shards in parallel (at
  // most max(2, hardware threads) at once, each with its own read
  // connection) and merges them: the same cells in the same order. Off: one
  // connection reads every shard in turn, on the caller's thread.
  bool parallel_shard_scans = true;
  // An unsharded store's Gets read on its writer connection, whose
  // wal-index read lock then lingers after each read for 10 to 20 ms of
  // idleness, so that the next read takes it without the two fcntl() calls
  // of a WAL read transaction. Each read still takes its own snapshot, as
  // of its start: no commit of another connection or process is missed.
  // While it lingers, the lock is a reader's to other connections: their
  // checkpoints do not copy past the snapshot it had and their WAL does not
  // restart, as behind any reader. Off: each read transaction releases its
  // lock at its end, as SQLite does (doc/store-format.md).
  bool linger_read_locks = true;
};

// Group commit (doc/durability.md, "Group commit"): writes that arrive
// while another is committing wait for it, then the first of them commits
// them all in one transaction, as LevelDB's writer queue does. Writes of
// one group apply in their order of arrival and see each other; a caller
// returns only after the commit that holds its write. A write that fails
// inside a group (say, an increment of a value that is no counter) fails
// alone, with the error it gives alone: the group is rolled back and the
// others run again, each in a savepoint of its own. A transaction the
// server rolls back runs again whole (RetryOptions). With
// Durability::kFull, one fsync serves the whole group.
struct GroupCommitOptions {
  // Off: every write is its own transaction and its own commit.
  bool enabled = true;
  // The most writes one group commits, in [1, 100000].
  int max_writes = 256;
  // The most bytes of cells (rows, qualifiers and values) one group
  // commits, >= 1; a write larger than this still commits, alone.
  int64_t max_bytes = 4 << 20;
};

// What group commit did since a store opened (Store::group_commit_stats).
struct GroupCommitStats {
  int64_t groups = 0;   // transactions it ran, groups of one included
  int64_t writes = 0;   // writes in them
  int64_t largest = 0;  // writes in the largest one
};

// The most writer sessions a server store holds (StoreOptions::
// server_writers).
inline constexpr int kMaxServerWriters = 64;

// The most idle read connections a store may keep (StoreOptions::
// max_idle_readers).
inline constexpr int kMaxIdleReaders = 4096;

struct StoreOptions {
  // Create the store file when it does not exist.
  bool create_if_missing = true;
  // Open read-only: every write fails with NotSupported.
  bool read_only = false;
  // Commit durability; see Durability.
  Durability durability = Durability::kNormal;
  // How long a writer waits for another process's lock before Busy (ms).
  int busy_timeout_ms = 5000;
  // The knobs of the SQLite engine (store files); a server store ignores
  // them.
  SqliteOptions sqlite;
  // Clock in ms since the epoch, used for "now" timestamps, TTL and
  // timeseries write sequence numbers; empty means the system clock. Tests
  // inject a fake clock here.
  std::function<int64_t()> clock_ms;
  // Count requests per partition and time bucket (obkvlite/request_stats.h)
  // and keep the counts in the store's "obkv_stats" table. Off: nothing is
  // counted and the table is not written. Read-only stores count in memory
  // only (Store::RequestStats still shows this process's counts).
  bool request_stats = true;
  // Width of a request-statistics time bucket in ms (>= 1000; 60000, one
  // minute, by default). Buckets start at multiples of it (by clock_ms).
  int64_t request_stats_bucket_ms = 60000;
  // How often the background flusher adds the in-memory counts to
  // "obkv_stats", in ms (>= 10); the counts are also added at close. A crash
  // loses at most this interval's counts.
  int request_stats_flush_ms = 5000;
  // With request_stats, also count each table's hot row keys
  // (obkvlite/hot_keys.h) and keep them in the store's "obkv_hotkeys"
  // table. Costs a hash, a stripe lock and an O(1) summary update per get,
  // put, delete, increment and append: about 100 ns, 4.5% of a cached
  // uniform get (obkv-bench --stats-overhead, doc/benchmarks.md). Off:
  // Store::HotKeys shows only what was stored before.
  bool hot_keys = true;
  // Time every table operation per surface and kind into latency
  // histograms (obkvlite/operation_stats.h: OBKV-HBase's monitoring set)
  // and keep them in the store's "obkv_op_stats" table, flushed with the
  // request statistics. Costs two clock reads and two relaxed atomic adds
  // per operation (obkv-bench --ops-overhead). Off: nothing is timed.
  bool operation_stats = true;
  // Re-running writes a server rolled back; see RetryOptions.
  RetryOptions retry;
  // Committing concurrent writes together; see GroupCommitOptions.
  GroupCommitOptions group_commit;
  // The writer sessions a server store may hold, in [1, kMaxServerWriters]
  // (a server URI may set it: ?writers=N). A write that finds the store's
  // first writer busy goes to another session, opened when every open one
  // is busy, each with a group commit queue of its own, so that concurrent
  // writers commit side by side on the server as a connection pool's do.
  // Writes of one row on two sessions meet in the server's row locks. A
  // SQLite store ignores it: a file has one writer.
  int server_writers = 4;
  // The read connections a store keeps open between reads, in [0,
  // kMaxIdleReaders], each pool (strong and weak reads) its own. A Get or
  // Scanner takes an idle connection, or opens one when none is idle, and
  // gives it back when it ends; one given back past this many idle is
  // closed. Set it at least to the most reads the application runs at
  // once: a connection opened again starts with a cold page cache and, on
  // SQLite, a memory map of its own whose pages fault in anew (with 8, 16
  // threads of gets ran at half the rate of 64; doc/benchmarks.md). On a
  // server each idle one holds a session.
  int max_idle_readers = 64;
  // What a Get or Scan that sets no consistency of its own may read
  // (obkvlite/read_consistency.h): kStrong sees every commit before it,
  // kWeak may be stale on a server cluster and skips the wait for it. A
  // server URI may set it (?read_consistency=weak).
  ReadConsistency read_consistency = ReadConsistency::kStrong;
  // The compatibility profile of this process (obkvlite/compat.h): kHBase
  // behaves as Apache HBase and records findings, kObkv refuses what
  // OBKV-HBase refuses.
  CompatProfile compat = CompatProfile::kHBase;
  // OceanBase's tenant switch _enable_kv_hbase_admin_ddl (False there by
  // default): whether the cluster the application will run on takes HBase
  // admin DDL (createTable, deleteTable, enableTable, disableTable through
  // a gateway or the shell; doc/obkv-compat.md C-46). Off, the obkv
  // profile refuses them and the hbase profile records them.
  bool obkv_admin_ddl = false;
};

}  // namespace obkvlite

#endif  // OBKVLITE_OPTIONS_H_
