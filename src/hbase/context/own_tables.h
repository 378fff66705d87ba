// Copyright (c) obkvlite authors.
//
// The store's own tables beside its catalog, made at their first use:
// "obkv_stats" (request statistics), "obkv_op_stats" (operation
// statistics), "obkv_hotkeys" (hot keys) and "obkv_compat" (compatibility
// findings), in the store file (shard 0). Whether one exists, and creating
// it when missing.
//
// Thread safety: as the connection or StoreContext used.

#ifndef OBKVLITE_HBASE_CONTEXT_OWN_TABLES_H_
#define OBKVLITE_HBASE_CONTEXT_OWN_TABLES_H_

#include <string>
#include <string_view>

#include "ddl/sql_quote.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {

class StoreContext;

// Whether the store `conn` is on has its own table `name`.
Result<bool> OwnTableExists(storage::Connection* conn, std::string_view name);

// Runs `create_sql(dialect)` on the store file's writer, in a write
// transaction of its own (StoreContext::RunDdlWrite), unless table `name`
// exists (on Galera even a CREATE TABLE IF NOT
// EXISTS takes a cluster-wide total-order slot). `what` names the
// operation in errors.
Status CreateOwnTableIfMissing(StoreContext* ctx, const char* what,
                               std::string_view name,
                               std::string (*create_sql)(SqlDialect));

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_CONTEXT_OWN_TABLES_H_
