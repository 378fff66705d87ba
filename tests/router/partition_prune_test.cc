// Copyright (c) obkvlite authors.
//
// Tests of the partition router's pruning (DESIGN §3;
// src/router/partition_router.cc, key_range.cc): the KeyRange and TimeRange
// factories, and PruneScan for every strategy, checked against the routes
// of every key of a dense key set.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "obkvlite/bytes.h"
#include "obkvlite/router.h"
#include "obkvlite/spec.h"
#include "router_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

using namespace std::string_literals;

std::vector<int> Iota(int first, int last, int step = 1) {
  std::vector<int> out;
  for (int i = first; i <= last; i += step) out.push_back(i);
  return out;
}

// ---- KeyRange / TimeRange factories ----

TEST_CASE("KeyRange and TimeRange factories") {
  KeyRange all = KeyRange::All();
  CHECK(all.lo == "");
  CHECK(all.lo_inclusive);
  CHECK(all.hi_unbounded);

  KeyRange point = KeyRange::Point("k");
  CHECK(point.lo == "k");
  CHECK(point.hi == "k");
  CHECK(point.lo_inclusive);
  CHECK(point.hi_inclusive);
  CHECK_FALSE(point.hi_unbounded);

  KeyRange fwd = KeyRange::Forward("a", "h");
  CHECK(fwd.lo == "a");
  CHECK(fwd.lo_inclusive);
  CHECK(fwd.hi == "h");
  CHECK_FALSE(fwd.hi_inclusive);
  CHECK_FALSE(fwd.hi_unbounded);
  CHECK(KeyRange::Forward("a", "").hi_unbounded);

  KeyRange rev = KeyRange::Reversed("w", "h");
  CHECK(rev.lo == "h");
  CHECK_FALSE(rev.lo_inclusive);
  CHECK(rev.hi == "w");
  CHECK(rev.hi_inclusive);
  CHECK_FALSE(rev.hi_unbounded);
  CHECK(KeyRange::Reversed("", "h").hi_unbounded);
  CHECK(KeyRange::Reversed("w", "").lo_inclusive);

  KeyRange prefix = KeyRange::Prefix("ab\xff"s);
  CHECK(prefix.lo == "ab\xff"s);
  CHECK(prefix.hi == "ac");
  CHECK_FALSE(prefix.hi_inclusive);
  CHECK_FALSE(prefix.hi_unbounded);
  CHECK(KeyRange::Prefix("\xff\xff"s).hi_unbounded);
  CHECK(KeyRange::Prefix("").hi_unbounded);

  TimeRange t = TimeRange::Exactly(42);
  CHECK(t.min_ms == 42);
  CHECK(t.max_ms == 43);
  CHECK(TimeRange::All().min_ms == 0);
  CHECK(TimeRange::All().max_ms == kInt64Max);
}

// ---- Pruning ----

TEST_CASE("Prune: unpartitioned") {
  PartitionRouter router("t", Family(PartitionSpec()));
  CHECK(router.PruneGet("r", TimeRange::All()) == std::vector<int>{0});
  CHECK(router.PruneScan(KeyRange::All(), TimeRange::All()) ==
        std::vector<int>{0});
  CHECK(
      router.PruneScan(KeyRange::Forward("b", "a"), TimeRange::All()).empty());
}

TEST_CASE("Prune: KEY on K") {
  PartitionRouter router = Router(KeySpec(97));
  const TimeRange all = TimeRange::All();
  CHECK(router.PruneGet("row1", all) == std::vector<int>{69});
  CHECK(router.PruneGet("row2", Times(5, 5)) == std::vector<int>{24});
  CHECK(router.PruneScan(KeyRange::Point("row1"), all) == std::vector<int>{69});
  // [row1, row1\x00) holds only row1.
  CHECK(router.PruneScan(KeyRange::Forward("row1", "row1\x00"s), all) ==
        std::vector<int>{69});
  // (row1, row1\x00] holds only row1\x00.
  CHECK(router.PruneScan(KeyRange::Reversed("row1\x00"s, "row1"), all) ==
        std::vector<int>{RouteOk(router, "row1\x00"s)});
  CHECK(router.PruneScan(KeyRange::Forward("row1", "row2"), all) ==
        Iota(0, 96));
  CHECK(router.PruneScan(KeyRange::Prefix("row1"), all) == Iota(0, 96));
  CHECK(router.PruneScan(KeyRange::All(), all) == Iota(0, 96));
  CHECK(router.PruneScan(KeyRange::Reversed("row2", "row1"), all) ==
        Iota(0, 96));
  // Empty key ranges.
  CHECK(router.PruneScan(KeyRange::Forward("b", "a"), all).empty());
  CHECK(router.PruneScan(KeyRange::Forward("a", "a"), all).empty());
  CHECK(router.PruneScan(KeyRange::Reversed("a", "b"), all).empty());
  CHECK(router.PruneScan(KeyRange::Reversed("a", "a"), all).empty());
  KeyRange open_pair;  // (a, a\x00) holds nothing
  open_pair.lo = "a";
  open_pair.lo_inclusive = false;
  open_pair.hi = "a\x00"s;
  open_pair.hi_unbounded = false;
  CHECK(router.PruneScan(open_pair, all).empty());
}

TEST_CASE("Prune: prefix KEY prunes scans inside one K_PREFIX") {
  PartitionRouter router = Router(KeySpec(16, 4));
  const TimeRange all = TimeRange::All();
  CHECK(router.PruneGet("partition_1", all) == std::vector<int>{11});
  CHECK(router.PruneScan(KeyRange::Prefix("part"), all) ==
        std::vector<int>{11});
  CHECK(router.PruneScan(KeyRange::Prefix("partition"), all) ==
        std::vector<int>{11});
  CHECK(router.PruneScan(KeyRange::Forward("part", "paru"), all) ==
        std::vector<int>{11});
  CHECK(router.PruneScan(KeyRange::Forward("partition_1", "partition_2"),
                         all) == std::vector<int>{11});
  CHECK(router.PruneScan(KeyRange::Forward("test_1", "test_2"), all) ==
        std::vector<int>{3});
  // Past the prefix successor, or a start shorter than the prefix: all.
  CHECK(router.PruneScan(KeyRange::Forward("part", "parua"), all) ==
        Iota(0, 15));
  CHECK(router.PruneScan(KeyRange::Forward("part", ""), all) == Iota(0, 15));
  CHECK(router.PruneScan(KeyRange::Forward("pa", "pb"), all) == Iota(0, 15));
  CHECK(router.PruneScan(KeyRange::Prefix("par"), all) == Iota(0, 15));
  // Reversed: (part, part\xff] stays inside "part"; (part, paru] does not.
  CHECK(router.PruneScan(KeyRange::Reversed("part\xff"s, "part"), all) ==
        std::vector<int>{11});
  CHECK(router.PruneScan(KeyRange::Reversed("paru", "part"), all) ==
        Iota(0, 15));
  // A point shorter than the prefix hashes the whole key.
  CHECK(router.PruneScan(KeyRange::Point("ab"), all) == std::vector<int>{8});
  // An all-0xFF prefix has no successor: every later key shares it.
  CHECK(router.PruneScan(KeyRange::Prefix("\xff\xff\xff\xff"s), all) ==
        std::vector<int>{4});
  CHECK(router.PruneScan(KeyRange::Forward("\xff\xff\xff\xff\x01"s, ""), all) ==
        std::vector<int>{4});
}

TEST_CASE("Prune: RANGE COLUMNS(K) keeps overlapping partitions") {
  PartitionRouter router = HwMaxRouter();
  const TimeRange all = TimeRange::All();
  auto scan = [&](const KeyRange& keys) { return router.PruneScan(keys, all); };
  using V = std::vector<int>;

  // Forward [start, stop): a stop equal to a bound excludes its partition.
  CHECK(scan(KeyRange::Forward("a", "h")) == V{0});
  CHECK(scan(KeyRange::Forward("a", "h\x00"s)) == V{0, 1});
  CHECK(scan(KeyRange::Forward("h", "w")) == V{1});
  CHECK(scan(KeyRange::Forward("g", "w")) == V{0, 1});
  CHECK(scan(KeyRange::Forward("h", "")) == V{1, 2});
  CHECK(scan(KeyRange::Forward("", "")) == V{0, 1, 2});
  CHECK(scan(KeyRange::Forward("", "h")) == V{0});
  CHECK(scan(KeyRange::Forward("x", "z")) == V{2});
  CHECK(scan(KeyRange::Forward("\x00"s, "\xff"s)) == V{0, 1, 2});
  CHECK(scan(KeyRange::Forward("b", "a")).empty());
  CHECK(scan(KeyRange::Forward("h", "h")).empty());
  // Points.
  CHECK(scan(KeyRange::Point("h")) == V{1});
  CHECK(scan(KeyRange::Point("g\xff"s)) == V{0});
  CHECK(router.PruneGet("w", all) == V{2});
  CHECK(router.PruneGet("a", all) == V{0});
  // Reversed (stop, start]: an inclusive start equal to a bound includes it.
  CHECK(scan(KeyRange::Reversed("h", "a")) == V{0, 1});
  CHECK(scan(KeyRange::Reversed("g\xff"s, "a")) == V{0});
  CHECK(scan(KeyRange::Reversed("w", "h")) == V{1, 2});
  CHECK(scan(KeyRange::Reversed("v", "h")) == V{1});
  CHECK(scan(KeyRange::Reversed("h", "g")) == V{0, 1});
  CHECK(scan(KeyRange::Reversed("", "w")) == V{2});
  CHECK(scan(KeyRange::Reversed("", "v")) == V{1, 2});
  CHECK(scan(KeyRange::Reversed("g", "")) == V{0});
  CHECK(scan(KeyRange::Reversed("a", "b")).empty());
  // Prefixes.
  CHECK(scan(KeyRange::Prefix("h")) == V{1});
  CHECK(scan(KeyRange::Prefix("g")) == V{0});
  CHECK(scan(KeyRange::Prefix("v")) == V{1});
  CHECK(scan(KeyRange::Prefix("\xff"s)) == V{2});
  CHECK(scan(KeyRange::Prefix("")) == V{0, 1, 2});
  // Hand-built intervals with both ends exclusive or inclusive.
  KeyRange r;
  r.lo = "h";
  r.lo_inclusive = false;
  r.hi = "w";
  r.hi_inclusive = false;
  r.hi_unbounded = false;
  CHECK(scan(r) == V{1});
  r.lo = "g\xff\xff"s;
  r.hi = "h";
  r.hi_inclusive = true;
  CHECK(scan(r) == V{0, 1});
  // Time is irrelevant to a RANGE on K.
  CHECK(router.PruneScan(KeyRange::Forward("a", "h"), Times(5, 5)) == V{0});
}

TEST_CASE("Prune: RANGE COLUMNS(K) without MAXVALUE") {
  PartitionRouter router = Router(RangeKSpec({RangeBound::Key("h"), RangeBound::Key("w")}));
  const TimeRange all = TimeRange::All();
  using V = std::vector<int>;
  CHECK(router.PruneScan(KeyRange::Forward("x", "z"), all).empty());
  CHECK(router.PruneScan(KeyRange::Forward("w", ""), all).empty());
  CHECK(router.PruneScan(KeyRange::Forward("a", ""), all) == V{0, 1});
  CHECK(router.PruneScan(KeyRange::Forward("v", "z"), all) == V{1});
  CHECK(router.PruneScan(KeyRange::Reversed("z", "a"), all) == V{0, 1});
  CHECK(router.PruneScan(KeyRange::Point("w"), all).empty());
  CHECK(router.PruneGet("w", all).empty());
  CHECK(router.PruneGet("v", all) == V{1});
}

TEST_CASE("Prune: RANGE COLUMNS(G) keeps partitions overlapping [min,max)") {
  PartitionRouter router =
      Router(RangeGSpec({RangeBound::Ts(1000), RangeBound::Ts(2000), RangeBound::MaxValue()}));
  const KeyRange keys = KeyRange::All();
  auto scan = [&](TimeRange t) { return router.PruneScan(keys, t); };
  using V = std::vector<int>;
  CHECK(scan(TimeRange::All()) == V{0, 1, 2});
  CHECK(scan(Times(0, 1000)) == V{0});
  CHECK(scan(Times(0, 1001)) == V{0, 1});
  CHECK(scan(Times(1000, 2000)) == V{1});
  CHECK(scan(Times(999, 2000)) == V{0, 1});
  CHECK(scan(Times(1999, 2000)) == V{1});
  CHECK(scan(Times(1999, 2001)) == V{1, 2});
  CHECK(scan(Times(2000, kInt64Max)) == V{2});
  CHECK(scan(TimeRange::Exactly(999)) == V{0});
  CHECK(scan(TimeRange::Exactly(1000)) == V{1});
  CHECK(scan(Times(-100, 1)) == V{0});
  CHECK(scan(Times(500, 500)).empty());
  CHECK(scan(Times(5000, 1000)).empty());
  CHECK(scan(Times(-10, 0)).empty());
  CHECK(router.PruneGet("r", Times(1500, 2500)) == V{1, 2});
  CHECK(router.PruneGet("r", TimeRange::Exactly(0)) == V{0});
  // Keys do not prune a RANGE on G, but an empty key range is empty.
  CHECK(router.PruneScan(KeyRange::Point("r"), Times(0, 1000)) == V{0});
  CHECK(
      router.PruneScan(KeyRange::Forward("b", "a"), TimeRange::All()).empty());

  PartitionRouter no_max = Router(RangeGSpec({RangeBound::Ts(1000), RangeBound::Ts(2000)}));
  CHECK(no_max.PruneScan(keys, Times(2000, 3000)).empty());
  CHECK(no_max.PruneScan(keys, Times(1500, 3000)) == V{1});
  CHECK(no_max.PruneScan(keys, TimeRange::All()) == V{0, 1});
}

TEST_CASE("Prune: RANGE(G) + KEY(K) cuts both levels") {
  PartitionRouter router =
      Router(RangeKeySpec({RangeBound::Ts(1000), RangeBound::Ts(2000), RangeBound::MaxValue()}, 97));
  using V = std::vector<int>;
  CHECK(router.PruneGet("row1", TimeRange::All()) == V{69, 166, 263});
  CHECK(router.PruneGet("row1", TimeRange::Exactly(1000)) == V{166});
  CHECK(router.PruneScan(KeyRange::Point("row1"), Times(0, 1500)) ==
        V{69, 166});
  CHECK(router.PruneScan(KeyRange::Forward("row1", "row2"),
                         TimeRange::Exactly(2500)) == Iota(194, 290));
  CHECK(router.PruneScan(KeyRange::All(), TimeRange::All()) == Iota(0, 290));
  CHECK(
      router.PruneScan(KeyRange::Forward("b", "a"), TimeRange::All()).empty());
  CHECK(router.PruneScan(KeyRange::All(), Times(5, 5)).empty());

  PartitionRouter prefixed =
      Router(RangeKeySpec({RangeBound::Ts(1000), RangeBound::Ts(2000), RangeBound::MaxValue()}, 16, 4));
  CHECK(prefixed.PruneScan(KeyRange::Prefix("part"), Times(1000, 2000)) ==
        V{27});
  CHECK(prefixed.PruneScan(KeyRange::Prefix("part"), TimeRange::All()) ==
        V{11, 27, 43});
  CHECK(prefixed.PruneScan(KeyRange::Prefix("par"), Times(1000, 2000)) ==
        Iota(16, 31));
}

TEST_CASE("Prune: KEY(K) + RANGE(G) cuts both levels") {
  PartitionRouter router =
      Router(KeyRangeSpec(97, {RangeBound::Ts(1000), RangeBound::MaxValue()}));
  using V = std::vector<int>;
  CHECK(router.PruneGet("row1", TimeRange::All()) == V{138, 139});
  CHECK(router.PruneGet("row1", Times(0, 1000)) == V{138});
  CHECK(router.PruneScan(KeyRange::Point("row1"), Times(1000, 1001)) == V{139});
  CHECK(router.PruneScan(KeyRange::All(), Times(1000, kInt64Max)) ==
        Iota(1, 193, 2));
  CHECK(router.PruneScan(KeyRange::All(), Times(0, 1000)) == Iota(0, 192, 2));
  CHECK(router.PruneScan(KeyRange::All(), TimeRange::All()) == Iota(0, 193));
  CHECK(router.PruneScan(KeyRange::Point("row1"), Times(7, 7)).empty());

  PartitionRouter no_max =
      Router(KeyRangeSpec(16, {RangeBound::Ts(1000), RangeBound::Ts(2000)}, 4));
  CHECK(no_max.PruneScan(KeyRange::Prefix("test"), TimeRange::All()) ==
        V{6, 7});
  CHECK(no_max.PruneScan(KeyRange::Prefix("test"), Times(2000, 3000)).empty());
}

// Every partition that some key of a scan routes to must be in PruneScan;
// for RANGE on K the list must be exactly those partitions. The key set
// contains every bound and every scan's smallest key, so each partition a
// scan overlaps has a witness.
TEST_CASE("Prune: agrees with routing every key of a dense key set") {
  const std::vector<std::string> alphabet = {"\x00"s, "a", "h",
                                             "i",     "w", "\xff"s};
  std::vector<std::string> keys;
  for (const auto& a : alphabet) {
    keys.push_back(a);
    for (const auto& b : alphabet) {
      keys.push_back(a + b);
      for (const auto& c : alphabet) keys.push_back(a + b + c);
    }
  }
  std::vector<std::string> ends = keys;
  ends.push_back("");
  for (const auto& k : std::vector<std::string>(keys)) keys.push_back(k + '\0');

  const std::vector<PartitionRouter> routers = {
      HwMaxRouter(),
      Router(RangeKSpec({RangeBound::Key("h"), RangeBound::Key("w")})),
      Router(RangeKSpec({RangeBound::Key("\x00\xff"s), RangeBound::Key("ai"),
                         RangeBound::Key("\xff"s), RangeBound::MaxValue()})),
      Router(KeySpec(7)),
      Router(KeySpec(7, 2)),
  };
  std::mt19937 rng(7);
  std::uniform_int_distribution<size_t> pick(0, ends.size() - 1);
  for (size_t ri = 0; ri < routers.size(); ++ri) {
    const PartitionRouter& router = routers[ri];
    const bool exact = router.spec().strategy == PartitionStrategy::kRange;
    for (int trial = 0; trial < 3000; ++trial) {
      KeyRange range;
      range.lo = ends[pick(rng)];
      range.hi = ends[pick(rng)];
      range.lo_inclusive = rng() & 1;
      range.hi_inclusive = rng() & 1;
      range.hi_unbounded = (rng() % 8) == 0;
      std::set<int> expected;
      for (const std::string& k : keys) {
        const bool above_lo = range.lo_inclusive ? k >= range.lo : k > range.lo;
        const bool below_hi =
            range.hi_unbounded ||
            (range.hi_inclusive ? k <= range.hi : k < range.hi);
        if (!above_lo || !below_hi) continue;
        Result<int> p = router.Route(k, std::nullopt);
        if (p.ok()) expected.insert(*p);
      }
      const std::vector<int> got = router.PruneScan(range, TimeRange::All());
      CAPTURE(ri);
      CAPTURE(ToStringBinary(range.lo));
      CAPTURE(range.lo_inclusive);
      CAPTURE(ToStringBinary(range.hi));
      CAPTURE(range.hi_inclusive);
      CAPTURE(range.hi_unbounded);
      REQUIRE(std::is_sorted(got.begin(), got.end()));
      REQUIRE(std::adjacent_find(got.begin(), got.end()) == got.end());
      const std::set<int> got_set(got.begin(), got.end());
      if (exact) {
        REQUIRE(got_set == expected);
      } else {
        REQUIRE(std::includes(got_set.begin(), got_set.end(), expected.begin(),
                              expected.end()));
        if (expected.empty()) REQUIRE(got.empty());
      }
    }
  }
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
