// Copyright (c) obkvlite authors.
//
// Behaviour through `obkv --store PATH exec` (DESIGN §5), in-process: every
// op and option, exact result lines, bytes escapes, error lines followed by
// good ones, and atomic batches. The table is KEY-partitioned (7), so every
// scan is a merge across partitions.

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

constexpr const char* kSpec = R"({
  "table": "t",
  "families": [
    {"name": "f"},
    {"name": "g"},
    {"name": "capped", "max_versions": 2},
    {"name": "ttl", "ttl_seconds": 3600}
  ],
  "partition": {"strategy": "key", "partitions": 7}
})";

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

class ExecSandbox {
 public:
  ExecSandbox() { box_.Create("t", kSpec); }

  // Runs the lines through exec and returns the result lines; checks the
  // exit code unless expected_code is negative.
  std::vector<std::string> Exec(const std::vector<std::string>& lines,
                                int expected_code = 0) {
    std::string in;
    for (const std::string& l : lines) in += l + "\n";
    last_ = box_.Run({"exec"}, in);
    INFO(last_.err);
    if (expected_code >= 0) CHECK(last_.code == expected_code);
    CHECK(last_.err.empty());
    return Lines(last_.out);
  }
  // Runs one line and returns its result line.
  std::string One(const std::string& line) {
    std::vector<std::string> out = Exec({line}, -1);
    REQUIRE(out.size() == 1);
    return out[0];
  }
  // Runs lines that must all succeed (results ignored).
  void Setup(const std::vector<std::string>& lines) {
    for (const std::string& r : Exec(lines)) {
      INFO(r);
      REQUIRE(nlohmann::json::parse(r)["ok"] == true);
    }
  }

  CliSandbox& box() { return box_; }
  const CliRun& last() const { return last_; }

 private:
  CliSandbox box_;
  CliRun last_;
};

// A put line; arguments are toStringBinary text (JSON-escaped here).
std::string PutLine(const std::string& row, const std::string& family,
                    const std::string& qualifier, int64_t ts,
                    const std::string& value) {
  nlohmann::ordered_json cell = {{"family", family},
                                 {"qualifier", qualifier},
                                 {"value", value},
                                 {"ts", ts}};
  nlohmann::ordered_json put = {
      {"op", "put"}, {"table", "t"}, {"row", row}, {"cells", {cell}}};
  return put.dump();
}

// One cell of a result line, as exec writes it.
std::string CellJson(const std::string& row, const std::string& family,
                     const std::string& qualifier, int64_t ts,
                     const std::string& value) {
  nlohmann::ordered_json cell = {{"row", row},
                                 {"family", family},
                                 {"qualifier", qualifier},
                                 {"ts", ts},
                                 {"value", value}};
  return cell.dump();
}

std::string CellsResult(const std::vector<std::string>& cells) {
  std::string out = R"({"ok":true,"cells":[)";
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out += ",";
    out += cells[i];
  }
  return out + "]}";
}

const std::string kOk = R"({"ok":true})";

TEST_CASE("exec: put then get, exact result lines") {
  ExecSandbox s;
  const std::vector<std::string> out =
      s.Exec({PutLine("r1", "f", "q", 100, "v"),
              R"({"op":"get","table":"t","row":"r1"})"});
  REQUIRE(out.size() == 2);
  CHECK(out[0] == kOk);
  CHECK(out[1] == CellsResult({CellJson("r1", "f", "q", 100, "v")}));
}

TEST_CASE("exec: get versions, time_range [min,max) and exact ts") {
  ExecSandbox s;
  s.Setup({PutLine("r", "f", "q", 100, "v1"), PutLine("r", "f", "q", 200, "v2"),
           PutLine("r", "f", "q", 300, "v3")});
  const std::vector<std::string> out = s.Exec({
      R"({"op":"get","table":"t","row":"r"})",
      R"({"op":"get","table":"t","row":"r","max_versions":2})",
      R"({"op":"get","table":"t","row":"r","max_versions":3,"time_range":[100,300]})",
      R"({"op":"get","table":"t","row":"r","ts":250})",
      R"({"op":"get","table":"t","row":"r","ts":200})",
  });
  REQUIRE(out.size() == 5);
  CHECK(out[0] == CellsResult({CellJson("r", "f", "q", 300, "v3")}));
  CHECK(out[1] == CellsResult({CellJson("r", "f", "q", 300, "v3"),
                               CellJson("r", "f", "q", 200, "v2")}));
  CHECK(out[2] == CellsResult({CellJson("r", "f", "q", 200, "v2"),
                               CellJson("r", "f", "q", 100, "v1")}));
  CHECK(out[3] == CellsResult({}));  // an exact ts never falls back
  CHECK(out[4] == CellsResult({CellJson("r", "f", "q", 200, "v2")}));
}

TEST_CASE("exec: multi-family get, families and columns projections") {
  ExecSandbox s;
  s.Setup({PutLine("r", "g", "x", 5, "gx"), PutLine("r", "f", "b", 5, "fb"),
           PutLine("r", "f", "a", 5, "fa")});
  const std::vector<std::string> out = s.Exec({
      R"({"op":"get","table":"t","row":"r"})",
      R"({"op":"get","table":"t","row":"r","families":["g"]})",
      R"({"op":"get","table":"t","row":"r","columns":["f:b","g:x"]})",
  });
  REQUIRE(out.size() == 3);
  CHECK(out[0] == CellsResult({CellJson("r", "f", "a", 5, "fa"),
                               CellJson("r", "f", "b", 5, "fb"),
                               CellJson("r", "g", "x", 5, "gx")}));
  CHECK(out[1] == CellsResult({CellJson("r", "g", "x", 5, "gx")}));
  CHECK(out[2] == CellsResult({CellJson("r", "f", "b", 5, "fb"),
                               CellJson("r", "g", "x", 5, "gx")}));
}

class ScanSandbox : public ExecSandbox {
 public:
  ScanSandbox() {
    Setup({PutLine("a", "f", "q", 1, "1"), PutLine("ab", "f", "q", 1, "2"),
           PutLine("b", "f", "q", 1, "3"), PutLine("c", "f", "q", 1, "4"),
           PutLine("d", "f", "q", 1, "5")});
  }
  std::string Scan(const std::string& fields) {
    const std::vector<std::string> out =
        Exec({R"({"op":"scan","table":"t")" + fields + "}"});
    REQUIRE(out.size() == 1);
    return out[0];
  }
};

std::string Rows(const std::vector<std::pair<const char*, const char*>>& rv) {
  std::vector<std::string> cells;
  for (const auto& [row, value] : rv) {
    cells.push_back(CellJson(row, "f", "q", 1, value));
  }
  return CellsResult(cells);
}

TEST_CASE("exec: scan start inclusive, stop exclusive, merged in order") {
  ScanSandbox s;
  CHECK(s.Scan("") ==
        Rows({{"a", "1"}, {"ab", "2"}, {"b", "3"}, {"c", "4"}, {"d", "5"}}));
  CHECK(s.Scan(R"(,"start":"ab","stop":"c")") ==
        Rows({{"ab", "2"}, {"b", "3"}}));
}

TEST_CASE("exec: reversed scan runs from start down to stop") {
  ScanSandbox s;
  CHECK(s.Scan(R"(,"reversed":true)") ==
        Rows({{"d", "5"}, {"c", "4"}, {"b", "3"}, {"ab", "2"}, {"a", "1"}}));
  CHECK(s.Scan(R"(,"reversed":true,"start":"c","stop":"a")") ==
        Rows({{"c", "4"}, {"b", "3"}, {"ab", "2"}}));
}

TEST_CASE("exec: scan prefix and limit") {
  ScanSandbox s;
  CHECK(s.Scan(R"(,"prefix":"a")") == Rows({{"a", "1"}, {"ab", "2"}}));
  CHECK(s.Scan(R"(,"limit":2)") == Rows({{"a", "1"}, {"ab", "2"}}));
  CHECK(s.Scan(R"(,"limit":2,"reversed":true)") ==
        Rows({{"d", "5"}, {"c", "4"}}));
}

TEST_CASE("exec: scan filter") {
  ScanSandbox s;
  CHECK(s.Scan(R"j(,"filter":"PrefixFilter('b')")j") == Rows({{"b", "3"}}));
  CHECK(s.Scan(R"j(,"filter":"ValueFilter(=,'binary:4')")j") ==
        Rows({{"c", "4"}}));
  const std::string bad =
      s.One(R"({"op":"scan","table":"t","filter":"Nope("})");
  CHECK(
      bad.rfind(R"({"ok":false,"error":{"code":"InvalidArgument","message":")",
                0) == 0);
}

TEST_CASE("exec: scan batch splits rows but returns every cell") {
  ExecSandbox s;
  s.Setup({PutLine("r", "f", "a", 1, "1"), PutLine("r", "f", "b", 1, "2"),
           PutLine("r", "f", "c", 1, "3"), PutLine("s", "f", "a", 1, "4")});
  const std::vector<std::string> out =
      s.Exec({R"({"op":"scan","table":"t","batch":2})",
              R"({"op":"scan","table":"t"})"});
  REQUIRE(out.size() == 2);
  CHECK(out[0] == out[1]);
  CHECK(out[0] == CellsResult({CellJson("r", "f", "a", 1, "1"),
                               CellJson("r", "f", "b", 1, "2"),
                               CellJson("r", "f", "c", 1, "3"),
                               CellJson("s", "f", "a", 1, "4")}));
}

TEST_CASE("exec: scan versions, time range and projections") {
  ExecSandbox s;
  s.Setup({PutLine("r", "f", "q", 100, "1"), PutLine("r", "f", "q", 200, "2"),
           PutLine("r", "g", "q", 300, "3")});
  const std::vector<std::string> out = s.Exec({
      R"({"op":"scan","table":"t","max_versions":2})",
      R"({"op":"scan","table":"t","max_versions":2,"time_range":[150,400]})",
      R"({"op":"scan","table":"t","families":["g"]})",
      R"({"op":"scan","table":"t","columns":["f:q"],"max_versions":5})",
  });
  REQUIRE(out.size() == 4);
  CHECK(out[0] == CellsResult({CellJson("r", "f", "q", 200, "2"),
                               CellJson("r", "f", "q", 100, "1"),
                               CellJson("r", "g", "q", 300, "3")}));
  CHECK(out[1] == CellsResult({CellJson("r", "f", "q", 200, "2"),
                               CellJson("r", "g", "q", 300, "3")}));
  CHECK(out[2] == CellsResult({CellJson("r", "g", "q", 300, "3")}));
  CHECK(out[3] == CellsResult({CellJson("r", "f", "q", 200, "2"),
                               CellJson("r", "f", "q", 100, "1")}));
}

TEST_CASE("exec: delete column removes the latest version, or exactly ts") {
  ExecSandbox s;
  s.Setup({PutLine("r", "f", "q", 100, "1"), PutLine("r", "f", "q", 200, "2"),
           PutLine("r", "f", "q", 300, "3")});
  const std::vector<std::string> out = s.Exec({
      R"({"op":"delete","table":"t","row":"r","type":"column","family":"f","qualifier":"q"})",
      R"({"op":"delete","table":"t","row":"r","type":"column","family":"f","qualifier":"q","ts":100})",
      R"({"op":"get","table":"t","row":"r","max_versions":9})",
  });
  REQUIRE(out.size() == 3);
  CHECK(out[0] == kOk);
  CHECK(out[1] == kOk);
  CHECK(out[2] == CellsResult({CellJson("r", "f", "q", 200, "2")}));
}

TEST_CASE("exec: delete columns removes versions <= ts") {
  ExecSandbox s;
  s.Setup({PutLine("r", "f", "q", 100, "1"), PutLine("r", "f", "q", 200, "2"),
           PutLine("r", "f", "q", 300, "3"), PutLine("r", "f", "o", 100, "o")});
  const std::vector<std::string> out = s.Exec({
      R"({"op":"delete","table":"t","row":"r","type":"columns","family":"f","qualifier":"q","ts":200})",
      R"({"op":"get","table":"t","row":"r","max_versions":9})",
  });
  REQUIRE(out.size() == 2);
  CHECK(out[1] == CellsResult({CellJson("r", "f", "o", 100, "o"),
                               CellJson("r", "f", "q", 300, "3")}));
}

TEST_CASE("exec: delete family and family_version") {
  ExecSandbox s;
  s.Setup({PutLine("r", "f", "a", 200, "a2"), PutLine("r", "f", "a", 100, "a1"),
           PutLine("r", "f", "b", 200, "b2"), PutLine("r", "g", "x", 200, "x"),
           PutLine("s", "f", "a", 200, "sa"), PutLine("s", "g", "x", 1, "sx")});
  const std::vector<std::string> out = s.Exec({
      R"({"op":"delete","table":"t","row":"r","type":"family_version","family":"f","ts":200})",
      R"({"op":"get","table":"t","row":"r","max_versions":9})",
      R"({"op":"delete","table":"t","row":"s","family":"f"})",
      R"({"op":"get","table":"t","row":"s"})",
  });
  REQUIRE(out.size() == 4);
  CHECK(out[1] == CellsResult({CellJson("r", "f", "a", 100, "a1"),
                               CellJson("r", "g", "x", 200, "x")}));
  CHECK(out[3] == CellsResult({CellJson("s", "g", "x", 1, "sx")}));
}

TEST_CASE("exec: delete row; deletes are physical, an older put reappears") {
  ExecSandbox s;
  s.Setup({PutLine("r", "f", "a", 300, "new"), PutLine("r", "g", "x", 300, "x"),
           PutLine("q", "f", "a", 1, "other")});
  const std::vector<std::string> out = s.Exec({
      R"({"op":"delete","table":"t","row":"r"})",
      R"({"op":"get","table":"t","row":"r"})",
      PutLine("r", "f", "a", 100, "old"),
      R"({"op":"get","table":"t","row":"r"})",
      R"({"op":"get","table":"t","row":"q"})",
  });
  REQUIRE(out.size() == 5);
  CHECK(out[1] == CellsResult({}));
  CHECK(out[3] == CellsResult({CellJson("r", "f", "a", 100, "old")}));
  CHECK(out[4] == CellsResult({CellJson("q", "f", "a", 1, "other")}));
}

TEST_CASE("exec: increment on 8-byte big-endian longs") {
  ExecSandbox s;
  const std::vector<std::string> out = s.Exec({
      R"({"op":"increment","table":"t","row":"c","family":"f","qualifier":"n","amount":5})",
      R"({"op":"increment","table":"t","row":"c","family":"f","qualifier":"n","amount":-2})",
      R"({"op":"increment","table":"t","row":"c","family":"f","qualifier":"n"})",
  });
  REQUIRE(out.size() == 3);
  const char* expected[] = {"\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x05",
                            "\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x03",
                            "\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x04"};
  int64_t last_ts = 0;
  for (int i = 0; i < 3; ++i) {
    const nlohmann::json r = nlohmann::json::parse(out[i]);
    REQUIRE(r["cells"].size() == 1);
    CHECK(r["cells"][0]["row"] == "c");
    CHECK(r["cells"][0]["qualifier"] == "n");
    CHECK(r["cells"][0]["value"] == expected[i]);
    const int64_t ts = r["cells"][0]["ts"].get<int64_t>();
    CHECK(ts > last_ts);  // max(now, old + 1)
    last_ts = ts;
  }
}

TEST_CASE("exec: increment of a value that is not 8 bytes fails") {
  ExecSandbox s;
  s.Setup({PutLine("c", "f", "n", 1, "abc")});
  const std::string out = s.One(
      R"({"op":"increment","table":"t","row":"c","family":"f","qualifier":"n"})");
  CHECK(out.rfind(R"({"ok":false,"error":{"code":"InvalidArgument")", 0) == 0);
}

TEST_CASE("exec: append to a missing and an existing cell") {
  ExecSandbox s;
  const std::vector<std::string> out = s.Exec({
      R"({"op":"append","table":"t","row":"a","family":"f","qualifier":"s","value":"ab"})",
      R"({"op":"append","table":"t","row":"a","family":"f","qualifier":"s","value":"\\x00c"})",
      R"({"op":"get","table":"t","row":"a"})",
  });
  REQUIRE(out.size() == 3);
  CHECK(nlohmann::json::parse(out[0])["cells"][0]["value"] == "ab");
  CHECK(nlohmann::json::parse(out[1])["cells"][0]["value"] == "ab\\x00c");
  CHECK(nlohmann::json::parse(out[2])["cells"][0]["value"] == "ab\\x00c");
}

TEST_CASE("exec: check_and_mutate passes iff value op cell") {
  ExecSandbox s;
  s.Setup({PutLine("r", "f", "q", 1, "5")});
  auto cam = [](const std::string& op, const std::string& value,
                const std::string& newval) {
    return R"({"op":"check_and_mutate","table":"t","row":"r","condition":)"
           R"({"family":"f","qualifier":"q","op":")" +
           op + R"(","value":")" + value +
           R"("},"mutations":[{"op":"put","cells":[{"family":"f",)"
           R"("qualifier":"q","value":")" +
           newval + R"(","ts":2}]}]})";
  };
  const std::vector<std::string> out = s.Exec({
      cam(">", "5", "x"),   // 5 > 5: false
      cam("<", "4", "6"),   // 4 < 5: true
      cam("=", "6", "7"),   // 6 = 6: true
      cam("!=", "7", "8"),  // 7 != 7: false
      R"({"op":"get","table":"t","row":"r"})",
  });
  REQUIRE(out.size() == 5);
  CHECK(out[0] == R"({"ok":true,"success":false})");
  CHECK(out[1] == R"({"ok":true,"success":true})");
  CHECK(out[2] == R"({"ok":true,"success":true})");
  CHECK(out[3] == R"({"ok":true,"success":false})");
  CHECK(out[4] == CellsResult({CellJson("r", "f", "q", 2, "7")}));
}

TEST_CASE("exec: check_and_mutate with exists false, then delete") {
  ExecSandbox s;
  const std::string put_if_absent =
      R"({"op":"check_and_mutate","table":"t","row":"r","condition":)"
      R"({"family":"f","qualifier":"lock","exists":false},"mutations":[)"
      R"({"op":"put","cells":[{"family":"f","qualifier":"lock","value":"me","ts":1}]},)"
      R"({"op":"delete","row":"r","family":"f","qualifier":"other"}]})";
  const std::vector<std::string> out = s.Exec({
      PutLine("r", "f", "other", 1, "o"),
      put_if_absent,
      put_if_absent,
      R"({"op":"get","table":"t","row":"r"})",
  });
  REQUIRE(out.size() == 4);
  CHECK(out[1] == R"({"ok":true,"success":true})");
  CHECK(out[2] == R"({"ok":true,"success":false})");
  CHECK(out[3] == CellsResult({CellJson("r", "f", "lock", 1, "me")}));
}

TEST_CASE("exec: batch results, exact text") {
  ExecSandbox s;
  const std::vector<std::string> out = s.Exec({
      R"({"op":"batch","table":"t","ops":[)"
      R"({"op":"put","row":"a","cells":[{"family":"f","qualifier":"q","value":"1","ts":1}]},)"
      R"({"op":"put","row":"b","cells":[{"family":"f","qualifier":"q","value":"2","ts":1}]},)"
      R"({"op":"delete","row":"b"},)"
      R"({"op":"check_and_mutate","row":"a","condition":{"family":"f","qualifier":"q","op":"=","value":"1"},)"
      R"("mutations":[{"op":"put","cells":[{"family":"g","qualifier":"ok","value":"y","ts":1}]}]}]})",
      R"({"op":"scan","table":"t"})",
  });
  REQUIRE(out.size() == 2);
  CHECK(out[0] ==
        R"({"ok":true,"results":[{"ok":true},{"ok":true},{"ok":true},)"
        R"({"ok":true,"success":true}]})");
  CHECK(out[1] == CellsResult({CellJson("a", "f", "q", 1, "1"),
                               CellJson("a", "g", "ok", 1, "y")}));
}

TEST_CASE("exec: increment and append in a batch return their new cells") {
  ExecSandbox s;
  const std::vector<std::string> out = s.Exec({
      R"({"op":"batch","table":"t","ops":[)"
      R"({"op":"append","row":"a","family":"f","qualifier":"s","value":"x"},)"
      R"({"op":"increment","row":"a","family":"f","qualifier":"n","amount":7},)"
      R"({"op":"append","row":"a","family":"f","qualifier":"s","value":"y"}]})",
  });
  REQUIRE(out.size() == 1);
  const nlohmann::json r = nlohmann::json::parse(out[0]);
  REQUIRE(r["results"].size() == 3);
  CHECK(r["results"][0]["cells"][0]["value"] == "x");
  CHECK(r["results"][1]["cells"][0]["value"] ==
        "\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x07");
  CHECK(r["results"][2]["cells"][0]["value"] == "xy");
}

TEST_CASE("exec: a failing batch applies nothing") {
  ExecSandbox s;
  const std::string long_qualifier(300, 'q');
  const std::vector<std::string> out = s.Exec(
      {
          R"({"op":"batch","table":"t","ops":[)"
          R"({"op":"put","row":"a","cells":[{"family":"f","qualifier":"q","value":"1","ts":1}]},)"
          R"({"op":"put","row":"b","cells":[{"family":"f","qualifier":")" +
              long_qualifier + R"(","value":"2","ts":1}]}]})",
          R"({"op":"batch","table":"t","ops":[)"
          R"({"op":"put","row":"a","cells":[{"family":"f","qualifier":"q","value":"1","ts":1}]},)"
          R"({"op":"put","row":"b","cells":[{"family":"nope","qualifier":"q","value":"2","ts":1}]}]})",
          R"({"op":"scan","table":"t"})",
      },
      1);
  REQUIRE(out.size() == 3);
  CHECK(out[0].rfind(R"({"ok":false,"error":{"code":"InvalidArgument")", 0) ==
        0);
  CHECK(out[0].find("300 bytes, limit 256") != std::string::npos);
  CHECK(out[1].rfind(R"({"ok":false,"error":{"code":"InvalidArgument")", 0) ==
        0);
  CHECK(out[2] == CellsResult({}));
}

TEST_CASE("exec: bytes escapes round-trip, incl. 0x00, 0xFF and backslash") {
  ExecSandbox s;
  const std::vector<std::string> out = s.Exec({
      PutLine("\\x00\\xff\\x5C", "f", "\\x5Cq\\x00", 7,
              "a\\x5C\\x00\\xFE\\x7F"),
      R"({"op":"get","table":"t","row":"\\x00\\xFF\\x5c"})",
      R"({"op":"scan","table":"t","start":"\\x00","stop":"\\x01"})",
  });
  REQUIRE(out.size() == 3);
  const std::string cell = CellJson("\\x00\\xFF\\x5C", "f", "\\x5Cq\\x00", 7,
                                    "a\\x5C\\x00\\xFE\\x7F");
  CHECK(out[1] == CellsResult({cell}));
  CHECK(out[2] == CellsResult({cell}));
}

TEST_CASE("exec: binary rows sort as unsigned bytes") {
  ExecSandbox s;
  s.Setup({PutLine("\\xFF", "f", "q", 1, "ff"),
           PutLine("\\x00", "f", "q", 1, "00"),
           PutLine("\\x7F", "f", "q", 1, "7f")});
  const std::vector<std::string> out = s.Exec({R"({"op":"scan","table":"t"})"});
  REQUIRE(out.size() == 1);
  CHECK(out[0] == CellsResult({CellJson("\\x00", "f", "q", 1, "00"),
                               CellJson("\\x7F", "f", "q", 1, "7f"),
                               CellJson("\\xFF", "f", "q", 1, "ff")}));
}

TEST_CASE("exec: a bad line gets an error result and the next line runs") {
  ExecSandbox s;
  const std::string long_qualifier(300, 'q');
  const std::vector<std::string> out = s.Exec(
      {
          "not json",
          R"({"op":"frob","table":"t"})",
          PutLine("r", "f", long_qualifier, 1, "v"),
          PutLine("r", "f", "q", 1, "v"),
          R"({"op":"get","table":"t","row":"r"})",
      },
      1);
  REQUIRE(out.size() == 5);
  CHECK(out[0].rfind(R"({"ok":false,"error":{"code":"InvalidArgument",)"
                     R"("message":"request: invalid JSON: )",
                     0) == 0);
  CHECK(out[1] ==
        R"({"ok":false,"error":{"code":"InvalidArgument","message":"op: )"
        R"(unknown operation 'frob' (expected put, get, scan, delete, )"
        R"j(increment, append, check_and_mutate, batch, stats, index_scan)"}})j");
  CHECK(out[2] == R"({"ok":false,"error":{"code":"InvalidArgument",)"
                  R"("message":"cells[0].qualifier: 300 bytes, limit 256"}})");
  CHECK(out[3] == kOk);
  CHECK(out[4] == CellsResult({CellJson("r", "f", "q", 1, "v")}));
}

TEST_CASE("exec: blank lines are skipped; all good lines exit 0") {
  ExecSandbox s;
  const std::vector<std::string> out =
      s.Exec({"", PutLine("r", "f", "q", 1, "v"), "   ",
              R"({"op":"get","table":"t","row":"r"})"});
  REQUIRE(out.size() == 2);
  CHECK(s.last().code == 0);
}

TEST_CASE("exec: unknown table, unknown family and empty row") {
  ExecSandbox s;
  const std::vector<std::string> out = s.Exec(
      {
          R"({"op":"get","table":"nope","row":"r"})",
          PutLine("r", "nope", "q", 1, "v"),
          PutLine("", "f", "q", 1, "v"),
      },
      1);
  REQUIRE(out.size() == 3);
  CHECK(
      out[0] ==
      R"({"ok":false,"error":{"code":"NotFound","message":"table 'nope' not found"}})");
  CHECK(out[1].rfind(R"({"ok":false,"error":{"code":"InvalidArgument")", 0) ==
        0);
  CHECK(out[1].find("nope") != std::string::npos);
  CHECK(out[2].rfind(R"({"ok":false,"error":{"code":"InvalidArgument")", 0) ==
        0);
}

TEST_CASE("exec: family MaxVersions caps every read") {
  ExecSandbox s;
  s.Setup({PutLine("r", "capped", "q", 1, "1"),
           PutLine("r", "capped", "q", 2, "2"),
           PutLine("r", "capped", "q", 3, "3")});
  const std::vector<std::string> out =
      s.Exec({R"({"op":"get","table":"t","row":"r","max_versions":10})",
              R"({"op":"scan","table":"t","max_versions":10})"});
  REQUIRE(out.size() == 2);
  const std::string capped =
      CellsResult({CellJson("r", "capped", "q", 3, "3"),
                   CellJson("r", "capped", "q", 2, "2")});
  CHECK(out[0] == capped);
  CHECK(out[1] == capped);
}

TEST_CASE("exec: TimeToLive hides expired cells") {
  ExecSandbox s;
  const std::vector<std::string> out = s.Exec({
      PutLine("r", "ttl", "old", 1000, "gone"),
      R"({"op":"put","table":"t","row":"r","cells":[{"family":"ttl","qualifier":"new","value":"here"}]})",
      R"({"op":"get","table":"t","row":"r"})",
  });
  REQUIRE(out.size() == 3);
  const nlohmann::json cells = nlohmann::json::parse(out[2])["cells"];
  REQUIRE(cells.size() == 1);
  CHECK(cells[0]["qualifier"] == "new");
  CHECK(cells[0]["value"] == "here");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
