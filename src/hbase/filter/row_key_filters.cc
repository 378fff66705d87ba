// Copyright (c) obkvlite authors.
#include "hbase/filter/row_key_filters.h"

#include "hbase/filter/filter_text.h"
#include "hbase/filter/key_range_narrow.h"

namespace obkvlite {
namespace filter {

bool PrefixFilter::FilterRowKey(std::string_view row) {
  if (FilterAllRemaining()) return true;
  if (row.size() < prefix_.size()) return true;
  const int cmp = row.substr(0, prefix_.size()).compare(prefix_);
  if ((!reversed_ && cmp > 0) || (reversed_ && cmp < 0)) passed_prefix_ = true;
  filter_row_ = cmp != 0;
  return filter_row_;
}

Filter::ReturnCode PrefixFilter::FilterCell(const Cell& cell) {
  (void)cell;
  return filter_row_ ? ReturnCode::kNextRow : ReturnCode::kInclude;
}

void PrefixFilter::NarrowRowRange(KeyRange* range) const {
  NarrowToPrefix(range, prefix_);
}

std::string PrefixFilter::ToString() const {
  return "PrefixFilter(" + QuoteArgument(prefix_) + ")";
}

bool InclusiveStopFilter::FilterRowKey(std::string_view row) {
  if (FilterAllRemaining()) return true;
  const int cmp = row.compare(stop_row_);
  done_ = reversed_ ? cmp < 0 : cmp > 0;
  return done_;
}

Filter::ReturnCode InclusiveStopFilter::FilterCell(const Cell& cell) {
  (void)cell;
  return done_ ? ReturnCode::kNextRow : ReturnCode::kInclude;
}

void InclusiveStopFilter::NarrowRowRange(KeyRange* range) const {
  if (reversed_) {
    NarrowLow(range, stop_row_, true);
  } else {
    NarrowHigh(range, stop_row_, true);
  }
}

std::string InclusiveStopFilter::ToString() const {
  return "InclusiveStopFilter(" + QuoteArgument(stop_row_) + ")";
}

}  // namespace filter
}  // namespace obkvlite
