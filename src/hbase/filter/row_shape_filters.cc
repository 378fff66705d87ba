// Copyright (c) obkvlite authors.
#include "hbase/filter/row_shape_filters.h"

namespace obkvlite {
namespace filter {

bool PageFilter::FilterRowKey(std::string_view row) {
  (void)row;
  return FilterAllRemaining();
}

bool PageFilter::FilterRow() {
  ++rows_accepted_;
  return rows_accepted_ > page_size_;
}

std::string PageFilter::ToString() const {
  return "PageFilter(" + std::to_string(page_size_) + ")";
}

void KeyOnlyFilter::TransformCell(Cell* cell) {
  if (!len_as_val_) {
    cell->value.clear();
    return;
  }
  const uint32_t n = static_cast<uint32_t>(cell->value.size());
  cell->value = {static_cast<char>(n >> 24), static_cast<char>(n >> 16),
                 static_cast<char>(n >> 8), static_cast<char>(n)};
}

std::string KeyOnlyFilter::ToString() const {
  return len_as_val_ ? "KeyOnlyFilter(true)" : "KeyOnlyFilter()";
}

Filter::ReturnCode FirstKeyOnlyFilter::FilterCell(const Cell& cell) {
  (void)cell;
  if (found_) return ReturnCode::kNextRow;
  found_ = true;
  return ReturnCode::kInclude;
}

}  // namespace filter
}  // namespace obkvlite
