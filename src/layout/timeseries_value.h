// Copyright (c) obkvlite authors.
//
// V of the timeseries layout: a JSON object {"qualifier": "value", ...}
// whose keys are sorted by bytes, written compactly ({"a":"1","b":"2"}).
// Qualifiers and values must be valid UTF-8 (JSON strings): they are never
// mangled, invalid input is refused by the caller (util::IsValidUtf8). Strings
// are escaped minimally: '"', '\\' and the control characters below 0x20
// (\b \f \n \r \t, otherwise \u00XX); everything else is kept as is.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_LAYOUT_TIMESERIES_VALUE_H_
#define OBKVLITE_LAYOUT_TIMESERIES_VALUE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "obkvlite/status.h"

namespace obkvlite {
namespace layout {

// A document member: qualifier and value.
using TimeseriesMember = std::pair<std::string_view, std::string_view>;

// Appends the JSON text of `members` to *out, the one encoder of V: a
// writer builds the text it binds in place. REQUIRED: sorted by qualifier,
// qualifiers distinct, every key and value util::IsValidUtf8.
void AppendTimeseriesValue(const std::vector<TimeseriesMember>& members,
                           std::string* out);
// The JSON text of members in any order; of equal qualifiers the last wins.
std::string EncodeTimeseriesValue(
    const std::vector<std::pair<std::string, std::string>>& members);

// The members of a stored V, in key order; Corruption when V is not a
// JSON object of strings. The strings already in *members are reused.
Status DecodeTimeseriesValue(
    std::string_view json,
    std::vector<std::pair<std::string, std::string>>* members);

}  // namespace layout
}  // namespace obkvlite

#endif  // OBKVLITE_LAYOUT_TIMESERIES_VALUE_H_
