// Copyright (c) obkvlite authors.
//
// The table spec parser (src/spec/) against hostile input: every field of
// every seed spec (schemas/seed003/) replaced by every JSON kind gets an
// error naming that field, or parses; deeply nested input and long
// duplicate-key chains cannot overflow the stack or go quadratic; every
// input returns a Status.

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"
#include "source_files.h"
#include "spec_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// ---------------------------------------------------------------------------
// Robustness: every field of every seed spec replaced by every JSON kind.

struct FieldPath {
  std::string dotted;          // "families[0].partition.bounds[1]"
  json::json_pointer pointer;  // "/families/0/partition/bounds/1"
  std::string parent_array;    // "…bounds" when the field is an element
};

void CollectPaths(const json& value, const std::string& dotted,
                  const json::json_pointer& pointer,
                  std::vector<FieldPath>* out) {
  if (value.is_object()) {
    for (auto it = value.begin(); it != value.end(); ++it) {
      const std::string child =
          dotted.empty() ? it.key() : dotted + "." + it.key();
      out->push_back({child, pointer / it.key(), ""});
      CollectPaths(it.value(), child, pointer / it.key(), out);
    }
  } else if (value.is_array()) {
    for (size_t i = 0; i < value.size(); ++i) {
      const std::string child = dotted + "[" + std::to_string(i) + "]";
      out->push_back({child, pointer / i, dotted});
      CollectPaths(value[i], child, pointer / i, out);
    }
  }
}

// True when `msg` names `path` itself: the path followed by ':', '.' or '['.
bool NamesPath(const std::string& msg, const std::string& path) {
  return msg.size() > path.size() && msg.compare(0, path.size(), path) == 0 &&
         (msg[path.size()] == ':' || msg[path.size()] == '.' ||
          msg[path.size()] == '[');
}

std::vector<std::string> SeedSpecFiles() {
  std::vector<std::string> files;
  for (const auto& entry :
       fs::directory_iterator(SourcePath("schemas/seed003"))) {
    if (entry.path().extension() == ".json") {
      files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST_CASE("robustness: every field of the seed specs, every JSON kind") {
  const std::vector<json> replacements = {
      nullptr, true, 1.5, -1, "x", json::array(), json::object()};
  const std::vector<std::string> files = SeedSpecFiles();
  REQUIRE(files.size() >= 12);
  int parsed = 0;
  int rejected = 0;
  for (const std::string& file : files) {
    const json original = json::parse(ReadFile(file));
    std::vector<FieldPath> paths;
    CollectPaths(original, "", json::json_pointer(), &paths);
    REQUIRE(paths.size() >= 3);
    for (const FieldPath& field : paths) {
      const json& old_value = original.at(field.pointer);
      for (const json& replacement : replacements) {
        json mutated = original;
        mutated.at(field.pointer) = replacement;
        const std::string text = mutated.dump();
        INFO(file << " " << field.dotted << " = " << replacement.dump());
        std::optional<Result<TableSpec>> r;
        CHECK_NOTHROW(r.emplace(ParseTableSpec(text)));
        REQUIRE(r.has_value());
        // Only a string replaced by "x" or a boolean replaced by true may
        // still be valid; every other kind or value breaks a rule.
        const bool may_pass = (old_value.is_string() && replacement == "x") ||
                              (old_value.is_boolean() && replacement == true);
        if (r->ok()) {
          CHECK_MESSAGE(may_pass, "accepted");
          ++parsed;
          // The DDL of whatever was accepted is generated without trouble.
          for (DdlDialect d : {DdlDialect::kOceanBase, DdlDialect::kMysql,
                               DdlDialect::kSqlite}) {
            CHECK_NOTHROW((void)GenerateDdl(r->value(), d));
          }
          continue;
        }
        ++rejected;
        const std::string& msg = r->status().message();
        CHECK(r->status().IsInvalidArgument());
        CHECK(IsValidUtf8(msg));
        if (NamesPath(msg, field.dotted)) continue;
        // A bound that breaks the ascending order may be reported at its
        // neighbour, which is where the order fails.
        const bool order_error =
            msg.find("bounds must ascend strictly") != std::string::npos ||
            msg.find("MAXVALUE may only be the last bound") !=
                std::string::npos;
        const bool sibling =
            !field.parent_array.empty() && NamesPath(msg, field.parent_array);
        CHECK_MESSAGE((sibling && order_error), msg);
      }
    }
    // Each member removed: required ones are named, optional ones pass.
    for (const FieldPath& field : paths) {
      if (!field.parent_array.empty()) continue;
      json mutated = original;
      mutated.at(field.pointer.parent_pointer()).erase(field.pointer.back());
      INFO(file << " without " << field.dotted);
      std::optional<Result<TableSpec>> r;
      CHECK_NOTHROW(r.emplace(ParseTableSpec(mutated.dump())));
      REQUIRE(r.has_value());
      if (!r->ok()) {
        CHECK_MESSAGE(NamesPath(r->status().message(), field.dotted),
                      r->status().message());
      }
    }
    // The whole spec replaced.
    for (const json& replacement : replacements) {
      if (replacement.is_object()) continue;
      INFO(replacement.dump());
      CHECK(Err(replacement.dump()) ==
            "spec: must be a JSON object, got " + replacement.dump());
    }
  }
  // Both outcomes were exercised ("x" for a table name is valid).
  CHECK(parsed > 0);
  CHECK(rejected > 500);
}

TEST_CASE("regression: deeply nested input cannot overflow the stack") {
  // JsonForMessage used nlohmann's dump(), which recurses once per level:
  // 100 000 nested arrays crashed the parser with SIGSEGV. It now renders
  // only the 60 bytes it shows.
  const std::string pairs(200000, '[');
  const std::string deep = pairs + std::string(200000, ']');
  CHECK(Err(deep) ==
        "spec: must be a JSON object, got " + std::string(60, '[') + "...");
  CHECK(Err(R"({"table": "t", "families": [{"name": "f"}], "partition": )" +
            deep + "}") == "partition: must be a JSON object, got " +
                               std::string(60, '[') + "...");
  // Objects nest the same way.
  std::string objects;
  for (int i = 0; i < 100000; ++i) objects += R"({"a":)";
  objects += "1" + std::string(100000, '}');
  CHECK(Err(R"({"families": [{"name": "f"}], "table": )" + objects + "}") ==
        "table: must be a string, got " + objects.substr(0, 60) + "...");
}

TEST_CASE("regression: duplicate-key tracking stays linear in the depth") {
  // The first DuplicateKeyChecker built the path string of every open
  // container (quadratic: 20 000 nested arrays took 14 s).
  const auto start = std::chrono::steady_clock::now();
  const std::string deep = std::string(100000, '[') + R"({"k": 1, "k": 2})" +
                           std::string(100000, ']');
  const std::string msg =
      Err(R"({"table": "t", "families": [{"name": "f"}], "partition": )" +
          deep + "}");
  std::string expected = "partition";
  for (int i = 0; i < 100000; ++i) expected += "[0]";
  CHECK(msg == expected + ".k: duplicate key");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  CHECK(seconds < 5.0);
}

TEST_CASE("robustness: hostile inputs return a Status") {
  CHECK(Err(std::string("{\"table\"\0: 1}", 13))
            .rfind("spec: malformed JSON at byte 9: ", 0) == 0);
  CHECK(Err(R"({"table": "t\u0000", "families": [{"name": "f"}]})") ==
        "table: invalid character at position 1 in 't" + std::string(1, '\0') +
            "'; table names use letters, digits, '_', '-' and '.'");
  CHECK(Err(WithFamily(R"({"name": "f", "ttl_seconds": -0})")) ==
        "families[0].ttl_seconds: " + kTtlRule + "0");
  CHECK(Err(WithFamily(
            R"({"name": "f", "ttl_seconds": -9223372036854775809})")) ==
        "families[0].ttl_seconds: " + kTtlRule + "-9.223372036854776e+18");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
