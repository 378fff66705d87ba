// Copyright (c) obkvlite authors.
//
// Shared by the table spec suites of this folder
// (table_spec_parser_test.cc, partition_spec_parser_test.cc,
// hbase_attributes_test.cc, spec_robustness_test.cc): the message of a
// failed parse, a spec around one family, a parse that must succeed, a
// file's bytes and a UTF-8 check.

#ifndef OBKVLITE_TESTS_SPEC_SPEC_TEST_SUPPORT_H_
#define OBKVLITE_TESTS_SPEC_SPEC_TEST_SUPPORT_H_

#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>

#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace testing {

// The message of a failed parse. A successful parse yields "<OK>" and an
// error with another code yields its ToString(), so either shows up in the
// failing CHECK's expansion.
inline std::string Err(std::string_view spec_json) {
  Result<TableSpec> r = ParseTableSpec(spec_json);
  if (r.ok()) return "<OK>";
  if (!r.status().IsInvalidArgument()) return r.status().ToString();
  return r.status().message();
}

// A table "t" with exactly this family object.
inline std::string WithFamily(const std::string& family) {
  return R"({"table": "t", "families": [)" + family + "]}";
}

inline TableSpec MustParse(std::string_view spec_json) {
  Result<TableSpec> r = ParseTableSpec(spec_json);
  INFO(spec_json);
  REQUIRE_MESSAGE(r.ok(), r.status().ToString());
  return std::move(r).value();
}

inline std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "cannot open " << path);
  return std::string(std::istreambuf_iterator<char>(in),
                     std::istreambuf_iterator<char>());
}

// True when `text` is valid UTF-8 (nlohmann's dump throws otherwise).
inline bool IsValidUtf8(const std::string& text) {
  try {
    (void)nlohmann::json(text).dump();
    return true;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

inline const std::string kTtlRule =
    "must be a positive integer (seconds, at most 2147483647), got ";

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_SPEC_SPEC_TEST_SUPPORT_H_
