// Copyright (c) obkvlite authors.
#include "storage/mysql/mysql_engine.h"

#include <algorithm>
#include <cctype>
#include <iterator>

#include "ddl/alter_ddl.h"
#include "ddl/namespace_sql.h"
#include "ddl/row_lock_sql.h"
#include "ddl/sql_quote.h"
#include "ddl/store_ddl.h"
#include "obkvlite/ddl.h"
#include "storage/catalog.h"
#include "storage/mysql/ddl_plan.h"
#include "storage/mysql/mysql_connection.h"
#include "storage/mysql/server_sizes.h"
#include "storage/namespaces.h"
#include "storage/store_check.h"
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
  MysqlEngine(MysqlUri uri, EngineInfo info, DdlDialect dialect,
              const RetryOptions& retry)
      : uri_(std::move(uri)),
        info_(std::move(info)),
        dialect_(dialect),
        retry_(retry) {}

  const EngineInfo& info() const override { return info_; }
  bool partitions_are_tables() const override { return false; }
  int shards() const override { return 1; }

  Result<std::unique_ptr<Connection>> OpenWriter() override {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<MysqlConnection> conn,
                          MysqlConnection::Open(uri_, /*read_only=*/false,
                                                /*use_database=*/true));
    return std::unique_ptr<Connection>(std::move(conn));
  }

  bool has_weak_reads() const override { return true; }

  Result<std::unique_ptr<Connection>> OpenReader(
      ReadConsistency consistency) override {
    OBKV_ASSIGN_OR_RETURN(
        std::unique_ptr<MysqlConnection> conn,
        MysqlConnection::Open(uri_, /*read_only=*/true,
                              /*use_database=*/true,
                              consistency == ReadConsistency::kWeak));
    return std::unique_ptr<Connection>(std::move(conn));
  }

  // Every change below is a DDL plan (storage/mysql/ddl_plan.h): recorded, then
  // run step by step; a plan of the same subject left by a crash is
  // repaired first.
  Status CreateTable(Connection* writer, const TableSpec& spec) override {
    OBKV_RETURN_IF_ERROR(RepairDdlPlans(writer, retry_, spec.name, nullptr));
    OBKV_ASSIGN_OR_RETURN(bool exists, Has(writer, spec.name));
    if (exists) {
      return Status::AlreadyExists("table '" + spec.name + "' already exists");
    }
    OBKV_RETURN_IF_ERROR(RetryAborted(
        writer, retry_, [&]() { return CheckNoStrayRelations(writer, spec); }));
    DdlPlan plan;
    plan.kind = "create";
    plan.subject = spec.name;
    plan.steps = ServerCreateStatements(spec, dialect_);
    plan.steps.push_back("@catalog insert");
    plan.undo = ServerDropStatements(spec, dialect_);
    plan.spec_json = spec.json;
    return RunDdlPlan(writer, retry_, std::move(plan));
  }

  Status DropTable(Connection* writer, const TableSpec& spec) override {
    OBKV_RETURN_IF_ERROR(RepairDdlPlans(writer, retry_, spec.name, nullptr));
    OBKV_ASSIGN_OR_RETURN(bool exists, Has(writer, spec.name));
    if (!exists) return Status::NotFound("table '" + spec.name + "' not found");
    // The catalog row goes first: a crash after it leaves a recorded plan
    // that finishes the drops, never a catalog entry without its tables.
    DdlPlan plan;
    plan.kind = "drop";
    plan.subject = spec.name;
    plan.steps.push_back("@catalog delete");
    for (std::string& drop : ServerDropStatements(spec, dialect_)) {
      plan.steps.push_back(std::move(drop));
    }
    return RunDdlPlan(writer, retry_, std::move(plan));
  }

  DdlDialect ddl_dialect() const override { return dialect_; }

  Result<std::vector<int64_t>> PartitionBytes(
      Connection* reader, const TableSpec& spec,
      const FamilySpec& family) override {
    return ServerPartitionBytes(reader, spec, family, dialect_);
  }

  Result<std::vector<std::string>> Check(
      Connection* conn, const std::vector<TableSpec>& specs) override {
    OBKV_RETURN_IF_ERROR(conn->Revive());
    // Unfinished plans first, then what the catalog and the server disagree
    // on.
    OBKV_ASSIGN_OR_RETURN(std::vector<std::string> out,
                          CheckUnfinishedDdlPlans(conn));
    OBKV_ASSIGN_OR_RETURN(std::vector<std::string> rest,
                          CheckServerStore(conn, specs, dialect_));
    out.insert(out.end(), std::make_move_iterator(rest.begin()),
               std::make_move_iterator(rest.end()));
    return out;
  }

  Status RepairPlans(Connection* writer, const std::string& subject,
                     std::vector<std::string>* report) override {
    return RepairDdlPlans(writer, retry_, subject, report);
  }

  Result<int64_t> AlterTable(Connection* writer, const TableSpec& before,
                             const TableSpec& after,
                             const std::vector<FamilyMoves>& moves,
                             const MoveProgress& /*progress*/) override {
    OBKV_RETURN_IF_ERROR(RepairDdlPlans(writer, retry_, before.name, nullptr));
    OBKV_ASSIGN_OR_RETURN(bool exists, Has(writer, before.name));
    if (!exists) {
      return Status::NotFound("table '" + before.name + "' not found");
    }
    // The catalog row changes last, with the plan's end.
    DdlPlan plan;
    plan.kind = "alter";
    plan.subject = before.name;
    plan.steps = AlterTableStatements(before, after, moves, dialect_);
    plan.steps.push_back("@catalog update");
    plan.spec_json = after.json;
    OBKV_RETURN_IF_ERROR(RunDdlPlan(writer, retry_, std::move(plan)));
    return int64_t{0};
  }

  Status TruncateTables(Connection* writer,
                        const std::vector<TableSpec>& specs) override {
    if (specs.empty()) return Status::OK();
    OBKV_RETURN_IF_ERROR(
        RepairDdlPlans(writer, retry_, specs[0].name, nullptr));
    DdlPlan plan;
    plan.kind = "truncate";
    plan.subject = specs[0].name;
    for (const TableSpec& spec : specs) {
      for (std::string& stmt : TruncateTableStatements(spec)) {
        plan.steps.push_back(std::move(stmt));
      }
    }
    return RunDdlPlan(writer, retry_, std::move(plan));
  }

  // The database first, the registry row last (and the other way round).
  Status CreateNamespace(Connection* writer, const std::string& ns) override {
    OBKV_RETURN_IF_ERROR(RepairDdlPlans(writer, retry_, ns, nullptr));
    OBKV_ASSIGN_OR_RETURN(bool registered, NamespaceRegistered(writer, ns));
    if (registered) {
      return Status::AlreadyExists("namespace '" + ns + "' already exists");
    }
    // Another store's namespace database is refused before any step runs.
    OBKV_RETURN_IF_ERROR(CheckServerNamespaceOwner(writer, ns, uri_.database));
    DdlPlan plan;
    plan.kind = "namespace create";
    plan.subject = ns;
    plan.steps = {CreateNamespaceDatabaseSql(ns),
                  kClaimNamespaceStep + uri_.database, "@namespace add"};
    return RunDdlPlan(writer, retry_, std::move(plan));
  }

  Status DropNamespace(Connection* writer, const std::string& ns) override {
    OBKV_RETURN_IF_ERROR(RepairDdlPlans(writer, retry_, ns, nullptr));
    OBKV_ASSIGN_OR_RETURN(bool registered, NamespaceRegistered(writer, ns));
    if (!registered) {
      return Status::NotFound("namespace '" + ns + "' does not exist");
    }
    // Only this store's registry entry goes; the database goes too when
    // this store owns it (or nobody does) and it holds no table.
    DdlPlan plan;
    plan.kind = "namespace drop";
    plan.subject = ns;
    plan.steps = {"@namespace remove",
                  kDropNamespaceDatabaseStep + uri_.database};
    return RunDdlPlan(writer, retry_, std::move(plan));
  }

 private:
  // CatalogHas, run again after a deadlock.
  Result<bool> Has(Connection* writer, const std::string& name) const {
    bool has = false;
    OBKV_RETURN_IF_ERROR(RetryAborted(writer, retry_, [&]() -> Status {
      OBKV_ASSIGN_OR_RETURN(has, CatalogHas(writer, name));
      return Status::OK();
    }));
    return has;
  }

  Result<bool> NamespaceRegistered(Connection* writer,
                                   const std::string& ns) const {
    std::vector<std::string> all;
    OBKV_RETURN_IF_ERROR(RetryAborted(writer, retry_, [&]() -> Status {
      OBKV_ASSIGN_OR_RETURN(all, LoadNamespaces(writer));
      return Status::OK();
    }));
    return std::find(all.begin(), all.end(), ns) != all.end();
  }

  // A create never touches a relation it did not make: one of the table's
  // names that the server already has (and no plan of this store made)
  // is left alone and named.
  Status CheckNoStrayRelations(Connection* writer, const TableSpec& spec) {
    for (const FamilySpec& f : spec.families) {
      const std::string relation = FamilyRelationName(spec, f);
      const std::string_view ns = TableNamespace(spec.name);
      OBKV_ASSIGN_OR_RETURN(
          std::unique_ptr<Statement> q,
          writer->Prepare("SELECT COUNT(*) FROM information_schema.TABLES "
                          "WHERE TABLE_SCHEMA = " +
                          (ns == kDefaultNamespace ? std::string("DATABASE()")
                                                   : QuoteSqlString(ns)) +
                          " AND TABLE_NAME = ?1"));
      q->BindText(1, relation);
      OBKV_ASSIGN_OR_RETURN(bool row, q->Step());
      if (row && q->ColumnInt(0) > 0) {
        return Status::AlreadyExists(
            "table '" + spec.name + "': the server already has relation '" +
            relation +
            "', which no change of this store made; it is left alone "
            "(`obkv check` lists it; drop it by hand if it is not wanted)");
      }
    }
    return Status::OK();
  }

  const MysqlUri uri_;
  const EngineInfo info_;
  const DdlDialect dialect_;
  const RetryOptions retry_;  // DDL plan steps and the reads around them
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
  // The DDL plans' relation (storage/mysql/ddl_plan.h), made with the catalog
  // (and on the first writable open of an older store).
  if (!options.read_only) {
    OBKV_ASSIGN_OR_RETURN(bool has_plans,
                          HasTable(writer, std::string(kDdlPlanTable)));
    if (!has_plans) OBKV_RETURN_IF_ERROR(writer->Exec(ServerDdlPlanDdl()));
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
                                     const MysqlUri& uri,
                                     const RetryOptions& retry) {
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
  // A writable open finishes (or rolls back) what a crash left unfinished;
  // one that cannot is reported in info.repaired, and `obkv check` lists it.
  if (!options.read_only) {
    (void)RepairDdlPlans(writer.get(), retry, "", &info.repaired);
  }
  OpenedEngine out;
  OBKV_ASSIGN_OR_RETURN(out.specs, LoadCatalog(writer.get()));
  out.writers.push_back(std::move(writer));
  out.engine =
      std::make_unique<MysqlEngine>(uri, std::move(info), dialect, retry);
  return out;
}

}  // namespace storage
}  // namespace obkvlite
