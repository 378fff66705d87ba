// Copyright (c) obkvlite authors.
#include "hbase/read_path.h"

#include "hbase/row_reader.h"
#include "storage/transaction.h"

namespace obkvlite {

Result<RowResult> ReadRowInTransaction(storage::Connection* conn,
                                       const ReadPlan& plan) {
  RowResult out;
  RowReader reader(&plan, conn);
  OBKV_RETURN_IF_ERROR(reader.Open());
  if (!reader.NextRow(&out)) {
    OBKV_RETURN_IF_ERROR(reader.status());
    return RowResult();
  }
  return out;
}

Result<RowResult> ReadRow(StoreContext* ctx, const ReadPlan& plan) {
  const int cursors = RowReader::CursorCount(plan);
  if (cursors == 0) return RowResult();
  RowResult row;
  OBKV_RETURN_IF_ERROR(ctx->RunRead([&](storage::Connection* conn) -> Status {
    // One statement is its own snapshot; several need a transaction.
    storage::Transaction txn;
    if (cursors > 1) {
      OBKV_ASSIGN_OR_RETURN(
          txn,
          storage::Transaction::Begin(conn, storage::Transaction::Kind::kRead));
    }
    OBKV_ASSIGN_OR_RETURN(row, ReadRowInTransaction(conn, plan));
    return Status::OK();
  }));
  return row;
}

}  // namespace obkvlite
