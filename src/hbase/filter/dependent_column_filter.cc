// Copyright (c) obkvlite authors.
#include "hbase/filter/dependent_column_filter.h"

#include <algorithm>

#include "hbase/filter/filter_text.h"

namespace obkvlite {
namespace filter {

DependentColumnFilter::DependentColumnFilter(
    std::string family, std::string qualifier, bool drop_dependent_column,
    CompareOp op, std::unique_ptr<ByteComparator> comparator)
    : family_(std::move(family)),
      qualifier_(std::move(qualifier)),
      drop_dependent_column_(drop_dependent_column),
      op_(op),
      comparator_(std::move(comparator)) {}

Filter::ReturnCode DependentColumnFilter::FilterCell(const Cell& cell) {
  // Other columns wait for FilterRowCells.
  if (cell.family != family_ || cell.qualifier != qualifier_) {
    return ReturnCode::kInclude;
  }
  if (comparator_ != nullptr &&
      !CompareOpKeeps(op_, comparator_->CompareTo(cell.value))) {
    return ReturnCode::kSkip;
  }
  stamps_.insert(cell.timestamp);
  return drop_dependent_column_ ? ReturnCode::kSkip : ReturnCode::kInclude;
}

void DependentColumnFilter::FilterRowCells(std::vector<Cell>* cells) {
  cells->erase(std::remove_if(cells->begin(), cells->end(),
                              [this](const Cell& c) {
                                return stamps_.count(c.timestamp) == 0;
                              }),
               cells->end());
}

std::string DependentColumnFilter::ToString() const {
  std::string out = "DependentColumnFilter(" + QuoteArgument(family_) + ", " +
                    QuoteArgument(qualifier_);
  if (drop_dependent_column_ || comparator_ != nullptr) {
    out += drop_dependent_column_ ? ", true" : ", false";
  }
  if (comparator_ != nullptr) {
    out += std::string(", ") + CompareOpSymbol(op_) + ", " +
           QuoteArgument(comparator_->ToString());
  }
  return out + ")";
}

Status DependentColumnFilter::status() const {
  return comparator_ != nullptr ? comparator_->status() : Status::OK();
}

}  // namespace filter
}  // namespace obkvlite
