// Copyright (c) obkvlite authors.
#include "storage/connection_pool.h"

#include "storage/shards.h"

namespace obkvlite {
namespace storage {

ConnectionPool::ConnectionPool(std::string path, const StoreOptions& options,
                               int shards)
    : path_(std::move(path)), options_(options), shards_(shards) {}

Result<ConnectionPool::Lease> ConnectionPool::Acquire() {
  std::unique_ptr<Connection> conn;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!idle_.empty()) {
      conn = std::move(idle_.back());
      idle_.pop_back();
    }
  }
  if (conn == nullptr) {
    // Readers never write: open them read-only whatever the store mode.
    OBKV_ASSIGN_OR_RETURN(
        conn, Connection::Open(path_, OpenMode::kReadOnly, options_, false));
    OBKV_RETURN_IF_ERROR(AttachShards(conn->db(), path_, shards_, options_));
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
  std::lock_guard<std::mutex> lock(mu_);
  if (idle_.size() < kMaxIdle) idle_.push_back(std::move(conn));
}

void ConnectionPool::Lease::Release() {
  if (conn_ != nullptr && pool_ != nullptr) pool_->Return(std::move(conn_));
  conn_.reset();
}

}  // namespace storage
}  // namespace obkvlite
