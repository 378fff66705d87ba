// Copyright (c) obkvlite authors.
//
// FindingsCollector: a store's compatibility findings (obkvlite/compat.h).
// Record() adds to pending findings in memory; Flush() adds them to the
// store's "obkv_compat" table (layout/compat_findings_sql.h) in one write
// transaction on shard 0's writer, with additive upserts, so several
// processes add up. A background thread, started at the first finding,
// flushes every StoreOptions::request_stats_flush_ms; Stop() (at close)
// flushes once more. A failed flush keeps its findings for the next one. A
// read-only store keeps them in memory. The table is created at the first
// flush (outside the write transaction: server DDL commits by itself).
//
// REQUIRED: the StoreContext outlives the collector; Stop() (or the
// destructor) runs before the context's writers go away. Record() takes
// only the collector's own mutex, so it may be called anywhere, inside a
// write transaction too.
// Thread safety: safe from any thread.

#ifndef OBKVLITE_HBASE_COMPAT_COMPAT_FINDINGS_H_
#define OBKVLITE_HBASE_COMPAT_COMPAT_FINDINGS_H_

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "obkvlite/compat.h"
#include "obkvlite/status.h"
#include "util/mutex.h"
#include "util/periodic_task.h"
#include "util/thread_annotations.h"

namespace obkvlite {

class StoreContext;

class FindingsCollector {
 public:
  explicit FindingsCollector(StoreContext* ctx);
  ~FindingsCollector();
  FindingsCollector(const FindingsCollector&) = delete;
  FindingsCollector& operator=(const FindingsCollector&) = delete;

  // One more operation of this kind, seen at `now_ms`.
  void Record(const std::string& table, const std::string& operation,
              const std::string& surface, const std::string& rule,
              int64_t now_ms);

  // Adds the pending findings to obkv_compat (OK on a read-only store).
  Status Flush();

  // Every finding: stored plus pending, in (table, operation, surface,
  // rule) order.
  Result<std::vector<CompatFinding>> Read();

  // Removes every finding, stored and pending. NotSupported on a
  // read-only store.
  Status Reset();

  // Stops the flusher and flushes once more; idempotent.
  void Stop();

 private:
  // (table, operation, surface, rule)
  using Key = std::tuple<std::string, std::string, std::string, std::string>;
  struct Seen {
    int64_t count = 0;
    int64_t first_ms = 0;
    int64_t last_ms = 0;
    void Add(const Seen& o);
  };
  using Findings = std::map<Key, Seen>;

  Status Write(const Findings& findings) OBKV_REQUIRES(flush_mu_);
  Status EnsureTable() OBKV_REQUIRES(flush_mu_);

  StoreContext* const ctx_;
  const bool writable_;

  // One flush, read or reset at a time; taken before mu_.
  util::Mutex flush_mu_;
  bool table_created_ OBKV_GUARDED_BY(flush_mu_) = false;

  util::Mutex mu_;
  Findings pending_ OBKV_GUARDED_BY(mu_);

  // Flushes every StoreOptions::request_stats_flush_ms, from the first
  // finding on.
  util::PeriodicTask flusher_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_COMPAT_COMPAT_FINDINGS_H_
