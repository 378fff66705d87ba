// Copyright (c) obkvlite authors.
//
// Qualifier-prefix filters. Within one family qualifiers ascend, so once a
// qualifier is past every prefix the rest of the family is skipped
// (NEXT_ROW, family-scoped as in HBase); qualifiers before a prefix are
// skipped one by one (HBase seeks with a hint instead; same result).
//
//   ColumnPrefixFilter('p')                  qualifiers starting with p.
//   MultipleColumnPrefixFilter('a', 'b', ..) qualifiers starting with one of
//                                            them; with none, every cell.
//                                            As HBase's, only the largest
//                                            prefix not above the qualifier
//                                            is tried: with 'a' and 'ab',
//                                            'ac' is dropped (it starts with
//                                            'a' but not with 'ab').
//
// Thread safety: immutable after construction.

#ifndef OBKVLITE_HBASE_FILTER_COLUMN_PREFIX_FILTERS_H_
#define OBKVLITE_HBASE_FILTER_COLUMN_PREFIX_FILTERS_H_

#include <string>
#include <vector>

#include "obkvlite/filter.h"

namespace obkvlite {
namespace filter {

class ColumnPrefixFilter : public Filter {
 public:
  bool ReadsValues() const override { return false; }
  explicit ColumnPrefixFilter(std::string prefix)
      : prefix_(std::move(prefix)) {}
  ReturnCode FilterCell(const Cell& cell) override;
  std::string ToString() const override;

 private:
  std::string prefix_;
};

class MultipleColumnPrefixFilter : public Filter {
 public:
  bool ReadsValues() const override { return false; }
  // Sorts and deduplicates `prefixes`.
  explicit MultipleColumnPrefixFilter(std::vector<std::string> prefixes);
  ReturnCode FilterCell(const Cell& cell) override;
  std::string ToString() const override;

 private:
  std::vector<std::string> prefixes_;  // ascending, unique
};

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_COLUMN_PREFIX_FILTERS_H_
