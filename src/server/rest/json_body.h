// Copyright (c) obkvlite authors.
//
// Reading JSON request bodies (nlohmann/json) at one boundary: parse errors
// become an InvalidArgument naming the byte offset, and typed field reads
// name the JSON path.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SERVER_REST_JSON_BODY_H_
#define OBKVLITE_SERVER_REST_JSON_BODY_H_

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace rest {

// The errors of a body that is no JSON: "FIELD: malformed JSON at byte 12"
// and "FIELD: a number is out of range ...". ParseJson and the streaming
// CellSet reader (cell_set_json.h) give them.
Status MalformedJson(std::string_view field, size_t byte);
Status JsonNumberOutOfRange(std::string_view field);

// Parses `text` as JSON into a document, the one place the REST gateway
// does (the CellSet reader streams instead):
// InvalidArgument "FIELD: malformed JSON at byte 12", or "FIELD: a number
// is out of range ..." for a literal that fits no 64-bit integer and no
// double (nlohmann's out_of_range); never an exception.
Result<nlohmann::json> ParseJson(std::string_view text, std::string_view field);

// Parses `body` as one JSON object: "body: malformed JSON at byte 12",
// "body: must be a JSON object".
Result<nlohmann::json> ParseJsonObject(std::string_view body);

// Member `name` of `object` as a string (nullopt when absent):
// "body: Row[0].key: must be a string". `path` is the member's path.
Result<std::optional<std::string>> JsonString(const nlohmann::json& object,
                                              const char* name,
                                              const std::string& path);
// JsonString of a member already found: `value` null when absent. Moves a
// string out of `value`.
Result<std::optional<std::string>> JsonStringValue(nlohmann::json* value,
                                                   const std::string& path);
// As JsonString for an integer; a numeric string ("100") is accepted, as
// Jackson does.
Result<std::optional<int64_t>> JsonInt(const nlohmann::json& object,
                                       const char* name,
                                       const std::string& path);
// JsonInt of a member already found: `value` null when absent.
Result<std::optional<int64_t>> JsonIntValue(const nlohmann::json* value,
                                            const std::string& path);
// As JsonString for a boolean.
Result<std::optional<bool>> JsonBool(const nlohmann::json& object,
                                     const char* name, const std::string& path);
// A decimal integer in [min, max] from text: "body: Scanner.batch: must be
// an integer in [1, 2147483647], got 'x'".
Result<int64_t> ParseIntField(std::string_view text, const std::string& path,
                              int64_t min, int64_t max);
// The same for a value named `name` outside the body (a query parameter):
// "limit: must be an integer in [-2147483648, 2147483647], got 'x'".
Result<int64_t> ParseIntText(std::string_view text, const std::string& name,
                             int64_t min, int64_t max);

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_JSON_BODY_H_
