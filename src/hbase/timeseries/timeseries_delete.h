// Copyright (c) obkvlite authors.
//
// Deletes on the timeseries layout (DESIGN §4, physical, no tombstones):
//   column:         the qualifier is removed from the documents of its
//                   latest version (every write of that ts), or exactly ts;
//   columns:        the qualifier is removed from documents with ts <= ts;
//   family / row:   whole documents with ts <= ts (row: only on a
//                   one-family table; OBKV has no multi-family delete);
//   family_version: whole documents with exactly ts (ts required).
// A document that loses its last member is deleted.
//
// Thread safety: ApplyTimeseriesDelete runs on the writer connection under
// the store's write mutex.

#ifndef OBKVLITE_HBASE_TIMESERIES_TIMESERIES_DELETE_H_
#define OBKVLITE_HBASE_TIMESERIES_TIMESERIES_DELETE_H_

#include "hbase/table_schema.h"
#include "obkvlite/mutation.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

// Checks `del` before anything is written.
Status ValidateTimeseriesDelete(const TableSchema& schema, const Delete& del);

// REQUIRED: ValidateTimeseriesDelete(schema, del).ok().
Status ApplyTimeseriesDelete(storage::Connection* writer,
                             const TableSchema& schema, const Delete& del);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_TIMESERIES_TIMESERIES_DELETE_H_
