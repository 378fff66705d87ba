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
// destructor) runs before the context's writers go away. Never call
// Record() while holding a store write mutex that Flush() would need: it
// only takes the collector's own mutex, so it is safe anywhere.
// Thread safety: safe from any thread.

#ifndef OBKVLITE_HBASE_COMPAT_COMPAT_FINDINGS_H_
#define OBKVLITE_HBASE_COMPAT_COMPAT_FINDINGS_H_

#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "obkvlite/compat.h"
#include "obkvlite/status.h"

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

  Status Write(const Findings& findings);
  Status EnsureTable();
  void FlushLoop();

  StoreContext* const ctx_;
  const bool writable_;

  std::mutex flush_mu_;         // one flush, read or reset at a time
  bool table_created_ = false;  // by flush_mu_

  std::mutex mu_;     // after flush_mu_
  Findings pending_;  // by mu_

  std::mutex thread_mu_;
  std::condition_variable wake_;
  bool started_ = false;  // by thread_mu_
  bool stop_ = false;     // by thread_mu_
  std::thread flusher_;   // by thread_mu_
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_COMPAT_COMPAT_FINDINGS_H_
