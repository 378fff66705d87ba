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
#include <optional>
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
// timestamp and carrying its cell TTL. Messages name the exec fields:
// "row: ...", "cells[i]....", "ttl_ms: ...".
Status RoutePut(const TableSchema& schema, const Put& put, int64_t now_ms,
                std::vector<RoutedCell>* out);

// Routes one validated cell; errors name `cell` (e.g. "columns[0]").
// `ttl_ms`: its cell TTL (CheckCellTtl passed), or kNoCellTtl.
// Inline: it runs per cell.
inline Result<RoutedCell> RouteCell(const FamilyInfo& family,
                                    std::string_view row,
                                    std::string_view qualifier, int64_t ts,
                                    std::string_view value,
                                    const FieldRef& cell,
                                    int64_t ttl_ms = kNoCellTtl) {
  Result<int> partition = family.router.Route(row, ts);
  if (!partition.ok()) return RouteError(partition.status(), cell);
  return RoutedCell{&family, *partition, row, qualifier, ts, value, ttl_ms};
}

// A write's cell TTL (Put::ttl_ms, Increment::ttl_ms, Append::ttl_ms) for
// cells of `family`: kNoCellTtl for nullopt; InvalidArgument "ttl_ms: ..."
// when it is negative or the family keeps no cell TTLs.
Result<int64_t> CheckCellTtl(const FamilyInfo& family,
                             const std::optional<int64_t>& ttl_ms);

// Inserts `cells`, grouped by partition table (the order of cells within a
// table is kept, so a later duplicate wins). Reorders `cells`.
Status WriteCells(storage::Connection* writer, std::vector<RoutedCell>* cells);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_WRITE_WRITE_PATH_H_
