// Copyright (c) obkvlite authors.
//
// Typed, path-aware access to the members of a JSON object, for parsers whose
// errors must name the JSON path: "families[1].ttl_seconds: must be a
// positive integer, got -5". Used by the spec parser and the exec parser.
//
// REQUIRED: the json object outlives the JsonFields that views it.
// Thread safety: not thread-safe; use one instance per thread.

#ifndef OBKVLITE_SPEC_JSON_FIELDS_H_
#define OBKVLITE_SPEC_JSON_FIELDS_H_

#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {

// Renders a JSON value for an error message, cut to a readable length.
std::string JsonForMessage(const nlohmann::json& value);

// Joins a JSON path and a member name: ("families[1]", "name") ->
// "families[1].name"; ("", "table") -> "table". A member that is not a plain
// identifier is bracketed and quoted: ("families[0]", "a b") ->
// "families[0][\"a b\"]".
std::string JoinPath(std::string_view path, std::string_view member);
// ("bounds", 2) -> "bounds[2]".
std::string IndexPath(std::string_view path, size_t index);

// Reads an integer in [min, max]; `what` describes the rule for the error,
// e.g. "a positive integer".
Result<int64_t> ReadInteger(const nlohmann::json& value, std::string_view path,
                            int64_t min, int64_t max, std::string_view what);

class JsonFields {
 public:
  // `object` is the JSON value at `path` ("" for the root).
  JsonFields(const nlohmann::json& object, std::string path)
      : object_(object), path_(std::move(path)) {}

  // Fails unless the value is an object.
  Status CheckObject() const;
  // Fails on the first member not in `allowed`, naming it and the allowed set.
  Status CheckKnown(std::initializer_list<std::string_view> allowed) const;

  bool Has(std::string_view key) const;
  // The member, or nullptr.
  const nlohmann::json* Get(std::string_view key) const;
  std::string PathOf(std::string_view key) const {
    return JoinPath(path_, key);
  }
  const std::string& path() const { return path_; }

  // Required string member.
  Result<std::string> String(std::string_view key) const;
  // Optional string member.
  Result<std::optional<std::string>> OptionalString(std::string_view key) const;
  // Optional boolean member.
  Result<std::optional<bool>> OptionalBool(std::string_view key) const;
  // Required integer member in [min, max].
  Result<int64_t> Integer(std::string_view key, int64_t min, int64_t max,
                          std::string_view what) const;
  // Optional integer member in [min, max].
  Result<std::optional<int64_t>> OptionalInteger(std::string_view key,
                                                 int64_t min, int64_t max,
                                                 std::string_view what) const;

 private:
  const nlohmann::json& object_;
  std::string path_;
};

}  // namespace obkvlite

#endif  // OBKVLITE_SPEC_JSON_FIELDS_H_
