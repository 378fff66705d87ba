// Copyright (c) obkvlite authors.
//
// obkv-route-bench: PartitionRouter::Route throughput for 20-byte random
// keys, per partitioning strategy. Each arm runs 5 times over the same keys
// and prints the median in decisions per second.
//
//   obkv-route-bench [KEYS]   (default 1000000 keys per run)

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "obkvlite/router.h"
#include "obkvlite/spec.h"

namespace {

using obkvlite::FamilySpec;
using obkvlite::PartitionRouter;
using obkvlite::PartitionStrategy;
using obkvlite::RangeBound;
using obkvlite::RangeColumn;

constexpr int kRuns = 5;
constexpr size_t kKeyBytes = 20;
constexpr int64_t kDayMs = 86400000;
constexpr int64_t kStartMs = 1728921600000;  // 2024-10-14T16:00:00Z

// 30 daily bounds and MAXVALUE.
std::vector<RangeBound> DailyBounds() {
  std::vector<RangeBound> bounds;
  for (int d = 1; d <= 30; ++d)
    bounds.push_back(RangeBound::Ts(kStartMs + d * kDayMs));
  bounds.push_back(RangeBound::MaxValue());
  return bounds;
}

struct Arm {
  const char* name;
  FamilySpec family;
};

std::vector<Arm> Arms() {
  std::vector<Arm> arms;
  {
    Arm a{"KEY 97", {}};
    a.family.name = "f";
    a.family.partition.strategy = PartitionStrategy::kKey;
    a.family.partition.key_partitions = 97;
    arms.push_back(a);
  }
  {
    Arm a{"KEY 97 prefix 4", {}};
    a.family.name = "f";
    a.family.partition.strategy = PartitionStrategy::kKey;
    a.family.partition.key_partitions = 97;
    a.family.partition.prefix_length = 4;
    arms.push_back(a);
  }
  {
    // 16 bounds over the first byte, then MAXVALUE.
    Arm a{"RANGE(K) 17", {}};
    a.family.name = "f";
    a.family.partition.strategy = PartitionStrategy::kRange;
    a.family.partition.range_column = RangeColumn::kK;
    for (int i = 1; i <= 16; ++i) {
      a.family.partition.bounds.push_back(
          RangeBound::Key(std::string(1, static_cast<char>(i * 15))));
    }
    a.family.partition.bounds.push_back(RangeBound::MaxValue());
    arms.push_back(a);
  }
  {
    Arm a{"RANGE(G) 31 + KEY 97", {}};
    a.family.name = "f";
    a.family.partition.strategy = PartitionStrategy::kRangeKey;
    a.family.partition.range_column = RangeColumn::kG;
    a.family.partition.key_partitions = 97;
    a.family.partition.bounds = DailyBounds();
    arms.push_back(a);
  }
  {
    Arm a{"KEY 97 + RANGE(G) 31", {}};
    a.family.name = "f";
    a.family.partition.strategy = PartitionStrategy::kKeyRange;
    a.family.partition.range_column = RangeColumn::kG;
    a.family.partition.key_partitions = 97;
    a.family.partition.bounds = DailyBounds();
    arms.push_back(a);
  }
  return arms;
}

// One timed pass over every key; returns decisions per second.
double TimeOnePass(const PartitionRouter& router,
                   const std::vector<std::string>& keys,
                   const std::vector<int64_t>& times, uint64_t* checksum) {
  const bool needs_ts = router.spec().NeedsTimestamp();
  const auto start = std::chrono::steady_clock::now();
  uint64_t sum = 0;
  for (size_t i = 0; i < keys.size(); ++i) {
    std::optional<int64_t> ts;
    if (needs_ts) ts = times[i];
    obkvlite::Result<int> r = router.Route(keys[i], ts);
    if (!r.ok()) {
      std::fprintf(stderr, "route failed: %s\n", r.status().ToString().c_str());
      std::exit(1);
    }
    sum += static_cast<uint64_t>(*r);
  }
  const auto end = std::chrono::steady_clock::now();
  *checksum += sum;
  const double seconds = std::chrono::duration<double>(end - start).count();
  return static_cast<double>(keys.size()) / seconds;
}

}  // namespace

int main(int argc, char** argv) {
  size_t n = 1000000;
  if (argc > 1) n = static_cast<size_t>(std::strtoull(argv[1], nullptr, 10));
  if (n == 0) n = 1;

  std::mt19937_64 rng(20241014);
  std::vector<std::string> keys(n);
  std::vector<int64_t> times(n);
  for (size_t i = 0; i < n; ++i) {
    keys[i].resize(kKeyBytes);
    for (char& c : keys[i]) c = static_cast<char>(rng() & 0xFF);
    times[i] = kStartMs + static_cast<int64_t>(rng() % (40 * kDayMs));
  }

  std::printf("obkv-route-bench: %zu keys of %zu bytes, median of %d runs\n", n,
              kKeyBytes, kRuns);
  uint64_t checksum = 0;
  for (const Arm& arm : Arms()) {
    const PartitionRouter router("t", arm.family);
    TimeOnePass(router, keys, times, &checksum);  // warm-up
    std::vector<double> rates;
    for (int run = 0; run < kRuns; ++run) {
      rates.push_back(TimeOnePass(router, keys, times, &checksum));
    }
    std::sort(rates.begin(), rates.end());
    std::printf("%-22s %8.2f M decisions/s  (min %.2f, max %.2f)\n", arm.name,
                rates[kRuns / 2] / 1e6, rates.front() / 1e6,
                rates.back() / 1e6);
  }
  std::printf("checksum %llu\n", static_cast<unsigned long long>(checksum));
  return 0;
}
