// Copyright (c) obkvlite authors.
//
// ConnectionPool: the store's read connections. A reader leases one for the
// length of a Get or a Scanner (each holds its own read transaction, hence
// its own snapshot) and the lease gives it back. Connections are opened on
// demand; up to `max_idle` idle ones are kept with their statement caches
// (and, on SQLite, their page caches and memory maps), the rest closed.
//
// REQUIRED: the pool outlives every Lease.
// Thread safety: Acquire and the Lease destructor may run on any thread.

#ifndef OBKVLITE_STORAGE_CONNECTION_POOL_H_
#define OBKVLITE_STORAGE_CONNECTION_POOL_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "obkvlite/status.h"
#include "storage/connection.h"
#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace obkvlite {
namespace storage {

class ConnectionPool {
 public:
  class Lease {
   public:
    Lease() = default;
    Lease(ConnectionPool* pool, std::unique_ptr<Connection> conn)
        : pool_(pool), conn_(std::move(conn)) {}
    ~Lease() { Release(); }
    Lease(Lease&&) noexcept = default;
    Lease& operator=(Lease&& o) noexcept {
      if (this != &o) {
        Release();
        pool_ = o.pool_;
        conn_ = std::move(o.conn_);
      }
      return *this;
    }

    Connection* get() const { return conn_.get(); }
    Connection* operator->() const { return conn_.get(); }

   private:
    void Release();
    ConnectionPool* pool_ = nullptr;
    std::unique_ptr<Connection> conn_;
  };

  // Opens a new reader (read-only, queries only) when none is idle.
  using Opener = std::function<Result<std::unique_ptr<Connection>>()>;
  // `max_idle`: the most idle connections kept (StoreOptions::
  // max_idle_readers).
  ConnectionPool(Opener open, size_t max_idle)
      : open_(std::move(open)), max_idle_(max_idle) {}

  Result<Lease> Acquire();

  // Called after DDL that drops relations: cached statements of pooled
  // connections are finalised before their next use.
  void InvalidateStatements() { generation_.fetch_add(1); }

 private:
  void Return(std::unique_ptr<Connection> conn);

  const Opener open_;
  const size_t max_idle_;
  std::atomic<uint64_t> generation_{0};
  util::Mutex mu_;
  std::vector<std::unique_ptr<Connection>> idle_ OBKV_GUARDED_BY(mu_);
};

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_CONNECTION_POOL_H_
