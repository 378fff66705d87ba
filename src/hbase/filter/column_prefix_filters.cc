// Copyright (c) obkvlite authors.
#include "hbase/filter/column_prefix_filters.h"

#include <algorithm>
#include <iterator>
#include <string_view>

#include "hbase/filter/filter_text.h"

namespace obkvlite {
namespace filter {

Filter::ReturnCode ColumnPrefixFilter::FilterCell(const Cell& cell) {
  const std::string_view q(cell.qualifier);
  const int cmp = q.substr(0, prefix_.size())
                      .compare(std::string_view(prefix_).substr(0, q.size()));
  if (cmp > 0) return ReturnCode::kNextRow;
  if (cmp < 0 || q.size() < prefix_.size()) return ReturnCode::kSkip;
  return ReturnCode::kInclude;
}

std::string ColumnPrefixFilter::ToString() const {
  return "ColumnPrefixFilter(" + QuoteArgument(prefix_) + ")";
}

MultipleColumnPrefixFilter::MultipleColumnPrefixFilter(
    std::vector<std::string> prefixes)
    : prefixes_(std::move(prefixes)) {
  std::sort(prefixes_.begin(), prefixes_.end());
  prefixes_.erase(std::unique(prefixes_.begin(), prefixes_.end()),
                  prefixes_.end());
}

Filter::ReturnCode MultipleColumnPrefixFilter::FilterCell(const Cell& cell) {
  if (prefixes_.empty()) return ReturnCode::kInclude;
  const std::string_view q(cell.qualifier);
  // As HBase: only the largest prefix not above q is tried.
  const auto above = std::upper_bound(
      prefixes_.begin(), prefixes_.end(), q,
      [](std::string_view a, const std::string& b) { return a < b; });
  if (above == prefixes_.begin()) return ReturnCode::kSkip;
  const std::string& p = *std::prev(above);
  if (q.substr(0, p.size()) == p) return ReturnCode::kInclude;
  // Every prefix is below q: no later qualifier of the family can match.
  return above == prefixes_.end() ? ReturnCode::kNextRow : ReturnCode::kSkip;
}

std::string MultipleColumnPrefixFilter::ToString() const {
  std::string out = "MultipleColumnPrefixFilter(";
  for (size_t i = 0; i < prefixes_.size(); ++i) {
    if (i > 0) out += ", ";
    out += QuoteArgument(prefixes_[i]);
  }
  return out + ")";
}

}  // namespace filter
}  // namespace obkvlite
