// Copyright (c) obkvlite authors.
#include "storage/transaction.h"

namespace obkvlite {
namespace storage {

Result<Transaction> Transaction::Begin(Connection* conn, Kind kind) {
  switch (kind) {
    case Kind::kWrite:
      OBKV_RETURN_IF_ERROR(conn->BeginWrite());
      break;
    case Kind::kReadOnDemand:
      OBKV_RETURN_IF_ERROR(conn->Revive());
      conn->snapshot_pending_ = true;
      break;
    default:
      OBKV_RETURN_IF_ERROR(conn->BeginRead());
      break;
  }
  return Transaction(conn);
}

Status Transaction::Commit() {
  if (conn_ == nullptr) return Status::OK();
  Connection* conn = conn_;
  conn_ = nullptr;
  if (conn->snapshot_pending_) {
    conn->snapshot_pending_ = false;  // nothing was begun
    return Status::OK();
  }
  Status st = conn->Commit();
  if (!st.ok()) conn->Rollback();
  return st;
}

void Transaction::Abort() {
  if (conn_ == nullptr) return;
  if (conn_->snapshot_pending_) {
    conn_->snapshot_pending_ = false;  // nothing was begun
  } else {
    conn_->Rollback();
  }
  conn_ = nullptr;
}

}  // namespace storage
}  // namespace obkvlite
