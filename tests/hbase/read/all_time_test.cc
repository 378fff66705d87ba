// Copyright (c) obkvlite authors.
//
// All of time, on every read path: HBase's allTime range holds both of its
// ends, ts 0 and Long.MAX_VALUE (TimeRange.withinTimeRange returns true for
// every timestamp when allTime; hbase-common TimeRange.java). Cells at 0, 1
// and INT64_MAX go through get, exists, scan (forward, reversed, NextCell),
// a TimeToLive family, explicit ranges, copy, the stored rows of export,
// purge and deletes, on every partitioning, and for the timeseries layout.
// CTest runs it again on 3 shards and on the private MariaDB.

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

using Cells = std::vector<Cell>;

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

Cell C(const std::string& row, const std::string& family,
       const std::string& qualifier, int64_t ts, const std::string& value) {
  return Cell{row, family, qualifier, ts, value};
}

// r1 f:q at 0, 1 and kMax; r2 f:q at kMax only.
void PutEnds(StoreFixture& fx) {
  fx.MustPut(Put("r1")
                 .Add("f", "q", 0, "zero")
                 .Add("f", "q", 1, "one")
                 .Add("f", "q", kMax, "max"));
  fx.MustPut(Put("r2").Add("f", "q", kMax, "max2"));
}

const Cells& AllVersions() {
  static const Cells cells = {
      C("r1", "f", "q", kMax, "max"), C("r1", "f", "q", 1, "one"),
      C("r1", "f", "q", 0, "zero"), C("r2", "f", "q", kMax, "max2")};
  return cells;
}

TEST_CASE_TEMPLATE("get and scan of all time hold ts 0 and Long.MAX_VALUE", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), R"([{"name": "f", "max_versions": 5}])");
  PutEnds(fx);
  Get get("r1");
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "q", kMax, "max")});
  get.max_versions = 3;
  CHECK(fx.MustGet(get) ==
        Cells(AllVersions().begin(), AllVersions().begin() + 3));
  get.columns.push_back({"f", "q"});
  CHECK(fx.MustGet(get) ==
        Cells(AllVersions().begin(), AllVersions().begin() + 3));
  Result<bool> exists = fx.table()->Exists(Get("r2"));
  REQUIRE(exists.ok());
  CHECK(*exists);

  Scan scan;
  scan.max_versions = 3;
  CHECK(fx.MustScan(scan) == AllVersions());
  scan.reversed = true;
  CHECK(fx.MustScan(scan) ==
        Cells{C("r2", "f", "q", kMax, "max2"), C("r1", "f", "q", kMax, "max"),
              C("r1", "f", "q", 1, "one"), C("r1", "f", "q", 0, "zero")});

  // The zero-copy path streams the same cells.
  scan.reversed = false;
  Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(scan);
  REQUIRE(scanner.ok());
  Cells streamed;
  CellView view;
  while ((*scanner)->NextCell(&view)) streamed.push_back(view.ToCell());
  REQUIRE((*scanner)->status().ok());
  CHECK(streamed == AllVersions());
}

TEST_CASE_TEMPLATE("explicit time ranges: [min, max) as HBase's TimeRange", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), R"([{"name": "f", "max_versions": 5}])");
  PutEnds(fx);
  Get get("r1");
  get.max_versions = 3;
  // [0, Long.MAX_VALUE) is allTime: both ends.
  get.time_range = TimeRange{0, kMax};
  CHECK(fx.MustGet(get).size() == 3);
  // [1, Long.MAX_VALUE) is not: Long.MAX_VALUE is outside, as in HBase.
  get.time_range = TimeRange{1, kMax};
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "q", 1, "one")});
  get.time_range = TimeRange{0, 1};
  CHECK(fx.MustGet(get) == Cells{C("r1", "f", "q", 0, "zero")});
  Get exact("r1");
  exact.timestamp = 0;
  CHECK(fx.MustGet(exact) == Cells{C("r1", "f", "q", 0, "zero")});
  CHECK(TimeRange::All().Contains(kMax));
  CHECK(TimeRange::All().Contains(0));
  CHECK_FALSE((TimeRange{1, kMax}).Contains(kMax));
}

TEST_CASE_TEMPLATE("TimeToLive keeps a cell at Long.MAX_VALUE visible", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(),
                  R"([{"name": "f", "max_versions": 5, "ttl_seconds": 60}])");
  PutEnds(fx);
  fx.MustPut(Put("r1").Add("f", "q", kNow, "now"));
  Get get("r1");
  get.max_versions = 5;
  // 0 and 1 expired long ago; Long.MAX_VALUE never expires.
  CHECK(fx.MustGet(get) ==
        Cells{C("r1", "f", "q", kMax, "max"), C("r1", "f", "q", kNow, "now")});
  Scan scan;
  scan.max_versions = 5;
  CHECK(fx.MustScan(scan) == Cells{C("r1", "f", "q", kMax, "max"),
                                   C("r1", "f", "q", kNow, "now"),
                                   C("r2", "f", "q", kMax, "max2")});
}

TEST_CASE_TEMPLATE("copy and the stored rows of export keep every end", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), R"([{"name": "f", "max_versions": 5}])");
  PutEnds(fx);
  std::vector<int64_t> stamps;
  Status st = fx.store()->ForEachStoredRow("t", "f",
                                           [&](const StoredRow& row) -> Status {
                                             stamps.push_back(-row.t);
                                             return Status::OK();
                                           });
  REQUIRE_MESSAGE(st.ok(), st.ToString());
  CHECK(stamps == std::vector<int64_t>{kMax, 1, 0, kMax});

  TempDir dir;
  Result<std::unique_ptr<Store>> dest =
      Store::Open(StoreOptions(), dir.path() + "/copy.db");
  REQUIRE(dest.ok());
  Result<int64_t> copied =
      fx.store()->CopyTableTo("t", dest->get(), CopyOptions());
  REQUIRE_MESSAGE(copied.ok(), copied.status().ToString());
  CHECK(*copied == 4);
  Result<Table*> table = (*dest)->GetTable("t");
  REQUIRE(table.ok());
  Scan scan;
  scan.max_versions = 3;
  Result<std::unique_ptr<Scanner>> scanner = (*table)->GetScanner(scan);
  REQUIRE(scanner.ok());
  CHECK(Drain(scanner->get()) == AllVersions());
}

TEST_CASE_TEMPLATE("purge counts a version at Long.MAX_VALUE", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), R"([{"name": "f", "max_versions": 1}])");
  PutEnds(fx);
  Result<PurgeStats> stats = fx.table()->Purge();
  REQUIRE_MESSAGE(stats.ok(), stats.status().ToString());
  // The newest of r1 is at Long.MAX_VALUE: 1 and 0 are both in excess.
  CHECK(stats->excess_versions == 2);
  CHECK(fx.SqlInt("SELECT count(*) FROM \"t$f\"") == 2);
  Scan scan;
  scan.max_versions = 3;
  CHECK(fx.MustScan(scan) ==
        Cells{C("r1", "f", "q", kMax, "max"), C("r2", "f", "q", kMax, "max2")});
}

TEST_CASE_TEMPLATE("deletes up to Long.MAX_VALUE remove every version", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), R"([{"name": "f", "max_versions": 5}])");
  PutEnds(fx);
  Delete del;
  del.row = "r1";
  del.family = "f";
  del.qualifier = "q";
  del.type = DeleteType::kColumns;
  del.timestamp = kMax;
  fx.MustDelete(del);
  Scan scan;
  scan.max_versions = 3;
  CHECK(fx.MustScan(scan) == Cells{C("r2", "f", "q", kMax, "max2")});
  Delete family;
  family.row = "r2";
  family.family = "f";
  family.type = DeleteType::kFamily;
  fx.MustDelete(family);
  CHECK(fx.MustScan(scan).empty());
}

std::string TimeseriesSpec(const char* partition) {
  return std::string(R"({"table": "t", "layout": "timeseries", )"
                     R"("families": [{"name": "f"}], "partition": )") +
         partition + "}";
}

TEST_CASE("timeseries reads, copy and deletes hold ts 0 and Long.MAX_VALUE") {
  for (const char* partition :
       {R"({"strategy": "none"})", R"({"strategy": "key", "partitions": 7})",
        R"({"strategy": "range_key", "bounds": [150, "MAXVALUE"], )"
        R"("subpartitions": 3})"}) {
    CAPTURE(partition);
    StoreFixture fx(TimeseriesSpec(partition));
    PutEnds(fx);
    Get get("r1");
    CHECK(fx.MustGet(get) ==
          Cells(AllVersions().begin(), AllVersions().begin() + 3));
    CHECK(fx.ScanAll() == AllVersions());

    std::vector<int64_t> stamps;
    Status st = fx.store()->ForEachStoredRow(
        "t", "f", [&](const StoredRow& row) -> Status {
          stamps.push_back(-row.t);
          return Status::OK();
        });
    REQUIRE_MESSAGE(st.ok(), st.ToString());
    CHECK(stamps == std::vector<int64_t>{kMax, 1, 0, kMax});

    // Every version <= Long.MAX_VALUE is every version.
    Delete del;
    del.row = "r1";
    del.family = "f";
    del.qualifier = "q";
    del.type = DeleteType::kColumns;
    del.timestamp = kMax;
    fx.MustDelete(del);
    CHECK(fx.ScanAll() == Cells{C("r2", "f", "q", kMax, "max2")});
  }
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
