// Copyright (c) obkvlite authors.
#include "hbase/filter/filter_factory.h"

#include <limits>
#include <string>

#include "hbase/filter/column_count_filters.h"
#include "hbase/filter/column_prefix_filters.h"
#include "hbase/filter/column_range_filter.h"
#include "hbase/filter/column_value_filters.h"
#include "hbase/filter/compare_filters.h"
#include "hbase/filter/dependent_column_filter.h"
#include "hbase/filter/filter_args.h"
#include "hbase/filter/filter_text.h"
#include "hbase/filter/row_key_filters.h"
#include "hbase/filter/row_shape_filters.h"
#include "hbase/filter/timestamps_filter.h"

namespace obkvlite {
namespace filter {
namespace {

using FilterPtr = std::unique_ptr<Filter>;
using Builder = Result<FilterPtr> (*)(const ArgReader&);

constexpr int64_t kIntMax = std::numeric_limits<int32_t>::max();
constexpr int64_t kLongMax = std::numeric_limits<int64_t>::max();

Result<FilterPtr> BuildKeyOnly(const ArgReader& a) {
  OBKV_RETURN_IF_ERROR(a.ExpectCounts({0, 1}));
  bool len_as_val = false;
  if (a.size() == 1) {
    OBKV_ASSIGN_OR_RETURN(len_as_val, a.Bool(0));
  }
  return FilterPtr(new KeyOnlyFilter(len_as_val));
}

Result<FilterPtr> BuildFirstKeyOnly(const ArgReader& a) {
  OBKV_RETURN_IF_ERROR(a.ExpectCount(0));
  return FilterPtr(new FirstKeyOnlyFilter());
}

Result<FilterPtr> BuildPrefix(const ArgReader& a) {
  OBKV_RETURN_IF_ERROR(a.ExpectCount(1));
  OBKV_ASSIGN_OR_RETURN(std::string prefix, a.String(0));
  return FilterPtr(new PrefixFilter(std::move(prefix)));
}

Result<FilterPtr> BuildColumnPrefix(const ArgReader& a) {
  OBKV_RETURN_IF_ERROR(a.ExpectCount(1));
  OBKV_ASSIGN_OR_RETURN(std::string prefix, a.String(0));
  return FilterPtr(new ColumnPrefixFilter(std::move(prefix)));
}

Result<FilterPtr> BuildMultipleColumnPrefix(const ArgReader& a) {
  OBKV_ASSIGN_OR_RETURN(std::vector<std::string> prefixes, a.DistinctStrings());
  return FilterPtr(new MultipleColumnPrefixFilter(std::move(prefixes)));
}

Result<FilterPtr> BuildColumnCountGet(const ArgReader& a) {
  OBKV_RETURN_IF_ERROR(a.ExpectCount(1));
  OBKV_ASSIGN_OR_RETURN(int64_t limit, a.NonNegative(0, kIntMax));
  return FilterPtr(new ColumnCountGetFilter(static_cast<int32_t>(limit)));
}

Result<FilterPtr> BuildPage(const ArgReader& a) {
  OBKV_RETURN_IF_ERROR(a.ExpectCount(1));
  OBKV_ASSIGN_OR_RETURN(int64_t page_size, a.NonNegative(0, kLongMax));
  return FilterPtr(new PageFilter(page_size));
}

Result<FilterPtr> BuildColumnPagination(const ArgReader& a) {
  OBKV_RETURN_IF_ERROR(a.ExpectCount(2));
  OBKV_ASSIGN_OR_RETURN(int64_t limit, a.NonNegative(0, kIntMax));
  OBKV_ASSIGN_OR_RETURN(int64_t offset, a.NonNegative(1, kIntMax));
  return FilterPtr(new ColumnPaginationFilter(static_cast<int32_t>(limit),
                                              static_cast<int32_t>(offset)));
}

Result<FilterPtr> BuildInclusiveStop(const ArgReader& a) {
  OBKV_RETURN_IF_ERROR(a.ExpectCount(1));
  OBKV_ASSIGN_OR_RETURN(std::string stop, a.String(0));
  return FilterPtr(new InclusiveStopFilter(std::move(stop)));
}

Result<FilterPtr> BuildTimestamps(const ArgReader& a) {
  std::vector<int64_t> timestamps;
  for (size_t i = 0; i < a.size(); ++i) {
    OBKV_ASSIGN_OR_RETURN(int64_t ts, a.NonNegative(i, kLongMax));
    timestamps.push_back(ts);
  }
  return FilterPtr(new TimestampsFilter(timestamps));
}

template <typename T>
Result<FilterPtr> BuildCompare(const ArgReader& a) {
  OBKV_RETURN_IF_ERROR(a.ExpectCount(2));
  OBKV_ASSIGN_OR_RETURN(CompareOp op, a.Op(0));
  OBKV_ASSIGN_OR_RETURN(auto comparator, a.Comparator(1, op));
  return FilterPtr(new T(op, std::move(comparator)));
}

Result<FilterPtr> BuildColumnRange(const ArgReader& a) {
  OBKV_RETURN_IF_ERROR(a.ExpectCount(4));
  OBKV_ASSIGN_OR_RETURN(std::string min, a.String(0));
  OBKV_ASSIGN_OR_RETURN(bool min_inclusive, a.Bool(1));
  OBKV_ASSIGN_OR_RETURN(std::string max, a.String(2));
  OBKV_ASSIGN_OR_RETURN(bool max_inclusive, a.Bool(3));
  return FilterPtr(new ColumnRangeFilter(std::move(min), min_inclusive,
                                         std::move(max), max_inclusive));
}

template <typename T>
Result<FilterPtr> BuildSingleColumnValue(const ArgReader& a) {
  OBKV_RETURN_IF_ERROR(a.ExpectCounts({4, 6}));
  OBKV_ASSIGN_OR_RETURN(std::string family, a.String(0));
  OBKV_ASSIGN_OR_RETURN(std::string qualifier, a.String(1));
  OBKV_ASSIGN_OR_RETURN(CompareOp op, a.Op(2));
  OBKV_ASSIGN_OR_RETURN(auto comparator, a.Comparator(3, op));
  bool filter_if_missing = false;
  bool latest_version_only = true;
  if (a.size() == 6) {
    OBKV_ASSIGN_OR_RETURN(filter_if_missing, a.Bool(4));
    OBKV_ASSIGN_OR_RETURN(latest_version_only, a.Bool(5));
  }
  return FilterPtr(new T(std::move(family), std::move(qualifier), op,
                         std::move(comparator), filter_if_missing,
                         latest_version_only));
}

Result<FilterPtr> BuildColumnValue(const ArgReader& a) {
  OBKV_RETURN_IF_ERROR(a.ExpectCount(4));
  OBKV_ASSIGN_OR_RETURN(std::string family, a.String(0));
  OBKV_ASSIGN_OR_RETURN(std::string qualifier, a.String(1));
  OBKV_ASSIGN_OR_RETURN(CompareOp op, a.Op(2));
  OBKV_ASSIGN_OR_RETURN(auto comparator, a.Comparator(3, op));
  return FilterPtr(new ColumnValueFilter(
      std::move(family), std::move(qualifier), op, std::move(comparator)));
}

Result<FilterPtr> BuildDependentColumn(const ArgReader& a) {
  OBKV_RETURN_IF_ERROR(a.ExpectCounts({2, 3, 5}));
  OBKV_ASSIGN_OR_RETURN(std::string family, a.String(0));
  OBKV_ASSIGN_OR_RETURN(std::string qualifier, a.String(1));
  bool drop = false;
  if (a.size() >= 3) {
    OBKV_ASSIGN_OR_RETURN(drop, a.Bool(2));
  }
  CompareOp op = CompareOp::kEqual;
  std::unique_ptr<ByteComparator> comparator;
  if (a.size() == 5) {
    OBKV_ASSIGN_OR_RETURN(op, a.Op(3));
    OBKV_ASSIGN_OR_RETURN(comparator, a.AnyOpComparator(4));
  }
  return FilterPtr(new DependentColumnFilter(std::move(family),
                                             std::move(qualifier), drop, op,
                                             std::move(comparator)));
}

struct Entry {
  const char* name;
  Builder build;
};

// Sorted by name (the unknown-name message lists them in this order).
constexpr Entry kFilters[] = {
    {"ColumnCountGetFilter", BuildColumnCountGet},
    {"ColumnPaginationFilter", BuildColumnPagination},
    {"ColumnPrefixFilter", BuildColumnPrefix},
    {"ColumnRangeFilter", BuildColumnRange},
    {"ColumnValueFilter", BuildColumnValue},
    {"DependentColumnFilter", BuildDependentColumn},
    {"FamilyFilter", BuildCompare<FamilyFilter>},
    {"FirstKeyOnlyFilter", BuildFirstKeyOnly},
    {"InclusiveStopFilter", BuildInclusiveStop},
    {"KeyOnlyFilter", BuildKeyOnly},
    {"MultipleColumnPrefixFilter", BuildMultipleColumnPrefix},
    {"PageFilter", BuildPage},
    {"PrefixFilter", BuildPrefix},
    {"QualifierFilter", BuildCompare<QualifierFilter>},
    {"RowFilter", BuildCompare<RowFilter>},
    {"SingleColumnValueExcludeFilter",
     BuildSingleColumnValue<SingleColumnValueExcludeFilter>},
    {"SingleColumnValueFilter",
     BuildSingleColumnValue<SingleColumnValueFilter>},
    {"TimestampsFilter", BuildTimestamps},
    {"ValueFilter", BuildCompare<ValueFilter>},
};

const Entry* Find(std::string_view name) {
  for (const Entry& e : kFilters) {
    if (name == e.name) return &e;
  }
  return nullptr;
}

std::string KnownNames() {
  std::string out;
  for (std::string_view name : KnownFilterNames()) {
    if (!out.empty()) out += ", ";
    out += name;
  }
  return out;
}

}  // namespace

bool IsKnownFilter(std::string_view name) { return Find(name) != nullptr; }

std::vector<std::string_view> KnownFilterNames() {
  std::vector<std::string_view> names;
  for (const Entry& e : kFilters) names.push_back(e.name);
  return names;
}

Result<std::unique_ptr<Filter>> MakeFilter(std::string_view name,
                                           size_t name_pos,
                                           const std::vector<FilterArg>& args,
                                           const FilterOptions& options) {
  const Entry* e = Find(name);
  if (e == nullptr) {
    return FilterError(name_pos, "unknown filter '" + Printable(name) +
                                     "'; expected one of " + KnownNames());
  }
  return e->build(ArgReader(name, name_pos, args, options));
}

}  // namespace filter
}  // namespace obkvlite
