// Copyright (c) obkvlite authors.
//
// The partition router (DESIGN §3): maps a (rowkey, timestamp) to the
// partition that stores it, and a get or scan to the minimal ascending list
// of partitions it must visit. It is pure computation: no SQLite.
//
// Partition indexes are physical: for one level they are 0..n-1; for two
// levels they are p * SubpartitionCount() + s, and the physical table is
// "t$f$p<p>s<s>". An unpartitioned family has the single index 0.
//
// The router copies what it needs of the FamilySpec, which need not outlive
// it.
// Thread safety: a PartitionRouter is immutable after construction and may
// be shared by any number of threads.

#ifndef OBKVLITE_ROUTER_H_
#define OBKVLITE_ROUTER_H_

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "obkvlite/time_range.h"

namespace obkvlite {

// OceanBase's KEY-partition hash of a binary column: MurmurHash64A with
// seed 0, as a signed 64-bit integer. hash("partitionKey") is
// -6632533813747801170.
int64_t ObMurmurHash64A(std::string_view bytes, uint64_t seed = 0);

// |h| % n as OceanBase computes it for KEY partitioning. |INT64_MIN| is
// taken as 2^63. REQUIRED: n >= 1.
int KeyPartitionIndex(int64_t h, int n);

// A key interval in unsigned byte order. An empty `hi` with
// hi_unbounded == true means "no upper limit".
struct KeyRange {
  std::string lo;            // "" with lo_inclusive == true: from the start
  bool lo_inclusive = true;
  std::string hi;
  bool hi_inclusive = false;
  bool hi_unbounded = true;

  // Every key: ["", +inf).
  static KeyRange All() { return KeyRange(); }
  // One key: [key, key].
  static KeyRange Point(std::string_view key);
  // HBase forward scan: [start, stop); an empty stop is unbounded.
  static KeyRange Forward(std::string_view start, std::string_view stop);
  // HBase reversed scan from `start` (inclusive) down to `stop`
  // (exclusive): (stop, start]; an empty start is unbounded.
  static KeyRange Reversed(std::string_view start, std::string_view stop);
  // Every key starting with `prefix`.
  static KeyRange Prefix(std::string_view prefix);
};

class PartitionRouter {
 public:
  // `table_name` and `family` name the physical tables.
  PartitionRouter(std::string table_name, const FamilySpec& family);

  const PartitionSpec& spec() const { return spec_; }
  // Number of physical partition tables (1 when unpartitioned).
  int partition_count() const { return spec_.PhysicalCount(); }

  // The partition that stores cells of `rowkey` at `ts_ms`.
  // Errors (InvalidArgument, naming the field): empty rowkey, a rowkey over
  // 1024 bytes, a missing or negative timestamp when the family partitions
  // on G, and a key or timestamp at or above the last bound when the range
  // level has no MAXVALUE.
  Result<int> Route(std::string_view rowkey,
                    std::optional<int64_t> ts_ms) const;

  // Partitions a get of one row over `times` may touch, ascending.
  std::vector<int> PruneGet(std::string_view rowkey,
                            const TimeRange& times) const;
  // Whether PruneGet's partitions depend on the row key (a KEY level, or a
  // RANGE level on K); else on the times alone.
  bool PrunesGetByRow() const {
    return spec_.HasKeyLevel() ||
           (spec_.HasRangeLevel() && spec_.range_column != RangeColumn::kG);
  }
  // The same into `*out` (emptied), reusing its memory: no allocation
  // once `*out` has room (a thread's scratch plan for Gets).
  void PruneGetInto(std::string_view rowkey, const TimeRange& times,
                    std::vector<int>* out) const;

  // Partitions a scan over `keys` and `times` may touch, ascending and
  // minimal: KEY levels prune only when every key in `keys` shares the
  // hashed prefix; RANGE levels keep only overlapping partitions.
  std::vector<int> PruneScan(const KeyRange& keys,
                             const TimeRange& times) const;

  // Physical table of a partition index: "t$f", "t$f$p3" or "t$f$p1s2".
  std::string PartitionTableName(int index) const;
  // Suffix of a partition index: "", "p3" or "p1s2".
  std::string PartitionSuffix(int index) const;

 private:
  std::string relation_;  // "t$f"
  PartitionSpec spec_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_ROUTER_H_
