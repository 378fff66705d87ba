// Copyright (c) obkvlite authors.
#include "hbase/filter/wrapper_filters.h"

#include "hbase/filter/filter_list.h"

namespace obkvlite {
namespace filter {
namespace {

// "SKIP f", with f parenthesized when it is a list.
std::string Wrap(const char* keyword, const Filter& inner) {
  const bool list = dynamic_cast<const FilterList*>(&inner) != nullptr;
  return std::string(keyword) + (list ? " (" : " ") + inner.ToString() +
         (list ? ")" : "");
}

}  // namespace

void SkipFilter::Reset() {
  inner_->Reset();
  filter_row_ = false;
}

Filter::ReturnCode SkipFilter::FilterCell(const Cell& cell) {
  const ReturnCode rc = inner_->FilterCell(cell);
  if (rc != ReturnCode::kInclude) filter_row_ = true;
  return rc;
}

void SkipFilter::SetReversed(bool reversed) {
  Filter::SetReversed(reversed);
  inner_->SetReversed(reversed);
}

std::string SkipFilter::ToString() const { return Wrap("SKIP", *inner_); }

bool WhileMatchFilter::FilterAllRemaining() {
  return filter_all_remaining_ || inner_->FilterAllRemaining();
}

bool WhileMatchFilter::FilterRowKey(std::string_view row) {
  if (FilterAllRemaining()) return true;
  const bool drop = inner_->FilterRowKey(row);
  if (drop) filter_all_remaining_ = true;
  return drop;
}

Filter::ReturnCode WhileMatchFilter::FilterCell(const Cell& cell) {
  const ReturnCode rc = inner_->FilterCell(cell);
  if (rc != ReturnCode::kInclude) filter_all_remaining_ = true;
  return rc;
}

bool WhileMatchFilter::FilterRow() {
  const bool drop = inner_->FilterRow();
  if (drop) filter_all_remaining_ = true;
  return drop;
}

void WhileMatchFilter::SetReversed(bool reversed) {
  Filter::SetReversed(reversed);
  inner_->SetReversed(reversed);
}

std::string WhileMatchFilter::ToString() const {
  return Wrap("WHILE", *inner_);
}

}  // namespace filter
}  // namespace obkvlite
