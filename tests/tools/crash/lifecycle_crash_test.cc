// Copyright (c) obkvlite authors.
//
// Crash test of partition changes: the real `obkv` binary runs
// `partition rehash` (KEY 7 <-> 13) or `partition split` / `merge` (RANGE
// COLUMNS(K), 10000 of the 20000 cells moving) on a store of 20000 cells and is
// killed with SIGKILL after a random delay. After every kill: PRAGMA
// integrity_check is ok; the catalog holds exactly the spec before or the
// one the change plans (doc/partitions.md: one transaction on SQLite);
// every stored cell is there exactly once (the stored rows and a full scan
// equal the original); and each partition table holds only rows its spec
// routes to it, with no table left over. The seed is printed;
// OBKV_CRASH_SEED replays it, OBKV_LIFECYCLE_KILLS sets the rounds per
// change (default 15).

#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "batch_check.h"
#include "child_process.h"
#include "obkvlite/router.h"
#include "obkvlite/store.h"
#include "store_fixture.h"
#include "test_paths.h"

namespace obkvlite {
namespace testing {
namespace {

constexpr int kRows = 10000;  // two cells each

// Every stored row of family f of table t as "K|Q|T|V", in key order.
std::vector<std::string> StoredRows(Store* store) {
  std::vector<std::string> rows;
  const Status st = store->ForEachStoredRow("t", "f", [&](const StoredRow& r) {
    rows.push_back(std::string(r.key) + "|" + std::string(r.qualifier) + "|" +
                   std::to_string(r.t) + "|" + std::string(r.value));
    return Status::OK();
  });
  REQUIRE_MESSAGE(st.ok(), st.ToString());
  return rows;
}

// The store at `path` with table t of `partition_json`, 20000 cells in one
// Put call; returns every stored row as "K|Q|T|V".
std::vector<std::string> MakeStore(const std::string& path,
                                   const std::string& partition_json) {
  std::unique_ptr<Store> store = MustOpenStore(path);
  REQUIRE(store
              ->CreateTable(MustParseSpec(
                  SpecJson("t", R"([{"name": "f"}])", partition_json)))
              .ok());
  std::vector<Put> puts;
  char row[16];
  for (int i = 0; i < kRows; ++i) {
    std::snprintf(row, sizeof row, "r%05d", i);
    puts.push_back(Put(row)
                       .Add("f", "a", 100, "va" + std::to_string(i))
                       .Add("f", "b", 100, "vb" + std::to_string(i)));
  }
  const Status st = MustTable(store.get(), "t")->Put(puts);
  REQUIRE_MESSAGE(st.ok(), st.ToString());
  const std::vector<std::string> rows = StoredRows(store.get());
  REQUIRE(rows.size() == 2 * kRows);
  return rows;
}

// The `obkv partition ...` arguments of the next change of `spec` and the
// change itself.
struct NextChange {
  std::vector<std::string> args;
  PartitionChange change;
};
using ChangeOf = NextChange (*)(const TableSpec& spec);

NextChange Rehash(const TableSpec& spec) {
  const int count = spec.families[0].partition.key_partitions == 7 ? 13 : 7;
  NextChange next;
  next.args = {"rehash", "t", std::to_string(count)};
  next.change.op = PartitionOp::kRehash;
  next.change.count = count;
  return next;
}

// [a, MAXVALUE) is cut at r05000; once cut, the two halves are merged.
NextChange SplitOrMerge(const TableSpec& spec) {
  NextChange next;
  if (spec.families[0].partition.bounds.size() == 2) {
    next.args = {"split", "t", "p1", "r05000"};
    next.change.op = PartitionOp::kSplit;
    next.change.partitions = {1};
    next.change.bound = RangeBound::Key("r05000");
  } else {
    next.args = {"merge", "t", "p1", "p2"};
    next.change.op = PartitionOp::kMerge;
    next.change.partitions = {1, 2};
  }
  return next;
}

// The checks after a kill; returns the catalog's spec.
TableSpec CheckStore(const std::string& path,
                     const std::vector<std::string>& original,
                     const std::vector<Cell>& original_scan,
                     const nlohmann::json& before,
                     const nlohmann::json& planned, bool* changed) {
  CHECK(IntegrityCheck(path) == "ok");
  std::unique_ptr<Store> store = MustOpenStore(path);
  Table* table = MustTable(store.get(), "t");
  const TableSpec spec = table->spec();
  const nlohmann::json now = nlohmann::json::parse(spec.json);
  CHECK((now == before || now == planned));
  *changed = now == planned;

  const std::vector<std::string> rows = StoredRows(store.get());
  CHECK(rows.size() == original.size());
  CHECK(rows == original);
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(Scan());
  REQUIRE(scanner.ok());
  const std::vector<Cell> scanned = Drain(scanner->get());
  CHECK(scanned.size() == original_scan.size());
  CHECK((scanned == original_scan));

  // Each partition table holds only what its spec routes to it, and no
  // other table of the family exists.
  const PartitionRouter router("t", spec.families[0]);
  std::set<std::string> expected_tables;
  int64_t stored = 0;
  for (int i = 0; i < router.partition_count(); ++i) {
    const std::string name = router.PartitionTableName(i);
    expected_tables.insert(name);
    int64_t misplaced = 0;
    for (const std::string& key : InspectRows(
             path, "SELECT DISTINCT CAST(K AS TEXT) FROM \"" + name + "\"")) {
      Result<int> p = router.Route(key, std::nullopt);
      REQUIRE(p.ok());
      misplaced += *p != i;
    }
    CAPTURE(name);
    CHECK(misplaced == 0);
    stored += InspectInt(path, "SELECT count(*) FROM \"" + name + "\"");
  }
  CHECK(stored == static_cast<int64_t>(original.size()));
  const std::vector<std::string> tables = InspectRows(
      path,
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE "
      "'t$%' ORDER BY name");
  CHECK(std::set<std::string>(tables.begin(), tables.end()) == expected_tables);
  return spec;
}

void KillDuringChanges(const std::string& partition_json, ChangeOf next_of,
                       const char* what) {
  const int64_t rounds = EnvInt("OBKV_LIFECYCLE_KILLS", 15);
  const uint64_t seed = CrashSeed();
  INFO("OBKV_CRASH_SEED=", seed);
  std::mt19937_64 random(seed);
  TempDir dir;
  const std::string path = dir.path() + "/lifecycle.obkv";
  const std::vector<std::string> original = MakeStore(path, partition_json);
  std::vector<Cell> original_scan;
  TableSpec spec;
  {
    std::unique_ptr<Store> store = MustOpenStore(path);
    Table* table = MustTable(store.get(), "t");
    spec = table->spec();
    Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(Scan());
    REQUIRE(scanner.ok());
    original_scan = Drain(scanner->get());
  }
  int killed = 0, finished = 0, applied = 0;
  for (int64_t k = 0; k < rounds; ++k) {
    CAPTURE(k);
    NextChange next = next_of(spec);
    nlohmann::json planned;
    {
      std::unique_ptr<Store> store = MustOpenStore(path);
      next.change.dry_run = true;
      Result<PartitionChangeResult> plan =
          store->ChangePartitions("t", next.change);
      REQUIRE_MESSAGE(plan.ok(), plan.status().ToString());
      REQUIRE(plan->changed);
      planned = nlohmann::json::parse(plan->spec.json);
    }
    const nlohmann::json before = nlohmann::json::parse(spec.json);
    std::vector<std::string> argv = {OBKV_BINARY, "--store", path, "partition"};
    argv.insert(argv.end(), next.args.begin(), next.args.end());
    ChildProcess child(argv, dir.path() + "/child.err");
    const int delay_ms = 1 + static_cast<int>(random() % 100);
    CAPTURE(delay_ms);
    std::vector<std::string> lines;
    const bool running = child.ReadLines(delay_ms, &lines);
    const int status = child.Kill();
    if (running && WIFSIGNALED(status)) {
      ++killed;
    } else {
      INFO(child.Stderr());
      CHECK(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 0);
      ++finished;
    }
    bool changed = false;
    spec = CheckStore(path, original, original_scan, before, planned, &changed);
    applied += changed;
    // A change that finished is in the catalog.
    if (!running) CHECK(changed);
  }
  MESSAGE(std::string(what), ": ", rounds, " rounds, ", killed, " killed (",
          finished, " finished first), ", applied, " changes in the catalog");
}

TEST_CASE("lifecycle crash: SIGKILL during partition rehash") {
  KillDuringChanges(R"({"strategy": "key", "partitions": 7})", Rehash,
                    "rehash");
}

TEST_CASE("lifecycle crash: SIGKILL during partition split and merge") {
  KillDuringChanges(
      R"({"strategy": "range", "column": "K", "bounds": ["a", "MAXVALUE"]})",
      SplitOrMerge, "split/merge");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
