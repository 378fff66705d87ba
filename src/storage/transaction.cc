// Copyright (c) obkvlite authors.
#include "storage/transaction.h"

namespace obkvlite {
namespace storage {

Result<Transaction> Transaction::Begin(Connection* conn, Kind kind) {
  OBKV_RETURN_IF_ERROR(kind == Kind::kWrite ? conn->BeginWrite()
                                            : conn->BeginRead());
  return Transaction(conn);
}

Status Transaction::Commit() {
  if (conn_ == nullptr) return Status::OK();
  Connection* conn = conn_;
  conn_ = nullptr;
  Status st = conn->Commit();
  if (!st.ok()) conn->Rollback();
  return st;
}

void Transaction::Abort() {
  if (conn_ == nullptr) return;
  conn_->Rollback();
  conn_ = nullptr;
}

}  // namespace storage
}  // namespace obkvlite
