// Copyright (c) obkvlite authors.
#include "hbase/read/get_path.h"

#include "hbase/read/row_reader.h"
#include "storage/transaction.h"

namespace obkvlite {

namespace {

// Reads the plan's row on `conn` into `*out`, its old cells as slots.
Status ReadRowOn(storage::Connection* conn, const ReadPlan& plan,
                 RowResult* out) {
  RowReader reader(&plan, conn);
  reader.AdoptSlots(&out->cells);
  out->row.clear();
  OBKV_RETURN_IF_ERROR(reader.Open());
  if (!reader.NextRow(out)) return reader.status();
  return Status::OK();
}

}  // namespace

Result<RowResult> ReadRowInTransaction(storage::Connection* conn,
                                       const ReadPlan& plan) {
  RowResult out;
  OBKV_RETURN_IF_ERROR(ReadRowOn(conn, plan, &out));
  return out;
}

Status ReadRowInto(StoreContext* ctx, const ReadPlan& plan, RowResult* out) {
  const int cursors = RowReader::CursorCount(plan);
  Status st;
  if (cursors == 0) {
    out->cells.clear();
    out->row.clear();
  } else {
    st = ctx->RunRead([&](storage::Connection* conn) -> Status {
      // One statement is its own snapshot; several need a transaction (a
      // columns cursor of several qualifiers takes it on demand).
      OBKV_ASSIGN_OR_RETURN(
          storage::Transaction txn,
          storage::Transaction::Begin(
              conn, cursors > 1 ? storage::Transaction::Kind::kRead
                                : storage::Transaction::Kind::kReadOnDemand));
      return ReadRowOn(conn, plan, out);
    });
  }
  if (!st.ok()) *out = RowResult();
  return st;
}

Result<RowResult> ReadRow(StoreContext* ctx, const ReadPlan& plan) {
  RowResult row;
  OBKV_RETURN_IF_ERROR(ReadRowInto(ctx, plan, &row));
  return row;
}

}  // namespace obkvlite
