// Copyright (c) obkvlite authors.
//
// Filters that test the value of one column (family:qualifier):
//
//   SingleColumnValueFilter('f', 'q', op, c [, filterIfMissing,
//       latestVersionOnly])
//     keeps the whole row iff the column's value satisfies "value op c".
//     latestVersionOnly (default true) tests only the newest version the
//     filter sees; false accepts the row if any version passes. A row
//     without the column is kept unless filterIfMissing (default false).
//   SingleColumnValueExcludeFilter(same arguments)
//     the same, then drops the tested column from the rows it keeps.
//   ColumnValueFilter('f', 'q', op, c)
//     returns only the cells of that column whose value passes.
//
// Thread safety: not thread-safe (per-row state).

#ifndef OBKVLITE_HBASE_FILTER_COLUMN_VALUE_FILTERS_H_
#define OBKVLITE_HBASE_FILTER_COLUMN_VALUE_FILTERS_H_

#include <memory>
#include <string>
#include <vector>

#include "hbase/filter/comparators.h"
#include "obkvlite/filter.h"

namespace obkvlite {
namespace filter {

class SingleColumnValueFilter : public Filter {
 public:
  SingleColumnValueFilter(std::string family, std::string qualifier,
                          CompareOp op,
                          std::unique_ptr<ByteComparator> comparator,
                          bool filter_if_missing, bool latest_version_only)
      : SingleColumnValueFilter("SingleColumnValueFilter", std::move(family),
                                std::move(qualifier), op, std::move(comparator),
                                filter_if_missing, latest_version_only) {}

  void Reset() override;
  ReturnCode FilterCell(const Cell& cell) override;
  bool HasFilterRow() const override { return true; }
  bool FilterRow() override;
  // The 4-argument form when both flags have their defaults.
  std::string ToString() const override;
  Status status() const override { return comparator_->status(); }

 protected:
  SingleColumnValueFilter(const char* name, std::string family,
                          std::string qualifier, CompareOp op,
                          std::unique_ptr<ByteComparator> comparator,
                          bool filter_if_missing, bool latest_version_only);

  bool IsTestedColumn(const Cell& cell) const {
    return cell.family == family_ && cell.qualifier == qualifier_;
  }

 private:
  const char* name_;
  std::string family_;
  std::string qualifier_;
  CompareOp op_;
  std::unique_ptr<ByteComparator> comparator_;
  bool filter_if_missing_;
  bool latest_version_only_;
  bool found_column_ = false;
  bool matched_column_ = false;
};

class SingleColumnValueExcludeFilter : public SingleColumnValueFilter {
 public:
  SingleColumnValueExcludeFilter(std::string family, std::string qualifier,
                                 CompareOp op,
                                 std::unique_ptr<ByteComparator> comparator,
                                 bool filter_if_missing,
                                 bool latest_version_only)
      : SingleColumnValueFilter("SingleColumnValueExcludeFilter",
                                std::move(family), std::move(qualifier), op,
                                std::move(comparator), filter_if_missing,
                                latest_version_only) {}

  void FilterRowCells(std::vector<Cell>* cells) override;
};

class ColumnValueFilter : public Filter {
 public:
  ColumnValueFilter(std::string family, std::string qualifier, CompareOp op,
                    std::unique_ptr<ByteComparator> comparator)
      : family_(std::move(family)),
        qualifier_(std::move(qualifier)),
        op_(op),
        comparator_(std::move(comparator)) {}

  void Reset() override { column_found_ = false; }
  ReturnCode FilterCell(const Cell& cell) override;
  std::string ToString() const override;
  Status status() const override { return comparator_->status(); }

 private:
  std::string family_;
  std::string qualifier_;
  CompareOp op_;
  std::unique_ptr<ByteComparator> comparator_;
  bool column_found_ = false;
};

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_COLUMN_VALUE_FILTERS_H_
