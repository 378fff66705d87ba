// Copyright (c) obkvlite authors.
//
// Row-key filters that end a scan once it has passed the rows they accept,
// and so can narrow the scan range (push-down):
//
//   PrefixFilter('p')          rows starting with p. Rows shorter than p
//                              are dropped; the first row past the prefix in
//                              scan order (above it forward, below it
//                              reversed) ends the scan.
//   InclusiveStopFilter('s')   rows up to and including s: forward, the first
//                              row above s ends the scan; reversed, the first
//                              row below s does.
//
// Thread safety: not thread-safe (per-scan state).

#ifndef OBKVLITE_HBASE_FILTER_ROW_KEY_FILTERS_H_
#define OBKVLITE_HBASE_FILTER_ROW_KEY_FILTERS_H_

#include <string>
#include <string_view>

#include "obkvlite/filter.h"

namespace obkvlite {
namespace filter {

class PrefixFilter : public Filter {
 public:
  bool ReadsValues() const override { return false; }
  explicit PrefixFilter(std::string prefix) : prefix_(std::move(prefix)) {}

  void Reset() override { filter_row_ = true; }
  bool FilterAllRemaining() override { return passed_prefix_; }
  bool FilterRowKey(std::string_view row) override;
  ReturnCode FilterCell(const Cell& cell) override;
  bool FilterRow() override { return filter_row_; }
  void NarrowRowRange(KeyRange* range) const override;
  std::string ToString() const override;

 private:
  std::string prefix_;
  bool passed_prefix_ = false;
  bool filter_row_ = true;
};

class InclusiveStopFilter : public Filter {
 public:
  bool ReadsValues() const override { return false; }
  explicit InclusiveStopFilter(std::string stop_row)
      : stop_row_(std::move(stop_row)) {}

  bool FilterAllRemaining() override { return done_; }
  bool FilterRowKey(std::string_view row) override;
  ReturnCode FilterCell(const Cell& cell) override;
  void NarrowRowRange(KeyRange* range) const override;
  std::string ToString() const override;

 private:
  std::string stop_row_;
  bool done_ = false;
};

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_ROW_KEY_FILTERS_H_
