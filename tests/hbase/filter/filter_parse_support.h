// Copyright (c) obkvlite authors.
//
// The two questions the filter-language tests ask of ParseFilter, in a
// namespace of their own (an inline function of testing:: with the same
// name and signature as another folder's would be one function): the
// canonical form (Filter::ToString) of a string that must parse, and the
// message of one that must not (an InvalidArgument). Each fails the test
// case when the string does the other.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TESTS_HBASE_FILTER_FILTER_PARSE_SUPPORT_H_
#define OBKVLITE_TESTS_HBASE_FILTER_FILTER_PARSE_SUPPORT_H_

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <string_view>

#include "obkvlite/filter.h"

namespace obkvlite {
namespace testing {
namespace filter_parse {

// The canonical form of a filter string that must parse.
inline std::string Canon(std::string_view text) {
  Result<std::unique_ptr<Filter>> f = ParseFilter(text);
  REQUIRE_MESSAGE(f.ok(), f.status().ToString());
  return (*f)->ToString();
}

// The error message of a filter string that must not parse.
inline std::string Err(std::string_view text) {
  Result<std::unique_ptr<Filter>> f = ParseFilter(text);
  REQUIRE_MESSAGE(!f.ok(), "parsed: " << (*f)->ToString());
  CHECK(f.status().IsInvalidArgument());
  return f.status().message();
}

}  // namespace filter_parse
}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_HBASE_FILTER_FILTER_PARSE_SUPPORT_H_
