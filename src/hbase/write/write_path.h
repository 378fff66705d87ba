// Copyright (c) obkvlite authors.
//
// The write side: validating and routing Put cells to their partition
// tables, and inserting routed cells with cached INSERT OR REPLACE
// statements (the same row, family, qualifier and timestamp overwrites).
//
// RoutePut checks everything (row, family, qualifier, value, ts, route)
// before anything is written; WriteCells then only fails on storage errors,
// which roll the caller's transaction back.
//
// Thread safety: RoutePut is pure; WriteCells runs on the writer connection
// under the store's write mutex.

#ifndef OBKVLITE_HBASE_WRITE_WRITE_PATH_H_
#define OBKVLITE_HBASE_WRITE_WRITE_PATH_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "hbase/limits.h"
#include "hbase/routed_cell.h"
#include "hbase/table_schema.h"
#include "obkvlite/mutation.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

// Validates `put` and appends its cells, stamped `now_ms` when they have no
// timestamp. Messages name the exec fields: "row: ...", "cells[i]....".
Status RoutePut(const TableSchema& schema, const Put& put, int64_t now_ms,
                std::vector<RoutedCell>* out);

// Routes one validated cell; errors name `cell` (e.g. "columns[0]").
// Inline: it runs per cell.
inline Result<RoutedCell> RouteCell(const FamilyInfo& family,
                                    std::string_view row,
                                    std::string_view qualifier, int64_t ts,
                                    std::string_view value,
                                    const FieldRef& cell) {
  Result<int> partition = family.router.Route(row, ts);
  if (!partition.ok()) return RouteError(partition.status(), cell);
  return RoutedCell{&family, *partition, row, qualifier, ts, value};
}

// Inserts `cells`, grouped by partition table (the order of cells within a
// table is kept, so a later duplicate wins). Reorders `cells`.
Status WriteCells(storage::Connection* writer, std::vector<RoutedCell>* cells);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_WRITE_WRITE_PATH_H_
