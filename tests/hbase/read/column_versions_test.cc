// Copyright (c) obkvlite authors.
//
// A Get of named columns reads at most a column's newest max_versions
// cells when it has no filter (PartitionCursor::StartColumns' `versions`:
// an Increment reads its counter's newest version, not every one it ever
// wrote), and with a filter, as HBase's UserScanQueryMatcher, counts
// versions after the filter: a filtered-out newer version leaves room for
// an older one. On every partitioning, and on shards and the server when
// the suite runs there.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

// "qualifier@ts=value" of each cell.
std::vector<std::string> Text(const std::vector<Cell>& cells) {
  std::vector<std::string> out;
  for (const Cell& c : cells) {
    out.push_back(c.qualifier + "@" + std::to_string(c.timestamp) + "=" +
                  c.value);
  }
  return out;
}

TEST_CASE_TEMPLATE("a column get reads its newest versions; a filter first", P,
                   OBKV_PARTITIONINGS) {
  StoreFixture fx(P::Case(), R"([{"name": "f", "max_versions": 10}])");
  for (int ts = 1; ts <= 6; ++ts) {
    fx.MustPut(Put("r").Add("f", "a", ts, "a" + std::to_string(ts)));
    fx.MustPut(Put("r").Add("f", "b", ts, "b" + std::to_string(ts)));
  }
  Get get("r");
  get.columns = {{"f", "a"}, {"f", "b"}};
  CHECK(Text(fx.MustGet(get)) == std::vector<std::string>{"a@6=a6", "b@6=b6"});
  get.max_versions = 2;
  CHECK(Text(fx.MustGet(get)) ==
        std::vector<std::string>{"a@6=a6", "a@5=a5", "b@6=b6", "b@5=b5"});
  // The filter drops the newest versions: the older ones take their place.
  get.max_versions = 1;
  get.filter = "ValueFilter(<=, 'binary:a4') OR ValueFilter(=, 'binary:b2')";
  CHECK(Text(fx.MustGet(get)) == std::vector<std::string>{"a@4=a4", "b@2=b2"});
  // A time range under the newest versions.
  get.filter.clear();
  get.time_range.max_ms = 4;
  CHECK(Text(fx.MustGet(get)) == std::vector<std::string>{"a@3=a3", "b@3=b3"});
  // An increment reads the newest version of its counter, many times over.
  Increment inc;
  inc.row = "c";
  inc.columns.push_back({"f", "n", 1});
  for (int i = 0; i < 30; ++i) {
    Result<RowResult> r = fx.table()->Increment(inc);
    REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  }
  Get counter("c");
  counter.columns = {{"f", "n"}};
  const std::vector<Cell> n = fx.MustGet(counter);
  REQUIRE(n.size() == 1);
  CHECK(n[0].value == std::string("\0\0\0\0\0\0\0\x1e", 8));
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
