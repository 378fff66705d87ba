// Copyright (c) obkvlite authors.
//
// CopyTableRows: the rows of one table copied from one store to another as
// they are stored (Store::CopyTableTo): normal (K, Q, T, V) and timeseries
// (K, T, S, V) rows keep every byte, including cells that TimeToLive or
// MaxVersions hide from reads, each routed by the destination's router to
// its partition. The source is read in one snapshot (hbase/read/stored_rows.h,
// a read transaction on a pooled connection); the destination is written
// in batches, each its own transaction.
//
// REQUIRED: both schemas describe the same spec; the destination table
// exists and is empty.
// Thread safety: uses the two contexts' thread-safe entry points.

#ifndef OBKVLITE_HBASE_STORE_COPY_TABLE_H_
#define OBKVLITE_HBASE_STORE_COPY_TABLE_H_

#include <cstdint>

#include "hbase/context/store_context.h"
#include "hbase/table_schema.h"
#include "obkvlite/status.h"
#include "obkvlite/store.h"

namespace obkvlite {

Result<int64_t> CopyTableRows(StoreContext* source,
                              const TableSchema& source_schema,
                              StoreContext* dest,
                              const TableSchema& dest_schema,
                              const CopyOptions& options);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_STORE_COPY_TABLE_H_
