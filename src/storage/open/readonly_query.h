// Copyright (c) obkvlite authors.
//
// Read-only SQL on a store, for `obkv sql`, whatever its engine: the one
// entry the CLI calls. On a store file the statements run on a connection
// that cannot write (storage/sqlite/sqlite_readonly.h: read-only open,
// query_only, an authorizer, sqlite3_stmt_readonly); on a server store one
// SELECT, WITH or EXPLAIN statement runs in a READ ONLY transaction
// (storage/mysql/mysql_query.h).
//
// Thread safety: pure functions over a connection of their own.

#ifndef OBKVLITE_STORAGE_OPEN_READONLY_QUERY_H_
#define OBKVLITE_STORAGE_OPEN_READONLY_QUERY_H_

#include <functional>
#include <string>
#include <string_view>

#include "obkvlite/status.h"
#include "storage/query_result.h"

namespace obkvlite {
namespace storage {

// Runs `sql` on the store at `location` (an existing store file, or a
// mysql:// URI) and calls `each` with every statement's result, in order;
// stops at the first error (`each`'s included). Errors on a store file are
// prefixed "sql: ".
Status RunReadOnlySql(const std::string& location, std::string_view sql,
                      const std::function<Status(const QueryResult&)>& each);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_OPEN_READONLY_QUERY_H_
