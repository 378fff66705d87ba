// Copyright (c) obkvlite authors.
//
// AlterTableStatements: the server statements that turn a table as spec
// `before` describes it into `after` (the same table, changed by
// Store::AlterTable, DisableTable/EnableTable or ChangePartitions): what
// `--ddl-only` prints (oceanbase dialect) and what a server store runs
// (its own dialect). The one place the ALTER text is written.
//   - a removed family: DROP TABLE; an added one: its CREATE TABLE;
//   - changed TimeToLive, MaxVersions or State (disable/enable):
//     ALTER TABLE `t$f` kv_attributes = '...' (oceanbase);
//   - a changed time window: ALTER TABLE ... DYNAMIC_PARTITION_POLICY
//     (oceanbase);
//   - partition steps (spec/partition_plan.h), oceanbase: ADD / DROP /
//     TRUNCATE PARTITION, REORGANIZE PARTITION of one partition INTO two
//     (a split), and PARTITION BY for a KEY count or for a merge (OceanBase
//     in MySQL mode REORGANIZEs one source partition at a time); mysql:
//     TRUNCATE PARTITION of the partitions whose rows go, then one PARTITION
//     BY with the new partitioning (MariaDB's ranges on G run on T in
//     reverse, where DROP PARTITION would hand a range to the other
//     neighbour).
//   - rows removed (RemovesRows) from a table with indexes: a DELETE per
//     index family relation of the index rows whose main row lost its
//     indexed cell, so a plan (storage/mysql/ddl_plan.h) that a crash stopped
//     leaves no stale index row once repair finishes it.
// Each statement ends in ";\n"; notes are "-- " lines before it.
//
// Thread safety: pure function.

#ifndef OBKVLITE_DDL_ALTER_DDL_H_
#define OBKVLITE_DDL_ALTER_DDL_H_

#include <string>
#include <vector>

#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"
#include "spec/partition_plan.h"

namespace obkvlite {

// REQUIRED: before.name == after.name; every family of `moves` is in both.
std::vector<std::string> AlterTableStatements(
    const TableSpec& before, const TableSpec& after,
    const std::vector<FamilyMoves>& moves, DdlDialect dialect);

// True when a partition step of `moves` removes rows (a drop, a truncate:
// a roll's expiry too).
bool RemovesRows(const std::vector<FamilyMoves>& moves);

// TRUNCATE TABLE of every family's relation: truncate and
// truncate_preserve on a server (partitions and bounds stay).
std::vector<std::string> TruncateTableStatements(const TableSpec& spec);

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_ALTER_DDL_H_
