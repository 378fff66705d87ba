// Copyright (c) obkvlite authors.
//
// `obkv check` (Store::Check): every difference between a store's catalog
// and the relations its engine really holds, one line each, naming the
// table, the family and what differs (doc/ddl-plans.md):
//   - a server store (CheckServerStore): a family relation missing; its columns
//   (information_schema.COLUMNS) other
//     than the catalog's CREATE TABLE has, or of another type; its primary
//     key and partitioning clause (SHOW CREATE TABLE) other than that
//     CREATE TABLE's; its first-level partitions
//     (information_schema.PARTITIONS) other than the spec's; a relation
//     "t$f" in the store's or a namespace's database that no catalog table
//     has;
//   - a SQLite store, one file or shards (CheckSqliteStore): a partition
//     table missing, or one in sqlite_master that no catalog table has.
// An empty list: the catalog and the engine agree. A server store's
// unfinished DDL plans are the engine's own lines
// (storage/mysql/ddl_plan.h, CheckUnfinishedDdlPlans), before these.
//
// REQUIRED: `conn` sees every shard (the all-shards writer of a sharded
// store). Thread safety: as the connection.

#ifndef OBKVLITE_STORAGE_STORE_CHECK_H_
#define OBKVLITE_STORAGE_STORE_CHECK_H_

#include <string>
#include <vector>

#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {
namespace storage {

Result<std::vector<std::string>> CheckServerStore(
    Connection* conn, const std::vector<TableSpec>& specs, DdlDialect dialect);

Result<std::vector<std::string>> CheckSqliteStore(
    Connection* conn, const std::vector<TableSpec>& specs, int shards);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_STORE_CHECK_H_
