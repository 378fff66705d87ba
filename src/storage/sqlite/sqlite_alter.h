// Copyright (c) obkvlite authors.
//
// SqliteAlterTable: the SQLite engine's Engine::AlterTable, in one write
// transaction (SQLite's DDL is transactional, so a crash leaves the old
// layout or the new one):
//   - removed families: their views and partition tables are dropped;
//   - added families: their tables (and views) are created empty;
//   - families in `moves`: each new partition table "t$f$p<j>" gets the
//     rows its plan names (spec/partition_plan.h). A table that keeps all
//     the rows of one old table in the same shard is renamed, never copied
//     (add, drop, truncate and roll are O(partitions)); a split or merge
//     copies the rows of the partitions it cuts, filtered by the new range
//     (INSERT ... SELECT); a rehash reads every row and routes it again.
//     Old tables go first to "t$f$o<i>", so that renames never collide;
//   - the catalog row gets after.json.
// In a sharded store (doc/shards.md) each table lives in the shard
// ShardOfPartition gives its index; a table whose shard changes is copied.
// Returns the rows copied into another table.
//
// REQUIRED: as storage/catalog.h's write functions.
// Thread safety: see REQUIRED.

#ifndef OBKVLITE_STORAGE_SQLITE_ALTER_H_
#define OBKVLITE_STORAGE_SQLITE_ALTER_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "spec/partition_plan.h"
#include "storage/connection.h"
#include "storage/engine.h"

namespace obkvlite {
namespace storage {

Result<int64_t> SqliteAlterTable(Connection* writer, const TableSpec& before,
                                 const TableSpec& after,
                                 const std::vector<FamilyMoves>& moves,
                                 int shards, const MoveProgress& progress);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_SQLITE_ALTER_H_
