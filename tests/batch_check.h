// Copyright (c) obkvlite authors.
//
// Checks of a store loaded with the batch workload (tools/crash/
// batch_load.h), shared by crash_test and concurrency_test:
//   TallyBatches(table)    every cell of one Scan (one snapshot), tallied
//                          (crash::TallyBatches, batch_load.h);
//   SqlFirstValue(path, sql) one value, on a separate connection;
//   IntegrityCheck(path)   PRAGMA integrity_check.
//
// Thread safety: functions of their arguments; one table may be scanned
// from several threads.

#ifndef OBKVLITE_TESTS_BATCH_CHECK_H_
#define OBKVLITE_TESTS_BATCH_CHECK_H_

#include <sqlite3.h>

#include <memory>
#include <string>

#include "obkvlite/query.h"
#include "obkvlite/status.h"
#include "obkvlite/table.h"
#include "tools/crash/batch_load.h"

namespace obkvlite {
namespace testing {

using crash::TallyBatches;

// The first column of the first row of `sql`, run on a separate read-only
// connection, as text; the error message when it fails.
inline std::string SqlFirstValue(const std::string& path,
                                 const std::string& sql) {
  sqlite3* db = nullptr;
  std::string result;
  bool ok = false;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) ==
      SQLITE_OK) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW) {
      const unsigned char* text = sqlite3_column_text(stmt, 0);
      result = text == nullptr ? "NULL" : reinterpret_cast<const char*>(text);
      ok = true;
    }
    sqlite3_finalize(stmt);
  }
  if (!ok) result = sqlite3_errmsg(db);
  sqlite3_close(db);
  return result;
}

// "ok" when PRAGMA integrity_check finds the file sound.
inline std::string IntegrityCheck(const std::string& path) {
  return SqlFirstValue(path, "PRAGMA integrity_check");
}

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_BATCH_CHECK_H_
