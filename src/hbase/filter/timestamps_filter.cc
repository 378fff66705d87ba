// Copyright (c) obkvlite authors.
#include "hbase/filter/timestamps_filter.h"

namespace obkvlite {
namespace filter {

Filter::ReturnCode TimestampsFilter::FilterCell(const Cell& cell) {
  if (timestamps_.count(cell.timestamp) > 0) return ReturnCode::kInclude;
  // Versions come newest first: below the smallest wanted timestamp nothing
  // more of this column can match.
  if (timestamps_.empty() || cell.timestamp < *timestamps_.begin()) {
    return ReturnCode::kNextCol;
  }
  return ReturnCode::kSkip;
}

std::string TimestampsFilter::ToString() const {
  std::string out = "TimestampsFilter(";
  bool first = true;
  for (int64_t ts : timestamps_) {
    if (!first) out += ", ";
    first = false;
    out += std::to_string(ts);
  }
  return out + ")";
}

}  // namespace filter
}  // namespace obkvlite
