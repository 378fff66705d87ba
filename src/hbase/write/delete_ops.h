// Copyright (c) obkvlite authors.
//
// Deletes (OBKV flavour, DESIGN §4): physical, no tombstones, so an older
// version put after a delete is visible again.
//   column          the newest version of family:qualifier, or exactly ts
//   columns         every version of family:qualifier with timestamp <= ts
//                   (every version without ts)
//   family          every qualifier of the family, versions <= ts
//   family_version  every qualifier of the family, exactly ts (required)
//   row             every family, versions <= ts
// A family partitioned on time is visited in every partition PruneGet
// names for the row and the affected times.
//
// Thread safety: ApplyDelete runs on the writer connection inside the
// caller's write transaction.

#ifndef OBKVLITE_HBASE_WRITE_DELETE_OPS_H_
#define OBKVLITE_HBASE_WRITE_DELETE_OPS_H_

#include "hbase/table_schema.h"
#include "obkvlite/mutation.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

// Checks row, family, ts; messages name "row", "family", "qualifier", "ts".
Status ValidateDelete(const TableSchema& schema, const Delete& del);

// Applies a validated delete.
Status ApplyDelete(storage::Connection* writer, const TableSchema& schema,
                   const Delete& del);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_WRITE_DELETE_OPS_H_
