// Copyright (c) obkvlite authors.
//
// The SQL text of the reads that ask a server (mysql dialect) how it
// partitions a family's relation, in information_schema.PARTITIONS: the
// store's own view of what the server holds, read by a DDL plan's repair
// (storage/mysql/ddl_step_applied.h), the store's partition counts and
// sizes, and `obkv describe`. `table` is the family's relation ("t$f", or
// "ns:t$f", found in the database of namespace ns; any other in the current
// one). And the one rule of whether a server's partitions are the spec's
// (ServerHoldsSpecFirstLevel).
//
// Thread safety: pure functions.

#ifndef OBKVLITE_DDL_SERVER_PARTITIONS_SQL_H_
#define OBKVLITE_DDL_SERVER_PARTITIONS_SQL_H_

#include <string>
#include <string_view>

#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"

namespace obkvlite {

// Whether a server whose DDL is `dialect` holds `p`'s first-level
// partitions as the spec has them: the same rows under the same names.
// Not on the mysql dialect when the first level is KEY: MariaDB's KEY hash
// is its own, not OceanBase's (the router's), so its p<i> holds other rows
// than the spec's p<i>; and KEY + RANGE(G) it holds as RANGE(T) + KEY
// (mysql_partitioning.cc). The store's partition counts then route the
// rows, and its partition sizes are unknown.
bool ServerHoldsSpecFirstLevel(const PartitionSpec& p, DdlDialect dialect);

// The server's first-level partitions of `table` (in the current database,
// or a namespace's table in its namespace's database), in their order: one
// row per partition, its name (mysql dialect; information_schema.PARTITIONS,
// on OceanBase its own names). No rows for an unpartitioned table.
std::string PartitionNamesSql(std::string_view table);

// How the server partitions `table` (found as PartitionNamesSql finds it):
// one row (PARTITION_METHOD, PARTITION_EXPRESSION, first-level partitions,
// SUBPARTITION_METHOD, SUBPARTITION_EXPRESSION, subpartitions in all), NULL
// methods for an unpartitioned table; no row when the server has no such
// table. mysql dialect, a read.
std::string ServerPartitioningSql(std::string_view table);

// The bytes the server stores for each first-level partition of `table`
// (found as PartitionNamesSql finds it), in their order: rows (name, bytes),
// bytes being DATA_LENGTH + INDEX_LENGTH summed over the partition's
// subpartitions; one row with a NULL name for an unpartitioned table; no
// row when the server has no such table. The server's estimate (its table
// statistics), not a count. mysql dialect, a read.
std::string ServerPartitionBytesSql(std::string_view table);

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_SERVER_PARTITIONS_SQL_H_
