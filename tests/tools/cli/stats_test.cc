// Copyright (c) obkvlite authors.
//
// `obkv stats`, the exec op "stats", the shell's status 'detailed' and
// `analyze --requests` over a scripted workload on a KEY 97 table: even
// data, one hot row read 1000 times. The request heatmap SVG is parsed
// with libxml2; bad input names its field.

#include <doctest/doctest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "cli_test_support.h"
#include "obkvlite/router.h"
#include "obkvlite/spec.h"
#include "svg_test_support.h"

namespace obkvlite {
namespace testing {
namespace {

using nlohmann::json;

constexpr const char* kStatsSpec =
    R"({"table": "t", "families": [{"name": "f"}, {"name": "g"}],
        "partition": {"strategy": "key", "partitions": 97}})";

int PartitionOf(const std::string& row) {
  Result<TableSpec> spec = ParseTableSpec(kStatsSpec);
  REQUIRE(spec.ok());
  PartitionRouter router("t", spec->families.front());
  Result<int> p = router.Route(row, 0);
  REQUIRE(p.ok());
  return *p;
}

// 291 rows (3 a partition on average), then 1000 gets of row "hot".
void RunWorkload(CliSandbox& box) {
  box.Create("t", kStatsSpec);
  std::string lines;
  for (int i = 0; i < 291; ++i) {
    lines += R"({"op":"put","table":"t","row":"row)" + std::to_string(i) +
             R"(","cells":[{"family":"f","qualifier":"q","value":"v"}]})"
             "\n";
  }
  lines +=
      R"({"op":"put","table":"t","row":"hot","cells":[{"family":"f","qualifier":"q","value":"v"}]})"
      "\n";
  for (int i = 0; i < 1000; ++i) {
    lines += R"({"op":"get","table":"t","row":"hot"})"
             "\n";
  }
  const CliRun run = box.Run({"exec"}, lines);
  INFO(run.err);
  REQUIRE(run.code == 0);
}

TEST_CASE("stats --json: one entry per partition, the hot row's HOT") {
  CliSandbox box;
  RunWorkload(box);
  const CliRun run = box.Run({"stats", "t", "--json", "--nodes", "3"});
  INFO(run.err);
  REQUIRE(run.code == 0);
  const json report = json::parse(run.out);
  CHECK(report["table"] == "t");
  CHECK(report["family"] == "f");
  REQUIRE(report["partitions"].size() == 97);
  const int hot = PartitionOf("hot");
  int64_t reads = 0, writes = 0, bytes = 0;
  for (const json& p : report["partitions"]) {
    const int index = p["index"];
    CHECK(p["name"] == "p" + std::to_string(index));
    CHECK(p["hot"] == (index == hot));
    reads += p["reads"].get<int64_t>();
    writes += p["writes"].get<int64_t>();
    bytes += p["bytes_written"].get<int64_t>();
  }
  CHECK(report["partitions"][hot]["reads"] == 1000);
  CHECK(report["partitions"][hot]["rows_read"] == 1000);
  CHECK(report["partitions"][hot]["cells_read"] == 1000);
  CHECK(reads == 1000);
  CHECK(writes == 292);
  // K + Q + V: "rowN" + "q" + "v", and "hot" + "q" + "v".
  int64_t expected_bytes = 3 + 1 + 1;
  for (int i = 0; i < 291; ++i) {
    expected_bytes +=
        static_cast<int64_t>(("row" + std::to_string(i)).size()) + 2;
  }
  CHECK(bytes == expected_bytes);
  CHECK(report["hot"] == json::array({hot}));
  CHECK(report["max_over_average"].get<double>() > 3.0);
  CHECK(report["stddev"].get<double>() > 0);
  CHECK(report["nodes"]["partitions_per_node"] == json::array({33, 32, 32}));
  CHECK(report["nodes"]["requests_per_node"].size() == 3);

  // The text form names the HOT partition and the spread.
  const CliRun text = box.Run({"stats", "t"});
  REQUIRE(text.code == 0);
  CHECK(text.out.find("HOT partitions (>= 3x average, seed 004): p" +
                      std::to_string(hot)) != std::string::npos);
  CHECK(text.out.find("stddev") != std::string::npos);

  // exec's op "stats" prints the same object.
  const CliRun exec =
      box.Run({"exec"}, R"({"op":"stats","table":"t","nodes":3})"
                        "\n");
  REQUIRE(exec.code == 0);
  const json line = json::parse(exec.out);
  CHECK(line["ok"] == true);
  json a = line["stats"], b = report;
  // The exec process's own reads are none; the figures are the same.
  CHECK(a["partitions"] == b["partitions"]);
  CHECK(a["hot"] == b["hot"]);
  CHECK(a["nodes"] == b["nodes"]);
}

TEST_CASE("stats --svg: the request heatmap, one cell per partition x bucket") {
  CliSandbox box;
  RunWorkload(box);
  const std::string svg_path = box.Path("requests.svg");
  const CliRun run = box.Run({"stats", "t", "--svg", svg_path});
  INFO(run.err);
  REQUIRE(run.code == 0);
  const std::string svg = CliSandbox::ReadFile(svg_path);
  xmlDoc* doc = xmlReadMemory(svg.data(), static_cast<int>(svg.size()),
                              "requests.svg", nullptr, XML_PARSE_NONET);
  REQUIRE_MESSAGE(doc != nullptr, "the SVG is not well-formed XML");
  std::map<std::string, std::vector<xmlNode*>> rects;
  CollectRects(xmlDocGetRootElement(doc), &rects);
  const json report = json::parse(box.Run({"stats", "t", "--json"}).out);
  const int buckets = report["heatmap"]["buckets"];
  CHECK(buckets >= 1);
  CHECK(rects["cell"].size() == static_cast<size_t>(97 * buckets));
  int64_t total = 0;
  for (xmlNode* n : rects["cell"]) total += std::stoll(Attr(n, "data-count"));
  CHECK(total == report["total"]["requests"].get<int64_t>());
  REQUIRE(rects["hot-row"].size() == 1);
  CHECK(std::stoi(Attr(rects["hot-row"][0], "data-partition")) ==
        PartitionOf("hot"));
  CHECK(svg.find("requests per cell (log scale)") != std::string::npos);
  CHECK(svg.find("HOT: at least 3.00x the average requests") !=
        std::string::npos);
  xmlFreeDoc(doc);
}

TEST_CASE("analyze --requests: even data, one partition hot by traffic") {
  CliSandbox box;
  RunWorkload(box);
  const std::string spec = box.Path("t.json");
  const CliRun run = box.Run({"analyze", spec, "--requests", "--json"});
  INFO(run.err);
  REQUIRE(run.code == 0);
  const json out = json::parse(run.out);
  CHECK(out["hot"]["both"].empty());
  CHECK(out["hot"]["by_data"].empty());
  CHECK(out["hot"]["by_traffic"] == json::array({PartitionOf("hot")}));
  CHECK(out["analysis"]["keys"] == 292);
  const CliRun text = box.Run({"analyze", spec, "--requests"});
  CHECK(text.out.find("hot by traffic only") != std::string::npos);
}

TEST_CASE("shell status 'detailed' prints per-partition request counts") {
  CliSandbox box;
  RunWorkload(box);
  const CliRun run = box.Run({"shell"}, "status 'detailed'\n");
  INFO(run.err);
  REQUIRE(run.code == 0);
  const std::string region =
      "\"t$f$p" + std::to_string(PartitionOf("hot")) + "\":\n";
  const size_t at = run.out.find(region);
  REQUIRE(at != std::string::npos);
  const std::string counts = "            readRequestsCount=1000, ";
  CHECK(run.out.compare(at + region.size(), counts.size(), counts) == 0);
  CHECK(run.out.find("numberOfOnlineRegions=194") != std::string::npos);
  const CliRun summary = box.Run({"shell"}, "status\n");
  CHECK(summary.out.find("1 servers, 0 dead, 194.0000 average load") !=
        std::string::npos);
}

TEST_CASE("stats --reset zeroes; list shows no stats table") {
  CliSandbox box;
  RunWorkload(box);
  CliRun run = box.Run({"stats", "t", "--reset"});
  INFO(run.err);
  REQUIRE(run.code == 0);
  const json report = json::parse(box.Run({"stats", "t", "--json"}).out);
  CHECK(report["total"]["requests"] == 0);
  CHECK(report["partitions"].size() == 97);
  CHECK(box.Run({"list"}).out == "t\n");
  // The table is there for SQL.
  run = box.Run({"sql", "SELECT count(*) AS n FROM obkv_stats", "--json"});
  CHECK(run.code == 0);
}

TEST_CASE("stats: bad input names the field") {
  CliSandbox box;
  RunWorkload(box);
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"stats", "nope"}, "table 'nope' not found"},
      {{"stats", "t", "--family", "zz"}, "--family: table 't' has no family"},
      {{"stats", "t", "--since", "yesterday"}, "--since: 'yesterday'"},
      {{"stats", "t", "--until", "2024-13-01T00:00:00Z"}, "--until: "},
      {{"stats", "t", "--since", "2000", "--until", "1000"},
       "--since: 2000 is after --until 1000"},
      {{"stats", "t", "--svg", box.Path("no/such/dir/x.svg")}, "--svg: "},
      {{"stats", "t", "--reset", "--family", "zz"}, "--family: "},
  };
  for (const Case& c : cases) {
    const CliRun run = box.Run(c.args);
    INFO(c.args.back(), ": ", run.err);
    CHECK(run.code == 1);
    CHECK(run.err.find(c.message) != std::string::npos);
  }
  // ISO-8601 and ms both select buckets.
  CHECK(box.Run({"stats", "t", "--since", "2000-01-01T00:00:00Z", "--until",
                 "4102444800000"})
            .code == 0);
  const CliRun exec =
      box.Run({"exec"}, R"({"op":"stats","table":"t","until":"soon"})"
                        "\n"
                        R"({"op":"stats","table":"t","bogus":1})"
                        "\n");
  CHECK(exec.out.find("\"message\":\"until: 'soon'") != std::string::npos);
  CHECK(exec.out.find("bogus") != std::string::npos);
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
