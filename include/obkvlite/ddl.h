// Copyright (c) obkvlite authors.
//
// DDL generation from a TableSpec (DESIGN §2). One spec yields:
//   - the `oceanbase` dialect: CREATE TABLEGROUP plus one CREATE TABLE per
//     family, in OceanBase MySQL mode, meaning exactly what the OBKV-HBase
//     schema reference (seed 003) says: columns, types, generated columns
//     G / K_PREFIX, primary key, TABLEGROUP, kv_attributes and partitioning;
//   - the `mysql` dialect: the oceanbase DDL without TABLEGROUP and
//     kv_attributes, for MySQL-compatible servers;
//   - the `sqlite` dialect: what the store executes, one WITHOUT ROWID table
//     per physical partition, a "t$f" view over them, and the catalog.
// Every identifier is quoted. The statements a store runs itself (catalog,
// sharded tables) and the quoting helpers are internal: src/ddl/.
//
// Thread safety: pure functions, safe from any thread.

#ifndef OBKVLITE_DDL_H_
#define OBKVLITE_DDL_H_

#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

enum class DdlDialect { kOceanBase, kMysql, kSqlite };

// "oceanbase", "mysql" or "sqlite"; anything else is an InvalidArgument
// naming `field`.
Result<DdlDialect> ParseDdlDialect(std::string_view name,
                                   std::string_view field = "dialect");

// The whole script for `dialect`, statements separated by blank lines, each
// ending in ';'.
std::string GenerateDdl(const TableSpec& spec, DdlDialect dialect);

// The oceanbase or mysql script as its statements, in execution order:
// CREATE DATABASE IF NOT EXISTS for a table in a namespace, CREATE
// TABLEGROUP (oceanbase), then one CREATE TABLE per family, each
// ending in ";\n" and led by its "-- " note lines. GenerateDdl joins
// exactly these; a server store runs them one by one.
std::vector<std::string> ServerCreateStatements(const TableSpec& spec,
                                                DdlDialect dialect);

// DROP TABLE IF EXISTS per family, then DROP TABLEGROUP IF EXISTS
// (oceanbase): what undoes ServerCreateStatements.
std::vector<std::string> ServerDropStatements(const TableSpec& spec,
                                              DdlDialect dialect);

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_H_
