// Copyright (c) obkvlite authors.
//
// Filters that shape rows rather than test them:
//
//   PageFilter(n)            at most n rows. Counts rows that reach the end
//                            of the row with cells left and pass the filters
//                            before it in an AND list (HBase's FilterRow
//                            order); the scan ends once n were counted.
//   KeyOnlyFilter([lenAsVal]) empties every value, or with true replaces it
//                            by its length as a 4-byte big-endian integer.
//   FirstKeyOnlyFilter()     only the first cell of each row.
//
// Thread safety: not thread-safe (per-scan state).

#ifndef OBKVLITE_HBASE_FILTER_ROW_SHAPE_FILTERS_H_
#define OBKVLITE_HBASE_FILTER_ROW_SHAPE_FILTERS_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "obkvlite/filter.h"

namespace obkvlite {
namespace filter {

class PageFilter : public Filter {
 public:
  bool ReadsValues() const override { return false; }
  explicit PageFilter(int64_t page_size) : page_size_(page_size) {}

  bool FilterAllRemaining() override { return rows_accepted_ >= page_size_; }
  bool FilterRowKey(std::string_view row) override;
  bool HasFilterRow() const override { return true; }
  bool FilterRow() override;
  std::string ToString() const override;

 private:
  int64_t page_size_;
  int64_t rows_accepted_ = 0;
};

class KeyOnlyFilter : public Filter {
 public:
  // With lenAsVal the value's length becomes the value.
  bool ReadsValues() const override { return len_as_val_; }
  bool EmptiesValues() const override { return !len_as_val_; }
  explicit KeyOnlyFilter(bool len_as_val) : len_as_val_(len_as_val) {}
  void TransformCell(Cell* cell) override;
  std::string ToString() const override;

 private:
  bool len_as_val_;
};

class FirstKeyOnlyFilter : public Filter {
 public:
  bool ReadsValues() const override { return false; }
  void Reset() override { found_ = false; }
  ReturnCode FilterCell(const Cell& cell) override;
  std::string ToString() const override { return "FirstKeyOnlyFilter()"; }

 private:
  bool found_ = false;
};

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_ROW_SHAPE_FILTERS_H_
