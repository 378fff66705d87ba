// Copyright (c) obkvlite authors.
#include "hbase/filter/column_count_filters.h"

namespace obkvlite {
namespace filter {

bool ColumnCountGetFilter::FilterRowKey(std::string_view row) {
  (void)row;
  return FilterAllRemaining();
}

Filter::ReturnCode ColumnCountGetFilter::FilterCell(const Cell& cell) {
  (void)cell;
  ++count_;
  return FilterAllRemaining() ? ReturnCode::kNextCol
                              : ReturnCode::kIncludeAndNextCol;
}

std::string ColumnCountGetFilter::ToString() const {
  return "ColumnCountGetFilter(" + std::to_string(limit_) + ")";
}

Filter::ReturnCode ColumnPaginationFilter::FilterCell(const Cell& cell) {
  (void)cell;
  if (count_ >= offset_ + limit_) return ReturnCode::kNextRow;
  const ReturnCode rc =
      count_ < offset_ ? ReturnCode::kNextCol : ReturnCode::kIncludeAndNextCol;
  ++count_;
  return rc;
}

std::string ColumnPaginationFilter::ToString() const {
  return "ColumnPaginationFilter(" + std::to_string(limit_) + ", " +
         std::to_string(offset_) + ")";
}

}  // namespace filter
}  // namespace obkvlite
