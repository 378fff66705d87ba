// Copyright (c) obkvlite authors.
//
// The SQL text of the read that measures what a SQLite table stores (sqlite
// dialect): the pages of its b-tree and of its indexes' b-trees, as SQLite's
// dbstat virtual table counts them (Debian's libsqlite3 is built with
// SQLITE_ENABLE_DBSTAT_VTAB). Overflow pages of large values count; pages
// on the file's freelist do not. Read by the SQLite engine for
// Store::ListPartitions' sizes (storage/sqlite/sqlite_sizes.h).
//
// Thread safety: pure functions.

#ifndef OBKVLITE_DDL_SQLITE_SIZE_SQL_H_
#define OBKVLITE_DDL_SQLITE_SIZE_SQL_H_

#include <string>
#include <string_view>

namespace obkvlite {

// One row, one integer: the bytes of the pages of table ?1 (its name,
// bound as text) and of its indexes in schema `schema` ("main", or a
// shard's "shard<k>", ddl/store_ddl.h's ShardSchemaName): 0 when the
// schema has no such table. dbstat walks only the named b-trees.
std::string SqliteTableBytesSql(std::string_view schema);

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_SQLITE_SIZE_SQL_H_
