// Copyright (c) obkvlite authors.
//
// What a repair does with a DDL plan step whose outcome a crash left
// unknown (storage/mysql/ddl_plan.h): server DDL commits by itself, so the step
// may have run although the plan does not record it. Running it again is
// safe for the statements that are idempotent (TRUNCATE PARTITION, a whole
// PARTITION BY, DROP TABLE IF EXISTS); for the others the server is asked:
//   - CREATE TABLE `t`: ran when the table exists;
//   - ALTER TABLE `t` DROP PARTITION `a`, ...: ran when none of them is
//     left (information_schema.PARTITIONS);
//   - ALTER TABLE `t` ADD PARTITION (PARTITION `n` ...): ran when every
//     new partition is there;
//   - ALTER TABLE `t` REORGANIZE PARTITION `a` INTO (...): ran when `a` is
//     gone and the new partitions are there (OceanBase's split);
// and CREATE TABLEGROUP / DROP TABLEGROUP run again as CREATE TABLEGROUP
// IF NOT EXISTS / DROP TABLEGROUP IF EXISTS (OceanBase's forms).
//
// REQUIRED: `sql` is one statement of a plan, in the mysql or oceanbase
// dialect, after any "-- " note lines. Thread safety: as the connection.

#ifndef OBKVLITE_STORAGE_DDL_STEP_APPLIED_H_
#define OBKVLITE_STORAGE_DDL_STEP_APPLIED_H_

#include <string>

#include "obkvlite/status.h"
#include "storage/connection.h"

namespace obkvlite {
namespace storage {

// True when the server shows that `sql` already ran.
Result<bool> DdlStepApplied(Connection* conn, const std::string& sql);

// `sql` as a resumed step runs it: a table group's CREATE and DROP with
// IF [NOT] EXISTS; any other statement as it is.
std::string ResumedDdlStep(const std::string& sql);

}  // namespace storage
}  // namespace obkvlite

#endif  // OBKVLITE_STORAGE_DDL_STEP_APPLIED_H_
