// Copyright (c) obkvlite authors.
//
// ReadPlan: a validated Get or Scan turned into what the row reader
// executes: the key range, per family the qualifiers wanted, the effective
// time range (request, exact ts, TimeToLive), the versions cap (request
// lowered by MaxVersions), the partitions to visit (PartitionRouter
// PruneGet / PruneScan), and the parsed filter.
//
// Projections: `families` and `columns` add up (a family listed in
// `families` is read whole); both empty read every family.
//
// Thread safety: a plan is used by one reader at a time.

#ifndef OBKVLITE_HBASE_READ_READ_PLAN_H_
#define OBKVLITE_HBASE_READ_READ_PLAN_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hbase/family_read.h"
#include "hbase/table_schema.h"
#include "obkvlite/filter.h"
#include "obkvlite/query.h"
#include "obkvlite/router.h"
#include "obkvlite/status.h"

namespace obkvlite {

struct ReadPlan {
  std::shared_ptr<const TableSchema> schema;
  KeyRange keys;
  bool point = false;  // one row: a Get (columns read by exact Q)
  bool reversed = false;
  std::vector<FamilyRead> families;  // ascending family rank
  std::unique_ptr<Filter> filter;    // null: none
  int64_t limit = 0;                 // rows; 0 = unlimited
  int batch = 0;                     // cells per RowResult; 0 = whole rows
  // Lock the rows read until the transaction ends (a read-modify-write's
  // read: SELECT ... FOR UPDATE on a server engine).
  bool lock_rows = false;
  // Read the cells' values; false when nobody looks at them (Exists, a
  // filter that drops them unread): cells then come back with empty values.
  bool values = true;
  // The clock the plan was made at: TimeToLive and cell TTLs are judged
  // against it.
  int64_t now_ms = 0;
  // The Get's or Scan's read consistency; nullopt: the store's
  // (StoreContext::readers).
  std::optional<ReadConsistency> consistency;
};

// `filters`: how the Get's or Scan's filter judges cells (the store's
// compatibility profile, obkvlite/filter.h).
Result<ReadPlan> PlanGet(std::shared_ptr<const TableSchema> schema,
                         const Get& get, int64_t now_ms,
                         const FilterOptions& filters = FilterOptions());
// The same into `*plan`, every field set anew but the memory of its key
// strings and families list reused (a thread's scratch plan for
// Table::Get). On error `*plan` is unspecified.
Status PlanGetInto(std::shared_ptr<const TableSchema> schema, const Get& get,
                   int64_t now_ms, ReadPlan* plan,
                   const FilterOptions& filters = FilterOptions());
// Re-plans `*plan`, which PlanGetInto planned for a Get that differs from
// `get` in its row at most, for `get` at `now_ms`: the row, the times a
// TimeToLive hides and the partitions they prune to are set anew, the rest
// kept (a thread's Gets of one shape; GetPlanScratch). On error `*plan` is
// unspecified.
// REQUIRED: that Get had no filter, and `*plan`'s schema is alive.
Status ReplanGetRow(const Get& get, int64_t now_ms, ReadPlan* plan);
Result<ReadPlan> PlanScan(std::shared_ptr<const TableSchema> schema,
                          const Scan& scan, int64_t now_ms,
                          const FilterOptions& filters = FilterOptions());
// Whether OBKV-HBase's client, without distributed execution, would return
// the rows of a scan of `plan` in another order (doc/obkv-compat.md C-73):
// it reads a family's partitions one after another, so a scan that reads
// more than one partition of a family comes back in row-key order only
// when they are ranges of the row key (RANGE COLUMNS(K)).
bool ReadsPartitionsOutOfKeyOrder(const ReadPlan& plan);
// Sets plan->values to false unless the filter reads values: for a read
// whose caller does not look at them (Exists).
void SkipValuesUnlessRead(ReadPlan* plan);

// The newest visible version of family:qualifier of `row` (the read of
// Increment, Append and CheckAndMutate), with lock_rows set.
// REQUIRED: the family exists.
ReadPlan PlanNewestCell(std::shared_ptr<const TableSchema> schema,
                        std::string_view row, std::string_view family,
                        std::string_view qualifier, int64_t now_ms);

}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_READ_READ_PLAN_H_
