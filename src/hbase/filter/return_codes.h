// Copyright (c) obkvlite authors.
//
// Filter::ReturnCode as a pair (include?, how far to skip): cell < column <
// row. HBase's FilterList merge tables are exactly
//   AND: include iff every child includes, skip the farthest;
//   OR:  include iff some child includes, skip the nearest;
// (FilterListWithAND / FilterListWithOR, leaving out SEEK_NEXT_USING_HINT,
// which obkvlite's filters never return).
//
// Thread safety: pure functions.

#ifndef OBKVLITE_HBASE_FILTER_RETURN_CODES_H_
#define OBKVLITE_HBASE_FILTER_RETURN_CODES_H_

#include "obkvlite/filter.h"

namespace obkvlite {
namespace filter {

using ReturnCode = Filter::ReturnCode;

// kInclude, kIncludeAndNextCol or kIncludeAndSeekNextRow.
bool IsInclude(ReturnCode rc);
// 0: this cell, 1: the rest of the column, 2: the rest of the row (family).
int SkipLevel(ReturnCode rc);
ReturnCode MakeReturnCode(bool include, int skip_level);

ReturnCode MergeAnd(ReturnCode a, ReturnCode b);
ReturnCode MergeOr(ReturnCode a, ReturnCode b);

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_RETURN_CODES_H_
