// Copyright (c) obkvlite authors.
#include "storage/namespaces.h"

#include "ddl/sql_quote.h"
#include "ddl/store_ddl.h"
#include "obkvlite/ddl.h"

namespace obkvlite {
namespace storage {
namespace {

// True when the store has the table `name` (in its own file or database).
Result<bool> HasTable(Connection* conn, std::string_view name) {
  const bool mysql = conn->dialect() == SqlDialect::kMysql;
  OBKV_ASSIGN_OR_RETURN(
      std::unique_ptr<Statement> stmt,
      conn->Prepare(mysql ? "SELECT 1 FROM information_schema.TABLES WHERE "
                            "TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?1"
                          : "SELECT 1 FROM sqlite_schema WHERE type = 'table' "
                            "AND name = ?1"));
  stmt->BindText(1, name);
  return stmt->Step();
}

// True when the registry table exists.
Result<bool> HasRegistry(Connection* conn) {
  return HasTable(conn, kNamespaceTable);
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

Status CheckNamespaceProperty(const std::string& key,
                              const std::string& value) {
  if (key.empty() || key.size() > kMaxPropertyKeyBytes) {
    return Status::InvalidArgument(
        "namespace property key: " + std::to_string(key.size()) +
        " bytes, must be 1 to " + std::to_string(kMaxPropertyKeyBytes));
  }
  if (value.size() > kMaxPropertyValueBytes) {
    return Status::InvalidArgument(
        "namespace property '" + key + "': value of " +
        std::to_string(value.size()) + " bytes, limit " +
        std::to_string(kMaxPropertyValueBytes));
  }
  return Status::OK();
}

Result<std::map<std::string, std::string>> LoadNamespaceProperties(
    Connection* conn, const std::string& ns) {
  std::map<std::string, std::string> out;
  OBKV_ASSIGN_OR_RETURN(bool exists, HasTable(conn, kNamespacePropertiesTable));
  if (!exists) return out;
  OBKV_ASSIGN_OR_RETURN(
      std::unique_ptr<Statement> stmt,
      conn->Prepare("SELECT " + Quoted(conn, "name") + ", " +
                    Quoted(conn, "value") + " FROM " +
                    Quoted(conn, kNamespacePropertiesTable) + " WHERE " +
                    Quoted(conn, "namespace") + " = ?1"));
  stmt->BindText(1, ns);
  while (true) {
    OBKV_ASSIGN_OR_RETURN(bool row, stmt->Step());
    if (!row) break;
    out.emplace(std::string(stmt->ColumnBlob(0)),
                std::string(stmt->ColumnBlob(1)));
  }
  return out;
}

Status CreateNamespacePropertiesTable(Connection* writer) {
  const bool mysql = writer->dialect() == SqlDialect::kMysql;
  const std::string table = Quoted(writer, kNamespacePropertiesTable);
  const std::string ns = Quoted(writer, "namespace");
  const std::string name = Quoted(writer, "name");
  const std::string value = Quoted(writer, "value");
  if (mysql) {
    return writer->Exec(
        "CREATE TABLE IF NOT EXISTS " + table + " (" + ns +
        " varbinary(64) NOT NULL, " + name + " varbinary(255) NOT NULL, " +
        value + " blob NOT NULL, PRIMARY KEY (" + ns + ", " + name + "))");
  }
  return writer->Exec("CREATE TABLE IF NOT EXISTS " + table + " (" + ns +
                      " TEXT NOT NULL, " + name + " BLOB NOT NULL, " + value +
                      " BLOB NOT NULL, PRIMARY KEY (" + ns + ", " + name +
                      ")) WITHOUT ROWID");
}

Status WriteNamespaceProperties(Connection* writer, const std::string& ns,
                                const std::map<std::string, std::string>& set,
                                const std::vector<std::string>& unset) {
  const std::string table = Quoted(writer, kNamespacePropertiesTable);
  for (const std::string& key : unset) {
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<Statement> del,
        writer->Prepare("DELETE FROM " + table + " WHERE " +
                        Quoted(writer, "namespace") + " = ?1 AND " +
                        Quoted(writer, "name") + " = ?2"));
    del->BindText(1, ns);
    del->BindBlob(2, key);
    OBKV_RETURN_IF_ERROR(del->Run());
  }
  for (const auto& [key, value] : set) {
    // REPLACE INTO: SQLite's alias of INSERT OR REPLACE, MySQL's own.
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<Statement> put,
        writer->Prepare("REPLACE INTO " + table + " (" +
                        Quoted(writer, "namespace") + ", " +
                        Quoted(writer, "name") + ", " +
                        Quoted(writer, "value") + ") VALUES (?1, ?2, ?3)"));
    put->BindText(1, ns);
    put->BindBlob(2, key);
    put->BindBlob(3, value);
    OBKV_RETURN_IF_ERROR(put->Run());
  }
  return Status::OK();
}

Status RemoveNamespaceProperties(Connection* writer, const std::string& ns) {
  OBKV_ASSIGN_OR_RETURN(bool exists,
                        HasTable(writer, kNamespacePropertiesTable));
  if (!exists) return Status::OK();
  OBKV_ASSIGN_OR_RETURN(
      std::unique_ptr<Statement> del,
      writer->Prepare("DELETE FROM " +
                      Quoted(writer, kNamespacePropertiesTable) + " WHERE " +
                      Quoted(writer, "namespace") + " = ?1"));
  del->BindText(1, ns);
  return del->Run();
}

}  // namespace storage
}  // namespace obkvlite
