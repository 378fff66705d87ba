// Copyright (c) obkvlite authors.
//
// The streaming JSON CellSet reader (server/rest/cell_set_json.h) answers
// exactly what reading the whole document first answers: the reference
// below reads a nlohmann document with the typed readers of json_body.h
// (the gateway's reader before it streamed). Both read a corpus of bodies
// (valid ones, every error, members given twice, unknown members,
// containers in every place, a parse error after a structural one) and
// 20,000 random mutations of them; their models and errors must be equal.
// The streaming reader answers plain bodies through its quick path
// (cell_set_simdjson.h), so the same comparison holds that path to the
// reference wherever it answers.

#include "server/rest/cell_set_json.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "server/rest/base64.h"
#include "server/rest/cell_set.h"
#include "server/rest/cell_set_simdjson.h"
#include "server/rest/json_body.h"

namespace obkvlite {
namespace rest {
namespace {

using nlohmann::json;

// The reference: the whole document first, then the checks in order.
Result<CellSetModel> ReadWhole(std::string_view body) {
  OBKV_ASSIGN_OR_RETURN(json doc, ParseJsonObject(body));
  CellSetModel model;
  auto rows = doc.find("Row");
  if (rows == doc.end()) return Status::InvalidArgument("body: Row: missing");
  if (!rows->is_array()) {
    return Status::InvalidArgument("body: Row: must be an array");
  }
  for (size_t r = 0; r < rows->size(); ++r) {
    const json& row = (*rows)[r];
    const std::string rpath = "Row[" + std::to_string(r) + "]";
    if (!row.is_object()) {
      return Status::InvalidArgument("body: " + rpath + ": must be an object");
    }
    RowModel rm;
    OBKV_ASSIGN_OR_RETURN(auto key, JsonString(row, "key", rpath + ".key"));
    if (key) {
      OBKV_ASSIGN_OR_RETURN(rm.key,
                            Base64Decode(*key, "body: " + rpath + ".key"));
    }
    auto cells = row.find("Cell");
    if (cells == row.end()) {
      return Status::InvalidArgument("body: " + rpath + ".Cell: missing");
    }
    if (!cells->is_array()) {
      return Status::InvalidArgument("body: " + rpath +
                                     ".Cell: must be an array");
    }
    for (size_t c = 0; c < cells->size(); ++c) {
      const json& cell = (*cells)[c];
      const std::string cpath = rpath + ".Cell[" + std::to_string(c) + "]";
      if (!cell.is_object()) {
        return Status::InvalidArgument("body: " + cpath +
                                       ": must be an object");
      }
      CellModel cm;
      OBKV_ASSIGN_OR_RETURN(auto column,
                            JsonString(cell, "column", cpath + ".column"));
      if (column) {
        OBKV_ASSIGN_OR_RETURN(
            cm.column, Base64Decode(*column, "body: " + cpath + ".column"));
      }
      OBKV_ASSIGN_OR_RETURN(cm.timestamp,
                            JsonInt(cell, "timestamp", cpath + ".timestamp"));
      OBKV_ASSIGN_OR_RETURN(auto value, JsonString(cell, "$", cpath + ".$"));
      if (!value) {
        return Status::InvalidArgument("body: " + cpath + ".$: missing");
      }
      OBKV_ASSIGN_OR_RETURN(cm.value,
                            Base64Decode(*value, "body: " + cpath + ".$"));
      rm.cells.push_back(std::move(cm));
    }
    model.rows.push_back(std::move(rm));
  }
  return model;
}

// A model or an error, as text, to compare the two readers.
std::string Describe(const Result<CellSetModel>& m) {
  if (!m.ok()) return "error: " + m.status().ToString();
  std::string out;
  for (const RowModel& row : m->rows) {
    out += "row " + (row.key ? "'" + *row.key + "'" : std::string("-")) + ":";
    for (const CellModel& cell : row.cells) {
      out += " [" + (cell.column ? *cell.column : std::string("-")) + " " +
             (cell.timestamp ? std::to_string(*cell.timestamp) : "-") + " '" +
             cell.value + "']";
    }
    out += "\n";
  }
  return out;
}

void CheckSame(const std::string& body) {
  INFO("body: ", body);
  CHECK(Describe(ParseCellSetJson(body)) == Describe(ReadWhole(body)));
}

// "cm93" is "row", "Zjpx" "f:q", "dg==" "v".
const std::vector<std::string>& Corpus() {
  static const std::vector<std::string> corpus = {
      R"({"Row":[{"key":"cm93","Cell":[{"column":"Zjpx","timestamp":5,"$":"dg=="}]}]})",
      R"({"Row":[{"Cell":[{"$":"dg=="}]},{"key":"cm93","Cell":[]}]})",
      R"({"Row":[]})",
      R"({"Row":[{"key":null,"Cell":[{"column":null,"timestamp":null,"$":"dg=="}]}]})",
      R"({"Row":[{"key":"cm93","Cell":[{"timestamp":"17","$":"dg=="}]}]})",
      R"({"Row":[{"key":"cm93","Cell":[{"timestamp":-3,"$":"dg=="}]}]})",
      R"({"Row":[{"key":"cm93","Cell":[{"timestamp":18446744073709551615,"$":"dg=="}]}]})",
      R"({"Row":[{"key":"cm93","Cell":[{"timestamp":1.5,"$":"dg=="}]}]})",
      R"({"Row":[{"key":"cm93","Cell":[{"timestamp":"x","$":"dg=="}]}]})",
      R"({"Row":[{"key":"cm93","Cell":[{"timestamp":[1],"$":"dg=="}]}]})",
      R"({"Row":[{"key":"cm93","Cell":[{"$":null}]}]})",
      R"({"Row":[{"key":"cm93","Cell":[{}]}]})",
      R"({"Row":[{"key":"cm93","Cell":[{"$":"!!"}]}]})",
      R"({"Row":[{"key":"!!","Cell":[{"$":"!!"}]}]})",
      R"({"Row":[{"key":5,"Cell":[{"$":"dg=="}]}]})",
      R"({"Row":[{"key":{"a":[1,{"b":2}]},"Cell":[{"$":"dg=="}]}]})",
      R"({"Row":[{"key":"cm93"}]})",
      R"({"Row":[{"key":"cm93","Cell":{}}]})",
      R"({"Row":[{"key":"cm93","Cell":"x"}]})",
      R"({"Row":[{"key":"cm93","Cell":[5,{"$":"dg=="}]}]})",
      R"({"Row":[{"key":"cm93","Cell":[[{"$":"dg=="}]]}]})",
      R"({"Row":[5]})",
      R"({"Row":[[],{"key":"cm93","Cell":[]}]})",
      R"({"Row":[{"key":"cm93","Cell":[]},"x",{"Cell":5}]})",
      R"({"Row":{}})",
      R"({"Row":null})",
      R"({"Row":"x"})",
      R"({"Other":[]})",
      R"({})",
      R"([])",
      R"([{"Row":[]}])",
      R"("Row")",
      R"(5)",
      R"(null)",
      R"()",
      R"( )",
      R"({"Row":[)",
      R"({"Row":[{"key":"cm93","Cell":[{"$":"dg=="}]}])",
      R"({"Row":5} x)",
      R"({"Row":[{"key":5,"Cell":[]}], "x": tru})",
      R"({"Row":[{"Cell":[{"timestamp":1e999999,"$":"dg=="}]}]})",
      R"({"Row":[{"Cell":[{"$":"dg=="}]}], "n": -1e999999})",
      R"({"Row":[{"key":"cm93","key":"Zjpx","Cell":[{"$":"dg==","$":"Zjpx"}]}]})",
      R"({"Row":[{"Cell":5,"Cell":[{"$":"dg=="}]}]})",
      R"({"Row":[{"Cell":[{"$":"dg=="}],"Cell":5}]})",
      R"({"Row":5,"Row":[{"Cell":[]}]})",
      R"({"Row":[{"Cell":[]}],"Row":5})",
      R"({"Row":[{"key":5,"Cell":[]}],"Row":[{"Cell":[]}]})",
      R"({"Row":[{"Cell":[]}],"Row":[{"key":5,"Cell":[]}]})",
      R"({"x":{"Row":5},"Row":[{"Cell":[{"x":{"$":5},"$":"dg=="}],"y":[[[]]]}]})",
      R"({"Row":[{"key":"cm93","Cell":[{"column":"Zjpx","$":"dg=="},)"
      R"({"column":"Zg==","timestamp":9,"$":""}]},{"key":"","Cell":[]}]})",
      R"({"Row":[{"key":"\u0063m93","Cell":[{"$":"dg\u003d="}]}]})",
      R"({"Row":[{"key":"\ud800","Cell":[]}]})",
      "{\"Row\":[{\"key\":\"\xff\",\"Cell\":[]}]}",
      R"({"Row":[{"key":"cm93","Cell":[{"column":true,"$":"dg=="}]}]})",
      R"({"Row":[{"key":"cm93","Cell":[{"column":"Zjpx","timestamp":true,"$":"dg=="}]}]})",
      R"({"Row":[{"key":"cm93","Cell":[{"$":5}]}]})",
      R"({"Row":[{"key":"cm93","Cell":[{"$":["dg=="]}]}]})",
      R"({"Row":[{"Cell":[{"timestamp":-0,"$":"dg=="},{"timestamp":0,"$":""}]}]})",
      R"({"Row":[{"Cell":[{"timestamp":9223372036854775807,"$":"dg=="}]}]})",
      R"({"Row":[{"Cell":[{"timestamp":-9223372036854775808,"$":"dg=="}]}]})",
      R"({"Row":[{"Cell":[{"timestamp":9223372036854775808,"$":"dg=="}]}]})",
      R"({"Row":[{"Cell":[{"timestamp":10.0,"$":"dg=="},{"timestamp":1E2}]}]})",
      R"({"Ro\u0077":[{"k\u0065y":"cm93","Cell":[{"$":"dg=="}]}]})",
      " \t\r\n{\"Row\" : [ { \"Cell\" : [ { \"$\" : \"dg==\" } ] } ] }\n ",
  };
  return corpus;
}

TEST_CASE("cell set json: the corpus reads as the whole document does") {
  for (const std::string& body : Corpus()) CheckSame(body);
}

TEST_CASE(
    "cell set json: the quick path reads the plain shape, else declines") {
  // Where it answers, CheckSame above and below holds it to the reference
  // (ParseCellSetJson answers through it first).
  CHECK(Describe(*ReadPlainCellSetJson(Corpus()[0])) ==
        "row 'row': [f:q 5 'v']\n");
  CHECK(ReadPlainCellSetJson(Corpus()[1]).has_value());
  for (const char* declined : {
           R"({"Row":[{"key":null,"Cell":[]}]})",  // null: absent there
           R"({"Row":[{"Cell":[{"timestamp":"17","$":"dg=="}]}]})",
           R"({"Row":[{"key":"cm93","key":"Zjpx","Cell":[]}]})",
           R"({"Row":[{"key":"cm93"}]})",
           R"({"Row":[{"Cell":[{"column":"Zjpx"}]}]})",
           R"({"Row":[{"key":"!!","Cell":[]}]})",
           R"({"Other":[]})",
           R"({"Row":[)",
       }) {
    CAPTURE(declined);
    CHECK_FALSE(ReadPlainCellSetJson(declined).has_value());
  }
}

TEST_CASE("cell set json: random mutations read as the whole document does") {
  std::mt19937 rng(20261207);
  const std::string alphabet = "{}[]\":,05-.eE\\ nultrfaseRowkeyCl$cm93dg==";
  const std::vector<std::string>& corpus = Corpus();
  int quick = 0;  // mutations the quick path answered
  for (int i = 0; i < 20000; ++i) {
    std::string body = corpus[rng() % corpus.size()];
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits && !body.empty(); ++e) {
      const size_t at = rng() % body.size();
      switch (rng() % 3) {
        case 0:
          body.erase(at, 1);
          break;
        case 1:
          body.insert(at, 1, alphabet[rng() % alphabet.size()]);
          break;
        default:
          body[at] = alphabet[rng() % alphabet.size()];
          break;
      }
    }
    CheckSame(body);
    quick += ReadPlainCellSetJson(body).has_value() ? 1 : 0;
  }
  CHECK(quick > 300);
}

TEST_CASE("cell set json: random plain bodies read quickly, as the reference") {
  std::mt19937_64 rng(4806);
  const char* const spaces[] = {"", " ", "\n  ", "\t"};
  auto space = [&] { return std::string(spaces[rng() % 4]); };
  auto bytes = [&] {
    std::string b(rng() % 12, '\0');
    for (char& c : b) c = static_cast<char>(rng());
    return Base64Encode(b);
  };
  // Members in a random order, each as "name":value, joined.
  auto object = [&](std::vector<std::string> members) {
    std::shuffle(members.begin(), members.end(), rng);
    std::string out = "{" + space();
    for (size_t i = 0; i < members.size(); ++i) {
      out += (i ? "," + space() : "") + members[i] + space();
    }
    return out + "}";
  };
  for (int n = 0; n < 2000; ++n) {
    std::string rows;
    const int row_count = static_cast<int>(rng() % 5);
    for (int r = 0; r < row_count; ++r) {
      std::string cells;
      const int cell_count = static_cast<int>(rng() % 4);
      for (int c = 0; c < cell_count; ++c) {
        std::vector<std::string> members = {R"("$":")" + bytes() + "\""};
        if (rng() % 2) members.push_back(R"("column":")" + bytes() + "\"");
        if (rng() % 2) {
          members.push_back(R"("timestamp":)" +
                            std::to_string(static_cast<int64_t>(rng())));
        }
        if (rng() % 4 == 0) members.push_back(R"("x":[1,{"y":null}])");
        cells += (c ? "," : "") + object(members);
      }
      std::vector<std::string> members = {R"("Cell":[)" + cells + "]"};
      if (rng() % 2) members.push_back(R"("key":")" + bytes() + "\"");
      rows += (r ? "," : "") + object(members);
    }
    std::vector<std::string> top = {R"("Row":[)" + rows + "]"};
    if (rng() % 4 == 0) top.push_back(R"("name":"t")");
    const std::string body = space() + object(top) + space();
    CAPTURE(body);
    const std::optional<CellSetModel> quick = ReadPlainCellSetJson(body);
    REQUIRE(quick.has_value());
    CHECK(Describe(*quick) == Describe(ReadWhole(body)));
  }
}

TEST_CASE("cell set json: answers") {
  CHECK(Describe(ParseCellSetJson(Corpus()[0])) == "row 'row': [f:q 5 'v']\n");
  CHECK(ParseCellSetJson(R"({"Row":[{"Cell":[]},{"key":"!!","Cell":[]}]})")
            .status()
            .message()
            .rfind("body: Row[1].key: not base64", 0) == 0);
  CHECK(ParseCellSetJson(R"({"Row":[{"key":5,"Cell":[]}], "x": tru})")
            .status()
            .message() == "body: malformed JSON at byte 39");
  CHECK(ParseCellSetJson(R"({"Row":[{"Cell":[{"$":"dg==","$":5}]}]})")
            .status()
            .message() == "body: Row[0].Cell[0].$: must be a string");
  CHECK(ParseCellSetJson(R"({"Row":[{"Cell":[{"timestamp":1e999999}]}]})")
            .status()
            .message() ==
        "body: a number is out of range (JSON numbers here must fit a 64-bit "
        "integer or a double)");
  CHECK(ParseCellSetJson("[1]").status().message() ==
        "body: must be a JSON object");
  // A deep document in an ignored member is skipped without recursion.
  std::string deep = R"({"x":)";
  for (int i = 0; i < 100000; ++i) deep += "[";
  for (int i = 0; i < 100000; ++i) deep += "]";
  deep += R"(,"Row":[]})";
  CHECK(Describe(ParseCellSetJson(deep)) == "");
}

}  // namespace
}  // namespace rest
}  // namespace obkvlite
