// Copyright (c) obkvlite authors.
//
// DDL plans (storage/mysql/ddl_plan.h, doc/ddl-plans.md) of the changes
// ddl_plan_test does not interrupt: a partition add, a rehash and a roll,
// and the alters other than adding a family (a family dropped, a family's
// MaxVersions and TimeToLive changed, MaxVersions raised, and a drop, an
// add and a change at once), a partition drop of an indexed table, and
// the create and the drop of an indexed table (two changes each).
// Each is stopped before every one of its steps as if the client died
// there (InjectedFault::kStopDdl, on the fixture's MariaDB), given a
// deadlock at every statement (those of several steps), and run on a
// MariaDB of the test's own killed before every one of its steps
// (InjectDdlStepHook, then a restart). After the reopen's repair `check`
// is clean, no plan is left, and the catalog's spec, the server's
// partitions, the cells and the index are exactly what the change leaves.

#include <doctest/doctest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ddl_plan_support.h"
#include "fault_injection.h"
#include "obkvlite/index.h"
#include "obkvlite/partition_change.h"
#include "obkvlite/store.h"
#include "own_server.h"
#include "server_test_support.h"
#include "store_fixture.h"
#include "watchdog.h"

namespace obkvlite {
namespace testing {
namespace {

constexpr const char* kAllCells =
    "a/cf1 a/cf2 b/cf1 b/cf2 e/cf1 e/cf2 f/cf1 f/cf2 n/cf1 n/cf2 z/cf1 z/cf2 ";

// One change of table "t", the store it starts from and what it leaves.
struct PlannedChange {
  std::string name;  // its databases on an OwnServer are name + n
  // A store at the URI holding "t" as it is before the change.
  std::function<std::unique_ptr<Store>(const std::string& uri)> make;
  std::function<Status(Store*)> run;
  // CHECKs the change's result on the store at the URI, done whole.
  std::function<void(Store*, const std::string& uri)> check;
  int steps;  // the plan's steps on MariaDB: each is stopped before once
  // Also killed before each step on an OwnServer (false where those kill
  // points repeat other changes', to keep the suite's restarts few).
  bool server_kills = true;
};

void CheckFinished(const PlannedChange& c, Store* store,
                   const std::string& uri) {
  CHECK(Plans(uri).empty());
  CHECK(Differences(store) == "");
  c.check(store, uri);
}

// Runs change `c` on a fresh database of the fixture's server, with
// `interrupt` armed at n = 1, 2, ... until it no longer fires; each time the
// store then is what the whole change leaves. `interrupt` runs the change
// on `store` at `uri` (reopening it as it needs) and returns whether it
// fired. Returns how many times it fired.
int InterruptEach(
    const PlannedChange& c,
    const std::function<bool(std::unique_ptr<Store>& store,
                             const std::string& uri, int n)>& interrupt) {
  int fired = 0;
  for (int n = 1;; ++n) {
    CAPTURE(n);
    ServerDatabase db;
    std::unique_ptr<Store> store = c.make(db.uri());
    const bool hit = interrupt(store, db.uri(), n);
    CheckFinished(c, store.get(), db.uri());
    if (!hit) break;
    ++fired;
  }
  return fired;
}

// The client stops before each step; the next open finishes the change.
// Returns how many steps it has.
int StopBeforeEachStep(const PlannedChange& c) {
  return InterruptEach(
      c, [&](std::unique_ptr<Store>& store, const std::string& uri, int n) {
        const bool stopped =
            StopBeforeStep(store, uri, n, [&] { return c.run(store.get()); });
        if (stopped) {
          CHECK(store->info().repaired[0].rfind("finished plan", 0) == 0);
        }
        return stopped;
      });
}

// The server returns 1213 at the n-th statement of the change, for every
// n: a statement whose step ran before its record was rolled back is run
// again as resumed (storage/mysql/ddl_step_applied.h); the change completes.
// Returns how many statements it has.
int DeadlockAtEachStatement(const PlannedChange& c) {
  return InterruptEach(
      c, [&](std::unique_ptr<Store>& store, const std::string& /*uri*/, int n) {
        storage::InjectFault(storage::InjectedFault::kDeadlock, n);
        Status st = c.run(store.get());
        const bool hit = storage::ClearInjectedFault();
        REQUIRE_MESSAGE(st.ok(), st.ToString());
        return hit;
      });
}

// The server is killed before each step and restarted; the next open
// finishes the change.
void KillBeforeEachStep(OwnServer& server, const PlannedChange& c) {
  int kills = 0;
  for (int n = 1;; ++n) {
    CAPTURE(n);
    const std::string uri = server.uri(c.name + std::to_string(n));
    std::unique_ptr<Store> store = c.make(uri);
    const bool killed =
        KillBeforeStep(server, n, [&] { return c.run(store.get()); });
    if (killed) {
      ++kills;
      store.reset();
      store = MustOpenStore(uri);
      REQUIRE(store->info().repaired.size() == 1);
      CHECK(store->info().repaired[0].rfind("finished plan", 0) == 0);
    }
    CheckFinished(c, store.get(), uri);
    if (!killed) break;
  }
  CHECK(kills == c.steps);
}

std::unique_ptr<Store> StoreWith(const std::string& uri,
                                 const std::string& spec_json) {
  std::unique_ptr<Store> store = MustOpenStore(uri);
  Status st = store->CreateTable(MustParseSpec(spec_json));
  REQUIRE_MESSAGE(st.ok(), st.ToString());
  return store;
}

void PutRows(Store* store, const std::vector<std::string>& rows) {
  Table* table = MustTable(store, "t");
  for (const std::string& row : rows) {
    Status st =
        table->Put(Put(row).Add("cf1", "q", 1, "v").Add("cf2", "q", 1, "w"));
    REQUIRE_MESSAGE(st.ok(), st.ToString());
  }
}

std::function<Status(Store*)> Partitions(const PartitionChange& change) {
  return [change](Store* store) {
    return store->ChangePartitions("t", change).status();
  };
}

std::function<Status(Store*)> Alter(const std::string& spec_json) {
  const TableSpec spec = MustParseSpec(spec_json);
  return
      [spec](Store* store) { return store->AlterTable(spec, ChangeOptions()); };
}

// The server's partitions of both families' relations, which agree.
std::vector<std::string> BothFamiliesPartitions(const std::string& uri) {
  const std::vector<std::string> cf1 = ServerPartitions(uri, "t$cf1");
  CHECK(ServerPartitions(uri, "t$cf2") == cf1);
  return cf1;
}

const FamilySpec& Family(Store* store, size_t i) {
  const TableSpec& spec = MustTable(store, "t")->spec();
  REQUIRE(i < spec.families.size());
  return spec.families[i];
}

// A range partition appended above the last bound "m" of both families
// (no MAXVALUE: such a range takes no add): each family repartitioned,
// then the catalog row.
PlannedChange AddPartition() {
  PartitionChange add;
  add.op = PartitionOp::kAdd;
  add.bound = RangeBound::Key("z");
  return {"padd",
          [](const std::string& uri) {
            auto store =
                StoreWith(uri, SpecJson("t", kTwoFamilies,
                                        R"({"strategy": "range", "column": "K",
                                  "bounds": ["d", "m"]})"));
            PutRows(store.get(), {"a", "b", "e", "f"});
            return store;
          },
          Partitions(add),
          [](Store* store, const std::string& uri) {
            for (size_t i : {0, 1}) {
              const PartitionSpec& p = Family(store, i).partition;
              REQUIRE(p.bounds.size() == 3);
              CHECK(p.bounds[2].key == "z");
            }
            CHECK(BothFamiliesPartitions(uri) ==
                  std::vector<std::string>{"p0", "p1", "p2"});
            CHECK(Cells(store, "t") ==
                  "a/cf1 a/cf2 b/cf1 b/cf2 e/cf1 e/cf2 f/cf1 f/cf2 ");
            // The new partition takes rows.
            PutRows(store, {"n"});
            CHECK(Cells(store, "t") ==
                  "a/cf1 a/cf2 b/cf1 b/cf2 e/cf1 e/cf2 f/cf1 f/cf2 n/cf1 "
                  "n/cf2 ");
          },
          3};
}

// Every row of both families rewritten from 3 KEY partitions into 5: each
// family repartitioned, then the catalog row.
PlannedChange Rehash() {
  PartitionChange rehash;
  rehash.op = PartitionOp::kRehash;
  rehash.count = 5;
  return {"prehash",
          [](const std::string& uri) {
            auto store = StoreWith(
                uri, SpecJson("t", kTwoFamilies,
                              R"({"strategy": "key", "partitions": 3})"));
            PutRows(store.get(), kRows);
            return store;
          },
          Partitions(rehash),
          [](Store* store, const std::string& uri) {
            CHECK(Family(store, 0).partition.key_partitions == 5);
            CHECK(Family(store, 1).partition.key_partitions == 5);
            CHECK(BothFamiliesPartitions(uri).size() == 5);
            CHECK(Cells(store, "t") == kAllCells);
          },
          3};
}

constexpr int64_t kDayMs = 86400000;
constexpr int64_t kDec1 = 1733011200000;  // 2024-12-01T00:00:00Z

// A daily time window (precreate 2, expire 3) rolled on Dec 5, 10:00:
// p0 (before Dec 1) expired, [Dec 1, Dec 5) kept, Dec 5..7 created. The
// expired partition truncated, the family repartitioned, the catalog row.
PlannedChange Roll() {
  PartitionChange roll;
  roll.op = PartitionOp::kRoll;
  roll.now_ms = kDec1 + 4 * kDayMs + 10 * 3600000;
  return {
      "proll",
      [](const std::string& uri) {
        auto store = StoreWith(
            uri,
            "{\"table\": \"t\", \"families\": [{\"name\": \"cf1\", "
            "\"time_window\": {\"unit\": \"day\", \"precreate\": 2, "
            "\"expire\": 3}}], \"partition\": {\"strategy\": \"range\", "
            "\"column\": \"G\", \"bounds\": [" +
                std::to_string(kDec1) + ", " +
                std::to_string(kDec1 + 4 * kDayMs) + "]}}");
        Table* table = MustTable(store.get(), "t");
        REQUIRE(table->Put(Put("old").Add("cf1", "q", kDec1 - 1, "v")).ok());
        REQUIRE(table->Put(Put("mid").Add("cf1", "q", kDec1 + 2 * kDayMs, "v"))
                    .ok());
        return store;
      },
      Partitions(roll),
      [](Store* store, const std::string& uri) {
        const PartitionSpec& p = Family(store, 0).partition;
        std::vector<int64_t> bounds;
        for (const RangeBound& b : p.bounds) bounds.push_back(b.ts_ms);
        CHECK(bounds ==
              std::vector<int64_t>{kDec1 + 4 * kDayMs, kDec1 + 5 * kDayMs,
                                   kDec1 + 6 * kDayMs, kDec1 + 7 * kDayMs});
        const std::vector<std::string> names = {"p1", "p20241205", "p20241206",
                                                "p20241207"};
        CHECK(p.names == names);
        // MariaDB's range is on T = -G: the same names, in reverse.
        CHECK(Joined(ServerPartitions(uri, "t$cf1")) ==
              "p20241207\np20241206\np20241205\np1\n");
        CHECK(Cells(store, "t") == "mid/cf1 ");
      },
      3};
}

// Family cf2 dropped: its relation dropped, then the catalog row.
PlannedChange DropFamily() {
  return {
      "fdrop",
      [](const std::string& uri) {
        auto store = StoreWith(
            uri, SpecJson("t", kTwoFamilies, R"({"strategy": "none"})"));
        PutRows(store.get(), kRows);
        return store;
      },
      Alter(SpecJson("t", R"([{"name": "cf1"}])", R"({"strategy": "none"})")),
      [](Store* store, const std::string& uri) {
        CHECK(MustTable(store, "t")->spec().families.size() == 1);
        CHECK(Relations(uri) == std::vector<std::string>{"t$cf1"});
        CHECK(Cells(store, "t") == "a/cf1 b/cf1 e/cf1 f/cf1 n/cf1 z/cf1 ");
      },
      2};
}

// Two versions of cf1's "q" (ts 1 and 2) in each row, and cf2's one.
std::unique_ptr<Store> VersionedStore(const std::string& uri,
                                      const std::string& families_json) {
  auto store =
      StoreWith(uri, SpecJson("t", families_json, R"({"strategy": "none"})"));
  Table* table = MustTable(store.get(), "t");
  for (const char* row : {"a", "n"}) {
    Status st = table->Put(Put(row)
                               .Add("cf1", "q", 1, "old")
                               .Add("cf1", "q", 2, "new")
                               .Add("cf2", "q", 1, "w"));
    REQUIRE_MESSAGE(st.ok(), st.ToString());
  }
  return store;
}

// Every "row/family@ts" of "t", up to 3 versions, in scan order.
std::string Versions(Store* store) {
  Scan scan;
  scan.max_versions = 3;
  Result<std::unique_ptr<Scanner>> scanner =
      MustTable(store, "t")->GetScanner(scan);
  REQUIRE_MESSAGE(scanner.ok(), scanner.status().ToString());
  std::string out;
  for (const Cell& c : Drain(scanner->get())) {
    out += c.row + "/" + c.family + "@" + std::to_string(c.timestamp) + " ";
  }
  return out;
}

constexpr const char* kThreeVersions =
    R"([{"name": "cf1", "max_versions": 3}, {"name": "cf2"}])";

// cf1's MaxVersions 3 -> 1 and a TimeToLive that keeps ts 1 (63 years):
// on MariaDB only the catalog row (OceanBase's kv_attributes).
PlannedChange FamilyOptions() {
  return {"fopts",
          [](const std::string& uri) {
            auto store = VersionedStore(uri, kThreeVersions);
            CHECK(Versions(store.get()) ==
                  "a/cf1@2 a/cf1@1 a/cf2@1 n/cf1@2 n/cf1@1 n/cf2@1 ");
            return store;
          },
          Alter(SpecJson(
              "t",
              R"([{"name": "cf1", "max_versions": 1, "ttl_seconds": 2000000000},
                  {"name": "cf2"}])",
              R"({"strategy": "none"})")),
          [](Store* store, const std::string& uri) {
            CHECK(Family(store, 0).max_versions == 1);
            CHECK(Family(store, 0).ttl_seconds == 2000000000);
            CHECK(Family(store, 1).max_versions == 0);
            CHECK(Relations(uri) == std::vector<std::string>{"t$cf1", "t$cf2"});
            CHECK(Versions(store) == "a/cf1@2 a/cf2@1 n/cf1@2 n/cf2@1 ");
          },
          1};
}

// cf1's MaxVersions 1 -> 3: the versions that 1 hid are purged first (so
// they do not reappear), outside the plan; then the catalog row.
PlannedChange VersionsRise() {
  return {"fvers",
          [](const std::string& uri) {
            auto store = VersionedStore(
                uri,
                R"([{"name": "cf1", "max_versions": 1}, {"name": "cf2"}])");
            CHECK(Versions(store.get()) == "a/cf1@2 a/cf2@1 n/cf1@2 n/cf2@1 ");
            return store;
          },
          Alter(SpecJson("t", kThreeVersions, R"({"strategy": "none"})")),
          [](Store* store, const std::string& /*uri*/) {
            CHECK(Family(store, 0).max_versions == 3);
            CHECK(Versions(store) == "a/cf1@2 a/cf2@1 n/cf1@2 n/cf2@1 ");
          },
          1};
}

// cf2 dropped, cf3 added and cf1's MaxVersions 3 -> 1 in one alter: the
// DROP TABLE, the CREATE TABLE, then the catalog row.
PlannedChange MixedAlter() {
  PlannedChange c{
      "fmix",
      [](const std::string& uri) {
        return VersionedStore(uri, kThreeVersions);
      },
      Alter(SpecJson("t",
                     R"([{"name": "cf1", "max_versions": 1},
                             {"name": "cf3"}])",
                     R"({"strategy": "none"})")),
      [](Store* store, const std::string& uri) {
        CHECK(Family(store, 0).max_versions == 1);
        CHECK(Family(store, 1).name == "cf3");
        CHECK(Relations(uri) == std::vector<std::string>{"t$cf1", "t$cf3"});
        CHECK(Versions(store) == "a/cf1@2 n/cf1@2 ");
      },
      3};
  // A drop (DropFamily) and an add (ddl_plan_test) are killed already.
  c.server_kills = false;
  return c;
}

// The rows of "t" whose cf1:q is "same", through index t_by_q.
std::string ThroughIndex(Store* store) {
  IndexScan scan;
  scan.index = "t_by_q";
  scan.value = "same";
  Result<std::unique_ptr<Scanner>> scanner =
      MustTable(store, "t")->GetIndexScanner(scan);
  REQUIRE_MESSAGE(scanner.ok(), scanner.status().ToString());
  std::string rows;
  for (const Cell& c : Drain(scanner->get())) rows += c.row + " ";
  return rows;
}

// Partition p1 (["d", "m"): rows e and f) of an indexed table dropped: its
// index entries go with the rows, however the change was interrupted. The
// partition truncated, the family repartitioned, the index rows of the
// removed rows deleted, the catalog row. (Regression: the index was
// rebuilt after the plan, outside it, so a repaired drop left e's and f's
// index rows behind, and a deadlock in the rebuild failed a drop that had
// happened.)
PlannedChange IndexedDrop() {
  PartitionChange drop;
  drop.op = PartitionOp::kDrop;
  drop.partitions = {1};
  return {"pidx",
          [](const std::string& uri) {
            auto store =
                StoreWith(uri,
                          R"({"table": "t", "families": [{"name": "cf1"}],
                    "partition": {"strategy": "range", "column": "K",
                                  "bounds": ["d", "m", "MAXVALUE"]},
                    "indexes": [{"name": "t_by_q", "family": "cf1",
                                 "qualifier": "q"}]})");
            Table* table = MustTable(store.get(), "t");
            for (const char* row : {"a", "e", "f", "n"}) {
              REQUIRE(table->Put(Put(row).Add("cf1", "q", 1, "same")).ok());
            }
            REQUIRE(ThroughIndex(store.get()) == "a e f n ");
            return store;
          },
          Partitions(drop),
          [](Store* store, const std::string& /*uri*/) {
            CHECK(Cells(store, "t") == "a/cf1 n/cf1 ");
            CHECK(ThroughIndex(store) == "a n ");
            Result<IndexCheckReport> report =
                MustTable(store, "t")->CheckIndex("t_by_q");
            REQUIRE_MESSAGE(report.ok(), report.status().ToString());
            CHECK(report->stale == 0);
            CHECK(report->missing == 0);
            CHECK(report->entries == 2);
          },
          4};
}

// The statements of IndexedDrop, as `--ddl-only` prints them for
// OceanBase: the index rows go in the same plan as the partition.
TEST_CASE(
    "ddl plan: a partition drop of an indexed table deletes the "
    "removed rows' index rows") {
  REQUIRE_MESSAGE(OnTestServer(), "OBKV_TEST_MYSQL_SOCKET is not set");
  ServerDatabase db;
  const PlannedChange c = IndexedDrop();
  std::unique_ptr<Store> store = c.make(db.uri());
  PartitionChange drop;
  drop.op = PartitionOp::kDrop;
  drop.partitions = {1};
  drop.dry_run = true;
  Result<PartitionChangeResult> r = store->ChangePartitions("t", drop);
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  CHECK(r->oceanbase_ddl ==
        std::vector<std::string>{
            "ALTER TABLE `t$cf1` DROP PARTITION `p1`;\n",
            "-- the index rows of the removed rows go with them\nDELETE i FROM "
            "`t_by_q$cf1` AS i WHERE NOT EXISTS (SELECT 1 FROM `t$cf1` AS m "
            "WHERE m.`K` = SUBSTRING(i.`K`, LOCATE(x'0000', i.`K`) + 2) AND "
            "m.`Q` = 'q');\n"});
  CHECK(ThroughIndex(store.get()) == "a e f n ");
}

// A create of a table with an index is two changes, the table and then its
// index table, and a drop the same the other way round. (Regression: the
// server killed between them left the table without its index table:
// check said nothing, every put failed with 1146, a create again said
// AlreadyExists and a drop said 't_by_q' not found.) The next open
// restores a missing index table (StoreImpl::RestoreIndexTables), so the
// table is whole (a create finished, a drop rolled back) or gone.
TEST_CASE(
    "ddl plan: the server killed before each step of a create and a drop of "
    "an indexed table; the table is then whole or gone") {
  Watchdog watchdog(240, "ddl plan server kills, indexed create and drop");
  OwnServer server("obkv_ddlidx_");
  const TableSpec spec = MustParseSpec(
      R"({"table": "t", "families": [{"name": "cf1"}],
          "indexes": [{"name": "t_by_q", "family": "cf1", "qualifier": "q"}]})");
  // CHECKs that "t" is whole (puts work, and the index finds them) or gone
  // (a create works), then drops it.
  const auto whole_or_gone = [&](Store* store, const std::string& uri,
                                 bool* whole) {
    CHECK(Plans(uri).empty());
    CHECK(Differences(store) == "");
    Result<bool> exists = store->TableExists("t");
    REQUIRE(exists.ok());
    *whole = *exists;
    if (*exists) {
      CHECK(store->CreateTable(spec).IsAlreadyExists());
    } else {
      REQUIRE(store->CreateTable(spec).ok());
    }
    REQUIRE(MustTable(store, "t")->Put(Put("a").Add("cf1", "q", 1, "same")).ok());
    CHECK(ThroughIndex(store) == "a ");
    CHECK(Relations(uri) ==
          std::vector<std::string>{"t$cf1", "t_by_q$cf1"});
  };
  struct Case {
    const char* prefix;
    bool drop;
  };
  for (const Case& c : {Case{"ic", false}, Case{"id", true}}) {
    CAPTURE(c.prefix);
    int kills = 0, restored = 0;
    for (int n = 1;; ++n) {
      CAPTURE(n);
      const std::string uri = server.uri(c.prefix + std::to_string(n));
      std::unique_ptr<Store> store = MustOpenStore(uri);
      if (c.drop) REQUIRE(store->CreateTable(spec).ok());
      const bool killed = KillBeforeStep(server, n, [&] {
        return c.drop ? store->DropTable("t") : store->CreateTable(spec);
      });
      if (killed) {
        ++kills;
        store.reset();
        store = MustOpenStore(uri);
        for (const std::string& line : store->info().repaired) {
          if (line.rfind("restored index table 't_by_q' of table 't'", 0) ==
              0) {
            ++restored;
          }
        }
      }
      bool whole = false;
      whole_or_gone(store.get(), uri, &whole);
      if (!killed) {
        // The change itself ran whole.
        CHECK(whole == !c.drop);
        break;
      }
    }
    // Each table's change: its relation (or its DROP) and its catalog row.
    CHECK(kills == 4);
    // Killed inside the second table's change: the index table was missing.
    CHECK(restored >= 1);
  }
}

// Every change of this suite, with its step count on MariaDB.
std::vector<PlannedChange> Changes() {
  return {AddPartition(),  Rehash(),       Roll(),       DropFamily(),
          FamilyOptions(), VersionsRise(), MixedAlter(), IndexedDrop()};
}

TEST_CASE(
    "ddl plan: a partition add, a rehash, a roll and alters (a family "
    "dropped, a family's options changed, both with a family added) "
    "stopped before each step, or deadlocked at each statement, are "
    "finished") {
  REQUIRE_MESSAGE(OnTestServer(), "OBKV_TEST_MYSQL_SOCKET is not set");
  Watchdog watchdog(240, "ddl plan stops and deadlocks");
  for (const PlannedChange& c : Changes()) {
    CAPTURE(c.name);
    CHECK(StopBeforeEachStep(c) == c.steps);
    // Each step is at least 4 statements: its own (or its catalog write),
    // START TRANSACTION, the advance of `reached`, COMMIT. (A change of
    // the catalog row alone has no server statement to resume.)
    if (c.steps > 1) CHECK(DeadlockAtEachStatement(c) >= 4 * c.steps);
  }
}

TEST_CASE(
    "ddl plan: the server killed before each step of a partition add, a "
    "rehash, a roll and the alters; after restart and repair, check is "
    "clean and the data intact") {
  Watchdog watchdog(290, "ddl plan server kills, add rehash roll alters");
  OwnServer server("obkv_ddlkill_");
  for (const PlannedChange& c : Changes()) {
    CAPTURE(c.name);
    if (c.server_kills) KillBeforeEachStep(server, c);
  }
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
