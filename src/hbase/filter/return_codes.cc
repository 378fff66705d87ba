// Copyright (c) obkvlite authors.
#include "hbase/filter/return_codes.h"

#include <algorithm>

namespace obkvlite {
namespace filter {

bool IsInclude(ReturnCode rc) {
  return rc == ReturnCode::kInclude || rc == ReturnCode::kIncludeAndNextCol ||
         rc == ReturnCode::kIncludeAndSeekNextRow;
}

int SkipLevel(ReturnCode rc) {
  switch (rc) {
    case ReturnCode::kInclude:
    case ReturnCode::kSkip:
      return 0;
    case ReturnCode::kIncludeAndNextCol:
    case ReturnCode::kNextCol:
      return 1;
    case ReturnCode::kIncludeAndSeekNextRow:
    case ReturnCode::kNextRow:
      return 2;
  }
  return 0;
}

ReturnCode MakeReturnCode(bool include, int skip_level) {
  static constexpr ReturnCode kIncluded[] = {
      ReturnCode::kInclude, ReturnCode::kIncludeAndNextCol,
      ReturnCode::kIncludeAndSeekNextRow};
  static constexpr ReturnCode kDropped[] = {
      ReturnCode::kSkip, ReturnCode::kNextCol, ReturnCode::kNextRow};
  return include ? kIncluded[skip_level] : kDropped[skip_level];
}

ReturnCode MergeAnd(ReturnCode a, ReturnCode b) {
  return MakeReturnCode(IsInclude(a) && IsInclude(b),
                        std::max(SkipLevel(a), SkipLevel(b)));
}

ReturnCode MergeOr(ReturnCode a, ReturnCode b) {
  return MakeReturnCode(IsInclude(a) || IsInclude(b),
                        std::min(SkipLevel(a), SkipLevel(b)));
}

}  // namespace filter
}  // namespace obkvlite
