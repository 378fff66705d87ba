// Copyright (c) obkvlite authors.
//
// IndexScanner: Table::GetIndexScanner's Scanner (obkvlite/index.h). It
// scans the index table over the keys of the requested value or prefix
// (one snapshot), skips entries whose indexed cell is past the main
// family's TimeToLive, and turns each entry into the main row: from the
// index row alone when every requested column is covered and one version
// is asked for, otherwise by a Get on the main table. Rows the Get finds
// empty are skipped; `limit` counts the rows returned.
//
// REQUIRED: the StoreContext, and the Table behind `get`, outlive it.
// Thread safety: one thread at a time.

#ifndef OBKVLITE_HBASE_INDEX_INDEX_SCANNER_H_
#define OBKVLITE_HBASE_INDEX_INDEX_SCANNER_H_

#include <functional>
#include <memory>

#include "hbase/context/store_context.h"
#include "hbase/table_schema.h"
#include "obkvlite/index.h"
#include "obkvlite/query.h"
#include "obkvlite/scanner.h"

namespace obkvlite {

// The main table's Get (Table::Get into a reused RowResult).
using MainGet = std::function<Status(const Get& get, RowResult* out)>;

Result<std::unique_ptr<Scanner>> OpenIndexScanner(
    StoreContext* ctx, std::shared_ptr<const TableSchema> main,
    const IndexScan& scan, int64_t now_ms, MainGet get);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_INDEX_INDEX_SCANNER_H_
