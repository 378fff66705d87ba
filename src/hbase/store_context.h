// Copyright (c) obkvlite authors.
//
// StoreContext: what every table of one store shares: the single writer
// connection and the mutex that serialises writes, the pool of read
// connections (one per concurrent Get or Scanner, each with its own
// snapshot), the clock, and the options.
//
// Write operations go through RunWrite: it refuses read-only stores, takes
// the write mutex, runs the body inside one BEGIN IMMEDIATE transaction on
// the writer connection, and commits only when the body succeeded.
//
// REQUIRED: the context outlives its tables and scanners.
// Thread safety: safe from any thread (see the members).

#ifndef OBKVLITE_HBASE_STORE_CONTEXT_H_
#define OBKVLITE_HBASE_STORE_CONTEXT_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "obkvlite/options.h"
#include "obkvlite/status.h"
#include "storage/connection.h"
#include "storage/connection_pool.h"

namespace obkvlite {

class StoreContext {
 public:
  StoreContext(std::string path, const StoreOptions& options,
               std::unique_ptr<storage::Connection> writer);

  const std::string& path() const { return path_; }
  const StoreOptions& options() const { return options_; }
  bool read_only() const { return options_.read_only; }

  // Now in ms: StoreOptions::clock_ms or the system clock. Each operation
  // resolves it once.
  int64_t NowMs() const;

  // Runs `body` in one write transaction (see above). `what` names the
  // operation in the read-only error.
  Status RunWrite(const char* what,
                  const std::function<Status(storage::Connection*)>& body);

  // Runs `body` on a connection that sees every commit so far, for a short
  // read (a Get). When no write holds it, that is the writer connection:
  // its page cache stays valid across the store's own commits, where a
  // pooled reader's cache is dropped after each one. Otherwise a pooled
  // read connection. REQUIRED: `body` only reads, and keeps nothing of the
  // connection after it returns.
  Status RunRead(const std::function<Status(storage::Connection*)>& body);

  // The writer connection for DDL. REQUIRED: hold write_mutex().
  storage::Connection* writer() { return writer_.get(); }
  std::mutex& write_mutex() { return write_mu_; }

  storage::ConnectionPool& readers() { return readers_; }

  // NotSupported for writes to a read-only store.
  Status CheckWritable(const char* what) const;

 private:
  const std::string path_;
  const StoreOptions options_;
  std::mutex write_mu_;
  std::unique_ptr<storage::Connection> writer_;  // guarded by write_mu_
  storage::ConnectionPool readers_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STORE_CONTEXT_H_
