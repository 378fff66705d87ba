// Copyright (c) obkvlite authors.
//
// Parallel scans of sharded stores (StoreOptions::sqlite.parallel_shard_scans,
// hbase/read/shard_stream.h): every scan shape returns exactly the results of
// the single-thread read of the same data, on 2 and 3 shard files; errors
// on a shard's thread end the scan with that error; dropping a scanner
// midway stops its threads.

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "fault_vfs.h"
#include "obkvlite/filter.h"
#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

// Table t: the fixture's families f and g over 7 KEY partitions (the
// fixture's key7 case); a row's versions at 100, 200 and 300.
std::string Spec() {
  return SpecJson("t", kDefaultFamilies, AllPartitionCases()[1].partition_json);
}
constexpr int kRows = 400;

std::string RowKey(int i) { return "r" + std::to_string(1000 + i); }

// ShardRows whose cells vary in number, size (some 3000-byte values, so batches
// end by bytes too) and versions.
std::vector<Put> ShardRows() {
  std::vector<Put> puts;
  for (int i = 0; i < kRows; ++i) {
    Put put(RowKey(i));
    for (int q = 0; q < 1 + i % 6; ++q) {
      const std::string qualifier = "q" + std::to_string(q);
      for (int64_t ts = 100; ts <= 100 + 100 * (i % 3); ts += 100) {
        std::string value = "v" + std::to_string((i * 7 + q) % 10);
        if ((i + q) % 17 == 0) value.append(3000, 'x');
        put.Add(i % 4 == 0 ? "g" : "f", qualifier, ts, value);
        if (q == 0) put.Add("g", "gq", ts, value);
      }
    }
    puts.push_back(std::move(put));
  }
  return puts;
}

// A store of `shards` files holding ShardRows(), read with or without threads.
struct ShardedStore {
  ShardedStore(int shards, bool parallel, const std::string& vfs = "") {
    StoreOptions options;
    options.sqlite.shards = shards;
    options.sqlite.parallel_shard_scans = parallel;
    options.clock_ms = [] { return kNow; };
    options.sqlite.vfs = vfs;
    if (!vfs.empty())
      options.sqlite.mmap_size = 0;  // every page read is an xRead
    store = MustOpenStore(dir.path() + "/s.db", options);
    REQUIRE(store->CreateTable(MustParseSpec(Spec())).ok());
    table = MustTable(store.get(), "t");
    const Status put = table->Put(ShardRows());
    REQUIRE_MESSAGE(put.ok(), put.ToString());
  }

  TempDir dir;
  std::unique_ptr<Store> store;
  Table* table = nullptr;
};

// Every RowResult of a scan, as returned (row and cells), then the status.
struct ScanResults {
  std::vector<RowResult> rows;
  std::string status;
  int partitions_opened = 0;
};

// Every cell of a scan through NextCell (zero-copy views), copied, then
// the status.
std::pair<std::vector<Cell>, std::string> RunCellScan(Table* table,
                                                      const Scan& scan) {
  std::vector<Cell> cells;
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(scan);
  if (!scanner.ok()) return {cells, scanner.status().ToString()};
  CellView cell;
  while ((*scanner)->NextCell(&cell)) cells.push_back(cell.ToCell());
  return {cells, (*scanner)->status().ToString()};
}

ScanResults RunScan(Table* table, const Scan& scan) {
  ScanResults out;
  Result<std::unique_ptr<Scanner>> scanner = table->GetScanner(scan);
  if (!scanner.ok()) {
    out.status = scanner.status().ToString();
    return out;
  }
  out.partitions_opened = (*scanner)->partitions_opened();
  RowResult row;
  while ((*scanner)->Next(&row)) out.rows.push_back(row);
  out.status = (*scanner)->status().ToString();
  return out;
}

std::vector<Scan> ScanShapes() {
  std::vector<Scan> shapes;
  auto add = [&](auto edit) {
    for (const bool reversed : {false, true}) {
      Scan scan;
      scan.reversed = reversed;
      edit(&scan);
      shapes.push_back(scan);
    }
  };
  add([](Scan*) {});
  add([](Scan* s) {
    s->start_row = s->reversed ? "r1300" : "r1050";
    s->stop_row = s->reversed ? "r1050" : "r1300";
  });
  add([](Scan* s) { s->start_row = s->reversed ? "r1200" : "r1200"; });
  add([](Scan* s) { s->prefix = "r11"; });
  add([](Scan* s) { s->limit = 1; });
  add([](Scan* s) { s->limit = 37; });
  add([](Scan* s) { s->limit = 1000; });  // on the caller's thread
  add([](Scan* s) { s->limit = 5000; });  // on the threads
  add([](Scan* s) { s->batch = 3; });
  add([](Scan* s) {
    s->batch = 2;
    s->limit = 20;
  });
  add([](Scan* s) { s->max_versions = 3; });
  add([](Scan* s) {
    s->max_versions = 2;
    s->time_range = TimeRange{150, 301};
  });
  add([](Scan* s) { s->time_range = TimeRange{100, 200}; });
  add([](Scan* s) { s->families = {"g"}; });
  add([](Scan* s) { s->columns = {Column{"f", "q1"}, Column{"g", "gq"}}; });
  add([](Scan* s) {
    s->families = {"g"};
    s->columns = {Column{"f", "q2"}};
    s->max_versions = 3;
  });
  add([](Scan* s) { s->filter = "ValueFilter(=, 'binary:v3')"; });
  add([](Scan* s) {
    s->filter = "PrefixFilter('r12') AND QualifierFilter(>=, 'binary:q2')";
  });
  add([](Scan* s) { s->filter = "FirstKeyOnlyFilter() AND KeyOnlyFilter()"; });
  add([](Scan* s) {
    s->filter = "SingleColumnValueFilter('f', 'q0', =, 'binary:v1')";
    s->limit = 5;
  });
  add([](Scan* s) { s->filter = "PageFilter(7)"; });
  add([](Scan* s) { s->filter = "WHILE RowFilter(<, 'binary:r1100')"; });
  add([](Scan* s) {
    s->start_row = "r2";  // past every row (reversed: before the first)
    s->stop_row = s->reversed ? "r0" : "";
  });
  return shapes;
}

void CheckSameScans(int shards) {
  ShardedStore parallel(shards, true);
  ShardedStore serial(shards, false);
  int shape = 0;
  for (const Scan& scan : ScanShapes()) {
    INFO("shards ", shards, ", shape ", shape++, ": reversed ", scan.reversed,
         " start '", scan.start_row, "' stop '", scan.stop_row, "' prefix '",
         scan.prefix, "' limit ", scan.limit, " batch ", scan.batch,
         " versions ", scan.max_versions, " filter '", scan.filter, "'");
    const ScanResults a = RunScan(parallel.table, scan);
    const ScanResults b = RunScan(serial.table, scan);
    CHECK(a.status == "OK");
    CHECK(a.status == b.status);
    CHECK(a.partitions_opened == b.partitions_opened);
    REQUIRE(a.rows.size() == b.rows.size());
    for (size_t i = 0; i < a.rows.size(); ++i) {
      CHECK(a.rows[i].row == b.rows[i].row);
      CHECK(a.rows[i].cells == b.rows[i].cells);
    }
    if (scan.batch == 0) {  // NextCell: the same cells, one at a time
      const auto cells = RunCellScan(parallel.table, scan);
      CHECK(cells.second == "OK");
      CHECK(cells == RunCellScan(serial.table, scan));
      size_t n = 0;
      for (const RowResult& row : a.rows) n += row.cells.size();
      CHECK(cells.first.size() == n);
    }
  }
}

TEST_CASE("parallel shard scans return the single-thread results, 2 shards") {
  CheckSameScans(2);
}

TEST_CASE("parallel shard scans return the single-thread results, 3 shards") {
  CheckSameScans(3);
}

TEST_CASE("a full parallel scan returns every cell in order, exactly") {
  ShardedStore parallel(2, true);
  ShardedStore single(1, true);  // one file: never threads
  Scan all;
  all.max_versions = 3;
  const ScanResults a = RunScan(parallel.table, all);
  const ScanResults b = RunScan(single.table, all);
  REQUIRE(a.status == "OK");
  REQUIRE(a.rows.size() == kRows);
  REQUIRE(b.rows.size() == kRows);
  for (size_t i = 0; i < a.rows.size(); ++i) {
    CHECK(a.rows[i].row == RowKey(static_cast<int>(i)));
    CHECK(a.rows[i].cells == b.rows[i].cells);
  }
}

TEST_CASE("dropping a parallel scanner midway stops its threads") {
  ShardedStore store(2, true);
  for (int taken = 0; taken < 30; taken += 3) {
    Result<std::unique_ptr<Scanner>> scanner = store.table->GetScanner(Scan());
    REQUIRE(scanner.ok());
    RowResult row;
    for (int i = 0; i < taken; ++i) REQUIRE((*scanner)->Next(&row));
  }  // each scanner dropped with its threads blocked on full queues
  // The store still reads and writes: no lease, lock or thread was left.
  REQUIRE(store.table->Put(Put("r0").Add("f", "q", 100, "v")).ok());
  const ScanResults after = RunScan(store.table, Scan());
  CHECK(after.status == "OK");
  CHECK(after.rows.size() == kRows + 1);
  CHECK(after.rows.front().row == "r0");
}

TEST_CASE("a shard's error ends the parallel scan with that error") {
  ShardedStore store(2, true);
  SUBCASE("at open: a partition table missing in a shard file") {
    // FNV-1a-32("t") is odd, so partition 0 of t$f is in shard 1.
    REQUIRE(ShardOfPartition("t", 0, 2) == 1);
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((store.dir.path() + "/s.db.shard1").c_str(), &db) ==
            SQLITE_OK);
    REQUIRE(sqlite3_exec(db, "DROP TABLE \"t$f$p0\"", nullptr, nullptr,
                         nullptr) == SQLITE_OK);
    sqlite3_close(db);
    const ScanResults scan = RunScan(store.table, Scan());
    CHECK(scan.rows.empty());
    CHECK(scan.status.find("t$f$p0") != std::string::npos);
  }
}

TEST_CASE("a read fault on a shard's thread is the scanner's status") {
  FaultVfs& vfs = FaultVfs::Get();
  ShardedStore store(2, true, kFaultVfsName);
  Result<std::unique_ptr<Scanner>> scanner = store.table->GetScanner(Scan());
  REQUIRE(scanner.ok());
  vfs.Arm(FaultOp::kRead, 1, SQLITE_IOERR_READ);
  RowResult row;
  int rows = 0;
  while ((*scanner)->Next(&row)) ++rows;
  vfs.Disarm();
  REQUIRE(vfs.fired());
  CHECK(rows < kRows);
  CHECK_FALSE((*scanner)->status().ok());
  INFO((*scanner)->status().ToString());
  CHECK((*scanner)->status().ToString().find("I/O") != std::string::npos);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
