// Copyright (c) obkvlite authors.
//
// DDL plans: how a server store's multi-statement change survives a crash
// of the client or the server (doc/ddl-plans.md). A server's DDL commits
// statement by statement, so a change of several statements (create, drop,
// alter and every partition change, truncate, namespace create and drop)
// first records its plan in the catalog's relation obkv_ddl_plan: its
// kind, its subject, its steps and the step reached. Each step is one
// server statement or one catalog write ("@..." steps below), and each is
// idempotent: it can run again after a crash that left its outcome
// unknown. A catalog write and the advance of `reached` commit together,
// so the catalog holds the old spec until the change is done.
//
// Repair (RepairDdlPlans: every writable open, `obkv repair`, and the next
// change of the same subject) finishes a recorded plan from its reached
// step, except a create, which it rolls back (drops what the plan's steps
// created; it held no data) unless its catalog row was written.
//
// Steps besides SQL text:
//   "@catalog insert" / "@catalog update": the catalog row of `subject`
//     becomes spec_json; "@catalog delete": the row goes;
//   "@namespace add" / "@namespace remove": the namespace registry row of
//     `subject` (tolerating one already there or already gone);
//   kClaimNamespaceStep + STORE: on a server, namespace database
//     `subject` is recorded as the store STORE's (ClaimServerNamespace);
//   kDropNamespaceDatabaseStep + STORE: DROP DATABASE `subject` when it
//     holds no table and no other store than STORE owns it.
//
// REQUIRED: the writer connection of a server store, under the store's
// write mutex. Thread safety: as the connection.

#ifndef OBKVLITE_STORAGE_DDL_PLAN_H_
#define OBKVLITE_STORAGE_DDL_PLAN_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "obkvlite/options.h"
#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {
namespace storage {

inline constexpr const char* kClaimNamespaceStep = "@namespace claim for ";
inline constexpr const char* kDropNamespaceDatabaseStep =
    "@drop database if empty, unless owned by another store than ";

struct DdlPlan {
  int64_t id = 0;       // the plan's row; 0 until recorded
  std::string kind;     // "create", "drop", "alter", "truncate",
                        // "namespace create" or "namespace drop"
  std::string subject;  // the table or namespace name
  std::vector<std::string> steps;
  // A create's roll back: DROP ... IF EXISTS of what its steps create.
  std::vector<std::string> undo;
  std::string spec_json;  // the catalog row of "@catalog insert|update"
  int reached = 0;        // steps done
};

// Records `plan` and runs every step. A failed step leaves the plan
// recorded for repair (the error says so), except when nothing was applied
// yet, or for a create, which is rolled back at once when it can be.
// Deadlocks and lock-wait timeouts re-run the step (RetryAborted).
Status RunDdlPlan(Connection* writer, const RetryOptions& retry, DdlPlan plan);

// The recorded plans, oldest first.
Result<std::vector<DdlPlan>> LoadDdlPlans(Connection* conn);

// Finishes (or, for a create, rolls back) every recorded plan of `subject`,
// or every plan when `subject` is empty. Appends one line per plan to
// `report` (may be null): what was done, or why it could not be.
// Returns the first failure; the plans that failed stay recorded.
Status RepairDdlPlans(Connection* writer, const RetryOptions& retry,
                      const std::string& subject,
                      std::vector<std::string>* report);

// Runs `fn` again (after a rollback and retry's backoff) while it fails
// with Aborted, the server having rolled it back (a deadlock or lock-wait
// timeout: 1213, 1205), up to retry.max_attempts times in all; then the
// last Aborted. For the reads and idempotent writes around a change, which
// the store's write retry does not cover.
Status RetryAborted(Connection* writer, const RetryOptions& retry,
                    const std::function<Status()>& fn);

// `obkv check`'s lines for the recorded plans, oldest first: "unfinished
// plan 3: ... (obkv repair finishes it)". None on a store made before plans
// existed (no obkv_ddl_plan relation).
Result<std::vector<std::string>> CheckUnfinishedDdlPlans(Connection* conn);

// "plan 3: partition change ... of table 't', step 2 of 5 reached".
std::string DescribeDdlPlan(const DdlPlan& plan);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_DDL_PLAN_H_
