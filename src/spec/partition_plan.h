// Copyright (c) obkvlite authors.
//
// PlanPartitionChange: a partition change (obkvlite/partition_change.h) as
// a new spec and, per family, where the rows of each new first-level
// partition come from and which OceanBase steps make the same change. The
// engines carry a plan out (storage::Engine::AlterTable); the ddl layer
// renders its steps (PartitionAlterStatements). Every rule OceanBase sets
// (no ADD after MAXVALUE, no REORGANIZE of a partition with subpartitions
// or of a table in a table group of several tables, ...) is checked here,
// once, with an error that cites it.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SPEC_PARTITION_PLAN_H_
#define OBKVLITE_SPEC_PARTITION_PLAN_H_

#include <cstdint>
#include <string>
#include <vector>

#include "obkvlite/partition_change.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

// One OceanBase ALTER TABLE step on a family's first level.
struct PartitionDdlStep {
  enum class Kind {
    kAdd,          // ADD PARTITION (new_partitions)
    kDrop,         // DROP PARTITION old_partitions
    kTruncate,     // TRUNCATE PARTITION old_partitions
    kReorganize,   // REORGANIZE PARTITION old INTO (new)
    kRepartition,  // PARTITION BY <after> (KEY count change)
  };
  Kind kind;
  std::vector<int> old_partitions;  // first-level indexes in `before`
  std::vector<int> new_partitions;  // first-level indexes in `after`
};

// How one family's rows move.
struct FamilyMoves {
  std::string family;
  PartitionSpec before;
  PartitionSpec after;
  // sources[j]: the first-level partitions of `before` whose rows belong in
  // first-level partition j of `after`, ascending (empty: j starts empty).
  // Only the rows inside j's range move (for a split, part of a source).
  std::vector<std::vector<int>> sources;
  // whole[j]: j takes every row of its single source, which can then be
  // renamed instead of copied.
  std::vector<bool> whole;
  // Rehash: every row is routed again by `after` (sources unused).
  bool reroute = false;
  std::vector<PartitionDdlStep> steps;
};

struct PartitionPlan {
  TableSpec spec;  // after the change
  std::vector<FamilyMoves> families;
  std::vector<std::string> warnings;
  bool changed = false;
};

// Plans `change` on `spec`. `now_ms` is the roll's "now" (used when
// change.now_ms is 0). `naming` is the store's: change.partition_names and
// the errors use it. Errors are InvalidArgument naming the field
// (partition, bound, count, family) and the rule.
Result<PartitionPlan> PlanPartitionChange(
    const TableSpec& spec, const PartitionChange& change, int64_t now_ms,
    PartitionNaming naming = PartitionNaming::kIndex);

// The range [lower, upper) of first-level partition `index` of `p` (a
// range level); has_lower false for the first.
struct PartitionRange {
  bool has_lower = false;
  RangeBound lower;
  RangeBound upper;
};
PartitionRange RangeOfPartition(const PartitionSpec& p, int index);

// Whether bound `a` orders before bound `b` in the order of the range
// column (K bytes as unsigned, or G ms), MAXVALUE above everything.
// Inline: the spec parser uses it without linking the partition plans.
inline bool BoundLess(const RangeBound& a, const RangeBound& b,
                      RangeColumn column) {
  if (a.is_maxvalue) return false;
  if (b.is_maxvalue) return true;
  if (column == RangeColumn::kG) return a.ts_ms < b.ts_ms;
  return a.key < b.key;  // std::string compares as unsigned char
}

// A bound as a spec writes it: toStringBinary text for K, ms for G, or
// MAXVALUE.
std::string BoundSpecText(const RangeBound& bound, RangeColumn column);

// Parses BOUND the way a spec bound is written (for `column`): "MAXVALUE",
// toStringBinary bytes for K, an integer in ms for G. `field` names it in
// errors.
Result<RangeBound> ParseBoundText(std::string_view text, RangeColumn column,
                                  std::string_view field);

}  // namespace obkvlite

#endif  // OBKVLITE_SPEC_PARTITION_PLAN_H_
