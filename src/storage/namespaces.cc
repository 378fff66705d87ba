// Copyright (c) obkvlite authors.
#include "storage/namespaces.h"

#include "ddl/namespace_sql.h"
#include "ddl/sql_quote.h"
#include "ddl/store_ddl.h"
#include "obkvlite/ddl.h"

namespace obkvlite {
namespace storage {
namespace {

// True when the store has the table `name` (in its own file or database).
Result<bool> HasTable(Connection* conn, std::string_view name) {
  OBKV_ASSIGN_OR_RETURN(
      std::unique_ptr<Statement> stmt,
      conn->Prepare(NamespaceTableExistsSql(conn->dialect())));
  stmt->BindText(1, name);
  return stmt->Step();
}

// True when the registry table exists.
Result<bool> HasRegistry(Connection* conn) {
  return HasTable(conn, kNamespaceTable);
}

}  // namespace

Result<std::vector<std::string>> LoadNamespaces(Connection* conn) {
  std::vector<std::string> out;
  OBKV_ASSIGN_OR_RETURN(bool exists, HasRegistry(conn));
  if (!exists) return out;
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> stmt,
                        conn->Prepare(NamespaceNamesSql(conn->dialect())));
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
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> insert,
                        writer->Prepare(NamespaceInsertSql(writer->dialect())));
  insert->BindText(1, ns);
  return insert->Run();
}

namespace {

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
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> has,
                          conn->Prepare(NamespaceOwnerTableCountSql()));
    has->BindText(1, ns);
    has->BindText(2, kNamespaceOwnerTable);
    OBKV_ASSIGN_OR_RETURN(bool row, has->Step());
    if (!row || has->ColumnInt(0) == 0) return std::string();
  }
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> owner,
                        conn->Prepare(NamespaceOwnerSql(ns)));
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
  OBKV_RETURN_IF_ERROR(writer->Exec(NamespaceOwnerDdl(ns)));
  {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> claim,
                          writer->Prepare(NamespaceClaimSql(ns)));
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
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> count,
                          writer->Prepare(NamespaceOtherTablesCountSql()));
    count->BindText(1, ns);
    count->BindText(2, kNamespaceOwnerTable);
    OBKV_ASSIGN_OR_RETURN(bool row, count->Step());
    if (!row) return Status::OK();
    tables = count->ColumnInt(0);
  }
  if (tables != 0) return Status::OK();
  return writer->Exec(DropNamespaceDatabaseSql(ns));
}

Status RemoveNamespace(Connection* writer, const std::string& ns) {
  OBKV_ASSIGN_OR_RETURN(bool exists, HasRegistry(writer));
  int64_t removed = 0;
  if (exists) {
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<Statement> del,
        writer->Prepare(NamespaceDeleteSql(writer->dialect())));
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
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> stmt,
                        conn->Prepare(NamespacePropertiesSql(conn->dialect())));
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
  return writer->Exec(NamespacePropertiesDdl(writer->dialect()));
}

Status WriteNamespaceProperties(Connection* writer, const std::string& ns,
                                const std::map<std::string, std::string>& set,
                                const std::vector<std::string>& unset) {
  const SqlDialect d = writer->dialect();
  for (const std::string& key : unset) {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> del,
                          writer->Prepare(NamespacePropertyDeleteSql(d)));
    del->BindText(1, ns);
    del->BindBlob(2, key);
    OBKV_RETURN_IF_ERROR(del->Run());
  }
  for (const auto& [key, value] : set) {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> put,
                          writer->Prepare(NamespacePropertyReplaceSql(d)));
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
      writer->Prepare(NamespacePropertiesDeleteSql(writer->dialect())));
  del->BindText(1, ns);
  return del->Run();
}

}  // namespace storage
}  // namespace obkvlite
