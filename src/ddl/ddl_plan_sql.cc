// Copyright (c) obkvlite authors.
#include "ddl/ddl_plan_sql.h"

#include <string_view>

#include "ddl/sql_quote.h"
#include "ddl/store_ddl.h"

namespace obkvlite {
namespace {

std::string PlanQ(std::string_view name) { return QuoteMysqlIdentifier(name); }

}  // namespace

std::string DdlPlanTableExistsSql() {
  return "SELECT TABLE_NAME FROM information_schema.TABLES WHERE "
         "TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?1";
}

std::string DdlPlanInsertSql() {
  return "INSERT INTO " + PlanQ(kDdlPlanTable) + " (" + PlanQ("kind") + ", " +
         PlanQ("subject") + ", " + PlanQ("plan") + ", " + PlanQ("reached") +
         ") VALUES (?1, ?2, ?3, 0)";
}

std::string DdlPlanIdSql() { return "SELECT LAST_INSERT_ID()"; }

std::string DdlPlanAdvanceSql() {
  return "UPDATE " + PlanQ(kDdlPlanTable) + " SET " + PlanQ("reached") +
         " = ?2 WHERE " + PlanQ("id") + " = ?1";
}

std::string DdlPlanDeleteSql() {
  return "DELETE FROM " + PlanQ(kDdlPlanTable) + " WHERE " + PlanQ("id") +
         " = ?1";
}

std::string DdlPlanRowsSql() {
  return "SELECT " + PlanQ("id") + ", " + PlanQ("kind") + ", " +
         PlanQ("subject") + ", " + PlanQ("plan") + ", " + PlanQ("reached") +
         " FROM " + PlanQ(kDdlPlanTable) + " ORDER BY " + PlanQ("id");
}

}  // namespace obkvlite
