// Copyright (c) obkvlite authors.
//
// Purge: physically removes what reads can no longer see, family by family:
//   1. cells older than now - TimeToLive (expired_cells), one DELETE per
//      partition that can hold such times (PruneScan on [0, cutoff));
//   2. versions of a column beyond MaxVersions (excess_versions), found by
//      a merged forward read of the family's partitions on a read
//      connection (the snapshot before the purge) and deleted one by one
//      on the writer; cells already removed as expired are not counted
//      twice.
// Memory is bounded by the number of partitions.
//
// Thread safety: runs on the writer connection inside the caller's write
// transaction; leases one read connection from `readers`.

#ifndef OBKVLITE_HBASE_WRITE_PURGE_H_
#define OBKVLITE_HBASE_WRITE_PURGE_H_

#include <cstdint>

#include "hbase/table_schema.h"
#include "obkvlite/status.h"
#include "obkvlite/table.h"
#include "storage/connection.h"
#include "storage/connection_pool.h"

namespace obkvlite {

Result<PurgeStats> ApplyPurge(storage::Connection* writer,
                              storage::ConnectionPool* readers,
                              const TableSchema& schema, int64_t now_ms);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_WRITE_PURGE_H_
