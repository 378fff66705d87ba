// Copyright (c) obkvlite authors.
//
// Readers for the members of exec requests (exec_request.h), on top of the
// path-aware JsonFields: bytes in Bytes.toStringBinary form, arrays, column
// lists, time ranges, timestamps and version counts. Every error is an
// InvalidArgument "<json path>: <rule>", e.g.
//   "time_range: must be [min, max) with 0 <= min <= max, got [5,1]".
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_EXEC_EXEC_FIELDS_H_
#define OBKVLITE_TOOLS_CLI_EXEC_EXEC_FIELDS_H_

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/query.h"
#include "obkvlite/status.h"
#include "obkvlite/time_range.h"
#include "spec/json_fields.h"

namespace obkvlite {
namespace cli {

// The largest integer an exec field takes (a Java long).
inline constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

// InvalidArgument "<path>: <rule>".
Status InvalidField(const std::string& path, const std::string& rule);

// A required member holding Bytes.toStringBinary text, decoded.
Result<std::string> ReadBytes(const JsonFields& f, std::string_view key);
// An optional bytes member; "" when absent.
Result<std::string> ReadOptionalBytes(const JsonFields& f,
                                      std::string_view key);

// An optional timestamp in ms (>= 0).
Result<std::optional<int64_t>> ReadTimestamp(const JsonFields& f,
                                             std::string_view key);
// "max_versions": a positive int, 1 when absent.
Result<int> ReadMaxVersions(const JsonFields& f);

// A required array member; `non_empty` rejects [].
Result<const nlohmann::json*> ReadArray(const JsonFields& f,
                                        std::string_view key, bool non_empty);
// An optional array of strings (empty when absent).
Result<std::vector<std::string>> ReadStrings(const JsonFields& f,
                                             std::string_view key);
// "columns": ["family:qualifier", ...] (empty when absent).
Result<std::vector<Column>> ReadColumns(const JsonFields& f);
// "time_range": [min, max) with 0 <= min <= max; every time when absent.
Result<TimeRange> ReadTimeRange(const JsonFields& f);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_EXEC_EXEC_FIELDS_H_
