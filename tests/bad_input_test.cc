// Copyright (c) obkvlite authors.
//
// The bad-input corpus (tests/bad_input/cases.jsonl): malformed specs, exec
// lines, filter strings and command lines, one JSON object a line:
//   {"kind": "spec"|"exec"|"filter"|"args", "name": ..., "input": ...,
//    "error": the exact message}
// Each is run through `obkv` against a store holding table t with cells.
// The test asserts the exact error (which names the field or the limit),
// a non-zero exit, and that the store is unchanged: a dump of the schema
// and of every row of every table is the same before and after.
//   spec    the file given to `obkv create`; error is stderr
//   exec    one `obkv exec` line; error is the result's code and message
//   filter  the filter of an exec scan of t; error as for exec
//   args    the arguments after `--store PATH` ("SPEC" becomes the path of
//           a valid spec file); error is stderr
// OBKV_BAD_INPUT_RECORD=FILE writes the corpus with the errors produced, to
// review and copy over cases.jsonl after a deliberate message change.

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_test_support.h"
#include "test_paths.h"

namespace obkvlite {
namespace testing {
namespace {

using nlohmann::json;

constexpr const char* kSpec = R"json({
  "table": "t",
  "families": [
    {"name": "f", "max_versions": 3},
    {"name": "g", "partition": {"strategy": "none"}},
    {"name": "s", "value_type": "varbinary(16)"}
  ],
  "partition": {"strategy": "key", "partitions": 7}
})json";

// The schema and every row of every table, as text.
std::string DumpStore(const std::string& path) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) ==
          SQLITE_OK);
  std::string dump;
  std::vector<std::string> tables;
  auto each_row = [&](const std::string& sql, auto&& on_row) {
    sqlite3_stmt* stmt = nullptr;
    INFO(sql);
    REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) ==
            SQLITE_OK);
    while (sqlite3_step(stmt) == SQLITE_ROW) on_row(stmt);
    sqlite3_finalize(stmt);
  };
  auto text = [](sqlite3_stmt* stmt, int col) {
    const unsigned char* t = sqlite3_column_text(stmt, col);
    return std::string(t == nullptr ? "NULL"
                                    : reinterpret_cast<const char*>(t));
  };
  each_row("SELECT type, name, sql FROM sqlite_schema ORDER BY name",
           [&](sqlite3_stmt* stmt) {
             dump += text(stmt, 0) + " " + text(stmt, 1) + ": " +
                     text(stmt, 2) + "\n";
             if (text(stmt, 0) == "table") tables.push_back(text(stmt, 1));
           });
  for (const std::string& table : tables) {
    dump += "-- " + table + "\n";
    each_row("SELECT * FROM \"" + table + "\"", [&](sqlite3_stmt* stmt) {
      for (int c = 0; c < sqlite3_column_count(stmt); ++c) {
        const char* blob =
            static_cast<const char*>(sqlite3_column_blob(stmt, c));
        if (blob != nullptr) dump.append(blob, sqlite3_column_bytes(stmt, c));
        dump += "|";
      }
      dump += "\n";
    });
  }
  sqlite3_close(db);
  return dump;
}

// `text` with the sandbox directory written "SANDBOX".
std::string Normalise(const CliSandbox& box, std::string text) {
  const std::string dir = box.Path("");
  for (size_t at; (at = text.find(dir)) != std::string::npos;) {
    text.replace(at, dir.size(), "SANDBOX/");
  }
  return text;
}

// Runs one case; returns the error it produced, or a description of what
// went wrong instead.
std::string RunCase(CliSandbox& box, const json& c) {
  const std::string kind = c.at("kind");
  if (kind == "spec") {
    const CliRun run =
        box.Run({"create", box.WriteFile("bad.json", c.at("input"))});
    if (run.code != 1 || !run.out.empty())
      return "exit " + std::to_string(run.code);
    return Normalise(box, run.err);
  }
  if (kind == "args") {
    std::vector<std::string> args;
    for (std::string a : c.at("input")) {
      args.push_back(a == "SPEC" ? box.Path("t.json") : a);
    }
    const CliRun run = box.Run(args);
    if (run.code == 0) return "exit 0";
    return run.err;
  }
  std::string line = c.at("input");
  if (kind == "filter") {
    line =
        json{{"op", "scan"}, {"table", "t"}, {"filter", c.at("input")}}.dump();
  }
  const CliRun run = box.Run({"exec"}, line + "\n");
  if (run.code != 1 || !run.err.empty())
    return "exit " + std::to_string(run.code);
  const json result = json::parse(run.out, nullptr, false);
  if (result.is_discarded() || result.value("ok", true)) return run.out;
  return result["error"]["code"].get<std::string>() + ": " +
         result["error"]["message"].get<std::string>();
}

TEST_CASE(
    "bad input: every corpus entry fails with its exact error and "
    "leaves the store unchanged") {
  CliSandbox box;
  box.Create("t", kSpec);
  const std::string seed =
      R"({"op":"put","table":"t","row":"r1","cells":[)"
      R"({"family":"f","qualifier":"q","value":"v1","ts":100},)"
      R"({"family":"g","qualifier":"q","value":"\\x00\\xFF","ts":100},)"
      R"({"family":"s","qualifier":"q","value":"short","ts":100}]})";
  REQUIRE(box.Run({"exec"}, seed + "\n").code == 0);
  const std::string before = DumpStore(box.store());
  REQUIRE(before.find("v1|") != std::string::npos);

  std::ifstream in(std::string(OBKV_SOURCE_DIR) +
                   "/tests/bad_input/cases.jsonl");
  REQUIRE(in.good());
  const char* record_path = std::getenv("OBKV_BAD_INPUT_RECORD");
  std::ofstream record;
  if (record_path != nullptr) record.open(record_path);
  int tried = 0;
  std::string text;
  while (std::getline(in, text)) {
    json c = json::parse(text);
    CAPTURE(c.at("kind"));
    CAPTURE(c.at("name"));
    const std::string error = RunCase(box, c);
    CHECK(error == c.value("error", std::string()));
    c["error"] = error;
    if (record.is_open()) record << c.dump() << "\n";
    CHECK(DumpStore(box.store()) == before);
    ++tried;
  }
  MESSAGE("bad input: ", tried, " malformed inputs tried");
  CHECK(tried >= 60);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
