// Copyright (c) obkvlite authors.
//
// Shared by the router suites of this folder (router_hash_test.cc,
// partition_router_test.cc, partition_prune_test.cc, route_cli_test.cc):
// partition specs of each strategy on a family "f" of a table "t", their
// routers, a route that must succeed, and a TimeRange.

#ifndef OBKVLITE_TESTS_ROUTER_ROUTER_TEST_SUPPORT_H_
#define OBKVLITE_TESTS_ROUTER_ROUTER_TEST_SUPPORT_H_

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "obkvlite/router.h"
#include "obkvlite/spec.h"

namespace obkvlite {
namespace testing {

inline constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();
inline constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

// ---- Spec builders ----

inline FamilySpec Family(PartitionSpec partition) {
  FamilySpec f;
  f.name = "f";
  f.partition = std::move(partition);
  return f;
}

inline PartitionSpec KeySpec(int n, int prefix_length = 0,
                             HashFunction hash = HashFunction::kOceanBase) {
  PartitionSpec p;
  p.strategy = PartitionStrategy::kKey;
  p.key_partitions = n;
  p.prefix_length = prefix_length;
  p.hash = hash;
  return p;
}

inline PartitionSpec RangeKSpec(std::vector<RangeBound> bounds) {
  PartitionSpec p;
  p.strategy = PartitionStrategy::kRange;
  p.range_column = RangeColumn::kK;
  p.bounds = std::move(bounds);
  return p;
}

inline PartitionSpec RangeGSpec(std::vector<RangeBound> bounds) {
  PartitionSpec p;
  p.strategy = PartitionStrategy::kRange;
  p.range_column = RangeColumn::kG;
  p.bounds = std::move(bounds);
  return p;
}

inline PartitionSpec RangeKeySpec(std::vector<RangeBound> bounds, int subparts,
                                  int prefix_length = 0) {
  PartitionSpec p;
  p.strategy = PartitionStrategy::kRangeKey;
  p.range_column = RangeColumn::kG;
  p.bounds = std::move(bounds);
  p.key_partitions = subparts;
  p.prefix_length = prefix_length;
  return p;
}

inline PartitionSpec KeyRangeSpec(int n, std::vector<RangeBound> bounds,
                                  int prefix_length = 0) {
  PartitionSpec p;
  p.strategy = PartitionStrategy::kKeyRange;
  p.range_column = RangeColumn::kG;
  p.key_partitions = n;
  p.bounds = std::move(bounds);
  p.prefix_length = prefix_length;
  return p;
}

inline PartitionRouter Router(PartitionSpec partition) {
  return PartitionRouter("t", Family(std::move(partition)));
}

// Bounds 'h', 'w', MAXVALUE (the Java client's RANGE test table).
inline PartitionRouter HwMaxRouter() {
  return Router(RangeKSpec(
      {RangeBound::Key("h"), RangeBound::Key("w"), RangeBound::MaxValue()}));
}

inline int RouteOk(const PartitionRouter& router, std::string_view key,
                   std::optional<int64_t> ts = std::nullopt) {
  Result<int> r = router.Route(key, ts);
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  return *r;
}

inline TimeRange Times(int64_t min_ms, int64_t max_ms) {
  TimeRange t;
  t.min_ms = min_ms;
  t.max_ms = max_ms;
  return t;
}

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_ROUTER_ROUTER_TEST_SUPPORT_H_
