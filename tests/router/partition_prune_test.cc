// Copyright (c) obkvlite authors.
//
// Tests of the partition router (DESIGN §3) and `obkv route` (DESIGN §5).
//
// Hash vectors come from obkv-table-client-java's tests or were computed with
// an independent Python MurmurHash64A / MurmurHash3_x64_128 (which reproduce
// the Java client's hash("partitionKey") and mmh3's hash("hello")); range
// vectors were worked out by hand from the bounds.

#include "obkvlite/router.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "obkvlite/bytes.h"
#include "obkvlite/spec.h"
#include "router/hash.h"
#include "cli_test_support.h"
#include "tools/cli/cli.h"

namespace obkvlite {
namespace {

using testing::CliRun;
using testing::RunCli;

using namespace std::string_literals;

constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();
constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

// ---- Spec builders ----

FamilySpec Family(PartitionSpec partition) {
  FamilySpec f;
  f.name = "f";
  f.partition = std::move(partition);
  return f;
}

PartitionSpec KeySpec(int n, int prefix_length = 0,
                      HashFunction hash = HashFunction::kOceanBase) {
  PartitionSpec p;
  p.strategy = PartitionStrategy::kKey;
  p.key_partitions = n;
  p.prefix_length = prefix_length;
  p.hash = hash;
  return p;
}

PartitionSpec RangeKSpec(std::vector<RangeBound> bounds) {
  PartitionSpec p;
  p.strategy = PartitionStrategy::kRange;
  p.range_column = RangeColumn::kK;
  p.bounds = std::move(bounds);
  return p;
}

PartitionSpec RangeGSpec(std::vector<RangeBound> bounds) {
  PartitionSpec p;
  p.strategy = PartitionStrategy::kRange;
  p.range_column = RangeColumn::kG;
  p.bounds = std::move(bounds);
  return p;
}

PartitionSpec RangeKeySpec(std::vector<RangeBound> bounds, int subparts,
                           int prefix_length = 0) {
  PartitionSpec p;
  p.strategy = PartitionStrategy::kRangeKey;
  p.range_column = RangeColumn::kG;
  p.bounds = std::move(bounds);
  p.key_partitions = subparts;
  p.prefix_length = prefix_length;
  return p;
}

PartitionSpec KeyRangeSpec(int n, std::vector<RangeBound> bounds,
                           int prefix_length = 0) {
  PartitionSpec p;
  p.strategy = PartitionStrategy::kKeyRange;
  p.range_column = RangeColumn::kG;
  p.key_partitions = n;
  p.bounds = std::move(bounds);
  p.prefix_length = prefix_length;
  return p;
}

PartitionRouter Router(PartitionSpec partition) {
  return PartitionRouter("t", Family(std::move(partition)));
}

// Bounds 'h', 'w', MAXVALUE (the Java client's RANGE test table).
PartitionRouter HwMaxRouter() {
  return Router(RangeKSpec({RangeBound::Key("h"), RangeBound::Key("w"), RangeBound::MaxValue()}));
}

int RouteOk(const PartitionRouter& router, std::string_view key,
            std::optional<int64_t> ts = std::nullopt) {
  Result<int> r = router.Route(key, ts);
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  return *r;
}

std::string RouteError(const PartitionRouter& router, std::string_view key,
                       std::optional<int64_t> ts = std::nullopt) {
  Result<int> r = router.Route(key, ts);
  REQUIRE(!r.ok());
  CHECK(r.status().IsInvalidArgument());
  return r.status().message();
}

std::vector<int> Iota(int first, int last, int step = 1) {
  std::vector<int> out;
  for (int i = first; i <= last; i += step) out.push_back(i);
  return out;
}

TimeRange Times(int64_t min_ms, int64_t max_ms) {
  TimeRange t;
  t.min_ms = min_ms;
  t.max_ms = max_ms;
  return t;
}

// ---- Hashes ----

TEST_CASE("ObMurmurHash64A: obkv-table-client-java vector") {
  CHECK(ObMurmurHash64A("partitionKey") == -6632533813747801170LL);
  CHECK(ObMurmurHash64A("partitionKey", 0) == -6632533813747801170LL);
}

TEST_CASE("ObMurmurHash64A: every tail length and binary bytes") {
  struct Vector {
    std::string bytes;
    int64_t hash;
  };
  const Vector vectors[] = {
      {"", 0},
      {"a", 510903276987443985LL},
      {"ab", 7115271465109541368LL},
      {"abc", -7148968302806999301LL},
      {"abcd", -1436572670970492550LL},
      {"abcde", 1261737182030650295LL},
      {"abcdef", -5220177580319479943LL},
      {"abcdefg", 2601573339036254301LL},
      {"abcdefgh", -5775019520204625256LL},
      {"abcdefghi", -3910857017675978046LL},
      {"abcdefghijklmnop", -3163206607986093126LL},
      {"abcdefghijklmnopq", 1124046681825084455LL},
      {"\x00"s, 6351753276682545529LL},
      {"\xff"s, 3866667633532608802LL},
      {"\x00\xff\x00\xff"s, 2749498070918130433LL},
      {"\xff\xff\xff\xff\xff\xff\xff\xff\x00"s, 2268834886548011103LL},
  };
  for (const Vector& v : vectors) {
    CAPTURE(ToStringBinary(v.bytes));
    CHECK(ObMurmurHash64A(v.bytes) == v.hash);
  }
  CHECK(ObMurmurHash64A("partitionKey", 1) == -3041776076915886603LL);
}

TEST_CASE("ObMurmurHash64A: hashes a view without reading past it") {
  const std::string backing = "partitionKeyXYZ";
  CHECK(ObMurmurHash64A(std::string_view(backing).substr(0, 12)) ==
        -6632533813747801170LL);
}

TEST_CASE("KeyPartitionIndex: |h| % n with |INT64_MIN| = 2^63") {
  CHECK(KeyPartitionIndex(0, 97) == 0);
  CHECK(KeyPartitionIndex(5, 3) == 2);
  CHECK(KeyPartitionIndex(-5, 3) == 2);
  CHECK(KeyPartitionIndex(-6632533813747801170LL, 97) == 80);
  CHECK(KeyPartitionIndex(kInt64Min, 97) == 79);  // 2^63 % 97
  CHECK(KeyPartitionIndex(kInt64Min, 3) == 2);
  CHECK(KeyPartitionIndex(kInt64Min, 16) == 0);
  CHECK(KeyPartitionIndex(kInt64Max, 97) == 78);
  CHECK(KeyPartitionIndex(kInt64Min, 1) == 0);
  CHECK(KeyPartitionIndex(123456789, 1) == 0);
}

TEST_CASE("Murmur3Hash64: first word of MurmurHash3_x64_128, seed 0") {
  struct Vector {
    std::string bytes;
    int64_t hash;
  };
  const Vector vectors[] = {
      {"", 0},
      {"hello", -3758069500696749310LL},  // mmh3.hash64("hello")[0]
      {"partitionKey", -7786573446275553535LL},
      {"abcdefghijklmnop", -4266531025627334877LL},
      {"abcdefghijklmnopq", 8459014091212432983LL},
      {"\x00\xff"s, -2476662096183316416LL},
      {"The quick brown fox jumps over t", -2347790358364300593LL},
  };
  for (const Vector& v : vectors) {
    CAPTURE(ToStringBinary(v.bytes));
    CHECK(router_internal::Murmur3Hash64(v.bytes) == v.hash);
  }
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

// ---- obkv route ----

// A spec file with one family per strategy, written once per process.
constexpr const char* kRouteSpecJson = R"json({
  "table": "t",
  "families": [
    {"name": "f", "partition": {"strategy": "key", "partitions": 97}},
    {"name": "m3", "partition": {"strategy": "key", "partitions": 97,
                                  "hash": "murmur3"}},
    {"name": "pk", "partition": {"strategy": "key", "partitions": 16,
                                  "prefix_length": 4}},
    {"name": "rk", "partition": {"strategy": "range", "column": "K",
                                  "bounds": ["h", "w", "MAXVALUE"]}},
    {"name": "rb", "partition": {"strategy": "range", "column": "K",
                                  "bounds": ["\\x00\\x01", "\\x80", "\\xFF"]}},
    {"name": "rg", "partition": {"strategy": "range", "column": "G",
                                  "bounds": [1000, 2000, "MAXVALUE"]}},
    {"name": "rgk", "partition": {"strategy": "range_key",
                                   "bounds": [1000, 2000, "MAXVALUE"],
                                   "subpartitions": 97}},
    {"name": "krg", "partition": {"strategy": "key_range", "partitions": 97,
                                   "bounds": [1000, "MAXVALUE"],
                                   "prefix_length": 3}},
    {"name": "n", "partition": {"strategy": "none"}}
  ]
})json";

class TempDir {
 public:
  TempDir()
      : path_(std::filesystem::temp_directory_path() /
              ("obkv_router_test_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string Write(const std::string& name, const std::string& text) const {
    const std::filesystem::path file = path_ / name;
    std::ofstream(file) << text;
    return file.string();
  }

 private:
  std::filesystem::path path_;
};

const TempDir& Temp() {
  static const TempDir dir;
  return dir;
}

const std::string& RouteSpecPath() {
  static const std::string path = Temp().Write("route.json", kRouteSpecJson);
  return path;
}

std::string RowLine(const std::string& family, int partition,
                    const std::string& table) {
  return "{\"family\":\"" + family +
         "\",\"partition\":" + std::to_string(partition) + ",\"table\":\"" +
         table + "\"}\n";
}

std::string ScanLine(const PartitionRouter& router, const std::string& family,
                     const std::vector<int>& partitions) {
  std::string line = "{\"family\":\"" + family + "\",\"partitions\":[";
  for (size_t i = 0; i < partitions.size(); ++i) {
    if (i > 0) line += ",";
    line += std::to_string(partitions[i]);
  }
  line += "],\"tables\":[";
  for (size_t i = 0; i < partitions.size(); ++i) {
    if (i > 0) line += ",";
    line += "\"" + router.PartitionTableName(partitions[i]) + "\"";
  }
  return line + "]}\n";
}

TEST_CASE("obkv route: exact output for one row") {
  const std::string spec = RouteSpecPath();
  struct Case {
    std::vector<std::string> args;
    std::string out;
  };
  const Case cases[] = {
      {{"route", spec, "row1"}, RowLine("f", 69, "t$f$p69")},
      {{"route", spec, "partitionKey", "--family", "f"},
       RowLine("f", 80, "t$f$p80")},
      {{"route", spec, "row1", "--family", "m3"},
       RowLine("m3", 18, "t$m3$p18")},
      {{"route", spec, "partition_1", "--family", "pk"},
       RowLine("pk", 11, "t$pk$p11")},
      {{"route", spec, "partition_1", "--family", "rk"},
       RowLine("rk", 1, "t$rk$p1")},
      {{"route", spec, "h", "--family", "rk"}, RowLine("rk", 1, "t$rk$p1")},
      {{"route", spec, "\\x00\\x01", "--family", "rb"},
       RowLine("rb", 1, "t$rb$p1")},
      {{"route", spec, "\\x7F\\xFF", "--family", "rb"},
       RowLine("rb", 1, "t$rb$p1")},
      {{"route", spec, "\\x80", "--family", "rb"}, RowLine("rb", 2, "t$rb$p2")},
      {{"route", spec, "r", "--family", "rg", "--ts", "1000"},
       RowLine("rg", 1, "t$rg$p1")},
      {{"route", spec, "row1", "--family", "rgk", "--ts", "1500"},
       RowLine("rgk", 166, "t$rgk$p1s69")},
      {{"route", spec, "row1", "--ts=999", "--family", "rgk"},
       RowLine("rgk", 69, "t$rgk$p0s69")},
      {{"route", spec, "usr0001", "--family", "krg", "--ts", "1000"},
       RowLine("krg", 77 * 2 + 1, "t$krg$p77s1")},
      {{"route", spec, "row1", "--family", "n"}, RowLine("n", 0, "t$n")},
      {{"route", spec, "--family", "n", "--", "-row"}, RowLine("n", 0, "t$n")},
  };
  for (const Case& c : cases) {
    CAPTURE(c.args[2]);
    CliRun run = RunCli(c.args);
    CHECK(run.code == 0);
    CHECK(run.out == c.out);
    CHECK(run.err == "");
  }
}

TEST_CASE("obkv route: exact output for scans") {
  const std::string spec = RouteSpecPath();
  struct Case {
    std::vector<std::string> args;
    std::string out;
  };
  const Case cases[] = {
      {{"route", spec, "--scan", "a", "h", "--family", "rk"},
       "{\"family\":\"rk\",\"partitions\":[0],\"tables\":[\"t$rk$p0\"]}\n"},
      {{"route", spec, "--scan", "h", "", "--family", "rk"},
       "{\"family\":\"rk\",\"partitions\":[1,2],"
       "\"tables\":[\"t$rk$p1\",\"t$rk$p2\"]}\n"},
      {{"route", spec, "--scan", "w", "h", "--reversed", "--family", "rk"},
       "{\"family\":\"rk\",\"partitions\":[1,2],"
       "\"tables\":[\"t$rk$p1\",\"t$rk$p2\"]}\n"},
      {{"route", spec, "--scan", "b", "a", "--family", "rk"},
       "{\"family\":\"rk\",\"partitions\":[],\"tables\":[]}\n"},
      {{"route", spec, "--scan", "", "", "--family", "rg", "--time-range",
        "1000", "2000"},
       "{\"family\":\"rg\",\"partitions\":[1],\"tables\":[\"t$rg$p1\"]}\n"},
      {{"route", spec, "--scan", "part", "paru", "--family", "pk"},
       "{\"family\":\"pk\",\"partitions\":[11],\"tables\":[\"t$pk$p11\"]}\n"},
      {{"route", spec, "--scan", "row1", "row1\\x00", "--time-range", "0",
        "1500", "--family", "rgk"},
       "{\"family\":\"rgk\",\"partitions\":[69,166],"
       "\"tables\":[\"t$rgk$p0s69\",\"t$rgk$p1s69\"]}\n"},
      {{"route", spec, "--scan", "usr", "uss", "--family", "krg"},
       "{\"family\":\"krg\",\"partitions\":[154,155],"
       "\"tables\":[\"t$krg$p77s0\",\"t$krg$p77s1\"]}\n"},
      {{"route", spec, "--family", "n", "--scan", "a", "b"},
       "{\"family\":\"n\",\"partitions\":[0],\"tables\":[\"t$n\"]}\n"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.out);
    CliRun run = RunCli(c.args);
    CHECK(run.code == 0);
    CHECK(run.out == c.out);
    CHECK(run.err == "");
  }
}

TEST_CASE("obkv route: agrees with the library for every strategy") {
  const std::string spec_path = RouteSpecPath();
  Result<TableSpec> spec = LoadTableSpecFile(spec_path);
  REQUIRE_MESSAGE(spec.ok(), spec.status().ToString());
  const std::vector<std::string> keys = {"row1",        "a",
                                         "h",           "partition_1",
                                         "usr0001",     "zz",
                                         "\x00"s,       "\x00\x01"s,
                                         "\x7f"s,       "\x80"s,
                                         "\xff"s,       "\xff\xff\x00"s,
                                         "back\\slash", std::string(1024, 'k')};
  const std::vector<std::optional<int64_t>> times = {std::nullopt, 0, 999, 1000,
                                                     2500};
  for (const FamilySpec& family : spec->families) {
    const PartitionRouter router(spec->name, family);
    for (const std::string& key : keys) {
      for (const std::optional<int64_t>& ts : times) {
        std::vector<std::string> args = {
            "route", spec_path, ToStringBinary(key), "--family", family.name};
        if (ts.has_value()) {
          args.push_back("--ts");
          args.push_back(std::to_string(*ts));
        }
        CAPTURE(family.name);
        CAPTURE(ToStringBinary(key));
        CAPTURE(ts.value_or(-1));
        const CliRun run = RunCli(args);
        const Result<int> want = router.Route(key, ts);
        if (want.ok()) {
          CHECK(run.code == 0);
          CHECK(run.out ==
                RowLine(family.name, *want, router.PartitionTableName(*want)));
          CHECK(run.err == "");
        } else {
          CHECK(run.code == 1);
          CHECK(run.out == "");
          CHECK(run.err == "obkv: " + want.status().message() + "\n");
        }
      }
    }
    struct Scan {
      std::string start, stop;
      bool reversed;
    };
    const Scan scans[] = {{"", "", false},       {"a", "h", false},
                          {"h", "w", false},     {"part", "paru", false},
                          {"usr", "uss", false}, {"row1", "row1\x00"s, false},
                          {"w", "h", true},      {"", "v", true},
                          {"\xff"s, "", true},   {"z", "a", false}};
    const std::vector<std::vector<int64_t>> ranges = {
        {}, {0, 1000}, {1000, 2000}, {1500, 2500}, {5, 5}};
    for (const Scan& s : scans) {
      for (const auto& tr : ranges) {
        std::vector<std::string> args = {"route",
                                         spec_path,
                                         "--scan",
                                         ToStringBinary(s.start),
                                         ToStringBinary(s.stop),
                                         "--family",
                                         family.name};
        if (s.reversed) args.push_back("--reversed");
        TimeRange times_range = TimeRange::All();
        if (!tr.empty()) {
          args.push_back("--time-range");
          args.push_back(std::to_string(tr[0]));
          args.push_back(std::to_string(tr[1]));
          times_range = Times(tr[0], tr[1]);
        }
        const KeyRange keys_range = s.reversed
                                        ? KeyRange::Reversed(s.start, s.stop)
                                        : KeyRange::Forward(s.start, s.stop);
        CAPTURE(family.name);
        CAPTURE(ToStringBinary(s.start));
        CAPTURE(ToStringBinary(s.stop));
        const CliRun run = RunCli(args);
        CHECK(run.code == 0);
        CHECK(run.out == ScanLine(router, family.name,
                                  router.PruneScan(keys_range, times_range)));
        CHECK(run.err == "");
      }
    }
  }
}

TEST_CASE("obkv route: the first family is the default") {
  const std::string spec = RouteSpecPath();
  CHECK(RunCli({"route", spec, "row2"}).out == RowLine("f", 24, "t$f$p24"));
  const std::string key_only =
      Temp().Write("table_level.json",
                   R"({"table": "htable1", "families": [{"name": "family1"}],
          "partition": {"strategy": "key", "partitions": 97}})");
  const CliRun run = RunCli({"route", key_only, "row1"});
  CHECK(run.code == 0);
  CHECK(run.out == RowLine("family1", 69, "htable1$family1$p69"));
}

TEST_CASE("obkv route: errors") {
  const std::string spec = RouteSpecPath();
  struct Case {
    std::vector<std::string> args;
    int code;
    std::string err;  // exact stderr; empty: only checked to be non-empty
  };
  const std::string bad_escape =
      FromStringBinary("a\\x4", "rowkey").status().message();
  const std::string bad_start =
      FromStringBinary("\\q", "start").status().message();
  const std::string bad_stop =
      FromStringBinary("z\\", "stop").status().message();
  REQUIRE(bad_escape.rfind("rowkey: bad escape at offset 1", 0) == 0);
  const Case cases[] = {
      {{"route", spec, "a\\x4"}, 1, "obkv: " + bad_escape + "\n"},
      {{"route", spec, "--scan", "\\q", "z"}, 1, "obkv: " + bad_start + "\n"},
      {{"route", spec, "--scan", "a", "z\\"}, 1, "obkv: " + bad_stop + "\n"},
      {{"route", spec, "row1", "--family", "rg"},
       1,
       "obkv: ts: required, family 'rg' partitions on G (timestamp)\n"},
      {{"route", spec, "row1", "--family", "rgk"},
       1,
       "obkv: ts: required, family 'rgk' partitions on G (timestamp)\n"},
      {{"route", spec, "row1", "--family", "krg"},
       1,
       "obkv: ts: required, family 'krg' partitions on G (timestamp)\n"},
      {{"route", spec, "row1", "--family", "krg", "--ts", "-1"},
       1,
       "obkv: ts: must not be negative, got -1\n"},
      {{"route", spec, std::string(1025, 'x')},
       1,
       "obkv: rowkey: 1025 bytes, limit 1024\n"},
      {{"route", spec, std::string(1024, '\xff') + "\\xFF", "--family", "rk"},
       1,
       "obkv: rowkey: 1025 bytes, limit 1024\n"},
      {{"route", spec, "\\xFF\\x00", "--family", "rb"},
       1,
       "obkv: rowkey: '\\xFF\\x00' is at or above the last range bound "
       "'\\xFF' and the partitioning has no MAXVALUE\n"},
      {{"route", spec, "row1", "--family", "zz"},
       1,
       "obkv: --family: no family 'zz' in table 't'\n"},
      {{"route", spec, "--scan", "a", "b", "--time-range", "5", "3", "--family",
        "rg"},
       1,
       "obkv: --time-range: min 5 is greater than max 3\n"},
      {{"route", spec, "--scan", "a", "b", "--time-range", "-5", "3"},
       1,
       "obkv: --time-range: min must not be negative, got -5\n"},
      {{"route", "/nonexistent/obkv_router_test/spec.json", "row1"}, 1, ""},
      {{"route", spec},
       2,
       "obkv: route: ROWKEY or --scan START STOP is required\n"},
      {{"route", spec, "row1", "--scan", "a", "b"},
       2,
       "obkv: route: give either ROWKEY or --scan START STOP, not both\n"},
      {{"route", spec, "row1", "--time-range", "0", "5"},
       2,
       "obkv: route: --time-range needs --scan\n"},
      {{"route", spec, "row1", "--reversed"},
       2,
       "obkv: route: --reversed needs --scan\n"},
      {{"route", spec, "--scan", "a", "b", "--ts", "5"},
       2,
       "obkv: route: --ts applies to ROWKEY; use --time-range with --scan\n"},
      {{"route", spec, "--scan", "a"}, 2, ""},
      {{"route", spec, "row1", "--ts", "soon"}, 2, ""},
      {{"route"}, 2, ""},
  };
  for (const Case& c : cases) {
    CAPTURE(c.err);
    const CliRun run = RunCli(c.args);
    CHECK(run.code == c.code);
    CHECK(run.out == "");
    if (c.err.empty()) {
      CHECK(run.err != "");
    } else {
      CHECK(run.err == c.err);
    }
  }
}

}  // namespace
}  // namespace obkvlite
