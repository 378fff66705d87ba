// Copyright (c) obkvlite authors.
#include "hbase/store_context.h"

#include <chrono>

#include "storage/transaction.h"

namespace obkvlite {

StoreContext::StoreContext(std::string path, const StoreOptions& options,
                           std::unique_ptr<storage::Connection> writer)
    : path_(std::move(path)),
      options_(options),
      writer_(std::move(writer)),
      readers_(path_, options_) {}

int64_t StoreContext::NowMs() const {
  if (options_.clock_ms) return options_.clock_ms();
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

Status StoreContext::CheckWritable(const char* what) const {
  if (!read_only()) return Status::OK();
  return Status::NotSupported(std::string(what) + ": store '" + path_ +
                              "' is open read-only");
}

Status StoreContext::RunWrite(
    const char* what, const std::function<Status(storage::Connection*)>& body) {
  OBKV_RETURN_IF_ERROR(CheckWritable(what));
  std::lock_guard<std::mutex> lock(write_mu_);
  OBKV_ASSIGN_OR_RETURN(storage::Transaction txn,
                        storage::Transaction::Begin(
                            writer_.get(), storage::Transaction::Kind::kWrite));
  OBKV_RETURN_IF_ERROR(body(writer_.get()));
  return txn.Commit();
}

Status StoreContext::RunRead(
    const std::function<Status(storage::Connection*)>& body) {
  std::unique_lock<std::mutex> lock(write_mu_, std::try_to_lock);
  if (lock.owns_lock()) return body(writer_.get());
  OBKV_ASSIGN_OR_RETURN(storage::ConnectionPool::Lease lease,
                        readers_.Acquire());
  return body(lease.get());
}

}  // namespace obkvlite
