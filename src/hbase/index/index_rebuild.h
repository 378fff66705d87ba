// Copyright (c) obkvlite authors.
//
// Rebuilding and purging indexes of a normal table (obkvlite/index.h).
//
// RebuildIndexes: Table::RebuildIndex. Lists (one snapshot) the main rows
// holding the indexed column, empties the index tables in one transaction,
// then writes each batch of rows' entries in one transaction through
// IndexSync (index_sync.h), which reads the rows as they are then; writes
// running meanwhile keep their rows' entries in step themselves, and a
// row rewritten by both ends with the same entry. Returns the rows
// visited.
//
// NoteExpiredEntries: before a purge of the main table, records with
// `sync` every main row whose index entry holds a cell past its main
// family's TimeToLive, so that the purge's IndexSync::Apply removes or
// rewrites those entries in the purge's transaction.
//
// Thread safety: any thread.

#ifndef OBKVLITE_HBASE_INDEX_INDEX_REBUILD_H_
#define OBKVLITE_HBASE_INDEX_INDEX_REBUILD_H_

#include <string>

#include "hbase/index/index_sync.h"
#include "hbase/context/store_context.h"
#include "hbase/table_schema.h"
#include "obkvlite/index.h"

namespace obkvlite {

Result<int64_t> RebuildIndexes(StoreContext* ctx, const TableSchema& main,
                               const std::string& name,
                               const IndexRebuildOptions& options);

// REQUIRED: runs on the purge's writer, before the purge.
Status NoteExpiredEntries(storage::Connection* writer, const TableSchema& main,
                          int64_t now_ms, IndexSync* sync);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_INDEX_INDEX_REBUILD_H_
