// Copyright (c) obkvlite authors.
//
// What the DDL plan suites (ddl_plan_test, ddl_plan_kill_test) look at
// after a change was stopped or its server killed: the server's relations,
// plans and partitions of a store URI (any server: the fixture's or a
// test's OwnServer), the table's cells, Store::Check's differences; and the
// two ways a change is interrupted before its n-th step (the client
// stopping, InjectedFault::kStopDdl; the server killed, InjectDdlStepHook).
//
// Thread safety: the test's thread only (fault injection is process-wide).

#ifndef OBKVLITE_TESTS_DDL_PLAN_SUPPORT_H_
#define OBKVLITE_TESTS_DDL_PLAN_SUPPORT_H_

#include <doctest/doctest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "fault_injection.h"
#include "obkvlite/store.h"
#include "own_server.h"
#include "storage/mysql/mysql_connection.h"
#include "storage/mysql/mysql_uri.h"
#include "store_fixture.h"

namespace obkvlite {
namespace testing {

// The families and rows the DDL plan cases' table "t" starts from.
inline constexpr const char* kTwoFamilies =
    R"([{"name": "cf1"}, {"name": "cf2"}])";
inline const std::vector<std::string> kRows = {"a", "b", "e", "f", "n", "z"};

inline std::string Joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

// The first column of every row of `sql`, run in the database of store URI
// `uri`.
inline std::vector<std::string> QueryAt(const std::string& uri,
                                        const std::string& sql) {
  Result<storage::MysqlUri> parsed = storage::ParseMysqlUri(uri);
  REQUIRE_MESSAGE(parsed.ok(), parsed.status().ToString());
  Result<std::unique_ptr<storage::MysqlConnection>> conn =
      storage::MysqlConnection::Open(*parsed, /*read_only=*/true,
                                     /*use_database=*/true);
  REQUIRE_MESSAGE(conn.ok(), conn.status().ToString());
  INFO(sql);
  Result<std::unique_ptr<storage::Statement>> q = (*conn)->Prepare(sql);
  REQUIRE_MESSAGE(q.ok(), q.status().ToString());
  std::vector<std::string> rows;
  while (true) {
    Result<bool> row = (*q)->Step();
    REQUIRE_MESSAGE(row.ok(), row.status().ToString());
    if (!*row) break;
    rows.emplace_back((*q)->ColumnText(0));
  }
  return rows;
}

// The server's relations of the store at `uri`, except the store's own
// (tables without '$', and the hot-key views), ascending.
inline std::vector<std::string> Relations(const std::string& uri) {
  return QueryAt(uri,
                 "SELECT TABLE_NAME FROM information_schema.TABLES WHERE "
                 "TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' "
                 "AND TABLE_NAME LIKE '%$%' ORDER BY TABLE_NAME");
}

// The kinds of the store's recorded plans.
inline std::vector<std::string> Plans(const std::string& uri) {
  return QueryAt(uri, "SELECT kind FROM obkv_ddl_plan");
}

// The server's partition names of relation `rel`, in order.
inline std::vector<std::string> ServerPartitions(const std::string& uri,
                                                 const std::string& rel) {
  return QueryAt(uri,
                 "SELECT PARTITION_NAME FROM information_schema.PARTITIONS "
                 "WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '" +
                     rel + "' ORDER BY PARTITION_ORDINAL_POSITION");
}

// Every "row/family" of table `t`, in scan order.
inline std::string Cells(Store* store, const std::string& t) {
  Table* table = MustTable(store, t);
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(Scan());
  REQUIRE_MESSAGE(scanner.ok(), scanner.status().ToString());
  std::string out;
  for (const Cell& c : Drain(scanner->get())) {
    out += c.row + "/" + c.family + " ";
  }
  return out;
}

// Store::Check's differences (`obkv check`), one per line.
inline std::string Differences(Store* store) {
  Result<std::vector<std::string>> diffs = store->Check();
  REQUIRE_MESSAGE(diffs.ok(), diffs.status().ToString());
  return Joined(*diffs);
}

// Runs `change` stopped before its n-th step, as if the client died there
// (then reopens the store, which repairs it); false once n is past the
// change's last step.
inline bool StopBeforeStep(std::unique_ptr<Store>& store,
                           const std::string& uri, int n,
                           const std::function<Status()>& change) {
  storage::InjectFault(storage::InjectedFault::kStopDdl, n);
  Status st = change();
  if (!storage::ClearInjectedFault()) {
    REQUIRE_MESSAGE(st.ok(), st.ToString());
    return false;
  }
  REQUIRE(st.message().find("injected stop") != std::string::npos);
  store.reset();
  store = MustOpenStore(uri);
  CHECK(store->info().repaired.size() == 1);
  return true;
}

// Kills the server before step n of `change` (then restarts it); returns
// false once n is past the change's last step.
inline bool KillBeforeStep(OwnServer& server, int n,
                           const std::function<Status()>& change) {
  bool killed = false;
  storage::InjectDdlStepHook(n, [&]() { killed = server.Script("kill") == 0; });
  Status st = change();
  storage::InjectDdlStepHook(0, nullptr);
  if (!killed) {
    REQUIRE_MESSAGE(st.ok(), st.ToString());
    return false;
  }
  CHECK_FALSE(st.ok());
  REQUIRE(server.Script("restart") == 0);
  return true;
}

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_DDL_PLAN_SUPPORT_H_
