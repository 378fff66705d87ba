// Copyright (c) obkvlite authors.
//
// The sqlite dialect's pieces for changing one family of a live table
// (storage/sqlite/sqlite_alter.cc): the same text SqliteCreateStatements and
// SqliteDropStatements are made of (sqlite_ddl.cc).
// Thread safety: pure functions.

#ifndef OBKVLITE_DDL_SQLITE_FAMILY_DDL_H_
#define OBKVLITE_DDL_SQLITE_FAMILY_DDL_H_

#include <string>
#include <vector>

#include "obkvlite/spec.h"

namespace obkvlite {

// The stored columns of family `f`'s tables, quoted, in table order:
// "K", "Q", "T", "V" (and "TTL" with cell_ttl), or a timeseries "K", "T",
// "S", "V". Copies between its tables and its union views list these.
std::string SqliteStoredColumns(const TableSpec& spec, const FamilySpec& f);

// CREATE TABLE of one partition table of family `f`, named `qualified`
// (quoted, with its schema in sharded stores).
std::string SqlitePartitionTableDdl(const TableSpec& spec, const FamilySpec& f,
                                    const std::string& qualified);

// CREATE VIEW statements of the family's union views ("t$f"); none when it
// is unpartitioned.
std::vector<std::string> SqliteFamilyViewStatements(const TableSpec& spec,
                                                    const FamilySpec& f);

// DROP VIEW IF EXISTS statements of the same views.
std::vector<std::string> SqliteFamilyDropViewStatements(const TableSpec& spec,
                                                        const FamilySpec& f);

// UPDATE of the table's catalog row to spec.json.
std::string SqliteCatalogUpdate(const TableSpec& spec);

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_SQLITE_FAMILY_DDL_H_
