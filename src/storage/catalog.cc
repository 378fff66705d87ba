// Copyright (c) obkvlite authors.
#include "storage/catalog.h"

#include <set>

#include "ddl/catalog_sql.h"
#include "ddl/shard_sql.h"
#include "ddl/sql_quote.h"
#include "ddl/store_ddl.h"
#include "obkvlite/ddl.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace storage {

Result<bool> CatalogHas(Connection* conn, const std::string& name) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> stmt,
                        conn->Prepare(CatalogHasSql(conn->dialect())));
  stmt->BindText(1, name);
  return stmt->Step();
}

Result<std::vector<TableSpec>> LoadCatalog(Connection* conn) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> stmt,
                        conn->Prepare(CatalogRowsSql(conn->dialect())));
  std::vector<TableSpec> specs;
  while (true) {
    OBKV_ASSIGN_OR_RETURN(bool row, stmt->Step());
    if (!row) break;
    const std::string name(stmt->ColumnText(0));
    Result<TableSpec> spec = ParseTableSpec(stmt->ColumnText(1));
    if (!spec.ok()) {
      return Status::Corruption(std::string(kCatalogTable) + ": table '" +
                                name + "': " + spec.status().message());
    }
    if (spec->name != name) {
      return Status::Corruption(std::string(kCatalogTable) + ": row '" + name +
                                "' holds the spec of table '" + spec->name +
                                "'");
    }
    specs.push_back(std::move(spec).value());
  }
  return specs;
}

Status CreateCatalogTable(Connection* writer, const TableSpec& spec,
                          int shards) {
  OBKV_ASSIGN_OR_RETURN(Transaction txn,
                        Transaction::Begin(writer, Transaction::Kind::kWrite));
  OBKV_RETURN_IF_ERROR(writer->Exec(SqliteCatalogDdl()));
  OBKV_ASSIGN_OR_RETURN(bool exists, CatalogHas(writer, spec.name));
  if (exists) {
    return Status::AlreadyExists("table '" + spec.name + "' already exists");
  }
  for (const std::string& stmt :
       shards > 1 ? SqliteShardedCreateStatements(spec, shards)
                  : SqliteCreateStatements(spec)) {
    OBKV_RETURN_IF_ERROR(writer->Exec(stmt));
  }
  return txn.Commit();
}

Status DropCatalogTable(Connection* writer, const TableSpec& spec) {
  OBKV_ASSIGN_OR_RETURN(Transaction txn,
                        Transaction::Begin(writer, Transaction::Kind::kWrite));
  OBKV_ASSIGN_OR_RETURN(bool exists, CatalogHas(writer, spec.name));
  if (!exists) return Status::NotFound("table '" + spec.name + "' not found");
  for (const std::string& stmt : SqliteDropStatements(spec)) {
    OBKV_RETURN_IF_ERROR(writer->Exec(stmt));
  }
  return txn.Commit();
}

Status RepairShards(Connection* writer, int shards) {
  OBKV_ASSIGN_OR_RETURN(Transaction txn,
                        Transaction::Begin(writer, Transaction::Kind::kWrite));
  OBKV_ASSIGN_OR_RETURN(std::vector<TableSpec> specs, LoadCatalog(writer));
  std::vector<std::set<std::string>> present(shards);
  for (int k = 1; k < shards; ++k) {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> stmt,
                          writer->Prepare(ShardTablesSql(k)));
    while (true) {
      OBKV_ASSIGN_OR_RETURN(bool row, stmt->Step());
      if (!row) break;
      present[k].insert(std::string(stmt->ColumnText(0)));
    }
  }
  std::vector<std::string> fixes;
  for (const TableSpec& spec : specs) {
    for (ShardedTableDdl& table : SqliteShardedTables(spec, shards)) {
      if (table.shard == 0) continue;
      if (present[table.shard].erase(table.name) == 0) {
        fixes.push_back(std::move(table.create));
      }
    }
  }
  for (int k = 1; k < shards; ++k) {
    for (const std::string& orphan : present[k]) {
      fixes.push_back(DropShardTableSql(k, orphan));
    }
  }
  for (const std::string& fix : fixes) {
    OBKV_RETURN_IF_ERROR(writer->Exec(fix));
  }
  return txn.Commit();
}

}  // namespace storage
}  // namespace obkvlite
