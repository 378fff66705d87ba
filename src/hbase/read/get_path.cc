// Copyright (c) obkvlite authors.
#include "hbase/read/get_path.h"

#include "hbase/read/partition_cursor.h"
#include "hbase/read/row_matcher.h"
#include "hbase/read/row_reader.h"
#include "layout/timestamp_codec.h"
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

// Runs `body` on a read connection, in a read transaction when the plan
// has several cursors (else one whose snapshot a second statement takes);
// nothing when it has none.
template <typename Body>
Status RunPointRead(StoreContext* ctx, const ReadPlan& plan, const Body& body) {
  const int cursors = RowReader::CursorCount(plan);
  if (cursors == 0) return Status::OK();
  return ctx->RunRead(
      [&](storage::Connection* conn) -> Status {
        // One statement is its own snapshot; several need a transaction (a
        // columns cursor of several qualifiers takes it on demand).
        OBKV_ASSIGN_OR_RETURN(
            storage::Transaction txn,
            storage::Transaction::Begin(
                conn, cursors > 1 ? storage::Transaction::Kind::kRead
                                  : storage::Transaction::Kind::kReadOnDemand));
        return body(conn);
      },
      plan.consistency);
}

// Whether every family of `plan` is read from one table at most: its
// cells then come family after family, each family's in cell order, and
// need no merge.
bool OneTablePerFamily(const ReadPlan& plan) {
  for (const FamilyRead& read : plan.families) {
    if (read.tables.size() > 1) return false;
  }
  return true;
}

// Streams the row of a point plan of OneTablePerFamily on `conn`: one
// cursor, opened for each family in turn, without a RowReader's heap (a
// Get's most common shape). The cells and their order are RowReader's;
// each one visited adds one to `*cells`.
// REQUIRED: RowReader::StreamsCells(plan).
Status VisitFamiliesInTurn(storage::Connection* conn, const ReadPlan& plan,
                           CellVisitor* visitor, int64_t* cells) {
  PartitionCursor cursor(conn);
  RowMatcher versions(/*filter=*/nullptr);
  versions.BeginRow(plan.keys.lo);
  CellView cell;
  cell.row = plan.keys.lo;
  cell.first_in_row = true;
  for (size_t fi = 0; fi < plan.families.size(); ++fi) {
    const FamilyRead& read = plan.families[fi];
    if (read.tables.empty()) continue;
    const int family_index = static_cast<int>(fi);
    OBKV_RETURN_IF_ERROR(
        StartPointCursor(plan, family_index, read.tables[0], &cursor));
    cell.family = read.family->name();
    for (; cursor.valid(); cursor.Next()) {
      const std::string_view qualifier = cursor.qualifier();
      if (!read.Wants(qualifier) ||
          !versions.OfferView(family_index, qualifier, read.max_versions)) {
        continue;
      }
      cell.qualifier = qualifier;
      cell.timestamp = layout::DecodeTimestamp(cursor.t());
      cell.value = cursor.value();
      visitor->Visit(cell);
      cell.first_in_row = false;
      ++*cells;
    }
    OBKV_RETURN_IF_ERROR(cursor.status());
  }
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
  out->cells.clear();
  out->row.clear();
  Status st = RunPointRead(ctx, plan, [&](storage::Connection* conn) {
    return ReadRowOn(conn, plan, out);
  });
  if (!st.ok()) *out = RowResult();
  return st;
}

void VisitCells(const RowResult& row, CellVisitor* visitor) {
  for (size_t i = 0; i < row.cells.size(); ++i) {
    const Cell& cell = row.cells[i];
    visitor->Visit(CellView{row.row, cell.family, cell.qualifier,
                            cell.timestamp, cell.value,
                            /*first_in_row=*/i == 0});
  }
}

Status VisitRow(StoreContext* ctx, const ReadPlan& plan, CellVisitor* visitor,
                int64_t* cells) {
  int64_t visited = 0;
  if (cells == nullptr) cells = &visited;
  *cells = 0;
  if (!RowReader::StreamsCells(plan)) {
    // A filter sees the row whole first.
    RowResult row;
    OBKV_RETURN_IF_ERROR(ReadRowInto(ctx, plan, &row));
    VisitCells(row, visitor);
    *cells = static_cast<int64_t>(row.cells.size());
    return Status::OK();
  }
  if (OneTablePerFamily(plan)) {
    return RunPointRead(ctx, plan, [&](storage::Connection* conn) {
      *cells = 0;  // a retried read counts anew
      return VisitFamiliesInTurn(conn, plan, visitor, cells);
    });
  }
  return RunPointRead(ctx, plan, [&](storage::Connection* conn) -> Status {
    *cells = 0;
    RowReader reader(&plan, conn);
    OBKV_RETURN_IF_ERROR(reader.Open());
    CellView cell;
    bool new_row = false;
    while (reader.NextCell(&cell, &new_row)) {
      cell.first_in_row = new_row;
      visitor->Visit(cell);
      ++*cells;
    }
    return reader.status();
  });
}

Result<RowResult> ReadRow(StoreContext* ctx, const ReadPlan& plan) {
  RowResult row;
  OBKV_RETURN_IF_ERROR(ReadRowInto(ctx, plan, &row));
  return row;
}

}  // namespace obkvlite
