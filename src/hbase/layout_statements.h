// Copyright (c) obkvlite authors.
//
// The cached statement of a layout's statement kind on one physical table,
// in the connection's dialect: the one place the hbase layer turns
// (connection, table, kind) into a ready-to-bind storage::Statement.
//
// REQUIRED: the connection outlives the returned pointer (see
// storage::StatementCache).
// Thread safety: on the connection's owning thread.

#ifndef OBKVLITE_HBASE_LAYOUT_STATEMENTS_H_
#define OBKVLITE_HBASE_LAYOUT_STATEMENTS_H_

#include <string>

#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

// A normal-layout kind (layout/normal_layout.h).
Result<storage::Statement*> NormalStatement(storage::Connection* conn,
                                            const std::string& table, int kind);

// A timeseries-layout kind (layout/timeseries_layout.h).
Result<storage::Statement*> TimeseriesStatement(storage::Connection* conn,
                                                const std::string& table,
                                                int kind);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_LAYOUT_STATEMENTS_H_
