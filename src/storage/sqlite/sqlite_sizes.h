// Copyright (c) obkvlite authors.
//
// What a SQLite store stores per partition (storage::Engine::PartitionBytes
// of the SQLite engine): each physical partition table's pages, its
// indexes' included, times the page size, by SQLite's dbstat virtual table
// (ddl/sqlite_size_sql.h), in the file (shard) that holds the table.
// Exact for the snapshot the reader has open: a page is counted when the
// table's b-tree uses it; pages freed by deletes go to the file's freelist
// and no longer count, though the file keeps its size until a VACUUM.
//
// Thread safety: runs on a connection owned by the calling thread.

#ifndef OBKVLITE_STORAGE_SQLITE_SQLITE_SIZES_H_
#define OBKVLITE_STORAGE_SQLITE_SQLITE_SIZES_H_

#include <cstdint>
#include <vector>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {
namespace storage {

// Bytes per first-level partition of `family` (subpartitions summed), on a
// store of `shards` files (1: unsharded). REQUIRED: `reader` attaches every
// shard (storage/sqlite/shards.h).
Result<std::vector<int64_t>> SqlitePartitionBytes(Connection* reader,
                                                  const TableSpec& spec,
                                                  const FamilySpec& family,
                                                  int shards);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_SQLITE_SQLITE_SIZES_H_
