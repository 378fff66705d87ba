// Copyright (c) obkvlite authors.
//
// HBase's CompareFilters: keep what satisfies "part op operand", where the
// part is the row, family, qualifier or value and the operand a comparator
// (hbase/filter/comparators.h).
//
//   RowFilter(op, c)        drops the whole row by key; RowFilter with a
//                           binary or binaryprefix comparator (any op but !=)
//                           narrows the scan range.
//   FamilyFilter(op, c)     a family that fails skips the rest of that family
//                           in the row (NEXT_ROW, which HBase scopes to one
//                           family).
//   QualifierFilter(op, c)  skips cells whose qualifier fails; an empty
//                           qualifier is compared like any other (current
//                           HBase: TestQualifierFilterWithEmptyQualifier).
//   ValueFilter(op, c)      skips cells whose value fails.
//
// Thread safety: not thread-safe (per-scan state).

#ifndef OBKVLITE_HBASE_FILTER_COMPARE_FILTERS_H_
#define OBKVLITE_HBASE_FILTER_COMPARE_FILTERS_H_

#include <memory>
#include <string>
#include <string_view>

#include "hbase/filter/comparators.h"
#include "obkvlite/filter.h"

namespace obkvlite {
namespace filter {

class CompareFilter : public Filter {
 public:
  CompareOp op() const { return op_; }
  const ByteComparator& comparator() const { return *comparator_; }
  // "Name(op, 'type:value')".
  std::string ToString() const override;
  Status status() const override { return comparator_->status(); }

 protected:
  CompareFilter(const char* name, CompareOp op,
                std::unique_ptr<ByteComparator> comparator)
      : name_(name), op_(op), comparator_(std::move(comparator)) {}

  // True when `bytes op operand` does not hold.
  bool Fails(std::string_view bytes) const;

 private:
  const char* name_;
  CompareOp op_;
  std::unique_ptr<ByteComparator> comparator_;
};

class RowFilter : public CompareFilter {
 public:
  bool ReadsValues() const override { return false; }
  RowFilter(CompareOp op, std::unique_ptr<ByteComparator> comparator)
      : CompareFilter("RowFilter", op, std::move(comparator)) {}

  void Reset() override { filter_out_row_ = false; }
  bool FilterRowKey(std::string_view row) override;
  ReturnCode FilterCell(const Cell& cell) override;
  bool FilterRow() override { return filter_out_row_; }
  void NarrowRowRange(KeyRange* range) const override;

 private:
  bool filter_out_row_ = false;
};

class FamilyFilter : public CompareFilter {
 public:
  bool ReadsValues() const override { return false; }
  FamilyFilter(CompareOp op, std::unique_ptr<ByteComparator> comparator)
      : CompareFilter("FamilyFilter", op, std::move(comparator)) {}
  ReturnCode FilterCell(const Cell& cell) override;
};

class QualifierFilter : public CompareFilter {
 public:
  bool ReadsValues() const override { return false; }
  QualifierFilter(CompareOp op, std::unique_ptr<ByteComparator> comparator)
      : CompareFilter("QualifierFilter", op, std::move(comparator)) {}
  ReturnCode FilterCell(const Cell& cell) override;
};

class ValueFilter : public CompareFilter {
 public:
  ValueFilter(CompareOp op, std::unique_ptr<ByteComparator> comparator)
      : CompareFilter("ValueFilter", op, std::move(comparator)) {}
  ReturnCode FilterCell(const Cell& cell) override;
};

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_COMPARE_FILTERS_H_
