// Copyright (c) obkvlite authors.
//
// TimestampsFilter(t1, t2, ...): cells whose timestamp is one of the list;
// with an empty list, none. Versions older than the smallest listed
// timestamp skip the rest of their column.
//
// Thread safety: immutable after construction.

#ifndef OBKVLITE_HBASE_FILTER_TIMESTAMPS_FILTER_H_
#define OBKVLITE_HBASE_FILTER_TIMESTAMPS_FILTER_H_

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "obkvlite/filter.h"

namespace obkvlite {
namespace filter {

class TimestampsFilter : public Filter {
 public:
  bool ReadsValues() const override { return false; }
  explicit TimestampsFilter(const std::vector<int64_t>& timestamps)
      : timestamps_(timestamps.begin(), timestamps.end()) {}

  ReturnCode FilterCell(const Cell& cell) override;
  // The timestamps ascending, as HBase keeps them.
  std::string ToString() const override;

 private:
  std::set<int64_t> timestamps_;
};

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_TIMESTAMPS_FILTER_H_
