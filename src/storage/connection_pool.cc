// Copyright (c) obkvlite authors.
#include "storage/connection_pool.h"

namespace obkvlite {
namespace storage {

Result<ConnectionPool::Lease> ConnectionPool::Acquire() {
  std::unique_ptr<Connection> conn;
  {
    util::MutexLock lock(&mu_);
    if (!idle_.empty()) {
      conn = std::move(idle_.back());
      idle_.pop_back();
    }
  }
  if (conn == nullptr) {
    OBKV_ASSIGN_OR_RETURN(conn, open_());
  }
  const uint64_t generation = generation_.load();
  if (conn->generation() != generation) {
    conn->statements()->Clear();
    conn->set_generation(generation);
  }
  return Lease(this, std::move(conn));
}

void ConnectionPool::Return(std::unique_ptr<Connection> conn) {
  conn->Rollback();  // a reader that ended early still holds its snapshot
  if (conn->broken()) return;  // a lost server connection: open anew
  util::MutexLock lock(&mu_);
  if (idle_.size() < max_idle_) idle_.push_back(std::move(conn));
}

void ConnectionPool::Lease::Release() {
  if (conn_ != nullptr && pool_ != nullptr) pool_->Return(std::move(conn_));
  conn_.reset();
}

}  // namespace storage
}  // namespace obkvlite
