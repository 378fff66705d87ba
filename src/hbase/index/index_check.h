// Copyright (c) obkvlite authors.
//
// CheckIndexes: Table::CheckIndex of a normal table (obkvlite/index.h). In
// one read snapshot it reads the stored rows of the main families the
// index's columns are in, derives the entry each main row calls for
// (index_entry.h, as the write path does), reads every stored row of the
// index table, and compares: entries absent from the index are missing;
// index rows nothing calls for, or whose cells differ, are stale.
// Memory: both sets of entries of one index.
//
// Thread safety: any thread; reads only.

#ifndef OBKVLITE_HBASE_INDEX_INDEX_CHECK_H_
#define OBKVLITE_HBASE_INDEX_INDEX_CHECK_H_

#include <memory>
#include <string>

#include "hbase/context/store_context.h"
#include "hbase/table_schema.h"
#include "obkvlite/index.h"

namespace obkvlite {

// Resolves `name` (empty: every index) to the indexes of `main`; NotFound
// for an unknown index, FailedPrecondition when the table has none.
Result<std::vector<const IndexInfo*>> IndexesNamed(const TableSchema& main,
                                                   const std::string& name);

Result<IndexCheckReport> CheckIndexes(StoreContext* ctx,
                                      const TableSchema& main,
                                      const std::string& name);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_INDEX_INDEX_CHECK_H_
