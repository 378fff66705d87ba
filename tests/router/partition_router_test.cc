// Copyright (c) obkvlite authors.
//
// Tests of the partition router's routes (DESIGN §3;
// src/router/partition_router.cc, partition_counts.cc, key_level.cc,
// range_level.cc): partition counts and table names, the partition of a row
// for every strategy, the errors of a bad row key or timestamp, and the
// spread of KEY 97. Vectors come from obkv-table-client-java's tests or were
// worked out by hand from the bounds.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/bytes.h"
#include "obkvlite/router.h"
#include "obkvlite/spec.h"
#include "router_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

using namespace std::string_literals;

std::string RouteError(const PartitionRouter& router, std::string_view key,
                       std::optional<int64_t> ts = std::nullopt) {
  Result<int> r = router.Route(key, ts);
  REQUIRE(!r.ok());
  CHECK(r.status().IsInvalidArgument());
  return r.status().message();
}

// ---- Partition counts and names ----

TEST_CASE("PartitionSpec counts") {
  PartitionSpec none;
  CHECK(none.FirstLevelCount() == 1);
  CHECK(none.SubpartitionCount() == 1);
  CHECK(none.PhysicalCount() == 1);

  PartitionSpec key = KeySpec(97);
  CHECK(key.FirstLevelCount() == 97);
  CHECK(key.SubpartitionCount() == 1);
  CHECK(key.PhysicalCount() == 97);

  PartitionSpec range = RangeKSpec({RangeBound::Key("h"), RangeBound::Key("w"), RangeBound::MaxValue()});
  CHECK(range.FirstLevelCount() == 3);
  CHECK(range.SubpartitionCount() == 1);
  CHECK(range.PhysicalCount() == 3);

  PartitionSpec range_key =
      RangeKeySpec({RangeBound::Ts(1000), RangeBound::Ts(2000), RangeBound::MaxValue()}, 97);
  CHECK(range_key.FirstLevelCount() == 3);
  CHECK(range_key.SubpartitionCount() == 97);
  CHECK(range_key.PhysicalCount() == 291);

  PartitionSpec key_range = KeyRangeSpec(97, {RangeBound::Ts(1000), RangeBound::MaxValue()});
  CHECK(key_range.FirstLevelCount() == 97);
  CHECK(key_range.SubpartitionCount() == 2);
  CHECK(key_range.PhysicalCount() == 194);
}

TEST_CASE("PartitionRouter: table names and suffixes") {
  PartitionRouter none("t", Family(PartitionSpec()));
  CHECK(none.partition_count() == 1);
  CHECK(none.PartitionSuffix(0) == "");
  CHECK(none.PartitionTableName(0) == "t$f");

  PartitionRouter key = Router(KeySpec(97));
  CHECK(key.partition_count() == 97);
  CHECK(key.PartitionSuffix(69) == "p69");
  CHECK(key.PartitionTableName(69) == "t$f$p69");

  PartitionRouter range_key =
      Router(RangeKeySpec({RangeBound::Ts(1000), RangeBound::Ts(2000), RangeBound::MaxValue()}, 97));
  CHECK(range_key.partition_count() == 291);
  CHECK(range_key.PartitionSuffix(166) == "p1s69");
  CHECK(range_key.PartitionTableName(0) == "t$f$p0s0");
  CHECK(range_key.PartitionTableName(290) == "t$f$p2s96");

  PartitionRouter key_range =
      Router(KeyRangeSpec(97, {RangeBound::Ts(1000), RangeBound::MaxValue()}));
  CHECK(key_range.PartitionSuffix(139) == "p69s1");
  CHECK(key_range.PartitionTableName(193) == "t$f$p96s1");

  FamilySpec family = Family(KeySpec(3));
  family.name = "family1";
  PartitionRouter named("htable1", family);
  CHECK(named.PartitionTableName(2) == "htable1$family1$p2");
}

// ---- Route: vectors ----

TEST_CASE("Route: obkv-table-client-java vectors") {
  SUBCASE("KEY(substr(K,1,4)) with 16 partitions") {
    PartitionRouter router = Router(KeySpec(16, 4));
    CHECK(RouteOk(router, "partition_1") == 11);
    CHECK(RouteOk(router, "partition_2") == RouteOk(router, "partition_1"));
    CHECK(RouteOk(router, "test_1") == RouteOk(router, "test_2"));
  }
  SUBCASE("RANGE COLUMNS(K) 'h', 'w', MAXVALUE") {
    PartitionRouter router = HwMaxRouter();
    CHECK(RouteOk(router, "partition_1") == 1);
    CHECK(RouteOk(router, "a") == 0);
    CHECK(RouteOk(router, "x") == 2);
  }
}

TEST_CASE("Route: KEY 97 on K") {
  PartitionRouter router = Router(KeySpec(97));
  CHECK(RouteOk(router, "row1") == 69);
  CHECK(RouteOk(router, "row2") == 24);
  CHECK(RouteOk(router, "row3") == 0);
  CHECK(RouteOk(router, "user#0001") == 10);
  CHECK(RouteOk(router, "partitionKey") == 80);
  CHECK(RouteOk(router, "\x00"s) == 7);
  CHECK(RouteOk(router, "\xff\xff"s) == 82);
  CHECK(RouteOk(router, std::string(8, '\0')) == 43);
  CHECK(RouteOk(router, "0123456789abcdefghij") == 88);
  CHECK(RouteOk(router, std::string(1024, 'x')) == 78);
  // A timestamp is irrelevant to KEY, even a negative one.
  CHECK(RouteOk(router, "row1", -5) == 69);
  CHECK(RouteOk(router, "row1", 1234) == 69);
}

TEST_CASE("Route: KEY 97 with the murmur3 hash") {
  PartitionRouter router = Router(KeySpec(97, 0, HashFunction::kMurmur3));
  CHECK(RouteOk(router, "row1") == 18);
  CHECK(RouteOk(router, "row2") == 28);
  CHECK(RouteOk(router, "partitionKey") == 82);
}

TEST_CASE("Route: prefix KEY hashes substr(K,1,n), all of K when shorter") {
  PartitionRouter router = Router(KeySpec(16, 4));
  CHECK(RouteOk(router, "ab") == 8);
  CHECK(RouteOk(router, "abcd") == 6);
  CHECK(RouteOk(router, "abcdzzz") == 6);
  CHECK(RouteOk(router, "\x00\x00\x00\x00\x01"s) == 7);
  CHECK(RouteOk(router, "test_1") == 3);

  PartitionRouter three = Router(KeySpec(97, 3));
  CHECK(RouteOk(three, "usr") == 77);
  CHECK(RouteOk(three, "usr0001") == 77);
  CHECK(RouteOk(three, "usr\xff\xff"s) == 77);
  CHECK(RouteOk(three, "usq") == 92);
  CHECK(RouteOk(three, "ust") == 72);
}

TEST_CASE("Route: RANGE COLUMNS(K) is exclusive and unsigned") {
  PartitionRouter router = HwMaxRouter();
  CHECK(RouteOk(router, "\x00"s) == 0);
  CHECK(RouteOk(router, "g\xff\xff"s) == 0);
  CHECK(RouteOk(router, "h") == 1);  // equal to a bound: the next partition
  CHECK(RouteOk(router, "h\x00"s) == 1);
  CHECK(RouteOk(router, "v\xff"s) == 1);
  CHECK(RouteOk(router, "w") == 2);
  CHECK(RouteOk(router, "\xff"s) == 2);
  CHECK(RouteOk(router, std::string(1024, '\xff')) == 2);

  // Bytes >= 0x80 sort above 0x7F (unsigned order), shorter first.
  PartitionRouter binary = Router(RangeKSpec(
      {RangeBound::Key("\x00\x01"s), RangeBound::Key("\x80"s), RangeBound::Key("\xff"s)}));
  CHECK(RouteOk(binary, "\x00"s) == 0);
  CHECK(RouteOk(binary, "\x00\x00\xff"s) == 0);
  CHECK(RouteOk(binary, "\x00\x01"s) == 1);
  CHECK(RouteOk(binary, "\x7f\xff"s) == 1);
  CHECK(RouteOk(binary, "\x80"s) == 2);
  CHECK(RouteOk(binary, "\xfe\xff"s) == 2);
  CHECK(RouteError(binary, "\xff"s) ==
        "rowkey: '\\xFF' is at or above the last range bound '\\xFF' and the "
        "partitioning has no MAXVALUE");
  CHECK(RouteError(binary, "\xff\x00"s) ==
        "rowkey: '\\xFF\\x00' is at or above the last range bound '\\xFF' and "
        "the partitioning has no MAXVALUE");
}

TEST_CASE("Route: RANGE COLUMNS(K) without MAXVALUE") {
  PartitionRouter router = Router(RangeKSpec({RangeBound::Key("h"), RangeBound::Key("w")}));
  CHECK(RouteOk(router, "v") == 1);
  CHECK(RouteError(router, "zz") ==
        "rowkey: 'zz' is at or above the last range bound 'w' and the "
        "partitioning has no MAXVALUE");
  CHECK(RouteError(router, "w") ==
        "rowkey: 'w' is at or above the last range bound 'w' and the "
        "partitioning has no MAXVALUE");
}

TEST_CASE("Route: RANGE COLUMNS(G) on the timestamp") {
  PartitionRouter router =
      Router(RangeGSpec({RangeBound::Ts(1000), RangeBound::Ts(2000), RangeBound::MaxValue()}));
  CHECK(router.spec().NeedsTimestamp());
  CHECK(RouteOk(router, "r", 0) == 0);
  CHECK(RouteOk(router, "r", 999) == 0);
  CHECK(RouteOk(router, "r", 1000) == 1);
  CHECK(RouteOk(router, "r", 1999) == 1);
  CHECK(RouteOk(router, "r", 2000) == 2);
  CHECK(RouteOk(router, "r", kInt64Max) == 2);

  PartitionRouter no_max = Router(RangeGSpec({RangeBound::Ts(1000), RangeBound::Ts(2000)}));
  CHECK(RouteOk(no_max, "r", 1999) == 1);
  CHECK(RouteError(no_max, "r", 2000) ==
        "ts: 2000 is at or above the last range bound 2000 and the "
        "partitioning has no MAXVALUE");
}

TEST_CASE("Route: RANGE(G) + KEY(K) is p * subparts + s") {
  const int64_t day1 = 1728921600000;
  const int64_t day2 = 1729008000000;
  PartitionRouter router =
      Router(RangeKeySpec({RangeBound::Ts(day1), RangeBound::Ts(day2), RangeBound::MaxValue()}, 97));
  CHECK(router.spec().NeedsTimestamp());
  CHECK(RouteOk(router, "row1", day1 - 1) == 69);
  CHECK(RouteOk(router, "row1", day1) == 97 + 69);
  CHECK(RouteOk(router, "row1", day2 + 5) == 2 * 97 + 69);
  CHECK(RouteOk(router, "row2", day1) == 97 + 24);
  CHECK(router.PartitionTableName(97 + 69) == "t$f$p1s69");

  PartitionRouter prefixed =
      Router(RangeKeySpec({RangeBound::Ts(1000), RangeBound::Ts(2000), RangeBound::MaxValue()}, 16, 4));
  CHECK(RouteOk(prefixed, "partition_1", 1500) == 16 + 11);
  CHECK(RouteOk(prefixed, "partition_2", 2500) == 32 + 11);

  PartitionRouter no_max = Router(RangeKeySpec({RangeBound::Ts(1000)}, 97));
  CHECK(RouteError(no_max, "row1", 1000) ==
        "ts: 1000 is at or above the last range bound 1000 and the "
        "partitioning has no MAXVALUE");
}

TEST_CASE("Route: KEY(K) + RANGE(G) is p * subparts + s") {
  PartitionRouter router =
      Router(KeyRangeSpec(97, {RangeBound::Ts(1000), RangeBound::MaxValue()}));
  CHECK(RouteOk(router, "row1", 999) == 69 * 2);
  CHECK(RouteOk(router, "row1", 1000) == 69 * 2 + 1);
  CHECK(RouteOk(router, "row3", 0) == 0);
  CHECK(RouteOk(router, "partitionKey", 5000) == 80 * 2 + 1);
  CHECK(router.PartitionTableName(69 * 2 + 1) == "t$f$p69s1");

  PartitionRouter prefixed =
      Router(KeyRangeSpec(16, {RangeBound::Ts(1000), RangeBound::Ts(2000)}, 4));
  CHECK(RouteOk(prefixed, "test_9", 1999) == 3 * 2 + 1);
  CHECK(RouteError(prefixed, "test_9", 2000) ==
        "ts: 2000 is at or above the last range bound 2000 and the "
        "partitioning has no MAXVALUE");
}

TEST_CASE("Route: unpartitioned") {
  PartitionRouter router("t", Family(PartitionSpec()));
  CHECK(RouteOk(router, "anything") == 0);
  CHECK(RouteOk(router, "\xff"s, 5) == 0);
  CHECK(RouteError(router, "") == "rowkey: must not be empty");
}

// ---- Route: errors ----

TEST_CASE("Route: rowkey limits") {
  PartitionRouter router = Router(KeySpec(97));
  CHECK(RouteError(router, "") == "rowkey: must not be empty");
  CHECK(RouteError(router, std::string(1025, 'x')) ==
        "rowkey: 1025 bytes, limit 1024");
  CHECK(RouteError(router, std::string(4096, '\0')) ==
        "rowkey: 4096 bytes, limit 1024");
  CHECK(RouteOk(router, std::string(1024, 'x')) == 78);

  PartitionRouter range = HwMaxRouter();
  CHECK(RouteError(range, "") == "rowkey: must not be empty");
  CHECK(RouteError(range, std::string(1025, 'a')) ==
        "rowkey: 1025 bytes, limit 1024");
}

TEST_CASE("Route: a family ranging on G needs a non-negative ts") {
  const std::vector<PartitionSpec> specs = {
      RangeGSpec({RangeBound::Ts(1000), RangeBound::MaxValue()}),
      RangeKeySpec({RangeBound::Ts(1000), RangeBound::MaxValue()}, 97),
      KeyRangeSpec(97, {RangeBound::Ts(1000), RangeBound::MaxValue()}),
  };
  for (const PartitionSpec& spec : specs) {
    FamilySpec family = Family(spec);
    family.name = "cf1";
    PartitionRouter router("t", family);
    CHECK(RouteError(router, "row1") ==
          "ts: required, family 'cf1' partitions on G (timestamp)");
    CHECK(RouteError(router, "row1", -1) == "ts: must not be negative, got -1");
    CHECK(RouteError(router, "row1", kInt64Min) ==
          "ts: must not be negative, got -9223372036854775808");
    // The rowkey is checked first.
    CHECK(RouteError(router, "", 5) == "rowkey: must not be empty");
  }
}

TEST_CASE("PartitionRouter: two-level specs always range on G") {
  PartitionSpec spec = RangeKeySpec({RangeBound::Ts(1000), RangeBound::MaxValue()}, 97);
  spec.range_column = RangeColumn::kK;  // as a careless hand-built spec
  PartitionRouter router = Router(spec);
  CHECK(router.spec().NeedsTimestamp());
  CHECK(RouteOk(router, "row1", 1000) == 97 + 69);
}

// ---- Distribution ----

TEST_CASE("KEY 97 spreads 1M random keys evenly (max/avg <= 1.05)") {
  PartitionRouter router = Router(KeySpec(97));
  std::vector<int> counts(97, 0);
  std::mt19937_64 rng(12345);
  std::string key(20, '\0');
  constexpr int kKeys = 1000000;
  for (int i = 0; i < kKeys; ++i) {
    for (char& c : key) c = static_cast<char>(rng() & 0xFF);
    Result<int> p = router.Route(key, std::nullopt);
    if (!p.ok()) FAIL(p.status().ToString());
    ++counts[*p];
  }
  const double avg = static_cast<double>(kKeys) / 97;
  const int max = *std::max_element(counts.begin(), counts.end());
  const int min = *std::min_element(counts.begin(), counts.end());
  CAPTURE(max);
  CAPTURE(min);
  CHECK(max / avg <= 1.05);
  CHECK(min / avg >= 0.95);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
