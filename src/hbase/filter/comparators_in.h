// Copyright (c) obkvlite authors.
//
// ComparatorsIn: the comparators a filter string uses, read with
// the filter language's own lexer but without building any filter, so that
// a caller can judge a filter by its comparators (the compatibility checks,
// hbase/compat/compat_checks.h). In HBase's grammar a comparator is exactly
// a quoted argument right after a bare compare operator: RowFilter(=,
// 'regexstring:a.*'), SingleColumnValueFilter('f', 'q', =, 'binary:v').
//
// Thread safety: pure function.

#ifndef OBKVLITE_HBASE_FILTER_COMPARATORS_IN_H_
#define OBKVLITE_HBASE_FILTER_COMPARATORS_IN_H_

#include <string>
#include <string_view>
#include <vector>

namespace obkvlite {
namespace filter {

// A comparator as written: 'type:operand'.
struct ComparatorText {
  std::string type;     // "binary", "regexstring", ...: before the ':'
  std::string operand;  // after it
};

// Each comparator in `filter_text`, in order of appearance. Stops quietly
// at a syntax error: the filter's parser reports it.
std::vector<ComparatorText> ComparatorsIn(std::string_view filter_text);

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_COMPARATORS_IN_H_
