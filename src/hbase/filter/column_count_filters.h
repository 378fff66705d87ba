// Copyright (c) obkvlite authors.
//
// Filters that count columns within a row (the count restarts at each row
// and runs on across the row's families):
//
//   ColumnCountGetFilter(n)        the first n columns (newest version of
//                                  each). Meant for gets: as in HBase, once a
//                                  row has more than n columns the whole scan
//                                  ends after that row.
//   ColumnPaginationFilter(n, k)   n columns starting at the k-th (0-based),
//                                  newest version of each.
//
// Thread safety: not thread-safe (per-row state).

#ifndef OBKVLITE_HBASE_FILTER_COLUMN_COUNT_FILTERS_H_
#define OBKVLITE_HBASE_FILTER_COLUMN_COUNT_FILTERS_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "obkvlite/filter.h"

namespace obkvlite {
namespace filter {

class ColumnCountGetFilter : public Filter {
 public:
  bool ReadsValues() const override { return false; }
  explicit ColumnCountGetFilter(int32_t limit) : limit_(limit) {}

  void Reset() override { count_ = 0; }
  bool FilterAllRemaining() override { return count_ > limit_; }
  bool FilterRowKey(std::string_view row) override;
  ReturnCode FilterCell(const Cell& cell) override;
  std::string ToString() const override;

 private:
  int64_t limit_;
  int64_t count_ = 0;
};

class ColumnPaginationFilter : public Filter {
 public:
  bool ReadsValues() const override { return false; }
  ColumnPaginationFilter(int32_t limit, int32_t offset)
      : limit_(limit), offset_(offset) {}

  void Reset() override { count_ = 0; }
  ReturnCode FilterCell(const Cell& cell) override;
  std::string ToString() const override;

 private:
  int64_t limit_;
  int64_t offset_;
  int64_t count_ = 0;
};

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_COLUMN_COUNT_FILTERS_H_
