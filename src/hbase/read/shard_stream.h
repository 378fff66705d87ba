// Copyright (c) obkvlite authors.
//
// ShardStream: the cells of a scan's partitions in some shards of a
// sharded store (doc/shards.md), read by a background thread, as one
// CellCursor. OpenShardScan splits a scan spanning shards into groups of
// shards, a ShardStream reads each group, and the scanner's RowReader
// merges the streams with its CellHeap exactly as it merges partition
// cursors, so the shards are read in parallel and the scan returns the same
// cells in the same order (forward and reversed). The scanner's thread
// only merges and matches: with its share of the work (about a fifth of a
// KEY 97 full scan's) on a thread of its own, two shards keep two cores
// busy; reading one group itself made it the bottleneck (its stream's
// thread waited 60% of the time).
//
// A stream's thread leases its own read connection from the store's pool
// (every reader has every shard attached), opens a read transaction on it,
// opens its partition cursors (OpenPlanCursor), merges them with a CellHeap
// in the read order and copies the cells into batches. The lease, the
// transaction and the cursors are taken and released on that thread.
// Batches grow from 64 to 1024 cells (or about 64 KiB of bytes, whichever
// comes first; a larger cell travels alone) so that a short scan's first
// cells arrive early. Three batches per stream circulate (one being
// filled, one queued, one being read): memory stays bounded whatever the
// scan's length.
//
// When (ReadsShardsInParallel): a scan, not a Get, on a store with
// StoreOptions::sqlite.parallel_shard_scans whose pruned partitions lie in more
// than one shard, with no row limit or one of at least 4096 rows. A
// shorter scan spends its time opening cursors, and waiting for a thread's
// first cells costs it more than it saves (doc/shards.md has the figures). A
// store of one file and a server engine (no shards) never take this path. Each
// file is read as of its first read by the connection reading it, as
// doc/shards.md promises of every read (snapshots per file).
//
// Groups (threads): as many as the shards the scan touches, at most
// max(2, std::thread::hardware_concurrency()); touched shard number i goes
// to group i mod the count.
//
// Errors on a thread (opening, stepping, an exception) end its stream with
// that status, which the RowReader reports as the scanner's. Destroying a
// stream stops its thread (a thread waiting for a free batch wakes; one
// filling a batch stops at its next cell) and joins it.
//
// REQUIRED: the StoreContext and the plan outlive the streams; the plan is
// not changed while they live (the threads read its key range, families
// and partitions, never its filter).
// Thread safety: a stream is used by one consumer thread; its background
// thread shares only the batch queue with it, under the stream's mutex.

#ifndef OBKVLITE_HBASE_READ_SHARD_STREAM_H_
#define OBKVLITE_HBASE_READ_SHARD_STREAM_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "hbase/read/cell_cursor.h"
#include "hbase/read/read_plan.h"
#include "hbase/read/row_reader.h"
#include "hbase/context/store_context.h"
#include "obkvlite/status.h"
#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace obkvlite {

// True when a scan of `plan` reads its shards in parallel (see above).
bool ReadsShardsInParallel(const StoreContext& ctx, const ReadPlan& plan);

// Opens the read of `plan` on `reader` (instead of RowReader::Open): starts
// the streams, waits for each one's first batch and gives them to the
// reader. Returns the first error (the streams are then stopped).
// REQUIRED: ReadsShardsInParallel(*ctx, *plan); `reader` reads `plan` and
// has opened nothing yet (its connection may be null: it reads nothing).
Status OpenShardScan(StoreContext* ctx, const ReadPlan* plan,
                     RowReader* reader);

class ShardStream final : public CellCursor {
 public:
  using Source = RowReader::CursorSource;

  // Starts the thread over `sources` (every cursor the thread merges).
  ShardStream(StoreContext* ctx, const ReadPlan* plan,
              std::vector<Source> sources);
  // Stops and joins the thread.
  ~ShardStream() override;
  ShardStream(const ShardStream&) = delete;
  ShardStream& operator=(const ShardStream&) = delete;

  void Next() override;

 private:
  // A run of cells copied out of the cursors; views point into `bytes`.
  struct Batch {
    struct Entry {
      size_t key, key_size, qualifier, qualifier_size, value, value_size;
      int64_t t;
      int family_index, partition;
    };
    std::string bytes;
    std::vector<Entry> cells;
    void Clear();
    void Append(const CellCursor& cursor);
  };

  // The thread's body: Produce, then the end (status) of the stream.
  void Run();
  // Reads and publishes every cell; the status of the read (OK when the
  // consumer stopped it early).
  Status Produce();
  // Waits for a free batch; null when stopped.
  Batch* TakeFree() OBKV_EXCLUDES(mu_);
  // Queues a filled batch; false when stopped.
  bool Publish(Batch* batch) OBKV_EXCLUDES(mu_);
  // Consumer: sets the views on cell pos_ of current_.
  void Show();

  StoreContext* const ctx_;
  const ReadPlan* const plan_;
  const std::vector<Source> sources_;

  std::unique_ptr<Batch[]> batches_;  // kBatches, circulating
  util::Mutex mu_;
  std::condition_variable_any changed_;  // any change of the state below
  std::vector<Batch*> free_ OBKV_GUARDED_BY(mu_);
  std::deque<Batch*> ready_ OBKV_GUARDED_BY(mu_);  // filled, in order
  bool stop_ OBKV_GUARDED_BY(mu_) = false;         // by the consumer
  bool ended_ OBKV_GUARDED_BY(mu_) = false;        // by the thread, last
  Status end_status_ OBKV_GUARDED_BY(mu_);
  std::atomic<bool> stopping_{false};  // stop_, read without the mutex

  // Consumer state.
  Batch* current_ = nullptr;
  size_t pos_ = 0;

  std::thread thread_;  // last: starts once the rest is built
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_READ_SHARD_STREAM_H_
