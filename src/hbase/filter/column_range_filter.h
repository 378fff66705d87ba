// Copyright (c) obkvlite authors.
//
// ColumnRangeFilter('min', minInclusive, 'max', maxInclusive): qualifiers
// between min and max; an empty bound is unbounded. A qualifier past max
// skips the rest of the family (NEXT_ROW, family-scoped), one equal to an
// exclusive min skips its column.
//
// Thread safety: immutable after construction.

#ifndef OBKVLITE_HBASE_FILTER_COLUMN_RANGE_FILTER_H_
#define OBKVLITE_HBASE_FILTER_COLUMN_RANGE_FILTER_H_

#include <string>

#include "obkvlite/filter.h"

namespace obkvlite {
namespace filter {

class ColumnRangeFilter : public Filter {
 public:
  bool ReadsValues() const override { return false; }
  ColumnRangeFilter(std::string min, bool min_inclusive, std::string max,
                    bool max_inclusive)
      : min_(std::move(min)),
        min_inclusive_(min_inclusive),
        max_(std::move(max)),
        max_inclusive_(max_inclusive) {}

  ReturnCode FilterCell(const Cell& cell) override;
  std::string ToString() const override;

 private:
  std::string min_;
  bool min_inclusive_;
  std::string max_;
  bool max_inclusive_;
};

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_COLUMN_RANGE_FILTER_H_
