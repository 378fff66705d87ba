// Copyright (c) obkvlite authors.
//
// Per-cell TTL (FamilySpec::cell_ttl, Put/Increment/Append::ttl_ms), stored
// as OBKV-HBase stores it (the TTL column): with the fixture's fake clock a
// cell is visible while now - ts <= ttl and hidden from the next ms on, on
// every read path (get by row and by column, exists, scan forward and
// reversed, NextCell, filters, index tables, and the reads of a copy, which
// like export keeps each stored cell with its TTL), whichever of the cell's TTL and the family's TimeToLive comes
// first; an expired version is no version (an older one shows through);
// increment and append take the write's TTL or keep the old cell's; purge
// removes expired cells; a TTL on a family without cell_ttl is refused,
// naming it, and writes nothing. CTest runs it again on 3 shards and on the
// private MariaDB.

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

using Cells = std::vector<Cell>;

constexpr const char* kFamilies =
    R"j([{"name": "f", "cell_ttl": true, "max_versions": 5},
        {"name": "g"}])j";

Cell C(const std::string& row, const std::string& family,
       const std::string& qualifier, int64_t ts, const std::string& value) {
  return Cell{row, family, qualifier, ts, value};
}

Put TtlPut(const std::string& row, int64_t ts, const std::string& value,
           int64_t ttl_ms) {
  Put put(row);
  put.Add("f", "a", ts, value);
  put.ttl_ms = ttl_ms;
  return put;
}

Cells Stored(StoreFixture& fx) {
  Cells out;
  Status st = fx.store()->ForEachStoredRow(
      "t", "f", [&](const StoredRow& r) -> Status {
        out.push_back(C(std::string(r.key), "f", std::string(r.qualifier),
                        -r.t, std::string(r.value)));
        return Status::OK();
      });
  REQUIRE_MESSAGE(st.ok(), st.ToString());
  return out;
}

// What every read path returns of r1 f:a at the fixture's now.
void CheckVisible(StoreFixture& fx, const Cells& expected) {
  Get get("r1");
  CHECK(fx.MustGet(get) == expected);
  get.columns.push_back({"f", "a"});
  CHECK(fx.MustGet(get) == expected);
  Result<bool> exists = fx.table()->Exists(Get("r1"));
  REQUIRE(exists.ok());
  CHECK(*exists == !expected.empty());
  Scan scan;
  CHECK(fx.MustScan(scan) == expected);
  scan.reversed = true;
  CHECK(fx.MustScan(scan) == expected);
  scan.reversed = false;
  scan.filter = "ValueFilter(=, 'binary:v1')";
  CHECK(fx.MustScan(scan) == expected);
  Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(Scan());
  REQUIRE(scanner.ok());
  Cells streamed;
  CellView view;
  while ((*scanner)->NextCell(&view)) streamed.push_back(view.ToCell());
  REQUIRE((*scanner)->status().ok());
  CHECK(streamed == expected);
}

TEST_CASE_TEMPLATE("a cell expires exactly at its TTL on every read path", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), kFamilies);
  const int64_t ts = kNow - 100;
  fx.MustPut(TtlPut("r1", ts, "v1", 500));
  const Cells cell = {C("r1", "f", "a", ts, "v1")};
  CheckVisible(fx, cell);
  fx.set_now(ts + 500);  // now - ts == ttl: still visible
  CheckVisible(fx, cell);
  fx.set_now(ts + 501);
  CheckVisible(fx, {});
  // The row is still stored until purge, TTL and all.
  CHECK(Stored(fx) == cell);
  fx.set_now(kNow);
  CheckVisible(fx, cell);
  fx.set_now(ts + 501);
  Result<PurgeStats> purged = fx.table()->Purge();
  REQUIRE(purged.ok());
  CHECK(purged->expired_cells == 1);
  fx.set_now(kNow);
  CheckVisible(fx, {});
  CHECK(Stored(fx).empty());
}

TEST_CASE("an expired version is no version: the older one shows through") {
  StoreFixture fx(AllPartitionCases()[0], kFamilies);
  fx.MustPut(Put("r1").Add("f", "a", 100, "old"));      // no TTL
  fx.MustPut(TtlPut("r1", 200, "young", kNow - 200));   // alive until kNow
  Get get("r1");
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "a", 200, "young")});
  fx.set_now(kNow + 1);
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "a", 100, "old")});
  get.max_versions = 5;
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "a", 100, "old")});
  // Rewriting the same cell without a TTL clears it: HBase's put replaces
  // the cell, OBKV's upsert the whole row.
  fx.MustPut(Put("r1").Add("f", "a", 200, "again"));
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "a", 200, "again"),
                                 C("r1", "f", "a", 100, "old")});
}

TEST_CASE("the family's TimeToLive and the cell's TTL: whichever first") {
  StoreFixture fx(AllPartitionCases()[0],
                  R"j([{"name": "f", "cell_ttl": true, "ttl_seconds": 1}])j");
  fx.MustPut(TtlPut("r1", kNow, "long", 5000));  // family: 1000 ms
  fx.MustPut(Put("r2").Add("f", "a", kNow, "short"));
  fx.MustPut(TtlPut("r3", kNow, "shorter", 10));
  fx.set_now(kNow + 10);
  CHECK(fx.ScanAll() == Cells{C("r1", "f", "a", kNow, "long"),
                              C("r2", "f", "a", kNow, "short"),
                              C("r3", "f", "a", kNow, "shorter")});
  fx.set_now(kNow + 11);
  CHECK(fx.ScanAll() == Cells{C("r1", "f", "a", kNow, "long"),
                              C("r2", "f", "a", kNow, "short")});
  fx.set_now(kNow + 1001);
  CHECK(fx.ScanAll().empty());
}

TEST_CASE("a TTL on a family without cell_ttl is refused and writes nothing") {
  StoreFixture fx(AllPartitionCases()[0], kFamilies);
  Put put("r1");
  put.Add("f", "a", 100, "v").Add("g", "b", 100, "w");
  put.ttl_ms = 1000;
  Status st = fx.table()->Put(put);
  CHECK(st.IsInvalidArgument());
  CHECK(st.message() ==
        "ttl_ms: family 'g' keeps no cell TTL (its spec has no \"cell_ttl\": "
        "true)");
  put.cells.pop_back();
  put.ttl_ms = -1;
  CHECK(fx.table()->Put(put).message() == "ttl_ms: must be >= 0, got -1");
  Increment inc;
  inc.row = "r1";
  inc.columns.push_back({"g", "n", 1});
  inc.ttl_ms = 5;
  CHECK(fx.table()->Increment(inc).status().message() ==
        "ttl_ms: family 'g' keeps no cell TTL (its spec has no \"cell_ttl\": "
        "true)");
  Append app;
  app.row = "r1";
  app.columns.push_back({"g", "s", "x"});
  app.ttl_ms = 5;
  CHECK(fx.table()->Append(app).status().IsInvalidArgument());
  std::vector<Mutation> batch = {Mutation(TtlPut("r2", 100, "v", 5)),
                                 Mutation(inc)};
  CHECK(!fx.table()->Batch(batch).ok());
  CHECK(fx.ScanAll().empty());
}

TEST_CASE("increment and append take the write's TTL or keep the old one") {
  StoreFixture fx(AllPartitionCases()[0], kFamilies);
  Increment inc;
  inc.row = "r1";
  inc.columns.push_back({"f", "n", 5});
  inc.ttl_ms = 100;
  Result<RowResult> r = fx.table()->Increment(inc);
  REQUIRE(r.ok());
  REQUIRE(r->cells.size() == 1);
  CHECK(r->cells[0].timestamp == kNow);
  // Without a TTL the new cell keeps the old one's: kNow + 1 + 100.
  fx.set_now(kNow + 1);
  inc.ttl_ms.reset();
  inc.columns[0].amount = 2;
  r = fx.table()->Increment(inc);
  REQUIRE(r.ok());
  CHECK(r->cells[0].value == std::string("\0\0\0\0\0\0\0\x07", 8));
  fx.set_now(kNow + 101);
  CHECK(fx.MustGet(Get("r1")).size() == 1);  // the newer cell, until +101
  fx.set_now(kNow + 102);
  CHECK(fx.MustGet(Get("r1")).empty());
  // Past its TTL the old cell counts as absent: the increment starts at 0.
  r = fx.table()->Increment(inc);
  REQUIRE(r.ok());
  CHECK(r->cells[0].value == std::string("\0\0\0\0\0\0\0\x02", 8));

  Append app;
  app.row = "r2";
  app.columns.push_back({"f", "s", "ab"});
  app.ttl_ms = 50;
  REQUIRE(fx.table()->Append(app).ok());
  app.ttl_ms.reset();
  app.columns[0].value = "cd";
  fx.set_now(kNow + 103);
  r = fx.table()->Append(app);
  REQUIRE(r.ok());
  CHECK(r->cells[0].value == "abcd");
  fx.set_now(kNow + 103 + 50);
  CHECK(fx.MustGet(Get("r2")) == Cells{C("r2", "f", "s", kNow + 103, "abcd")});
  fx.set_now(kNow + 103 + 51);
  CHECK(fx.MustGet(Get("r2")).empty());
}

TEST_CASE("batch and check-and-mutate puts carry their TTL") {
  StoreFixture fx(AllPartitionCases()[0], kFamilies);
  std::vector<Mutation> batch = {Mutation(TtlPut("r1", kNow, "b", 10)),
                                 Mutation(TtlPut("r2", kNow, "c", 20))};
  REQUIRE(fx.table()->Batch(batch).ok());
  CheckAndMutate cam;
  cam.row = "r1";
  cam.family = "f";
  cam.qualifier = "a";
  cam.value = "b";
  cam.mutations.push_back(TtlPut("r1", kNow + 1, "d", 5));
  Result<bool> applied = fx.table()->CheckAndMutate(cam);
  REQUIRE(applied.ok());
  CHECK(*applied);
  fx.set_now(kNow + 6);
  CHECK(fx.ScanAll() == Cells{C("r1", "f", "a", kNow + 1, "d"),
                              C("r2", "f", "a", kNow, "c")});
  fx.set_now(kNow + 7);
  CHECK(fx.ScanAll() == Cells{C("r1", "f", "a", kNow, "b"),
                              C("r2", "f", "a", kNow, "c")});
  fx.set_now(kNow + 11);
  CHECK(fx.ScanAll() == Cells{C("r2", "f", "a", kNow, "c")});
}

TEST_CASE("copy keeps the TTL; the stored rows carry it") {
  StoreFixture fx(AllPartitionCases()[0], kFamilies);
  fx.MustPut(TtlPut("r1", kNow, "v", 30));
  fx.MustPut(Put("r2").Add("f", "a", kNow, "w"));
  fx.MustPut(TtlPut("r3", kNow - 100, "gone", 10));  // expired already
  std::vector<int64_t> ttls;
  REQUIRE(fx.store()
              ->ForEachStoredRow("t", "f",
                                 [&](const StoredRow& r) -> Status {
                                   ttls.push_back(r.ttl_ms);
                                   return Status::OK();
                                 })
              .ok());
  CHECK(ttls == std::vector<int64_t>{30, -1, 10});
  TempDir dir;
  StoreOptions options = fx.Options();
  Result<std::unique_ptr<Store>> dest =
      Store::Open(options, dir.path() + "/copy.db");
  REQUIRE(dest.ok());
  Result<int64_t> copied =
      fx.store()->CopyTableTo("t", dest->get(), CopyOptions());
  REQUIRE_MESSAGE(copied.ok(), copied.status().ToString());
  CHECK(*copied == 3);  // as stored: the expired cell too, with its TTL
  Result<Table*> t2 = (*dest)->GetTable("t");
  REQUIRE(t2.ok());
  Result<std::unique_ptr<Scanner>> scanner = (*t2)->GetScanner(Scan());
  REQUIRE(scanner.ok());
  CHECK(Drain(scanner->get()) == Cells{C("r1", "f", "a", kNow, "v"),
                                       C("r2", "f", "a", kNow, "w")});
  fx.set_now(kNow + 31);
  scanner = (*t2)->GetScanner(Scan());
  REQUIRE(scanner.ok());
  CHECK(Drain(scanner->get()) == Cells{C("r2", "f", "a", kNow, "w")});
}

TEST_CASE("an index entry expires with the cell it mirrors") {
  StoreFixture fx(R"j({"table": "t", "families": [
      {"name": "f", "cell_ttl": true}],
      "indexes": [{"name": "by_a", "family": "f", "qualifier": "a"}]})j");
  fx.MustPut(TtlPut("r1", kNow, "x", 40));
  fx.MustPut(Put("r2").Add("f", "a", kNow, "y"));
  auto indexed = [&] {
    IndexScan scan;
    scan.index = "by_a";
    scan.prefix = "";
    Result<std::unique_ptr<Scanner>> s = fx.table()->GetIndexScanner(scan);
    REQUIRE_MESSAGE(s.ok(), s.status().ToString());
    std::vector<std::string> rows;
    RowResult row;
    while ((*s)->Next(&row)) rows.push_back(row.row);
    REQUIRE((*s)->status().ok());
    return rows;
  };
  CHECK(indexed() == std::vector<std::string>{"r1", "r2"});
  fx.set_now(kNow + 41);
  CHECK(indexed() == std::vector<std::string>{"r2"});
  Result<IndexCheckReport> check = fx.table()->CheckIndex("by_a");
  REQUIRE(check.ok());
  CHECK(check->missing == 0);
  CHECK(check->stale == 0);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
