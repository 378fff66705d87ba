// Copyright (c) obkvlite authors.
//
// Builds one filter from its name and arguments (a "simple filter
// expression" of HBase's ParseFilter). The names and argument lists:
//
//   KeyOnlyFilter([lenAsVal])           FirstKeyOnlyFilter()
//   PrefixFilter('p')                   ColumnPrefixFilter('p')
//   MultipleColumnPrefixFilter('p', ...)
//   ColumnCountGetFilter(n)             PageFilter(n)
//   ColumnPaginationFilter(limit, offset)
//   InclusiveStopFilter('row')          TimestampsFilter(t, ...)
//   RowFilter(op, 'cmp')                FamilyFilter(op, 'cmp')
//   QualifierFilter(op, 'cmp')          ValueFilter(op, 'cmp')
//   ColumnRangeFilter('min', bool, 'max', bool)
//   SingleColumnValueFilter('f', 'q', op, 'cmp' [, bool, bool])
//   SingleColumnValueExcludeFilter('f', 'q', op, 'cmp' [, bool, bool])
//   ColumnValueFilter('f', 'q', op, 'cmp')
//   DependentColumnFilter('f', 'q' [, bool [, op, 'cmp']])
//
// Thread safety: pure function.

#ifndef OBKVLITE_HBASE_FILTER_FILTER_FACTORY_H_
#define OBKVLITE_HBASE_FILTER_FILTER_FACTORY_H_

#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

#include "hbase/filter/filter_lexer.h"
#include "obkvlite/filter.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace filter {

// True if `name` is one of the filters above.
bool IsKnownFilter(std::string_view name);

// The names of the filters above, sorted (ParseFilter's
// getSupportedFilters; the shell's show_filters prints them).
std::vector<std::string_view> KnownFilterNames();

// Builds the filter `name` (at `name_pos`) from `args`, its comparators
// with `options`. Errors: unknown name, wrong argument count, wrong
// argument type or value.
Result<std::unique_ptr<Filter>> MakeFilter(std::string_view name,
                                           size_t name_pos,
                                           const std::vector<FilterArg>& args,
                                           const FilterOptions& options);

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_FILTER_FACTORY_H_
