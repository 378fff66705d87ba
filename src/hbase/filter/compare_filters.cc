// Copyright (c) obkvlite authors.
#include "hbase/filter/compare_filters.h"

#include "hbase/filter/filter_text.h"
#include "hbase/filter/key_range_narrow.h"
#include "obkvlite/bytes.h"

namespace obkvlite {
namespace filter {

std::string CompareFilter::ToString() const {
  return std::string(name_) + "(" + CompareOpSymbol(op_) + ", " +
         QuoteArgument(comparator_->ToString()) + ")";
}

bool CompareFilter::Fails(std::string_view bytes) const {
  return !CompareOpKeeps(op_, comparator_->CompareTo(bytes));
}

bool RowFilter::FilterRowKey(std::string_view row) {
  if (Fails(row)) filter_out_row_ = true;
  return filter_out_row_;
}

Filter::ReturnCode RowFilter::FilterCell(const Cell& cell) {
  (void)cell;
  return filter_out_row_ ? ReturnCode::kNextRow : ReturnCode::kInclude;
}

void RowFilter::NarrowRowRange(KeyRange* range) const {
  const std::string& v = comparator().operand();
  const auto type = comparator().type();
  if (type == ByteComparator::Type::kBinary) {
    switch (op()) {
      case CompareOp::kEqual:
        NarrowLow(range, v, true);
        NarrowHigh(range, v, true);
        return;
      case CompareOp::kLess:
      case CompareOp::kLessOrEqual:
        NarrowHigh(range, v, op() == CompareOp::kLessOrEqual);
        return;
      case CompareOp::kGreater:
      case CompareOp::kGreaterOrEqual:
        NarrowLow(range, v, op() == CompareOp::kGreaterOrEqual);
        return;
      case CompareOp::kNotEqual:
        return;
    }
  }
  if (type != ByteComparator::Type::kBinaryPrefix) return;
  // The row's first len(v) bytes op v, in whole-row terms: with s the
  // successor of v, "= v" is [v, s), "< v" is below v, "<= v" is below s,
  // "> v" is from s on and ">= v" from v on. No successor (v empty or all
  // 0xFF) means no bound on that side.
  const std::string s = PrefixSuccessor(v);
  switch (op()) {
    case CompareOp::kEqual:
      NarrowToPrefix(range, v);
      return;
    case CompareOp::kLess:
      if (!v.empty()) NarrowHigh(range, v, false);
      return;
    case CompareOp::kLessOrEqual:
      if (!s.empty()) NarrowHigh(range, s, false);
      return;
    case CompareOp::kGreater:
      if (!s.empty()) NarrowLow(range, s, true);
      return;
    case CompareOp::kGreaterOrEqual:
      NarrowLow(range, v, true);
      return;
    case CompareOp::kNotEqual:
      return;
  }
}

Filter::ReturnCode FamilyFilter::FilterCell(const Cell& cell) {
  if (!cell.family.empty() && Fails(cell.family)) return ReturnCode::kNextRow;
  return ReturnCode::kInclude;
}

Filter::ReturnCode QualifierFilter::FilterCell(const Cell& cell) {
  return Fails(cell.qualifier) ? ReturnCode::kSkip : ReturnCode::kInclude;
}

Filter::ReturnCode ValueFilter::FilterCell(const Cell& cell) {
  return Fails(cell.value) ? ReturnCode::kSkip : ReturnCode::kInclude;
}

}  // namespace filter
}  // namespace obkvlite
