// Copyright (c) obkvlite authors.
//
// StoreImpl's lifecycle changes of a table (obkvlite/store.h): exists,
// disable and enable, alter and truncate. Every change, here and in
// store_partitions.cc, runs through ChangeTable, the one path that locks,
// reads the current spec, plans, reports the OceanBase statements and
// installs the changed table.

#include "ddl/alter_ddl.h"
#include "hbase/api_guard.h"
#include "hbase/store/store_impl.h"
#include "hbase/table/layout_dispatch.h"
#include "obkvlite/ddl.h"
#include "obkvlite/index.h"
#include "spec/spec_change_check.h"
#include "spec/spec_json_edit.h"
#include "storage/catalog.h"
#include "storage/mysql/ddl_plan.h"

namespace obkvlite {
namespace {

// The current spec of `name` as the catalog on `conn` holds it.
Result<TableSpec> CatalogSpecOnce(storage::Connection* conn,
                                  const std::string& name) {
  OBKV_ASSIGN_OR_RETURN(std::vector<TableSpec> specs,
                        storage::LoadCatalog(conn));
  for (TableSpec& spec : specs) {
    if (spec.name == name) return std::move(spec);
  }
  return Status::NotFound("table '" + name + "' not found");
}

// CatalogSpecOnce, run again when the server rolls the read back.
Result<TableSpec> CatalogSpec(storage::Connection* conn,
                              const RetryOptions& retry,
                              const std::string& name) {
  TableSpec spec;
  OBKV_RETURN_IF_ERROR(storage::RetryAborted(conn, retry, [&]() -> Status {
    OBKV_ASSIGN_OR_RETURN(spec, CatalogSpecOnce(conn, name));
    return Status::OK();
  }));
  return spec;
}

Result<TableSpec> WithDisabled(const TableSpec& spec, bool disabled) {
  return EditSpecJson(spec, [&](nlohmann::json& doc) -> Status {
    if (disabled) {
      doc["disabled"] = true;
    } else {
      doc.erase("disabled");
    }
    return Status::OK();
  });
}

}  // namespace

Result<int64_t> StoreImpl::ChangeTable(const std::string& name,
                                       const char* what, bool dry_run,
                                       std::vector<std::string>* ddl,
                                       const storage::MoveProgress& progress,
                                       const PlanFn& plan) {
  if (!dry_run) OBKV_RETURN_IF_ERROR(ctx_->CheckWritable(what));
  OBKV_ASSIGN_OR_RETURN(LiveTable * live, Live(name));
  auto change = live->ChangeLock();
  StoreContext::AllShardsLock write_lock(ctx_.get());
  if (!dry_run) OBKV_RETURN_IF_ERROR(FinishCrashedChange(name, live));
  OBKV_ASSIGN_OR_RETURN(TableSpec before,
                        CatalogSpec(ctx_->writer(), ctx_->retry(), name));
  OBKV_ASSIGN_OR_RETURN(TableChange planned, plan(before));
  if (ddl != nullptr) {
    *ddl = AlterTableStatements(before, planned.after, planned.moves,
                                DdlDialect::kOceanBase);
  }
  // Nothing to do (a roll with nothing due, on every purge): no write.
  if (dry_run || (planned.moves.empty() && planned.after.json == before.json)) {
    return int64_t{0};
  }
  OBKV_ASSIGN_OR_RETURN(
      int64_t moved,
      ctx_->engine()->AlterTable(ctx_->writer(), before, planned.after,
                                 planned.moves, progress));
  ctx_->EvictWriterStatements(name + "$");
  ctx_->InvalidateReaderStatements();
  auto_split_.Forget(name);
  live->Replace(MakeTable(ctx_.get(), &request_stats_, &compat_gate_,
                          SchemaOf(planned.after)));
  return moved;
}

Status StoreImpl::FinishCrashedChange(const std::string& name,
                                      LiveTable* live) {
  std::vector<std::string> report;
  OBKV_RETURN_IF_ERROR(
      ctx_->engine()->RepairPlans(ctx_->writer(), name, &report));
  if (report.empty()) return Status::OK();
  // The change finished now: the table is what the catalog says.
  OBKV_ASSIGN_OR_RETURN(TableSpec spec,
                        CatalogSpec(ctx_->writer(), ctx_->retry(), name));
  ctx_->EvictWriterStatements(name + "$");
  ctx_->InvalidateReaderStatements();
  auto_split_.Forget(name);
  live->Replace(
      MakeTable(ctx_.get(), &request_stats_, &compat_gate_, SchemaOf(spec)));
  return Status::OK();
}

Result<std::vector<std::string>> StoreImpl::Check() {
  return GuardApi("check", [&]() -> Result<std::vector<std::string>> {
    StoreContext::AllShardsLock write_lock(ctx_.get());
    OBKV_ASSIGN_OR_RETURN(std::vector<TableSpec> specs,
                          storage::LoadCatalog(ctx_->writer()));
    OBKV_ASSIGN_OR_RETURN(std::vector<std::string> out,
                          ctx_->engine()->Check(ctx_->writer(), specs));
    OBKV_ASSIGN_OR_RETURN(auto missing, MissingIndexTables(specs));
    for (const auto& [table, index] : missing) {
      out.push_back("table '" + table + "': index table '" + index.name +
                    "' is missing (a create or drop stopped between its "
                    "tables; a writable open restores it)");
    }
    return out;
  });
}

Result<bool> StoreImpl::TableExists(const std::string& name) {
  return GuardApi("exists", [&]() -> Result<bool> {
    Result<LiveTable*> live = Live(name);
    if (live.ok()) return true;
    if (live.status().IsNotFound()) return false;
    return live.status();
  });
}

Status StoreImpl::SetDisabled(const std::string& name, bool disabled,
                              const ChangeOptions& options) {
  const char* what = disabled ? "disable" : "enable";
  return GuardApi(what, [&]() -> Status {
    return ChangeTable(name, what, options.dry_run, options.oceanbase_ddl, {},
                       [&](const TableSpec& before) -> Result<TableChange> {
                         if (before.disabled == disabled) {
                           return Status::FailedPrecondition(
                               "table '" + name + "' is already " +
                               (disabled ? "disabled" : "enabled"));
                         }
                         TableChange c;
                         OBKV_ASSIGN_OR_RETURN(c.after,
                                               WithDisabled(before, disabled));
                         return c;
                       })
        .status();
  });
}

Status StoreImpl::DisableTable(const std::string& name,
                               const ChangeOptions& options) {
  return SetDisabled(name, true, options);
}

Status StoreImpl::EnableTable(const std::string& name,
                              const ChangeOptions& options) {
  return SetDisabled(name, false, options);
}

Status StoreImpl::PurgeBeforeVersionsRise(const TableSpec& after) {
  Result<Table*> table = GetTable(after.name);
  if (!table.ok()) return Status::OK();  // ChangeTable says why
  bool rises = false;
  for (const FamilySpec& f : (*table)->spec().families) {
    const FamilySpec* next = after.FindFamily(f.name);
    rises = rises ||
            (next != nullptr && f.max_versions > 0 &&
             (next->max_versions == 0 || next->max_versions > f.max_versions));
  }
  if (!rises) return Status::OK();
  return (*table)->Purge().status().WithPrefix("alter");
}

Status StoreImpl::AlterTable(const TableSpec& spec,
                             const ChangeOptions& options) {
  return GuardApi("alter", [&]() -> Status {
    if (spec.json.empty()) {
      return Status::InvalidArgument(
          "spec: json is empty; make specs with ParseTableSpec");
    }
    if (!options.dry_run) OBKV_RETURN_IF_ERROR(PurgeBeforeVersionsRise(spec));
    return ChangeTable(
               spec.name, "alter", options.dry_run, options.oceanbase_ddl, {},
               [&](const TableSpec& before) -> Result<TableChange> {
                 TableChange c;
                 // The state stays as it is; disable/enable change it.
                 OBKV_ASSIGN_OR_RETURN(
                     c.after, before.disabled ? WithDisabled(spec, true)
                                              : ParseTableSpec(spec.json));
                 OBKV_RETURN_IF_ERROR(CheckSpecChange(before, c.after));
                 return c;
               })
        .status();
  });
}

Status StoreImpl::TruncateTable(const std::string& name,
                                const ChangeOptions& options) {
  return GuardApi("truncate", [&]() -> Status {
    if (!options.dry_run) OBKV_RETURN_IF_ERROR(ctx_->CheckWritable("truncate"));
    OBKV_ASSIGN_OR_RETURN(LiveTable * live, Live(name));
    auto change = live->ChangeLock();
    StoreContext::AllShardsLock write_lock(ctx_.get());
    if (!options.dry_run) OBKV_RETURN_IF_ERROR(FinishCrashedChange(name, live));
    OBKV_ASSIGN_OR_RETURN(TableSpec spec,
                          CatalogSpec(ctx_->writer(), ctx_->retry(), name));
    // The index tables empty with their table, in the same transaction.
    std::vector<TableSpec> tables = {spec};
    for (const IndexSpec& index : spec.indexes) {
      OBKV_ASSIGN_OR_RETURN(TableSpec own, IndexTableSpec(spec, index));
      tables.push_back(std::move(own));
    }
    if (options.oceanbase_ddl != nullptr) {
      options.oceanbase_ddl->clear();
      for (const TableSpec& t : tables) {
        for (std::string& stmt : TruncateTableStatements(t)) {
          options.oceanbase_ddl->push_back(std::move(stmt));
        }
      }
    }
    if (options.dry_run) return Status::OK();
    OBKV_RETURN_IF_ERROR(
        ctx_->engine()->TruncateTables(ctx_->writer(), tables));
    auto_split_.Forget(name);
    return Status::OK();
  });
}

}  // namespace obkvlite
