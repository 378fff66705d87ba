// Copyright (c) obkvlite authors.
//
// GetPlanScratch (hbase/read/get_plan_scratch.h): a thread's Get of the
// shape of its previous one is re-planned for its row only. Over every
// partitioning, each re-planned plan equals the one PlanGet makes from
// scratch, field by field: the row, the times a TimeToLive hides at the new
// "now", the partitions they prune to, and the values an Exists turned off.
// Any other shape, another schema, a nested Get or a failed one plans
// whole. Through the store, Gets and Exists in turn on one thread return
// the cells of each row, cell-exact, as the clock moves past a TimeToLive.

#include "hbase/read/get_plan_scratch.h"

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "hbase/read/read_plan.h"
#include "hbase/table_schema.h"
#include "obkvlite/cell_visitor.h"
#include "store_fixture.h"

namespace obkvlite {
namespace {

using testing::AllPartitionCases;
using testing::C;
using testing::kNow;
using testing::MustParseSpec;
using testing::PartitionCase;
using testing::SpecJson;
using testing::StoreFixture;

// Family "a" hides cells older than 10000 s (kNow is 10000 s: nothing is
// hidden until the clock moves past it); "b" keeps three versions.
constexpr const char* kFamilies =
    R"([{"name": "a", "ttl_seconds": 10000}, {"name": "b", "max_versions": 3}])";

std::shared_ptr<const TableSchema> MakeSchema(const PartitionCase& c) {
  return std::make_shared<const TableSchema>(
      MustParseSpec(SpecJson("t", kFamilies, c.partition_json)),
      /*partitions_are_tables=*/true);
}

obkvlite::Get RowGet(std::string row) {
  obkvlite::Get get;
  get.row = std::move(row);
  return get;
}

// Every field of `got` is the one of `want`.
void CheckSamePlan(const ReadPlan& got, const ReadPlan& want) {
  CHECK(got.schema.get() == want.schema.get());
  CHECK(got.keys.lo == want.keys.lo);
  CHECK(got.keys.hi == want.keys.hi);
  CHECK(got.keys.lo_inclusive == want.keys.lo_inclusive);
  CHECK(got.keys.hi_inclusive == want.keys.hi_inclusive);
  CHECK(got.keys.hi_unbounded == want.keys.hi_unbounded);
  CHECK(got.point == want.point);
  CHECK(got.reversed == want.reversed);
  CHECK(got.limit == want.limit);
  CHECK(got.batch == want.batch);
  CHECK(got.lock_rows == want.lock_rows);
  CHECK(got.values == want.values);
  CHECK((got.filter == nullptr) == (want.filter == nullptr));
  REQUIRE(got.families.size() == want.families.size());
  for (size_t i = 0; i < got.families.size(); ++i) {
    CAPTURE(i);
    const FamilyRead& g = got.families[i];
    const FamilyRead& w = want.families[i];
    CHECK(g.family == w.family);
    CHECK(g.all_qualifiers == w.all_qualifiers);
    CHECK(g.qualifiers == w.qualifiers);
    CHECK(g.times.min_ms == w.times.min_ms);
    CHECK(g.times.max_ms == w.times.max_ms);
    CHECK(g.through_max == w.through_max);
    CHECK(g.max_versions == w.max_versions);
    CHECK(g.partitions == w.partitions);
    CHECK(g.tables == w.tables);
  }
}

// Plans `get` in a scratch of its own and checks it against PlanGet;
// returns whether the scratch re-planned.
bool PlanAndCheck(const std::shared_ptr<const TableSchema>& schema,
                  const obkvlite::Get& get, int64_t now_ms) {
  GetPlanScratch scratch;
  Status st = scratch.Plan(schema, get, now_ms);
  REQUIRE_MESSAGE(st.ok(), st.ToString());
  Result<ReadPlan> fresh = PlanGet(schema, get, now_ms);
  REQUIRE(fresh.ok());
  CheckSamePlan(*scratch.plan(), *fresh);
  return scratch.reused();
}

TEST_CASE("a Get of the previous shape is re-planned as PlanGet plans it") {
  for (const PartitionCase& c : AllPartitionCases()) {
    CAPTURE(c.name);
    std::shared_ptr<const TableSchema> schema = MakeSchema(c);
    const std::vector<std::string> rows = {"a1", "c", "m7", "r2", "zz9"};
    // The first Get plans whole; the next ones of its shape re-plan, as the
    // clock moves past "a"'s TimeToLive: its oldest visible time rises
    // through the time bounds (150, 250, 5000) of the G partitionings.
    const std::vector<int64_t> nows = {kNow, kNow + 120, kNow + 260,
                                       kNow + 6000, kNow + 6000};
    bool first = true;
    for (size_t i = 0; i < rows.size(); ++i) {
      CAPTURE(rows[i]);
      CHECK(PlanAndCheck(schema, RowGet(rows[i]), nows[i]) == !first);
      first = false;
    }

    // An exact timestamp is a shape of its own, remembered in turn.
    obkvlite::Get at = RowGet("m7");
    at.timestamp = 200;
    CHECK_FALSE(PlanAndCheck(schema, at, kNow));
    at.row = "r2";
    CHECK(PlanAndCheck(schema, at, kNow));
    at.timestamp = 300;  // another timestamp: other partitions on G
    CHECK_FALSE(PlanAndCheck(schema, at, kNow));

    // So are a time range and a versions count.
    obkvlite::Get ranged = RowGet("c");
    ranged.time_range.min_ms = 160;
    ranged.time_range.max_ms = 4000;
    CHECK_FALSE(PlanAndCheck(schema, ranged, kNow));
    ranged.row = "zz9";
    CHECK(PlanAndCheck(schema, ranged, kNow + 200));
    ranged.max_versions = 2;
    CHECK_FALSE(PlanAndCheck(schema, ranged, kNow));
    ranged.row = "a1";
    CHECK(PlanAndCheck(schema, ranged, kNow));
  }
}

TEST_CASE(
    "a projection or a filter is planned whole, and so is the Get after") {
  std::shared_ptr<const TableSchema> schema =
      MakeSchema(AllPartitionCases()[1]);
  CHECK_FALSE(PlanAndCheck(schema, RowGet("r1"), kNow));
  CHECK(PlanAndCheck(schema, RowGet("r2"), kNow));

  obkvlite::Get families = RowGet("r3");
  families.families = {"b"};
  CHECK_FALSE(PlanAndCheck(schema, families, kNow));
  CHECK_FALSE(PlanAndCheck(schema, families, kNow));
  CHECK_FALSE(PlanAndCheck(schema, RowGet("r4"), kNow));

  obkvlite::Get columns = RowGet("r5");
  columns.columns = {Column{"a", "q"}};
  CHECK_FALSE(PlanAndCheck(schema, columns, kNow));
  CHECK_FALSE(PlanAndCheck(schema, RowGet("r6"), kNow));

  obkvlite::Get filtered = RowGet("r7");
  filtered.filter = "KeyOnlyFilter()";
  CHECK_FALSE(PlanAndCheck(schema, filtered, kNow));
  CHECK_FALSE(PlanAndCheck(schema, filtered, kNow));
  CHECK_FALSE(PlanAndCheck(schema, RowGet("r8"), kNow));
  CHECK(PlanAndCheck(schema, RowGet("r9"), kNow));
}

TEST_CASE("an Exists' plan without values is re-planned with them") {
  std::shared_ptr<const TableSchema> schema =
      MakeSchema(AllPartitionCases()[0]);
  {
    GetPlanScratch scratch;
    REQUIRE(scratch.Plan(schema, RowGet("r1"), kNow).ok());
    SkipValuesUnlessRead(scratch.plan());  // as Exists does
    CHECK_FALSE(scratch.plan()->values);
  }
  GetPlanScratch scratch;
  REQUIRE(scratch.Plan(schema, RowGet("r2"), kNow).ok());
  CHECK(scratch.reused());
  CHECK(scratch.plan()->values);
}

TEST_CASE("another schema, even at the address of a freed one, plans whole") {
  const PartitionCase& key7 = AllPartitionCases()[1];
  std::shared_ptr<const TableSchema> one = MakeSchema(key7);
  std::shared_ptr<const TableSchema> two = MakeSchema(key7);
  CHECK_FALSE(PlanAndCheck(one, RowGet("r1"), kNow));
  CHECK_FALSE(PlanAndCheck(two, RowGet("r1"), kNow));
  CHECK_FALSE(PlanAndCheck(one, RowGet("r2"), kNow));
  CHECK(PlanAndCheck(one, RowGet("r3"), kNow));

  // A schema made where a freed one was is still another schema. Made
  // with `new` (not make_shared, whose block the remembered weak reference
  // keeps), the freed schema's memory goes back to the allocator, which
  // most often hands it to the next one of the same size.
  const auto made_by_new = [&] {
    return std::shared_ptr<const TableSchema>(new TableSchema(
        MustParseSpec(SpecJson("t", kFamilies, key7.partition_json)),
        /*partitions_are_tables=*/true));
  };
  std::shared_ptr<const TableSchema> three = made_by_new();
  CHECK_FALSE(PlanAndCheck(three, RowGet("r4"), kNow));
  const TableSchema* old_address = three.get();
  three.reset();
  std::shared_ptr<const TableSchema> four = made_by_new();
  CAPTURE(four.get() == old_address);
  CHECK_FALSE(PlanAndCheck(four, RowGet("r5"), kNow));
  CHECK(PlanAndCheck(four, RowGet("r6"), kNow));
}

TEST_CASE("a nested Get plans into its own plan and reuses nothing") {
  std::shared_ptr<const TableSchema> schema =
      MakeSchema(AllPartitionCases()[2]);
  CHECK_FALSE(PlanAndCheck(schema, RowGet("r1"), kNow));
  GetPlanScratch outer;
  REQUIRE(outer.Plan(schema, RowGet("r2"), kNow).ok());
  CHECK(outer.reused());
  {
    GetPlanScratch inner;
    REQUIRE(inner.Plan(schema, RowGet("q9"), kNow).ok());
    CHECK_FALSE(inner.reused());
    CHECK(inner.plan() != outer.plan());
    CHECK(inner.plan()->keys.lo == "q9");
  }
  CHECK(outer.plan()->keys.lo == "r2");
}

TEST_CASE(
    "a bad row on the re-planned path names the field; the next plans "
    "whole") {
  std::shared_ptr<const TableSchema> schema =
      MakeSchema(AllPartitionCases()[1]);
  CHECK_FALSE(PlanAndCheck(schema, RowGet("r1"), kNow));
  {
    GetPlanScratch scratch;
    Status st = scratch.Plan(schema, RowGet(""), kNow);
    CHECK(scratch.reused());
    CHECK(st.IsInvalidArgument());
    CHECK(st.ToString().find("row") != std::string::npos);
  }
  {
    GetPlanScratch scratch;
    Status st = scratch.Plan(schema, RowGet(std::string(1025, 'k')), kNow);
    CHECK_FALSE(scratch.reused());
    CHECK(st.ToString().find("row") != std::string::npos);
    CHECK(st.ToString().find("1024") != std::string::npos);
  }
  CHECK_FALSE(PlanAndCheck(schema, RowGet("r2"), kNow));
  CHECK(PlanAndCheck(schema, RowGet("r3"), kNow));
}

// Collects a Get's cells through the visitor.
class CollectingVisitor final : public CellVisitor {
 public:
  void Visit(const CellView& cell) override {
    cells.push_back(C(std::string(cell.row), std::string(cell.family),
                      std::string(cell.qualifier), cell.timestamp,
                      std::string(cell.value)));
  }
  std::vector<Cell> cells;
};

TEST_CASE_TEMPLATE(
    "Gets and Exists in turn return each row's cells as the "
    "clock passes a TimeToLive",
    P, OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), kFamilies);
  const std::vector<std::string> rows = {"a1", "c", "m7", "r2", "zz9"};
  for (const std::string& row : rows) {
    fx.MustPut(Put(row)
                   .Add("a", "q", 100, "a100-" + row)
                   .Add("a", "q", 300, "a300-" + row)
                   .Add("b", "q", 200, "b200-" + row)
                   .Add("b", "q", 6000, "b6000-" + row));
  }
  // Both families return their newest version; from kNow + 260 the oldest
  // time "a" shows is 260 (its version at 100 is gone, at 300 not yet).
  for (int64_t now : {kNow, kNow + 150, kNow + 260}) {
    CAPTURE(now);
    fx.set_now(now);
    for (const std::string& row : rows) {
      CAPTURE(row);
      const std::vector<Cell> want = {C(row, "a", "q", 300, "a300-" + row),
                                      C(row, "b", "q", 6000, "b6000-" + row)};
      Result<bool> exists = fx.table()->Exists(RowGet(row));
      REQUIRE(exists.ok());
      CHECK(*exists);
      CollectingVisitor visited;
      REQUIRE(fx.table()->Get(RowGet(row), &visited).ok());
      CHECK(visited.cells == want);
      CHECK(fx.MustGet(RowGet(row)) == want);
      Result<bool> missing = fx.table()->Exists(RowGet(row + "-none"));
      REQUIRE(missing.ok());
      CHECK_FALSE(*missing);
    }
  }
  // Past "a"'s version at 300 only "b" is left; asked for three versions,
  // "b" returns both of its own.
  fx.set_now(kNow + 301);
  for (const std::string& row : rows) {
    CAPTURE(row);
    CHECK(fx.MustGet(RowGet(row)) ==
          std::vector<Cell>{C(row, "b", "q", 6000, "b6000-" + row)});
    obkvlite::Get versions = RowGet(row);
    versions.max_versions = 3;
    CHECK(fx.MustGet(versions) ==
          std::vector<Cell>{C(row, "b", "q", 6000, "b6000-" + row),
                            C(row, "b", "q", 200, "b200-" + row)});
  }
}

}  // namespace
}  // namespace obkvlite
