// Copyright (c) obkvlite authors.
#include "storage/namespaces.h"

#include "ddl/sql_quote.h"
#include "ddl/store_ddl.h"
#include "obkvlite/ddl.h"

namespace obkvlite {
namespace storage {
namespace {

// True when the registry table exists.
Result<bool> HasRegistry(Connection* conn) {
  const bool mysql = conn->dialect() == SqlDialect::kMysql;
  OBKV_ASSIGN_OR_RETURN(
      std::unique_ptr<Statement> stmt,
      conn->Prepare(mysql ? "SELECT 1 FROM information_schema.TABLES WHERE "
                            "TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?1"
                          : "SELECT 1 FROM sqlite_schema WHERE type = 'table' "
                            "AND name = ?1"));
  stmt->BindText(1, kNamespaceTable);
  return stmt->Step();
}

std::string Quoted(Connection* conn, std::string_view name) {
  return QuoteIdentifier(conn->dialect(), name);
}

}  // namespace

Result<std::vector<std::string>> LoadNamespaces(Connection* conn) {
  std::vector<std::string> out;
  OBKV_ASSIGN_OR_RETURN(bool exists, HasRegistry(conn));
  if (!exists) return out;
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> stmt,
                        conn->Prepare("SELECT " + Quoted(conn, "name") +
                                      " FROM " + Quoted(conn, kNamespaceTable) +
                                      " ORDER BY " + Quoted(conn, "name")));
  while (true) {
    OBKV_ASSIGN_OR_RETURN(bool row, stmt->Step());
    if (!row) break;
    out.emplace_back(stmt->ColumnText(0));
  }
  return out;
}

Status AddNamespace(Connection* writer, const std::string& ns) {
  OBKV_RETURN_IF_ERROR(writer->Exec(writer->dialect() == SqlDialect::kMysql
                                        ? ServerNamespaceDdl()
                                        : SqliteNamespaceDdl()));
  OBKV_ASSIGN_OR_RETURN(std::vector<std::string> known, LoadNamespaces(writer));
  for (const std::string& k : known) {
    if (k == ns) {
      return Status::AlreadyExists("namespace '" + ns + "' already exists");
    }
  }
  OBKV_ASSIGN_OR_RETURN(
      std::unique_ptr<Statement> insert,
      writer->Prepare("INSERT INTO " + Quoted(writer, kNamespaceTable) + " (" +
                      Quoted(writer, "name") + ") VALUES (?1)"));
  insert->BindText(1, ns);
  return insert->Run();
}

namespace {

std::string OwnerTable(const std::string& ns) {
  return QuoteMysqlIdentifier(ns) + "." +
         QuoteMysqlIdentifier(kNamespaceOwnerTable);
}

Status OwnedByAnother(const std::string& ns, const std::string& owner) {
  return Status::FailedPrecondition(
      "namespace '" + ns + "': its database `" + ns +
      "` on this server belongs to the store in database '" + owner +
      "' (a namespace's database holds the tables of one store)");
}

}  // namespace

Result<std::string> ServerNamespaceOwner(Connection* conn,
                                         const std::string& ns) {
  {
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<Statement> has,
        conn->Prepare("SELECT COUNT(*) FROM information_schema.TABLES WHERE "
                      "TABLE_SCHEMA = ?1 AND TABLE_NAME = ?2"));
    has->BindText(1, ns);
    has->BindText(2, kNamespaceOwnerTable);
    OBKV_ASSIGN_OR_RETURN(bool row, has->Step());
    if (!row || has->ColumnInt(0) == 0) return std::string();
  }
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> owner,
                        conn->Prepare("SELECT `store` FROM " + OwnerTable(ns) +
                                      " WHERE `id` = 1"));
  OBKV_ASSIGN_OR_RETURN(bool row, owner->Step());
  return row ? std::string(owner->ColumnText(0)) : std::string();
}

Status CheckServerNamespaceOwner(Connection* conn, const std::string& ns,
                                 const std::string& store) {
  OBKV_ASSIGN_OR_RETURN(std::string owner, ServerNamespaceOwner(conn, ns));
  if (owner.empty() || owner == store) return Status::OK();
  return OwnedByAnother(ns, owner);
}

Status ClaimServerNamespace(Connection* writer, const std::string& ns,
                            const std::string& store) {
  const std::string table = OwnerTable(ns);
  OBKV_RETURN_IF_ERROR(writer->Exec(
      "CREATE TABLE IF NOT EXISTS " + table +
      " (`id` tinyint NOT NULL PRIMARY KEY, `store` varchar(255) NOT NULL)"));
  {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> claim,
                          writer->Prepare("INSERT IGNORE INTO " + table +
                                          " (`id`, `store`) VALUES (1, ?1)"));
    claim->BindText(1, store);
    OBKV_RETURN_IF_ERROR(claim->Run());
  }
  return CheckServerNamespaceOwner(writer, ns, store);
}

Status DropServerNamespaceDatabase(Connection* writer, const std::string& ns,
                                   const std::string& store) {
  OBKV_ASSIGN_OR_RETURN(std::string owner, ServerNamespaceOwner(writer, ns));
  // Never another store's namespace database (one this store registered
  // before namespaces had owners): only this store's registry entry went.
  if (!owner.empty() && owner != store) return Status::OK();
  int64_t tables = 0;
  {
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<Statement> count,
        writer->Prepare("SELECT COUNT(*) FROM information_schema.TABLES WHERE "
                        "TABLE_SCHEMA = ?1 AND TABLE_NAME <> ?2"));
    count->BindText(1, ns);
    count->BindText(2, kNamespaceOwnerTable);
    OBKV_ASSIGN_OR_RETURN(bool row, count->Step());
    if (!row) return Status::OK();
    tables = count->ColumnInt(0);
  }
  if (tables != 0) return Status::OK();
  return writer->Exec("DROP DATABASE IF EXISTS " + QuoteMysqlIdentifier(ns));
}

Status RemoveNamespace(Connection* writer, const std::string& ns) {
  OBKV_ASSIGN_OR_RETURN(bool exists, HasRegistry(writer));
  int64_t removed = 0;
  if (exists) {
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<Statement> del,
        writer->Prepare("DELETE FROM " + Quoted(writer, kNamespaceTable) +
                        " WHERE " + Quoted(writer, "name") + " = ?1"));
    del->BindText(1, ns);
    OBKV_RETURN_IF_ERROR(del->Run());
    removed = del->changes();
  }
  if (removed == 0) {
    return Status::NotFound("namespace '" + ns + "' does not exist");
  }
  return Status::OK();
}

}  // namespace storage
}  // namespace obkvlite
