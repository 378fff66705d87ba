// Copyright (c) obkvlite authors.
//
// DependentColumnFilter('f', 'q' [, dropDependentColumn [, op, 'cmp']]),
// HBase's inter-column timestamp filter. f:q is the reference column; per
// row the filter keeps only the cells whose timestamp equals the timestamp
// of a reference cell it included. With dropDependentColumn (default
// false) the reference cells are dropped themselves; with op and a
// comparator only reference cells whose value satisfies "value op cmp"
// count, the others are dropped. Cells of other columns pass FilterCell
// and are dropped at the end of the row (FilterRowCells), so this is a
// row-level filter (HasFilterRow() is true): a scan batch refuses it.
//
// Thread safety: not thread-safe (per-row state).

#ifndef OBKVLITE_HBASE_FILTER_DEPENDENT_COLUMN_FILTER_H_
#define OBKVLITE_HBASE_FILTER_DEPENDENT_COLUMN_FILTER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "hbase/filter/comparators.h"
#include "obkvlite/filter.h"

namespace obkvlite {
namespace filter {

class DependentColumnFilter : public Filter {
 public:
  // `comparator` null: every reference cell counts (`op` is unused).
  DependentColumnFilter(std::string family, std::string qualifier,
                        bool drop_dependent_column, CompareOp op,
                        std::unique_ptr<ByteComparator> comparator);

  void Reset() override { stamps_.clear(); }
  ReturnCode FilterCell(const Cell& cell) override;
  bool HasFilterRow() const override { return true; }
  void FilterRowCells(std::vector<Cell>* cells) override;
  // The 2-, 3- or 5-argument form, the shortest that says it all.
  std::string ToString() const override;
  Status status() const override;

 private:
  std::string family_;
  std::string qualifier_;
  bool drop_dependent_column_;
  CompareOp op_;
  std::unique_ptr<ByteComparator> comparator_;
  std::unordered_set<int64_t> stamps_;  // of this row's reference cells
};

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_DEPENDENT_COLUMN_FILTER_H_
