// Copyright (c) obkvlite authors.
//
// The read side of the table operations: Get and Exists on a leased read
// connection (with a read transaction when several partitions are read),
// and ReadRowInTransaction for the reads inside a write (Increment, Append,
// CheckAndMutate, delete of the latest version).
//
// Thread safety: ReadRow and VisitRow from any thread; ReadRowInTransaction
// under the store's write mutex.

#ifndef OBKVLITE_HBASE_READ_GET_PATH_H_
#define OBKVLITE_HBASE_READ_GET_PATH_H_

#include "hbase/read/read_plan.h"
#include "hbase/context/store_context.h"
#include "obkvlite/cell.h"
#include "obkvlite/cell_visitor.h"
#include "storage/connection.h"

namespace obkvlite {

// The one row of a point plan; an empty RowResult when nothing matches.
Result<RowResult> ReadRow(StoreContext* ctx, const ReadPlan& plan);

// The same into `*out`, reusing the memory of its cells (Table::Get into a
// RowResult). On error `*out` is empty.
Status ReadRowInto(StoreContext* ctx, const ReadPlan& plan, RowResult* out);

// The same cells handed to `visitor` as views valid during each Visit
// (obkvlite/cell_visitor.h; Table::Get(get, visitor)): streamed from the
// cursors without a copy when the reader can (RowReader::StreamsCells),
// family after family through one cursor when each family reads one table,
// else read into a RowResult first. Sets `*cells` (may be null) to the
// number of cells visited.
Status VisitRow(StoreContext* ctx, const ReadPlan& plan, CellVisitor* visitor,
                int64_t* cells = nullptr);

// Visits views of `row`'s cells, in order.
void VisitCells(const RowResult& row, CellVisitor* visitor);

// The same on `conn`, inside the caller's transaction.
Result<RowResult> ReadRowInTransaction(storage::Connection* conn,
                                       const ReadPlan& plan);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_READ_GET_PATH_H_
