// Copyright (c) obkvlite authors.
//
// The SQL text of the statements on a server store's DDL plans, table
// "obkv_ddl_plan" (id, kind, subject, plan, reached; kDdlPlanTable and its
// CREATE TABLE are ddl/store_ddl.h's), which storage/mysql/ddl_plan.h runs
// (doc/ddl-plans.md). mysql dialect.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_DDL_DDL_PLAN_SQL_H_
#define OBKVLITE_DDL_DDL_PLAN_SQL_H_

#include <string>

namespace obkvlite {

// One row when the current database has table ?1 (the plans' table is
// missing on a store made before plans existed).
std::string DdlPlanTableExistsSql();

// Records a plan: kind ?1, subject ?2, plan document ?3, no step reached.
std::string DdlPlanInsertSql();

// One row, the id the last insert of the session gave.
std::string DdlPlanIdSql();

// Plan ?1 reached ?2 steps.
std::string DdlPlanAdvanceSql();

// Removes plan ?1.
std::string DdlPlanDeleteSql();

// Every plan (id, kind, subject, plan, reached), oldest first.
std::string DdlPlanRowsSql();

}  // namespace obkvlite

#endif  // OBKVLITE_DDL_DDL_PLAN_SQL_H_
