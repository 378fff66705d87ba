// Copyright (c) obkvlite authors.
#include "hbase/filter/column_value_filters.h"

#include <algorithm>

#include "hbase/filter/filter_text.h"

namespace obkvlite {
namespace filter {

SingleColumnValueFilter::SingleColumnValueFilter(
    const char* name, std::string family, std::string qualifier, CompareOp op,
    std::unique_ptr<ByteComparator> comparator, bool filter_if_missing,
    bool latest_version_only)
    : name_(name),
      family_(std::move(family)),
      qualifier_(std::move(qualifier)),
      op_(op),
      comparator_(std::move(comparator)),
      filter_if_missing_(filter_if_missing),
      latest_version_only_(latest_version_only) {}

void SingleColumnValueFilter::Reset() {
  found_column_ = false;
  matched_column_ = false;
}

Filter::ReturnCode SingleColumnValueFilter::FilterCell(const Cell& cell) {
  if (matched_column_) return ReturnCode::kInclude;
  // The newest version failed: the row is lost (FilterRow says so).
  if (latest_version_only_ && found_column_) return ReturnCode::kNextRow;
  if (!IsTestedColumn(cell)) return ReturnCode::kInclude;
  found_column_ = true;
  if (!CompareOpKeeps(op_, comparator_->CompareTo(cell.value))) {
    return latest_version_only_ ? ReturnCode::kNextRow : ReturnCode::kInclude;
  }
  matched_column_ = true;
  return ReturnCode::kInclude;
}

bool SingleColumnValueFilter::FilterRow() {
  return found_column_ ? !matched_column_ : filter_if_missing_;
}

std::string SingleColumnValueFilter::ToString() const {
  std::string out = std::string(name_) + "(" + QuoteArgument(family_) + ", " +
                    QuoteArgument(qualifier_) + ", " + CompareOpSymbol(op_) +
                    ", " + QuoteArgument(comparator_->ToString());
  if (filter_if_missing_ || !latest_version_only_) {
    out += filter_if_missing_ ? ", true" : ", false";
    out += latest_version_only_ ? ", true" : ", false";
  }
  return out + ")";
}

void SingleColumnValueExcludeFilter::FilterRowCells(std::vector<Cell>* cells) {
  cells->erase(
      std::remove_if(cells->begin(), cells->end(),
                     [this](const Cell& c) { return IsTestedColumn(c); }),
      cells->end());
}

Filter::ReturnCode ColumnValueFilter::FilterCell(const Cell& cell) {
  if (cell.family != family_ || cell.qualifier != qualifier_) {
    return column_found_ ? ReturnCode::kNextRow : ReturnCode::kNextCol;
  }
  column_found_ = true;
  return CompareOpKeeps(op_, comparator_->CompareTo(cell.value))
             ? ReturnCode::kInclude
             : ReturnCode::kSkip;
}

std::string ColumnValueFilter::ToString() const {
  return "ColumnValueFilter(" + QuoteArgument(family_) + ", " +
         QuoteArgument(qualifier_) + ", " + CompareOpSymbol(op_) + ", " +
         QuoteArgument(comparator_->ToString()) + ")";
}

}  // namespace filter
}  // namespace obkvlite
