// Copyright (c) obkvlite authors.
#include "storage/mysql_engine.h"

#include <algorithm>
#include <cctype>

#include "ddl/alter_ddl.h"
#include "ddl/sql_quote.h"
#include "ddl/store_ddl.h"
#include "obkvlite/ddl.h"
#include "storage/catalog.h"
#include "storage/mysql_connection.h"
#include "storage/namespaces.h"
#include "storage/row_lock.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace storage {
namespace {

bool ContainsNoCase(std::string text, std::string_view word) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return text.find(word) != std::string::npos;
}

class MysqlEngine final : public Engine {
 public:
  MysqlEngine(MysqlUri uri, EngineInfo info, DdlDialect dialect)
      : uri_(std::move(uri)), info_(std::move(info)), dialect_(dialect) {}

  const EngineInfo& info() const override { return info_; }
  bool partitions_are_tables() const override { return false; }
  int shards() const override { return 1; }

  Result<std::unique_ptr<Connection>> OpenReader() override {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<MysqlConnection> conn,
                          MysqlConnection::Open(uri_, /*read_only=*/true,
                                                /*use_database=*/true));
    return std::unique_ptr<Connection>(std::move(conn));
  }

  Status CreateTable(Connection* writer, const TableSpec& spec) override {
    OBKV_RETURN_IF_ERROR(writer->Revive());
    OBKV_ASSIGN_OR_RETURN(bool exists, CatalogHas(writer, spec.name));
    if (exists) {
      return Status::AlreadyExists("table '" + spec.name + "' already exists");
    }
    const std::vector<std::string> creates =
        ServerCreateStatements(spec, dialect_);
    size_t done = 0;
    Status st;
    for (; done < creates.size() && st.ok(); ++done) {
      st = writer->Exec(creates[done]);
      if (!st.ok()) break;
    }
    if (st.ok()) st = InsertCatalogRow(writer, spec);
    if (!st.ok()) Undo(writer, spec, done);
    return st;
  }

  Status DropTable(Connection* writer, const TableSpec& spec) override {
    OBKV_ASSIGN_OR_RETURN(
        Transaction txn, Transaction::Begin(writer, Transaction::Kind::kWrite));
    OBKV_ASSIGN_OR_RETURN(bool exists, CatalogHas(writer, spec.name));
    if (!exists) return Status::NotFound("table '" + spec.name + "' not found");
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<Statement> del,
        writer->Prepare("DELETE FROM " + QuoteMysqlIdentifier(kCatalogTable) +
                        " WHERE " + QuoteMysqlIdentifier("name") + " = ?1"));
    del->BindText(1, spec.name);
    OBKV_RETURN_IF_ERROR(del->Run());
    OBKV_RETURN_IF_ERROR(txn.Commit());
    // The catalog row is gone first: a crash here leaves unnamed tables,
    // never a catalog entry without them.
    for (const std::string& drop : ServerDropStatements(spec, dialect_)) {
      OBKV_RETURN_IF_ERROR(writer->Exec(drop));
    }
    return Status::OK();
  }

  DdlDialect ddl_dialect() const override { return dialect_; }

  Result<int64_t> AlterTable(Connection* writer, const TableSpec& before,
                             const TableSpec& after,
                             const std::vector<FamilyMoves>& moves,
                             const MoveProgress& /*progress*/) override {
    OBKV_RETURN_IF_ERROR(writer->Revive());
    OBKV_ASSIGN_OR_RETURN(bool exists, CatalogHas(writer, before.name));
    if (!exists) {
      return Status::NotFound("table '" + before.name + "' not found");
    }
    for (const std::string& stmt :
         AlterTableStatements(before, after, moves, dialect_)) {
      OBKV_RETURN_IF_ERROR(writer->Exec(stmt));
    }
    OBKV_RETURN_IF_ERROR(WriteCatalogRow(
        writer,
        "UPDATE " + QuoteMysqlIdentifier(kCatalogTable) + " SET " +
            QuoteMysqlIdentifier("spec") + " = ?2 WHERE " +
            QuoteMysqlIdentifier("name") + " = ?1",
        after));
    return int64_t{0};
  }

  Status TruncateTables(Connection* writer,
                        const std::vector<TableSpec>& specs) override {
    OBKV_RETURN_IF_ERROR(writer->Revive());
    for (const TableSpec& spec : specs) {
      for (const std::string& stmt : TruncateTableStatements(spec)) {
        OBKV_RETURN_IF_ERROR(writer->Exec(stmt));
      }
    }
    return Status::OK();
  }

  // A server's DDL commits by itself, so these run without a transaction:
  // the database first, the registry row last (and the other way round).
  Status CreateNamespace(Connection* writer, const std::string& ns) override {
    OBKV_RETURN_IF_ERROR(writer->Revive());
    OBKV_RETURN_IF_ERROR(writer->Exec("CREATE DATABASE IF NOT EXISTS " +
                                      QuoteMysqlIdentifier(ns)));
    OBKV_RETURN_IF_ERROR(ClaimServerNamespace(writer, ns, uri_.database));
    return AddNamespace(writer, ns);
  }

  Status DropNamespace(Connection* writer, const std::string& ns) override {
    OBKV_RETURN_IF_ERROR(writer->Revive());
    OBKV_RETURN_IF_ERROR(RemoveNamespace(writer, ns));
    // Never another store's namespace database (one this store registered
    // before namespaces had owners): only this store's registry entry goes.
    const Status owned = ClaimServerNamespace(writer, ns, uri_.database);
    if (owned.IsFailedPrecondition()) return Status::OK();
    OBKV_RETURN_IF_ERROR(owned);
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<Statement> count,
        writer->Prepare("SELECT COUNT(*) FROM information_schema.TABLES WHERE "
                        "TABLE_SCHEMA = ?1 AND TABLE_NAME <> ?2"));
    count->BindText(1, ns);
    count->BindText(2, kNamespaceOwnerTable);
    OBKV_ASSIGN_OR_RETURN(bool row, count->Step());
    if (row && count->ColumnInt(0) == 0) {
      count.reset();
      return writer->Exec("DROP DATABASE IF EXISTS " +
                          QuoteMysqlIdentifier(ns));
    }
    return Status::OK();
  }

 private:
  Status InsertCatalogRow(Connection* writer, const TableSpec& spec) {
    return WriteCatalogRow(
        writer,
        "INSERT INTO " + QuoteMysqlIdentifier(kCatalogTable) + " (" +
            QuoteMysqlIdentifier("name") + ", " + QuoteMysqlIdentifier("spec") +
            ") VALUES (?1, ?2)",
        spec);
  }

  // Runs `sql` with ?1 = spec.name and ?2 = spec.json in one transaction.
  Status WriteCatalogRow(Connection* writer, const std::string& sql,
                         const TableSpec& spec) {
    OBKV_ASSIGN_OR_RETURN(
        Transaction txn, Transaction::Begin(writer, Transaction::Kind::kWrite));
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> stmt,
                          writer->Prepare(sql));
    stmt->BindText(1, spec.name);
    stmt->BindText(2, spec.json);
    OBKV_RETURN_IF_ERROR(stmt->Run());
    return txn.Commit();
  }

  // Drops what the first `done` CREATE statements made (best effort: the
  // error being returned is the one that matters). The creates are the
  // namespace's CREATE DATABASE (kept: it may hold other tables) and
  // CREATE TABLEGROUP (oceanbase), then the family tables; the drops are
  // the family tables, then DROP TABLEGROUP (oceanbase).
  void Undo(Connection* writer, const TableSpec& spec, size_t done) {
    const std::vector<std::string> drops = ServerDropStatements(spec, dialect_);
    const size_t database = TableNamespace(spec.name) != kDefaultNamespace;
    const size_t group = dialect_ == DdlDialect::kOceanBase ? 1 : 0;
    const size_t leading = database + group;
    for (size_t i = done; i > leading; --i) {
      (void)writer->Exec(drops[i - 1 - leading]);
    }
    if (group == 1 && done > database) (void)writer->Exec(drops.back());
  }

  const MysqlUri uri_;
  const EngineInfo info_;
  const DdlDialect dialect_;
};

// Creates the database when allowed, then selects it.
Status SelectDatabase(MysqlConnection* writer, const StoreOptions& options,
                      const MysqlUri& uri) {
  // The DDL only when the database is missing (see CheckCatalog).
  Status st = writer->UseDatabase();
  if (st.IsNotFound() && !options.read_only && options.create_if_missing) {
    OBKV_RETURN_IF_ERROR(writer->Exec("CREATE DATABASE IF NOT EXISTS " +
                                      QuoteMysqlIdentifier(uri.database)));
    st = writer->UseDatabase();
  }
  if (st.IsNotFound()) {
    return Status::NotFound(uri.Redacted() + ": no such database (" +
                            (options.read_only
                                 ? std::string("read-only stores are not "
                                               "created")
                                 : std::string("create_if_missing is false")) +
                            ")");
  }
  return st;
}

Result<bool> HasTable(MysqlConnection* writer, const std::string& table) {
  OBKV_ASSIGN_OR_RETURN(
      std::string n,
      writer->QueryString("SELECT COUNT(*) FROM information_schema.TABLES "
                          "WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = "
                          "'" +
                          table + "'"));
  return n != "0";
}

// The catalog's DDL runs only when the catalog is missing: on Galera every
// DDL statement takes a cluster-wide total-order slot, even a no-op.
Status CheckCatalog(MysqlConnection* writer, const StoreOptions& options,
                    const MysqlUri& uri) {
  OBKV_ASSIGN_OR_RETURN(bool has_catalog,
                        HasTable(writer, std::string(kCatalogTable)));
  if (!has_catalog && !options.read_only) {
    OBKV_RETURN_IF_ERROR(writer->Exec(ServerCatalogDdl()));
  } else if (!has_catalog) {
    return Status::NotFound(uri.Redacted() +
                            ": database holds no obkvlite store (no " +
                            std::string(kCatalogTable) + " table)");
  }
  // A Galera store's read-modify-writes share keys in obkv_row_lock.
  if (writer->galera() && !options.read_only) {
    OBKV_ASSIGN_OR_RETURN(bool has_locks, HasTable(writer, kRowLockTable));
    if (!has_locks) OBKV_RETURN_IF_ERROR(writer->Exec(RowLockCreateSql()));
  }
  return Status::OK();
}

}  // namespace

Result<OpenedEngine> OpenMysqlEngine(const StoreOptions& options,
                                     const MysqlUri& uri) {
  if (options.sqlite.shards > 1 || options.sqlite.shards < 0) {
    return Status::InvalidArgument(
        "options.sqlite.shards: a server store has no shard files (shards are "
        "SQLite files); got " +
        std::to_string(options.sqlite.shards));
  }
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<MysqlConnection> writer,
                        MysqlConnection::Open(uri, options.read_only,
                                              /*use_database=*/false));
  OBKV_RETURN_IF_ERROR(SelectDatabase(writer.get(), options, uri));
  OBKV_ASSIGN_OR_RETURN(std::string version,
                        writer->QueryString("SELECT VERSION()"));
  EngineInfo info;
  info.version = version;
  info.location = uri.Redacted();
  DdlDialect dialect = DdlDialect::kMysql;
  if (ContainsNoCase(version, "oceanbase")) {
    info.engine = "oceanbase";
    dialect = DdlDialect::kOceanBase;
  } else if (ContainsNoCase(version, "mariadb")) {
    info.engine = "mariadb";
  } else {
    info.engine = "mysql";
  }
  OBKV_RETURN_IF_ERROR(CheckCatalog(writer.get(), options, uri));
  OpenedEngine out;
  OBKV_ASSIGN_OR_RETURN(out.specs, LoadCatalog(writer.get()));
  out.writers.push_back(std::move(writer));
  out.engine = std::make_unique<MysqlEngine>(uri, std::move(info), dialect);
  return out;
}

}  // namespace storage
}  // namespace obkvlite
