// Copyright (c) obkvlite authors.
#include "storage/mysql/ddl_plan.h"

#include <memory>
#include <nlohmann/json.hpp>

#include "ddl/catalog_sql.h"
#include "ddl/ddl_plan_sql.h"
#include "ddl/sql_quote.h"
#include "ddl/store_ddl.h"
#include "storage/fault_hooks.h"
#include "storage/first_column.h"
#include "storage/mysql/ddl_step_applied.h"
#include "storage/namespaces.h"
#include "storage/retry_backoff.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace storage {
namespace {

std::string PlanJson(const DdlPlan& plan) {
  nlohmann::json doc;
  doc["steps"] = plan.steps;
  doc["undo"] = plan.undo;
  doc["spec"] = plan.spec_json;
  return doc.dump();
}

Status Record(Connection* writer, DdlPlan* plan) {
  OBKV_ASSIGN_OR_RETURN(Transaction txn,
                        Transaction::Begin(writer, Transaction::Kind::kWrite));
  {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> ins,
                          writer->Prepare(DdlPlanInsertSql()));
    const std::string doc = PlanJson(*plan);  // bound by view until Run
    ins->BindText(1, plan->kind);
    ins->BindText(2, plan->subject);
    ins->BindText(3, doc);
    OBKV_RETURN_IF_ERROR(ins->Run());
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> id,
                          writer->Prepare(DdlPlanIdSql()));
    OBKV_ASSIGN_OR_RETURN(bool row, id->Step());
    if (!row) return Status::IOError("obkv_ddl_plan: no id for the new plan");
    plan->id = id->ColumnInt(0);
  }
  return txn.Commit();
}

// In the caller's transaction: the plan reached `reached` steps.
Status Advance(Connection* writer, const DdlPlan& plan, int reached) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> up,
                        writer->Prepare(DdlPlanAdvanceSql()));
  up->BindInt(1, plan.id);
  up->BindInt(2, reached);
  return up->Run();
}

Status Forget(Connection* writer, const DdlPlan& plan) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> del,
                        writer->Prepare(DdlPlanDeleteSql()));
  del->BindInt(1, plan.id);
  return del->Run();
}

// Runs `sql` with ?1 = subject (and ?2 = spec_json when `with_spec`).
Status RunBound(Connection* writer, const std::string& sql, const DdlPlan& plan,
                bool with_spec) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> stmt, writer->Prepare(sql));
  stmt->BindText(1, plan.subject);
  if (with_spec) stmt->BindText(2, plan.spec_json);
  return stmt->Run();
}

// The catalog write of `step`, in the caller's transaction.
Status CatalogWrite(Connection* writer, const DdlPlan& plan,
                    const std::string& step) {
  constexpr SqlDialect kServer = SqlDialect::kMysql;
  if (step == "@catalog delete") {
    return RunBound(writer, CatalogDeleteSql(kServer), plan, false);
  }
  if (step == "@catalog insert") {
    // Idempotent: a row of the name is replaced.
    OBKV_RETURN_IF_ERROR(
        RunBound(writer, CatalogDeleteSql(kServer), plan, false));
    return RunBound(writer, CatalogInsertSql(kServer), plan, true);
  }
  if (step == "@catalog update") {
    return RunBound(writer, CatalogUpdateSql(kServer), plan, true);
  }
  return Status::InvalidArgument("obkv_ddl_plan: unknown step '" + step + "'");
}

// Runs step `k` once and records it done. `resumed`: its outcome is
// unknown (repair), so a statement that did run is skipped
// (storage/mysql/ddl_step_applied.h). `*applied`
// becomes true once a server statement of the step has run (its record
// may still fail after it).
Status RunStepOnce(Connection* writer, const DdlPlan& plan, int k, bool resumed,
                   bool* applied) {
  const std::string& step = plan.steps[k];
  if (step.rfind("@catalog", 0) == 0) {
    // The catalog row and the step reached commit together.
    OBKV_ASSIGN_OR_RETURN(
        Transaction txn, Transaction::Begin(writer, Transaction::Kind::kWrite));
    OBKV_RETURN_IF_ERROR(CatalogWrite(writer, plan, step));
    OBKV_RETURN_IF_ERROR(Advance(writer, plan, k + 1));
    return txn.Commit();
  }
  Status st;
  if (step == "@namespace add") {
    st = AddNamespace(writer, plan.subject);
    if (st.IsAlreadyExists()) st = Status::OK();
  } else if (step == "@namespace remove") {
    st = RemoveNamespace(writer, plan.subject);
    if (st.IsNotFound()) st = Status::OK();
  } else if (const std::string_view claim = kClaimNamespaceStep;
             step.rfind(claim, 0) == 0) {
    st = ClaimServerNamespace(writer, plan.subject, step.substr(claim.size()));
  } else if (const std::string_view drop = kDropNamespaceDatabaseStep;
             step.rfind(drop, 0) == 0) {
    st = DropServerNamespaceDatabase(writer, plan.subject,
                                     step.substr(drop.size()));
  } else {
    bool skip = false;
    if (resumed) {
      OBKV_ASSIGN_OR_RETURN(skip, DdlStepApplied(writer, step));
    }
    if (!skip) st = writer->Exec(resumed ? ResumedDdlStep(step) : step);
  }
  OBKV_RETURN_IF_ERROR(st);
  *applied = true;
  OBKV_ASSIGN_OR_RETURN(Transaction txn,
                        Transaction::Begin(writer, Transaction::Kind::kWrite));
  OBKV_RETURN_IF_ERROR(Advance(writer, plan, k + 1));
  return txn.Commit();
}

// A step run again has an unknown outcome: it is resumed.
Status RunStep(Connection* writer, const RetryOptions& retry,
               const DdlPlan& plan, int k, bool resumed, bool* applied) {
  int attempt = 0;
  return RetryAborted(writer, retry, [&]() {
    return RunStepOnce(writer, plan, k, resumed || attempt++ > 0, applied);
  });
}

// Runs the steps from plan->reached on; `resumed` as RunStepOnce's for the
// first of them; `*applied` as RunStepOnce's, for any of them.
Status RunFrom(Connection* writer, const RetryOptions& retry, DdlPlan* plan,
               bool resumed, bool* applied) {
  const int n = static_cast<int>(plan->steps.size());
  for (int k = plan->reached; k < n; ++k) {
    RunInjectedDdlStepHook();
    if (TakeInjectedDdlStop()) {
      return Status::IOError("injected stop before step " +
                             std::to_string(k + 1));
    }
    OBKV_RETURN_IF_ERROR(
        RunStep(writer, retry, *plan, k, resumed && k == plan->reached, applied)
            .WithPrefix(DescribeDdlPlan(*plan) + ": step " +
                        std::to_string(k + 1) + ": "));
    plan->reached = k + 1;
  }
  return RetryAborted(writer, retry, [&]() { return Forget(writer, *plan); });
}

// Drops what a create's steps made; the plan goes with them.
Status RollBack(Connection* writer, const RetryOptions& retry,
                const DdlPlan& plan) {
  for (const std::string& drop : plan.undo) {
    OBKV_RETURN_IF_ERROR(writer->Exec(drop));
  }
  return RetryAborted(writer, retry, [&]() { return Forget(writer, plan); });
}

bool CatalogRowWritten(const DdlPlan& plan) {
  for (int k = 0; k < plan.reached; ++k) {
    if (plan.steps[k] == "@catalog insert") return true;
  }
  return false;
}

}  // namespace

Status RetryAborted(Connection* writer, const RetryOptions& retry,
                    const std::function<Status()>& fn) {
  for (int attempt = 1;; ++attempt) {
    Status st = fn();
    if (!st.IsAborted()) return st;
    writer->Rollback();
    if (attempt >= retry.max_attempts) return st;
    BackOff(retry, attempt);
  }
}

std::string DescribeDdlPlan(const DdlPlan& plan) {
  const bool ns = plan.kind.rfind("namespace", 0) == 0;
  return "plan " + std::to_string(plan.id) + " (" + plan.kind + " of " +
         (ns ? "namespace '" : "table '") + plan.subject + "', " +
         std::to_string(plan.reached) + " of " +
         std::to_string(plan.steps.size()) + " steps done)";
}

Status RunDdlPlan(Connection* writer, const RetryOptions& retry, DdlPlan plan) {
  OBKV_RETURN_IF_ERROR(writer->Revive());
  OBKV_RETURN_IF_ERROR(
      RetryAborted(writer, retry, [&]() { return Record(writer, &plan); }));
  bool applied = false;
  Status st = RunFrom(writer, retry, &plan, /*resumed=*/false, &applied);
  if (st.ok()) return st;
  writer->Rollback();
  // A lost server or client: the plan stays for repair.
  if (st.IsUnavailable() || st.IsUnknownOutcome() ||
      st.message().rfind("injected stop", 0) == 0) {
    return st.WithPrefix(
        "(recorded for repair: opening the store again or "
        "`obkv repair` finishes it) ");
  }
  // The server refused a step. A create is rolled back; any other change
  // is forgotten only when none of its statements ran (a statement that
  // ran before its record failed, e.g. by a deadlock past the retries,
  // leaves the plan to be finished).
  if (plan.kind == "create" && !CatalogRowWritten(plan)) {
    if (RollBack(writer, retry, plan).ok()) return st;
  } else if (plan.reached == 0 && !applied) {
    if (Forget(writer, plan).ok()) return st;
  }
  return st.WithPrefix(
      "(recorded for repair: opening the store again or `obkv repair` "
      "finishes it) ");
}

Result<std::vector<DdlPlan>> LoadDdlPlans(Connection* conn) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Statement> q,
                        conn->Prepare(DdlPlanRowsSql()));
  std::vector<DdlPlan> out;
  while (true) {
    OBKV_ASSIGN_OR_RETURN(bool row, q->Step());
    if (!row) break;
    DdlPlan plan;
    plan.id = q->ColumnInt(0);
    plan.kind = std::string(q->ColumnText(1));
    plan.subject = std::string(q->ColumnBlob(2));
    // Columns in order: a server statement's views end at the next one.
    nlohmann::json doc = nlohmann::json::parse(q->ColumnBlob(3), nullptr,
                                               /*allow_exceptions=*/false);
    plan.reached = static_cast<int>(q->ColumnInt(4));
    if (!doc.is_object() || !doc["steps"].is_array() ||
        !doc["undo"].is_array() || !doc["spec"].is_string()) {
      return Status::Corruption("obkv_ddl_plan: plan " +
                                std::to_string(plan.id) +
                                " is not a plan document");
    }
    for (const auto& s : doc["steps"]) {
      if (!s.is_string()) return Status::Corruption("obkv_ddl_plan: step");
      plan.steps.push_back(s.get<std::string>());
    }
    for (const auto& s : doc["undo"]) {
      if (!s.is_string()) return Status::Corruption("obkv_ddl_plan: undo");
      plan.undo.push_back(s.get<std::string>());
    }
    plan.spec_json = doc["spec"].get<std::string>();
    if (plan.reached < 0 ||
        plan.reached > static_cast<int>(plan.steps.size())) {
      return Status::Corruption("obkv_ddl_plan: plan " +
                                std::to_string(plan.id) + " reached " +
                                std::to_string(plan.reached));
    }
    out.push_back(std::move(plan));
  }
  return out;
}

Status RepairDdlPlans(Connection* writer, const RetryOptions& retry,
                      const std::string& subject,
                      std::vector<std::string>* report) {
  OBKV_RETURN_IF_ERROR(writer->Revive());
  std::vector<DdlPlan> plans;
  OBKV_RETURN_IF_ERROR(RetryAborted(writer, retry, [&]() -> Status {
    OBKV_ASSIGN_OR_RETURN(plans, LoadDdlPlans(writer));
    return Status::OK();
  }));
  Status first;
  for (DdlPlan& plan : plans) {
    if (!subject.empty() && plan.subject != subject) continue;
    const std::string what = DescribeDdlPlan(plan);
    const bool roll_back = plan.kind == "create" && !CatalogRowWritten(plan);
    bool applied = false;
    Status st = roll_back
                    ? RollBack(writer, retry, plan)
                    : RunFrom(writer, retry, &plan, /*resumed=*/true, &applied);
    if (!st.ok()) writer->Rollback();
    if (report != nullptr) {
      report->push_back(
          st.ok() ? (roll_back ? "rolled back " : "finished ") + what
                  : "could not repair " + what + ": " + st.ToString());
    }
    if (first.ok()) first = st;
  }
  return first;
}

Result<std::vector<std::string>> CheckUnfinishedDdlPlans(Connection* conn) {
  std::vector<std::string> out;
  OBKV_ASSIGN_OR_RETURN(
      std::vector<std::string> plan_table,
      FirstColumn(conn, DdlPlanTableExistsSql(), {std::string(kDdlPlanTable)}));
  if (!plan_table.empty()) {
    OBKV_ASSIGN_OR_RETURN(std::vector<DdlPlan> plans, LoadDdlPlans(conn));
    for (const DdlPlan& plan : plans) {
      out.push_back("unfinished " + DescribeDdlPlan(plan) +
                    " (obkv repair finishes it)");
    }
  }
  return out;
}

}  // namespace storage
}  // namespace obkvlite
