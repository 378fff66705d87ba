// Copyright (c) obkvlite authors.
//
// The stored rows of one family (Store::ForEachStoredRow): every physical
// table's rows, merged into the relation's primary-key order with a
// CellHeap (normal: K, Q, T; timeseries: K, T, S, where documents of one
// (K, T) always share a partition). Paged where the connection asks for it
// (PartitionCursor, DocCursor). The one reader of stored rows: obkv copy
// and obkv export --dialect both go through it.
//
// Cells past their cell TTL are stored rows too (as cells past TimeToLive
// are), each with its TTL: a copy or an export keeps them hidden.
//
// REQUIRED: the caller holds a read transaction on `reader` (one snapshot).
// Thread safety: on the reader's thread.

#ifndef OBKVLITE_HBASE_READ_STORED_ROWS_H_
#define OBKVLITE_HBASE_READ_STORED_ROWS_H_

#include <cstdint>
#include <functional>

#include "hbase/table_schema.h"
#include "obkvlite/status.h"
#include "obkvlite/store.h"
#include "storage/connection.h"

namespace obkvlite {

Status ForEachStoredRowOf(storage::Connection* reader, const FamilyInfo& family,
                          bool timeseries,
                          const std::function<Status(const StoredRow&)>& fn);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_READ_STORED_ROWS_H_
