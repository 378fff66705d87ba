// Copyright (c) obkvlite authors.
//
// The MySQL-protocol engine (storage/engine.h, doc/engines.md): a store is
// a database on a MySQL-compatible server. Each family is one relation
// "t$f" created by the generator's oceanbase dialect when SELECT VERSION()
// names OceanBase, and its mysql dialect otherwise (obkvlite/ddl.h:
// ServerCreateStatements); the server routes rows to partitions. The
// catalog is the table obkv_catalog of that database.
//
// Open creates a missing database with create_if_missing (not for
// read-only stores). Shards are a SQLite matter: options.shards must be 0
// or 1. Server DDL commits by itself, so CreateTable runs the CREATE
// statements, then inserts the catalog row, and drops what it created when
// a later step fails.
//
// Thread safety: as storage::Engine.

#ifndef OBKVLITE_STORAGE_MYSQL_ENGINE_H_
#define OBKVLITE_STORAGE_MYSQL_ENGINE_H_

#include "obkvlite/options.h"
#include "obkvlite/status.h"
#include "storage/engine.h"
#include "storage/mysql/mysql_uri.h"

namespace obkvlite {
namespace storage {

// `retry`: StoreOptions::retry with the URI's overrides; DDL plan steps
// (storage/mysql/ddl_plan.h) retry under it.
Result<OpenedEngine> OpenMysqlEngine(const StoreOptions& options,
                                     const MysqlUri& uri,
                                     const RetryOptions& retry);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_MYSQL_ENGINE_H_
