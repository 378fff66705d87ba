// Copyright (c) obkvlite authors.
//
// The filter language's unary operators:
//
//   SKIP f   drops the whole row if f does not return INCLUDE for one of its
//            cells. As in HBase, SKIP does not pass FilterRowKey to f (so
//            SKIP PrefixFilter(..) drops every row), never ends the scan and
//            does not pass FilterRowCells.
//   WHILE f  ends the scan at the first row key, cell or row that f rejects
//            (for a cell: any code but INCLUDE). A row rejected by key or
//            by FilterRow is dropped; after a rejected cell the row keeps
//            only the cells included before it. As HBase's
//            WhileMatchFilter, does not pass FilterRowCells (so WHILE
//            SingleColumnValueExcludeFilter(..) keeps the tested column).
//
// Unlike HBase, SetReversed reaches the wrapped filter, so that WHILE
// InclusiveStopFilter(..) works on reversed scans. Neither narrows the scan
// range (WHILE must see the rows before the ones it accepts).
//
// Thread safety: not thread-safe (per-scan state).

#ifndef OBKVLITE_HBASE_FILTER_WRAPPER_FILTERS_H_
#define OBKVLITE_HBASE_FILTER_WRAPPER_FILTERS_H_

#include <memory>
#include <string>
#include <string_view>

#include "obkvlite/filter.h"

namespace obkvlite {
namespace filter {

class SkipFilter : public Filter {
 public:
  explicit SkipFilter(std::unique_ptr<Filter> inner)
      : inner_(std::move(inner)) {}

  const Filter& inner() const { return *inner_; }
  void Reset() override;
  ReturnCode FilterCell(const Cell& cell) override;
  void TransformCell(Cell* cell) override { inner_->TransformCell(cell); }
  bool ReadsValues() const override { return inner_->ReadsValues(); }
  bool EmptiesValues() const override { return inner_->EmptiesValues(); }
  bool HasFilterRow() const override { return true; }
  bool FilterRow() override { return filter_row_; }
  void SetReversed(bool reversed) override;
  std::string ToString() const override;
  Status status() const override { return inner_->status(); }

 private:
  std::unique_ptr<Filter> inner_;
  bool filter_row_ = false;
};

class WhileMatchFilter : public Filter {
 public:
  explicit WhileMatchFilter(std::unique_ptr<Filter> inner)
      : inner_(std::move(inner)) {}

  const Filter& inner() const { return *inner_; }
  void Reset() override { inner_->Reset(); }
  bool FilterAllRemaining() override;
  bool FilterRowKey(std::string_view row) override;
  ReturnCode FilterCell(const Cell& cell) override;
  void TransformCell(Cell* cell) override { inner_->TransformCell(cell); }
  bool ReadsValues() const override { return inner_->ReadsValues(); }
  bool EmptiesValues() const override { return inner_->EmptiesValues(); }
  bool HasFilterRow() const override { return true; }
  bool FilterRow() override;
  void SetReversed(bool reversed) override;
  std::string ToString() const override;
  Status status() const override { return inner_->status(); }

 private:
  std::unique_ptr<Filter> inner_;
  bool filter_all_remaining_ = false;
};

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_WRAPPER_FILTERS_H_
