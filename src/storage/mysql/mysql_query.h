// Copyright (c) obkvlite authors.
//
// Read-only SQL on a server store, for `obkv sql` (the SQLite engine's
// counterpart is storage/sqlite/sqlite_readonly.h). A query is refused unless
// it is a single SELECT, WITH or EXPLAIN statement, without INTO (which writes
// a file or variables) and without executable comments (/*! */, whose text the
// server runs). It then runs in a READ ONLY transaction, which the server
// itself keeps from writing, and is rolled back. The session has ANSI_QUOTES,
// so "t$f" names a relation as in SQLite, and NO_BACKSLASH_ESCAPES, so a string
// reads as in SQLite; relation "ns:t$f" of a namespaced table is found in
// database `ns` (a namespace is a database on a server, doc/engines.md).
//
// Thread safety: pure functions over a connection of their own.

#ifndef OBKVLITE_STORAGE_MYSQL_QUERY_H_
#define OBKVLITE_STORAGE_MYSQL_QUERY_H_

#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/status.h"
#include "storage/query_result.h"

namespace obkvlite {
namespace storage {

// InvalidArgument naming what is refused, unless `sql` is one read-only
// statement as described above.
Status CheckReadOnlyQuery(std::string_view sql);

// `sql` with every double-quoted name "NS:REST" (outside strings and
// comments) as "NS"."NS:REST", the relation in its namespace's database:
// the same query text reads a namespaced table on a store file and on a
// server.
std::string ResolveNamespacedNames(std::string_view sql);

// Runs `sql` on the server store at `location` (a mysql:// URI), its
// namespaced names resolved (ResolveNamespacedNames).
Result<QueryResult> RunReadOnlyQuery(const std::string& location,
                                     std::string_view sql);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_MYSQL_QUERY_H_
