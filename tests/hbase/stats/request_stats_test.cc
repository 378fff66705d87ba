// Copyright (c) obkvlite authors.
//
// Request statistics (obkvlite/request_stats.h): exact counts per partition
// on scripted workloads, buckets split at the minute of the injected clock,
// two Store objects on one store adding up, reset, and bad arguments. The
// suite runs on SQLite, on 3 shards and on MariaDB (tests/CMakeLists.txt).

#include <doctest/doctest.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "obkvlite/router.h"
#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

// Counts per partition of one family, summed over buckets.
std::map<int, RequestCounts> ByPartition(Store* store, const std::string& table,
                                         const std::string& family = "f") {
  RequestStatsQuery query;
  query.family = family;
  Result<std::vector<RequestStatsBucket>> stats =
      store->RequestStats(table, query);
  REQUIRE_MESSAGE(stats.ok(), stats.status().ToString());
  std::map<int, RequestCounts> out;
  for (const RequestStatsBucket& b : *stats) out[b.partition] += b.counts;
  return out;
}

int PartitionOfRow(const TableSpec& spec, const std::string& row,
                   int64_t ts = 100) {
  PartitionRouter router(spec.name, spec.families.front());
  Result<int> p = router.Route(row, ts);
  REQUIRE(p.ok());
  return *p;
}

constexpr const char* kKey97 = R"({"strategy": "key", "partitions": 97})";

TEST_CASE("1,000 gets of one row count only in that row's partition") {
  StoreFixture fx(SpecJson("t", R"([{"name": "f"}])", kKey97));
  fx.MustPut(Put("hot").Add("f", "q", 100, "v"));
  REQUIRE(fx.store()->ResetRequestStats("t", "").ok());
  for (int i = 0; i < 1000; ++i) fx.MustGet(Get("hot"));
  const int hot = PartitionOfRow(fx.spec(), "hot");
  const std::map<int, RequestCounts> stats = ByPartition(fx.store(), "t");
  REQUIRE(stats.size() == 1);
  CHECK(stats.begin()->first == hot);
  const RequestCounts& c = stats.at(hot);
  CHECK(c.reads == 1000);
  CHECK(c.rows_read == 1000);
  CHECK(c.cells_read == 1000);
  CHECK(c.writes == 0);
  CHECK(c.requests() == 1000);
}

// Counts the cells a Get visits.
class CountingVisitor final : public CellVisitor {
 public:
  void Visit(const CellView&) override { ++cells; }
  int cells = 0;
};

TEST_CASE("a Get with a visitor and Exists count as a Get") {
  // One family of KEY 97, then two families (cells routed one by one).
  for (const char* families :
       {R"([{"name": "f"}])", R"([{"name": "f"}, {"name": "g"}])"}) {
    CAPTURE(families);
    StoreFixture fx(SpecJson("t", families, kKey97));
    Put put("hot");
    put.Add("f", "a", 100, "1").Add("f", "b", 100, "2");
    if (fx.spec().families.size() > 1) put.Add("g", "c", 100, "3");
    fx.MustPut(put);
    REQUIRE(fx.store()->ResetRequestStats("t", "").ok());
    CountingVisitor visitor;
    for (int i = 0; i < 3; ++i) {
      REQUIRE(fx.table()->Get(Get("hot"), &visitor).ok());
    }
    Result<bool> exists = fx.table()->Exists(Get("hot"));
    REQUIRE(exists.ok());
    CHECK(*exists);
    REQUIRE(fx.table()->Get(Get("cold"), &visitor).ok());
    CHECK(visitor.cells == 3 * static_cast<int>(put.cells.size()));
    const int hot = PartitionOfRow(fx.spec(), "hot");
    const RequestCounts f = ByPartition(fx.store(), "t").at(hot);
    CHECK(f.rows_read == 4);
    CHECK(f.cells_read == 8);
    CHECK(f.reads == 4 + (PartitionOfRow(fx.spec(), "cold") == hot ? 1 : 0));
    if (fx.spec().families.size() > 1) {
      const RequestCounts g = ByPartition(fx.store(), "t", "g").at(hot);
      CHECK(g.rows_read == 4);
      CHECK(g.cells_read == 4);
    }
  }
}

TEST_CASE("a KEY-97 scan counts all 97 partitions, a prefix-KEY scan one") {
  SUBCASE("KEY 97") {
    StoreFixture fx(SpecJson("t", R"([{"name": "f"}])", kKey97));
    for (int i = 0; i < 20; ++i) {
      fx.MustPut(Put("r" + std::to_string(i)).Add("f", "q", 100, "v"));
    }
    REQUIRE(fx.store()->ResetRequestStats("t", "f").ok());
    CHECK(fx.ScanAll().size() == 20);
    const std::map<int, RequestCounts> stats = ByPartition(fx.store(), "t");
    CHECK(stats.size() == 97);
    int64_t rows = 0, cells = 0;
    for (const auto& [p, c] : stats) {
      CHECK(c.reads == 1);
      rows += c.rows_read;
      cells += c.cells_read;
      CHECK(c.rows_read == (c.cells_read > 0 ? 1 : 0) * c.cells_read);
    }
    CHECK(rows == 20);
    CHECK(cells == 20);
    CHECK(stats.at(PartitionOfRow(fx.spec(), "r7")).rows_read >= 1);
  }
  SUBCASE("prefix KEY") {
    StoreFixture fx(SpecJson(
        "t", R"([{"name": "f"}])",
        R"({"strategy": "key", "partitions": 7, "prefix_length": 2})"));
    fx.MustPut(Put("ab1").Add("f", "q", 100, "v"));
    fx.MustPut(Put("ab2").Add("f", "q", 100, "v"));
    fx.MustPut(Put("cd1").Add("f", "q", 100, "v"));
    REQUIRE(fx.store()->ResetRequestStats("t", "").ok());
    Scan scan;
    scan.prefix = "ab";
    CHECK(fx.MustScan(scan).size() == 2);
    const std::map<int, RequestCounts> stats = ByPartition(fx.store(), "t");
    REQUIRE(stats.size() == 1);
    const RequestCounts& c = stats.at(PartitionOfRow(fx.spec(), "ab1"));
    CHECK(c.reads == 1);
    CHECK(c.rows_read == 2);
    CHECK(c.cells_read == 2);
  }
}

TEST_CASE("a scan's batch chunks count as one row") {
  StoreFixture fx(SpecJson("t", R"([{"name": "f"}])", kKey97));
  fx.MustPut(Put("r")
                 .Add("f", "a", 100, "1")
                 .Add("f", "b", 100, "2")
                 .Add("f", "c", 100, "3"));
  REQUIRE(fx.store()->ResetRequestStats("t", "").ok());
  Scan scan;
  scan.batch = 1;
  CHECK(fx.MustScanRows(scan).size() == 3);
  const RequestCounts c =
      ByPartition(fx.store(), "t").at(PartitionOfRow(fx.spec(), "r"));
  CHECK(c.rows_read == 1);
  CHECK(c.cells_read == 3);
}

TEST_CASE("a scan read cell by cell counts as read by rows") {
  // Scanner::NextCell, alone and after a batched Next that split a row.
  StoreFixture fx(SpecJson("t", R"([{"name": "f"}])", kKey97));
  for (const char* row : {"r1", "r2", "r3"}) {
    fx.MustPut(Put(row).Add("f", "a", 100, "1").Add("f", "b", 100, "2"));
  }
  for (int batch : {0, 1}) {
    CAPTURE(batch);
    REQUIRE(fx.store()->ResetRequestStats("t", "").ok());
    Scan scan;
    scan.batch = batch;
    Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(scan);
    REQUIRE(scanner.ok());
    if (batch > 0) {
      RowResult first;
      REQUIRE((*scanner)->Next(&first));  // r1's first cell
    }
    CellView cell;
    int cells = 0;
    while ((*scanner)->NextCell(&cell)) ++cells;
    CHECK(cells == (batch > 0 ? 5 : 6));
    scanner->reset();
    int64_t rows = 0, read = 0;
    for (const auto& [p, c] : ByPartition(fx.store(), "t")) {
      rows += c.rows_read;
      read += c.cells_read;
    }
    CHECK(rows == 3);
    CHECK(read == 6);
    CHECK(ByPartition(fx.store(), "t")
              .at(PartitionOfRow(fx.spec(), "r2"))
              .rows_read == 1);
  }
}

TEST_CASE("a scan of one partition adds its rows every 256 and at its end") {
  // The table's counters are shared by every thread: a scan of one
  // (family, partition) holds its rows and cells, adds them every
  // RowReadCounter::kFlushRows rows and when the scanner goes, by Next and
  // by NextCell alike.
  StoreFixture fx(
      SpecJson("t", R"([{"name": "f"}])", R"({"strategy": "none"})"));
  std::vector<Put> puts;
  for (int i = 0; i < 300; ++i) {
    char row[8];
    std::snprintf(row, sizeof row, "r%03d", i);
    puts.push_back(Put(row).Add("f", "a", 100, "1").Add("f", "b", 100, "2"));
  }
  REQUIRE(fx.table()->Put(puts).ok());
  for (const bool by_cell : {false, true}) {
    CAPTURE(by_cell);
    REQUIRE(fx.store()->ResetRequestStats("t", "").ok());
    Result<std::unique_ptr<Scanner>> scanner = fx.table()->GetScanner(Scan());
    REQUIRE(scanner.ok());
    auto read_rows = [&](int n) {
      for (int i = 0; i < n; ++i) {
        if (by_cell) {
          CellView cell;
          REQUIRE((*scanner)->NextCell(&cell));
          REQUIRE((*scanner)->NextCell(&cell));
        } else {
          RowResult row;
          REQUIRE((*scanner)->Next(&row));
        }
      }
    };
    read_rows(255);
    CHECK(ByPartition(fx.store(), "t")[0].rows_read == 0);
    // By cell, a row is counted when the next one starts.
    read_rows(by_cell ? 2 : 1);
    CHECK(ByPartition(fx.store(), "t")[0].rows_read == 256);
    CHECK(ByPartition(fx.store(), "t")[0].cells_read == 512);
    RowResult rest;
    while ((*scanner)->Next(&rest)) {
    }
    scanner->reset();
    const RequestCounts c = ByPartition(fx.store(), "t")[0];
    CHECK(c.rows_read == 300);
    CHECK(c.cells_read == 600);
    CHECK(c.reads == 1);
  }
}

TEST_CASE("a time-pruned scan on RANGE(G) counts only its time partitions") {
  StoreFixture fx(SpecJson(
      "t", R"([{"name": "f"}])",
      R"({"strategy": "range", "column": "G", "bounds": [150, 250, 5000, "MAXVALUE"]})"));
  fx.MustPut(Put("r").Add("f", "q", 100, "a").Add("f", "q", 200, "b"));
  fx.MustPut(Put("r").Add("f", "q", 300, "c").Add("f", "q", 6000, "d"));
  REQUIRE(fx.store()->ResetRequestStats("t", "").ok());
  Scan scan;
  scan.time_range.min_ms = 100;
  scan.time_range.max_ms = 240;
  scan.max_versions = 10;
  CHECK(fx.MustScan(scan).size() == 2);
  const std::map<int, RequestCounts> stats = ByPartition(fx.store(), "t");
  REQUIRE(stats.size() == 2);
  CHECK(stats.at(0).reads == 1);
  CHECK(stats.at(0).cells_read == 1);
  CHECK(stats.at(0).rows_read == 1);
  CHECK(stats.at(1).reads == 1);
  CHECK(stats.at(1).cells_read == 1);
  CHECK(stats.at(1).rows_read == 1);
}

TEST_CASE("writes, cells, bytes and deletes are exact") {
  StoreFixture fx(AllPartitionCases()[1]);  // KEY 7, families f and g
  const int p = PartitionOfRow(fx.spec(), "r1");
  // One put, two families, three cells: K+Q+V = 2+2+1, 2+2+2, 2+1+3.
  fx.MustPut(Put("r1")
                 .Add("f", "q1", 100, "v")
                 .Add("f", "q2", 100, "vv")
                 .Add("g", "x", 100, "vvv"));
  std::vector<Put> puts = {Put("r1").Add("f", "q1", 200, "w"),
                           Put("r1").Add("f", "q3", 200, "w")};
  REQUIRE(fx.table()->Put(puts).ok());
  fx.MustDelete(Delete{"r1", DeleteType::kRow, "", "", std::nullopt});
  Delete column;
  column.row = "r1";
  column.type = DeleteType::kColumn;
  column.family = "f";
  column.qualifier = "q1";
  fx.MustDelete(column);
  Increment inc;
  inc.row = "r1";
  inc.columns.push_back({"g", "n", 1});
  REQUIRE(fx.table()->Increment(inc).ok());

  std::map<int, RequestCounts> f = ByPartition(fx.store(), "t", "f");
  REQUIRE(f.size() == 1);
  CHECK(f.at(p).writes == 3);
  CHECK(f.at(p).cells_written == 4);
  CHECK(f.at(p).bytes_written == 5 + 6 + 5 + 5);
  CHECK(f.at(p).deletes == 2);
  CHECK(f.at(p).reads == 0);
  std::map<int, RequestCounts> g = ByPartition(fx.store(), "t", "g");
  REQUIRE(g.size() == 1);
  CHECK(g.at(p).writes == 2);
  CHECK(g.at(p).cells_written == 2);
  CHECK(g.at(p).bytes_written == 6 + 2 + 1 + 8);
  CHECK(g.at(p).deletes == 1);
}

TEST_CASE("buckets split at the minute of the injected clock") {
  StoreFixture fx(SpecJson("t", R"([{"name": "f"}])", kKey97));
  const int64_t minute = 60000;
  const int64_t base = (kNow / minute + 1) * minute;  // a minute's start
  fx.set_now(base - 1);
  fx.MustPut(Put("a").Add("f", "q", 100, "v"));
  fx.set_now(base);
  fx.MustPut(Put("a").Add("f", "q", 100, "v"));
  fx.MustPut(Put("a").Add("f", "q", 100, "v"));
  fx.set_now(base + 3 * minute + 59999);
  fx.MustGet(Get("a"));
  Result<std::vector<RequestStatsBucket>> stats =
      fx.store()->RequestStats("t", RequestStatsQuery());
  REQUIRE(stats.ok());
  REQUIRE(stats->size() == 3);
  CHECK((*stats)[0].bucket_start_ms == base - minute);
  CHECK((*stats)[0].counts.writes == 1);
  CHECK((*stats)[1].bucket_start_ms == base);
  CHECK((*stats)[1].counts.writes == 2);
  CHECK((*stats)[2].bucket_start_ms == base + 3 * minute);
  CHECK((*stats)[2].counts.reads == 1);
  // since/until select buckets by their start.
  RequestStatsQuery query;
  query.since_ms = base;
  query.until_ms = base + 3 * minute;
  stats = fx.store()->RequestStats("t", query);
  REQUIRE(stats.ok());
  REQUIRE(stats->size() == 1);
  CHECK((*stats)[0].bucket_start_ms == base);
  // Flushed, then read back from the table: the same.
  REQUIRE(fx.store()->FlushRequestStats().ok());
  stats = fx.store()->RequestStats("t", query);
  REQUIRE(stats.ok());
  REQUIRE(stats->size() == 1);
  CHECK((*stats)[0].counts.writes == 2);
}

TEST_CASE("two Store objects on one store add up; reset zeroes them") {
  StoreFixture fx(SpecJson("t", R"([{"name": "f"}])", kKey97));
  fx.MustPut(Put("a").Add("f", "q", 100, "v"));
  {
    StoreOptions options = fx.Options();
    std::unique_ptr<Store> other = MustOpenStore(fx.path(), options);
    Table* table = MustTable(other.get(), "t");
    for (int i = 0; i < 5; ++i) REQUIRE(table->Get(Get("a")).ok());
    REQUIRE(other->FlushRequestStats().ok());
    for (int i = 0; i < 2; ++i) REQUIRE(table->Get(Get("a")).ok());
  }  // closing flushes the last 2
  for (int i = 0; i < 3; ++i) fx.MustGet(Get("a"));
  const int p = PartitionOfRow(fx.spec(), "a");
  CHECK(ByPartition(fx.store(), "t").at(p).reads == 10);
  CHECK(ByPartition(fx.store(), "t").at(p).writes == 1);
  fx.Reopen();  // this store's counts are flushed at close
  CHECK(ByPartition(fx.store(), "t").at(p).reads == 10);
  CHECK(fx.SqlInt("SELECT count(*) FROM obkv_stats") == 1);

  REQUIRE(fx.store()->ResetRequestStats("t", "").ok());
  CHECK(ByPartition(fx.store(), "t").empty());
  CHECK(fx.SqlInt("SELECT count(*) FROM obkv_stats") == 0);
  // The stats table is no HBase table.
  CHECK(fx.store()->ListTables() == std::vector<std::string>{"t"});
}

// On a server every process's first flush used to run CREATE TABLE IF NOT
// EXISTS obkv_stats, which on Galera takes a cluster-wide total-order slot
// even when the table is there. Now the DDL runs only when it is missing.
TEST_CASE("the stats table's DDL runs only when the table is missing") {
  StoreFixture fx(SpecJson("t", R"([{"name": "f"}])", kKey97));
  fx.MustPut(Put("a").Add("f", "q", 100, "v"));
  REQUIRE(fx.store()->FlushRequestStats().ok());  // creates obkv_stats
  CHECK(fx.SqlInt("SELECT count(*) FROM obkv_stats") == 1);
  if (!fx.on_server()) return;  // SQLite counts no statements
  const std::string creates =
      "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE "
      "VARIABLE_NAME = 'COM_CREATE_TABLE'";
  const int64_t before = fx.SqlInt(creates);
  {
    std::unique_ptr<Store> other = MustOpenStore(fx.path(), fx.Options());
    REQUIRE(MustTable(other.get(), "t")->Get(Get("a")).ok());
    REQUIRE(other->FlushRequestStats().ok());
  }
  CHECK(fx.SqlInt(creates) == before);
  CHECK(ByPartition(fx.store(), "t").at(PartitionOfRow(fx.spec(), "a")).reads ==
        1);
}

TEST_CASE("request_stats off counts nothing") {
  StoreFixture fx(SpecJson("t", R"([{"name": "f"}])", kKey97));
  StoreOptions options = fx.Options();
  options.request_stats = false;
  {
    std::unique_ptr<Store> other = MustOpenStore(fx.path(), options);
    Table* table = MustTable(other.get(), "t");
    REQUIRE(table->Put(Put("a").Add("f", "q", 100, "v")).ok());
    REQUIRE(table->Get(Get("a")).ok());
    Result<std::vector<RequestStatsBucket>> stats =
        other->RequestStats("t", RequestStatsQuery());
    REQUIRE(stats.ok());
    CHECK(stats->empty());
  }
  CHECK(ByPartition(fx.store(), "t").empty());
}

TEST_CASE("bad request-stats arguments name the field") {
  StoreFixture fx(AllPartitionCases()[1]);
  Result<std::vector<RequestStatsBucket>> r =
      fx.store()->RequestStats("nope", RequestStatsQuery());
  CHECK(r.status().IsNotFound());
  CHECK(r.status().message().find("nope") != std::string::npos);
  RequestStatsQuery query;
  query.family = "zz";
  r = fx.store()->RequestStats("t", query);
  CHECK(r.status().IsInvalidArgument());
  CHECK(r.status().message().rfind("family: ", 0) == 0);
  query = RequestStatsQuery();
  query.since_ms = 10;
  query.until_ms = 5;
  r = fx.store()->RequestStats("t", query);
  CHECK(r.status().message().rfind("since: ", 0) == 0);
  CHECK(fx.store()->ResetRequestStats("t", "zz").message().rfind("family: ",
                                                                 0) == 0);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
