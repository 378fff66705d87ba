// Copyright (c) obkvlite authors.
//
// PartitionRouter: combines the KEY and RANGE levels of a family's
// partitioning into physical partition indexes (DESIGN §3).
//
//   kNone      0
//   kKey       k                       (k = KEY bucket of K or K_PREFIX)
//   kRange     r                       (r = RANGE partition of K or G)
//   kRangeKey  r * key_partitions + k  (RANGE(G) then KEY)
//   kKeyRange  k * bounds.size() + r   (KEY then RANGE(G))
//
// Route is the hot path: it hashes straight from the caller's bytes and
// allocates nothing unless it fails.

#include <string>
#include <utility>

#include "obkvlite/bytes.h"
#include "obkvlite/router.h"
#include "router/hash.h"
#include "router/levels.h"

namespace obkvlite {

using router_internal::IndexInterval;

namespace {

// ---- Errors (cold) ----

Status RowKeyTooLong(size_t size) {
  return Status::InvalidArgument("rowkey: " + std::to_string(size) +
                                 " bytes, limit " +
                                 std::to_string(kMaxRowKeyBytes));
}

Status KeyAboveLastBound(std::string_view rowkey, const PartitionSpec& spec) {
  return Status::InvalidArgument(
      "rowkey: '" + ToStringBinary(rowkey) +
      "' is at or above the last range bound " +
      router_internal::LastBoundText(spec.bounds, RangeColumn::kK) +
      " and the partitioning has no MAXVALUE");
}

Status TsAboveLastBound(int64_t ts, const PartitionSpec& spec) {
  return Status::InvalidArgument(
      "ts: " + std::to_string(ts) + " is at or above the last range bound " +
      router_internal::LastBoundText(spec.bounds, RangeColumn::kG) +
      " and the partitioning has no MAXVALUE");
}

Status TsMissing(const std::string& relation) {
  // relation is "table$family"; identifiers never contain '$'.
  const std::string family = relation.substr(relation.rfind('$') + 1);
  return Status::InvalidArgument("ts: required, family '" + family +
                                 "' partitions on G (timestamp)");
}

Status TsNegative(int64_t ts) {
  return Status::InvalidArgument("ts: must not be negative, got " +
                                 std::to_string(ts));
}

// Physical indexes of the cartesian product of two level intervals,
// ascending, into `*out` (emptied, its memory reused): first-level index p,
// second-level s, p * subparts + s.
void Product(IndexInterval first, IndexInterval second, int subparts,
             std::vector<int>* out) {
  out->clear();
  if (first.empty() || second.empty()) return;
  out->reserve(static_cast<size_t>(first.last - first.first + 1) *
               static_cast<size_t>(second.last - second.first + 1));
  for (int p = first.first; p <= first.last; ++p) {
    for (int s = second.first; s <= second.last; ++s) {
      out->push_back(p * subparts + s);
    }
  }
}

// The partitions of a pruned key level and range level, by the strategy,
// into `*out`: the one place PruneGet and PruneScan combine their levels.
void LevelsProduct(const PartitionSpec& spec, IndexInterval key_level,
                   IndexInterval range_level, std::vector<int>* out) {
  switch (spec.strategy) {
    case PartitionStrategy::kNone:
      Product(IndexInterval::One(0), IndexInterval::One(0), 1, out);
      return;
    case PartitionStrategy::kKey:
      Product(key_level, IndexInterval::One(0), 1, out);
      return;
    case PartitionStrategy::kRange:
      Product(range_level, IndexInterval::One(0), 1, out);
      return;
    case PartitionStrategy::kRangeKey:
      Product(range_level, key_level, spec.SubpartitionCount(), out);
      return;
    case PartitionStrategy::kKeyRange:
      Product(key_level, range_level, spec.SubpartitionCount(), out);
      return;
  }
  out->clear();
}

}  // namespace

PartitionRouter::PartitionRouter(std::string table_name,
                                 const FamilySpec& family)
    : relation_(std::move(table_name)), spec_(family.partition) {
  relation_ += '$';
  relation_ += family.name;
  // The two-level strategies always range on G; say so in the copy, so that
  // spec().NeedsTimestamp() holds whatever the parser left in the field.
  if (spec_.IsTwoLevel()) spec_.range_column = RangeColumn::kG;
  // A KEY level needs at least one bucket; the parser guarantees it, this
  // keeps a hand-built spec from dividing by zero.
  if (spec_.key_partitions < 1) spec_.key_partitions = 1;
}

Result<int> PartitionRouter::Route(std::string_view rowkey,
                                   std::optional<int64_t> ts_ms) const {
  if (rowkey.empty()) {
    return Status::InvalidArgument("rowkey: must not be empty");
  }
  if (rowkey.size() > kMaxRowKeyBytes) return RowKeyTooLong(rowkey.size());

  // The RANGE level's partition, when it ranges on G.
  int by_time = 0;
  if (spec_.NeedsTimestamp()) {
    if (!ts_ms.has_value()) return TsMissing(relation_);
    if (*ts_ms < 0) return TsNegative(*ts_ms);
    by_time = router_internal::RangeIndexOfTs(spec_.bounds, *ts_ms);
    if (by_time < 0) return TsAboveLastBound(*ts_ms, spec_);
  }

  switch (spec_.strategy) {
    case PartitionStrategy::kNone:
      return 0;
    case PartitionStrategy::kKey:
      return router_internal::KeyLevelIndex(spec_, rowkey);
    case PartitionStrategy::kRange: {
      if (spec_.range_column == RangeColumn::kG) return by_time;
      const int r = router_internal::RangeIndexOfKey(spec_.bounds, rowkey);
      if (r < 0) return KeyAboveLastBound(rowkey, spec_);
      return r;
    }
    case PartitionStrategy::kRangeKey:
      return by_time * spec_.key_partitions +
             router_internal::KeyLevelIndex(spec_, rowkey);
    case PartitionStrategy::kKeyRange:
      return router_internal::KeyLevelIndex(spec_, rowkey) *
                 static_cast<int>(spec_.bounds.size()) +
             by_time;
  }
  return 0;
}

std::vector<int> PartitionRouter::PruneGet(std::string_view rowkey,
                                           const TimeRange& times) const {
  std::vector<int> out;
  PruneGetInto(rowkey, times, &out);
  return out;
}

void PartitionRouter::PruneGetInto(std::string_view rowkey,
                                   const TimeRange& times,
                                   std::vector<int>* out) const {
  IndexInterval key_level;
  if (spec_.HasKeyLevel()) {
    key_level =
        IndexInterval::One(router_internal::KeyLevelIndex(spec_, rowkey));
  }
  IndexInterval range_level;
  if (spec_.HasRangeLevel()) {
    if (spec_.range_column == RangeColumn::kG) {
      range_level = router_internal::RangeIntervalOfTimes(spec_.bounds, times);
    } else {
      const int r = router_internal::RangeIndexOfKey(spec_.bounds, rowkey);
      if (r >= 0) range_level = IndexInterval::One(r);
    }
  }
  LevelsProduct(spec_, key_level, range_level, out);
}

std::vector<int> PartitionRouter::PruneScan(const KeyRange& keys,
                                            const TimeRange& times) const {
  IndexInterval key_level;
  if (spec_.HasKeyLevel()) {
    key_level = router_internal::KeyIntervalOfKeys(spec_, keys);
  }
  IndexInterval range_level;
  if (spec_.HasRangeLevel()) {
    range_level =
        spec_.range_column == RangeColumn::kG
            ? router_internal::RangeIntervalOfTimes(spec_.bounds, times)
            : router_internal::RangeIntervalOfKeys(spec_.bounds, keys);
  }
  // Without a key level (none, or RANGE on G, which prunes on time only)
  // nothing above saw the keys: an empty key range is still empty.
  if (!spec_.HasKeyLevel() && router_internal::KeyRangeIsEmpty(keys)) {
    return {};
  }
  std::vector<int> out;
  LevelsProduct(spec_, key_level, range_level, &out);
  return out;
}

std::string PartitionRouter::PartitionSuffix(int index) const {
  return obkvlite::PartitionSuffix(spec_, index);
}

std::string PartitionRouter::PartitionTableName(int index) const {
  return obkvlite::PartitionTableName(relation_, spec_, index);
}

}  // namespace obkvlite
