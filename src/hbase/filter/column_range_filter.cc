// Copyright (c) obkvlite authors.
#include "hbase/filter/column_range_filter.h"

#include <string_view>

#include "hbase/filter/filter_text.h"

namespace obkvlite {
namespace filter {

Filter::ReturnCode ColumnRangeFilter::FilterCell(const Cell& cell) {
  const std::string_view q(cell.qualifier);
  const int cmp_min = min_.empty() ? 1 : q.compare(min_);
  if (cmp_min < 0) return ReturnCode::kSkip;
  if (cmp_min == 0 && !min_inclusive_) return ReturnCode::kNextCol;
  if (max_.empty()) return ReturnCode::kInclude;
  const int cmp_max = q.compare(max_);
  if (cmp_max < 0 || (cmp_max == 0 && max_inclusive_)) {
    return ReturnCode::kInclude;
  }
  return ReturnCode::kNextRow;
}

std::string ColumnRangeFilter::ToString() const {
  return "ColumnRangeFilter(" + QuoteArgument(min_) + ", " +
         (min_inclusive_ ? "true" : "false") + ", " + QuoteArgument(max_) +
         ", " + (max_inclusive_ ? "true" : "false") + ")";
}

}  // namespace filter
}  // namespace obkvlite
