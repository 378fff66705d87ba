// Copyright (c) obkvlite authors.
#include "hbase/read/read_plan.h"

#include <algorithm>

#include "hbase/filter/filter_list.h"
#include "hbase/limits.h"
#include "hbase/read/key_range_ops.h"
#include "util/assign_bytes.h"

namespace obkvlite {
namespace {

// Validates the request options shared by Get and Scan.
Status ValidateReadOptions(int64_t max_versions, const TimeRange& times) {
  OBKV_RETURN_IF_ERROR(ValidateMaxVersions(max_versions, "max_versions"));
  return ValidateTimeRange(times, "time_range");
}

// Sets the times `read` sees: the request's `times`, whose oldest end the
// family's TimeToLive raises at `now_ms`.
void SetFamilyTimes(const TimeRange& times, int64_t now_ms, FamilyRead* read) {
  read->times = times;
  read->through_max = times.IsAll();
  read->times.min_ms =
      std::max(read->times.min_ms, read->family->OldestVisible(now_ms));
}

// The time range a Get asks for: exactly its timestamp, when it has one.
TimeRange GetTimes(const Get& get) {
  return get.timestamp.has_value() ? TimeRange::Exactly(*get.timestamp)
                                   : get.time_range;
}

// Fills plan->families from the projection, in family rank order.
Status PlanFamilies(const std::vector<std::string>& families,
                    const std::vector<Column>& columns, const TimeRange& times,
                    int max_versions, int64_t now_ms, ReadPlan* plan) {
  plan->now_ms = now_ms;
  const TableSchema& schema = *plan->schema;
  const size_t n = schema.families().size();
  enum Want { kNone, kColumns, kWhole };
  const bool everything = families.empty() && columns.empty();
  // Without a projection (the common whole-row read) nothing is gathered.
  std::vector<Want> want;
  std::vector<std::vector<std::string>> qualifiers;
  if (!everything) {
    want.assign(n, kNone);
    qualifiers.resize(n);
  }
  for (size_t i = 0; i < families.size(); ++i) {
    OBKV_ASSIGN_OR_RETURN(
        const FamilyInfo* f,
        FindFamily(schema, families[i], FieldRef("families", i)));
    want[f - schema.families().data()] = kWhole;
  }
  for (size_t i = 0; i < columns.size(); ++i) {
    OBKV_ASSIGN_OR_RETURN(
        const FamilyInfo* f,
        FindFamily(schema, columns[i].family, FieldRef("columns", i)));
    OBKV_RETURN_IF_ERROR(ValidateQualifier(
        columns[i].qualifier, FieldRef("columns", i, "qualifier")));
    const size_t rank = f - schema.families().data();
    if (want[rank] == kWhole) continue;
    want[rank] = kColumns;
    qualifiers[rank].push_back(columns[i].qualifier);
  }
  // The list's earlier entries (a scratch plan's) are reused, with the
  // memory of their vectors.
  plan->families.reserve(n);
  size_t used = 0;
  for (size_t rank = 0; rank < n; ++rank) {
    const Want w = everything ? kWhole : want[rank];
    if (w == kNone) continue;
    const FamilyInfo& info = schema.families()[rank];
    if (used == plan->families.size()) plan->families.emplace_back();
    FamilyRead& read = plan->families[used++];
    read.family = &info;
    read.all_qualifiers = w == kWhole;
    read.qualifiers.clear();
    read.partitions.clear();
    read.tables.clear();
    if (!everything) read.qualifiers = std::move(qualifiers[rank]);
    std::sort(read.qualifiers.begin(), read.qualifiers.end());
    read.qualifiers.erase(
        std::unique(read.qualifiers.begin(), read.qualifiers.end()),
        read.qualifiers.end());
    SetFamilyTimes(times, now_ms, &read);
    read.max_versions = std::min(max_versions, info.max_versions_cap);
  }
  plan->families.resize(used);
  return Status::OK();
}

// Prunes the partitions of `read`, a family of `plan`, for the plan's final
// key range; none when nothing is visible.
void PruneFamily(const ReadPlan& plan, FamilyRead* read) {
  if (read->times.min_ms >= read->times.max_ms) {
    read->partitions.clear();
    read->tables.clear();
    return;
  }
  if (plan.point) {
    read->family->router.PruneGetInto(plan.keys.lo, read->times,
                                      &read->partitions);
  } else {
    read->partitions = read->family->router.PruneScan(plan.keys, read->times);
  }
  read->family->DistinctInto(read->partitions, &read->tables);
}

// Prunes every family's partitions for the final key range.
void PrunePartitions(ReadPlan* plan) {
  for (FamilyRead& read : plan->families) PruneFamily(*plan, &read);
}

Status ParseRequestFilter(const std::string& text, bool reversed,
                          const FilterOptions& filters,
                          std::unique_ptr<Filter>* out) {
  if (text.empty()) return Status::OK();
  OBKV_ASSIGN_OR_RETURN(*out, ParseFilter(text, filters));
  (*out)->SetReversed(reversed);
  return Status::OK();
}

// Whether the plan's cells leave with their values: not when its filter
// empties them without reading them (KeyOnlyFilter).
bool ValuesReturned(const ReadPlan& plan) {
  return plan.filter == nullptr || plan.filter->ReadsValues() ||
         !plan.filter->EmptiesValues();
}

}  // namespace

Status PlanGetInto(std::shared_ptr<const TableSchema> schema, const Get& get,
                   int64_t now_ms, ReadPlan* plan,
                   const FilterOptions& filters) {
  OBKV_RETURN_IF_ERROR(ValidateRow(get.row, "row"));
  OBKV_RETURN_IF_ERROR(ValidateReadOptions(get.max_versions, get.time_range));
  if (get.timestamp.has_value()) {
    OBKV_RETURN_IF_ERROR(ValidateTimestamp(*get.timestamp, "ts"));
  }
  const TimeRange times = GetTimes(get);
  // Every field anew, keeping the memory of the strings and the list.
  std::string lo = std::move(plan->keys.lo);
  std::string hi = std::move(plan->keys.hi);
  std::vector<FamilyRead> families = std::move(plan->families);
  *plan = ReadPlan();
  plan->families = std::move(families);
  plan->schema = std::move(schema);
  lo.assign(get.row);
  hi.assign(get.row);
  plan->keys = KeyRange::Point({});  // a point's bounds, then its key
  plan->keys.lo = std::move(lo);
  plan->keys.hi = std::move(hi);
  plan->point = true;
  plan->limit = 1;
  plan->consistency = get.consistency;
  OBKV_RETURN_IF_ERROR(PlanFamilies(get.families, get.columns, times,
                                    get.max_versions, now_ms, plan));
  OBKV_RETURN_IF_ERROR(
      ParseRequestFilter(get.filter, false, filters, &plan->filter));
  plan->values = ValuesReturned(*plan);
  PrunePartitions(plan);
  return Status::OK();
}

Status ReplanGetRow(const Get& get, int64_t now_ms, ReadPlan* plan) {
  OBKV_RETURN_IF_ERROR(ValidateRow(get.row, "row"));
  AssignBytes(&plan->keys.lo, get.row);
  AssignBytes(&plan->keys.hi, get.row);
  plan->values = ValuesReturned(*plan);  // an Exists may have cleared it
  plan->consistency = get.consistency;
  const TimeRange times = GetTimes(get);
  plan->now_ms = now_ms;
  for (FamilyRead& read : plan->families) {
    const TimeRange before = read.times;
    SetFamilyTimes(times, now_ms, &read);
    // The partitions of a family pruned on its timestamps alone stay as
    // they were while its times do.
    if (read.family->router.PrunesGetByRow() ||
        read.times.min_ms != before.min_ms ||
        read.times.max_ms != before.max_ms) {
      PruneFamily(*plan, &read);
    }
  }
  return Status::OK();
}

Result<ReadPlan> PlanGet(std::shared_ptr<const TableSchema> schema,
                         const Get& get, int64_t now_ms,
                         const FilterOptions& filters) {
  ReadPlan plan;
  OBKV_RETURN_IF_ERROR(
      PlanGetInto(std::move(schema), get, now_ms, &plan, filters));
  return plan;
}

Result<ReadPlan> PlanScan(std::shared_ptr<const TableSchema> schema,
                          const Scan& scan, int64_t now_ms,
                          const FilterOptions& filters) {
  OBKV_RETURN_IF_ERROR(ValidateReadOptions(scan.max_versions, scan.time_range));
  if (scan.limit < 0) {
    return Status::InvalidArgument("limit: must not be negative, got " +
                                   std::to_string(scan.limit));
  }
  if (scan.batch < 0) {
    return Status::InvalidArgument("batch: must not be negative, got " +
                                   std::to_string(scan.batch));
  }
  ReadPlan plan;
  plan.schema = std::move(schema);
  plan.reversed = scan.reversed;
  plan.limit = scan.limit;
  plan.batch = scan.batch;
  plan.consistency = scan.consistency;
  plan.keys = scan.reversed ? KeyRange::Reversed(scan.start_row, scan.stop_row)
                            : KeyRange::Forward(scan.start_row, scan.stop_row);
  if (!scan.prefix.empty()) {
    plan.keys = IntersectKeyRanges(plan.keys, KeyRange::Prefix(scan.prefix));
  }
  OBKV_RETURN_IF_ERROR(PlanFamilies(scan.families, scan.columns,
                                    scan.time_range, scan.max_versions, now_ms,
                                    &plan));
  OBKV_RETURN_IF_ERROR(
      ParseRequestFilter(scan.filter, scan.reversed, filters, &plan.filter));
  // As HBase's Scan.setBatch: a row-level filter needs whole rows.
  if (plan.batch > 0 && plan.filter != nullptr && plan.filter->HasFilterRow()) {
    return Status::InvalidArgument(
        "batch: Cannot set batch on a scan using a filter that returns true "
        "for filter.hasFilterRow, got batch " +
        std::to_string(plan.batch) + " with " +
        filter::RowLevelPart(*plan.filter).ToString());
  }
  if (plan.filter != nullptr) plan.filter->NarrowRowRange(&plan.keys);
  plan.values = ValuesReturned(plan);
  PrunePartitions(&plan);
  return plan;
}

void SkipValuesUnlessRead(ReadPlan* plan) {
  if (plan->filter == nullptr || !plan->filter->ReadsValues()) {
    plan->values = false;
  }
}

ReadPlan PlanNewestCell(std::shared_ptr<const TableSchema> schema,
                        std::string_view row, std::string_view family,
                        std::string_view qualifier, int64_t now_ms) {
  ReadPlan plan;
  plan.schema = std::move(schema);
  plan.keys = KeyRange::Point(row);
  plan.point = true;
  plan.limit = 1;
  plan.lock_rows = true;
  // Validated by the caller, so this cannot fail.
  Status st =
      PlanFamilies({}, {Column{std::string(family), std::string(qualifier)}},
                   TimeRange::All(), 1, now_ms, &plan);
  (void)st;
  PrunePartitions(&plan);
  return plan;
}

bool ReadsPartitionsOutOfKeyOrder(const ReadPlan& plan) {
  for (const FamilyRead& read : plan.families) {
    if (read.partitions.size() <= 1) continue;
    const PartitionSpec& partitioning = read.family->router.spec();
    if (partitioning.strategy != PartitionStrategy::kRange ||
        partitioning.range_column != RangeColumn::kK) {
      return true;
    }
  }
  return false;
}

}  // namespace obkvlite
