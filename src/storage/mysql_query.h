// Copyright (c) obkvlite authors.
//
// Read-only SQL on a server store, for `obkv sql` (the SQLite engine's
// counterpart is storage/sqlite_readonly.h). A query is refused unless it
// is a single SELECT, WITH or EXPLAIN statement, without INTO (which
// writes a file or variables) and without executable comments (/*! */,
// whose text the server runs). It then runs in a READ ONLY transaction,
// which the server itself keeps from writing, and is rolled back. The
// session has ANSI_QUOTES, so "t$f" names a relation as in SQLite.
//
// Thread safety: pure functions over a connection of their own.

#ifndef OBKVLITE_STORAGE_MYSQL_QUERY_H_
#define OBKVLITE_STORAGE_MYSQL_QUERY_H_

#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/status.h"
#include "storage/readonly_query.h"

namespace obkvlite {
namespace storage {

// InvalidArgument naming what is refused, unless `sql` is one read-only
// statement as described above.
Status CheckReadOnlyQuery(std::string_view sql);

// Runs `sql` on the server store at `location` (a mysql:// URI).
Result<QueryResult> RunReadOnlyQuery(const std::string& location,
                                     std::string_view sql);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_MYSQL_QUERY_H_
