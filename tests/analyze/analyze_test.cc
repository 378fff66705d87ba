// Copyright (c) obkvlite authors.
//
// The hotspot analyzer (issue 7): the synthetic workloads (timestamp-first
// keys under RANGE, the same keys salted, and under KEY 97), node balance
// (seed 003's <3,2,2>), each lint, the keys file, the reports, and the
// heatmap SVG parsed with libxml2.

#include "obkvlite/analyze.h"

#include <doctest/doctest.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_test_support.h"
#include "obkvlite/bytes.h"
#include "obkvlite/options.h"
#include "obkvlite/rowkey.h"
#include "obkvlite/spec.h"
#include "obkvlite/store.h"
#include "obkvlite/table.h"
#include "svg_test_support.h"
#include "test_paths.h"
#include "tools/cli/cli.h"

namespace obkvlite {
namespace {

using testing::Attr;
using testing::CliRun;
using testing::CollectRects;
using testing::RunCli;

std::string SourcePath(const std::string& relative) {
  return std::string(OBKV_SOURCE_DIR) + "/" + relative;
}

TableSpec MustParse(const std::string& json) {
  Result<TableSpec> spec = ParseTableSpec(json);
  REQUIRE_MESSAGE(spec.ok(), spec.status().ToString());
  return *spec;
}

TableSpec MustLoad(const std::string& relative) {
  Result<TableSpec> spec = LoadTableSpecFile(SourcePath(relative));
  REQUIRE_MESSAGE(spec.ok(), spec.status().ToString());
  return *spec;
}

std::string WithPartition(const std::string& partition) {
  return R"({"table": "events", "families": [{"name": "e"}], "partition": )" +
         partition + "}";
}

const char* const kRange5 = R"({"strategy": "range", "column": "K", "bounds":
    ["1600000000000", "1650000000000", "1700000000000", "1750000000000",
     "MAXVALUE"]})";
const char* const kKey97 = R"({"strategy": "key", "partitions": 97})";

struct Key {
  std::string key;
  std::optional<int64_t> ts;
};

AnalysisReport Analyze(const TableSpec& spec, const std::vector<Key>& keys,
                       AnalyzeOptions options = {}) {
  Result<std::unique_ptr<KeyAnalyzer>> analyzer =
      KeyAnalyzer::Create(spec, "", options);
  REQUIRE_MESSAGE(analyzer.ok(), analyzer.status().ToString());
  for (const Key& k : keys) {
    Status st = (*analyzer)->Add(k.key, k.ts);
    REQUIRE_MESSAGE(st.ok(), st.ToString());
  }
  return (*analyzer)->Finish();
}

AnalysisReport AnalyzeKeys(const std::string& spec_json,
                           const std::vector<std::string>& keys) {
  std::vector<Key> list;
  for (const std::string& k : keys) list.push_back({k, std::nullopt});
  return Analyze(MustParse(spec_json), list);
}

// The issue's workload: 100,000 messages, one every 100 ms, keyed
// ts | msgid as in seed 003's "timestamp | msgid".
constexpr int kMessages = 100000;

std::vector<Key> TimestampFirstKeys() {
  std::vector<Key> keys;
  char buf[64];
  for (int i = 0; i < kMessages; ++i) {
    const int64_t ts = 1700000000000LL + 100LL * i;
    std::snprintf(buf, sizeof buf, "%013lld_%019d", static_cast<long long>(ts),
                  i);
    keys.push_back({buf, ts});
  }
  return keys;
}

// The same messages, salted by the example spec (murmur3, 16 buckets).
std::vector<Key> SaltedKeys(const TableSpec& salted) {
  std::vector<Key> keys;
  for (int i = 0; i < kMessages; ++i) {
    const int64_t ts = 1700000000000LL + 100LL * i;
    Result<std::string> key =
        BuildRowkey(*salted.rowkey,
                    {{"ts", std::to_string(ts)}, {"msgid", std::to_string(i)}});
    REQUIRE(key.ok());
    keys.push_back({*key, ts});
  }
  return keys;
}

// A deterministic shuffle (an LCG), so that keys are not written in order.
std::vector<std::string> Shuffled(std::vector<std::string> v) {
  uint64_t x = 12345;
  for (size_t i = v.size(); i > 1; --i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    std::swap(v[i - 1], v[(x >> 33) % i]);
  }
  return v;
}

bool Cites(const Lint& lint, const std::string& prefix) {
  for (const std::string& c : lint.citations) {
    if (c.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

// ---- The synthetic workloads ----

TEST_CASE("workload: timestamp-first keys under RANGE hit one partition") {
  const AnalysisReport r =
      Analyze(MustParse(WithPartition(kRange5)), TimestampFirstKeys());
  REQUIRE(r.partitions.size() == 5);
  CHECK(r.keys == kMessages);
  CHECK(r.partitions[3].keys == kMessages);  // [1700000000000, 1750000000000)
  CHECK(r.max == kMessages);
  CHECK(r.average == doctest::Approx(20000.0));
  CHECK(r.max_over_average == doctest::Approx(5.0));
  CHECK(r.HotPartitions() == std::vector<int>{3});
  CHECK(r.partitions[3].table == "events$e$p3");
  REQUIRE(r.lints.size() == 1);
  const Lint& lint = r.lints[0];
  CHECK(lint.id == "monotonic-prefix");
  CHECK(lint.severity == LintSeverity::kWarning);
  CHECK(lint.finding ==
        "100% of consecutive keys ascend (from "
        "'1700000000000_0000000000000000000' to "
        "'1700009999900_0000000000000099999'): the key starts with a "
        "timestamp or sequence, leading part '1700009999900'");
  CHECK(lint.reason ==
        "RANGE partitioning places keys by byte order, so every new key lands "
        "in the same (last) partition and one node takes all the writes");
  CHECK(Cites(lint,
              "seed 003: avoid a timestamp or sequence as the key prefix under "
              "RANGE partitioning"));
  CHECK(Cites(lint, "seed 004: "));
}

TEST_CASE("workload: the same keys salted spread evenly (max/avg <= 1.2)") {
  const TableSpec salted = MustLoad("schemas/examples/salted_messages.json");
  const AnalysisReport r = Analyze(salted, SaltedKeys(salted));
  REQUIRE(r.partitions.size() == 16);
  CHECK(r.keys == kMessages);
  CHECK(r.max_over_average <= 1.2);
  CHECK(r.max == 6379);
  CHECK(r.max_over_average == doctest::Approx(1.02064));
  CHECK(r.HotPartitions().empty());
  CHECK(r.lints.empty());
}

TEST_CASE("workload: the same keys under KEY 97 are balanced") {
  const AnalysisReport r =
      Analyze(MustParse(WithPartition(kKey97)), TimestampFirstKeys());
  REQUIRE(r.partitions.size() == 97);
  CHECK(r.max_over_average <= 1.2);
  CHECK(r.max == 1087);
  CHECK(r.max_over_average == doctest::Approx(1.05439));
  CHECK(r.HotPartitions().empty());
  // The keys are still monotonic: harmless under KEY, but worth knowing.
  REQUIRE(r.lints.size() == 1);
  CHECK(r.lints[0].id == "monotonic-prefix");
  CHECK(r.lints[0].severity == LintSeverity::kInfo);
  CHECK(r.lints[0].reason.rfind("harmless under KEY partitioning", 0) == 0);
}

// ---- Node balance ----

TEST_CASE("nodes: seed 003's 3 nodes with 7 partitions are <3,2,2>, 33%") {
  const NodeBalance b = BalanceNodes(7, 3, {});
  CHECK(b.partitions_per_node == std::vector<int>{3, 2, 2});
  CHECK(b.partition_imbalance == doctest::Approx(1.0 / 3));
  CHECK(b.keys_per_node.empty());
  CHECK(FormatNodeBalance(b) ==
        "nodes: 3 -> partitions <3,2,2>, imbalance 33% (seed 003: node "
        "partition counts differ by at most 1)\n");
  CHECK(BalanceNodes(97, 3, {}).partitions_per_node ==
        std::vector<int>{33, 32, 32});
  CHECK(BalanceNodes(3, 3, {}).partition_imbalance == 0);
  CHECK(BalanceNodes(2, 3, {}).partitions_per_node ==
        std::vector<int>{1, 1, 0});
  const NodeBalance loaded = BalanceNodes(4, 2, {10, 0, 30, 0});
  CHECK(loaded.keys_per_node == std::vector<int64_t>{40, 0});
  CHECK(loaded.load_imbalance == 1.0);
  CHECK(FormatNodeBalance(loaded) ==
        "nodes: 2 -> partitions <2,2>, imbalance 0% (seed 003: node partition "
        "counts differ by at most 1)\n"
        "       keys <40,0>, imbalance 100% (partition i on node i % 2)\n");
}

TEST_CASE("nodes: the analyzer balances its partitions over --nodes") {
  AnalyzeOptions options;
  options.nodes = 3;
  const AnalysisReport r =
      Analyze(MustParse(WithPartition(kRange5)), TimestampFirstKeys(), options);
  REQUIRE(r.balance.has_value());
  CHECK(r.balance->partitions_per_node == std::vector<int>{2, 2, 1});
  CHECK(r.balance->keys_per_node == std::vector<int64_t>{kMessages, 0, 0});
}

// ---- Lints ----

std::vector<std::string> MessageTypeKeys() {
  std::vector<std::string> keys;
  char buf[32];
  for (int i = 0; i < 1000; ++i) {
    const char* type = i % 10 < 5 ? "login" : i % 10 < 8 ? "logout" : "pay";
    std::snprintf(buf, sizeof buf, "%s|%08d", type, i);
    keys.push_back(buf);
  }
  return Shuffled(keys);
}

TEST_CASE("lint: low-cardinality prefix (seed 003's msgtype | msgid)") {
  const AnalysisReport range = AnalyzeKeys(
      WithPartition(R"({"strategy": "range", "bounds": ["m", "MAXVALUE"]})"),
      MessageTypeKeys());
  REQUIRE(range.lints.size() == 1);
  const Lint& lint = range.lints[0];
  CHECK(lint.id == "low-cardinality-prefix");
  CHECK(lint.severity == LintSeverity::kWarning);
  CHECK(lint.finding ==
        "only 3 distinct values before the first separator in 1000 keys: "
        "'login' 50%, 'logout' 30%, 'pay' 20%");
  CHECK(Cites(lint,
              "seed 003: avoid a prefix with few distinct values, such "
              "as msgtype | msgid"));
  const AnalysisReport key =
      AnalyzeKeys(WithPartition(kKey97), MessageTypeKeys());
  REQUIRE(key.lints.size() == 1);
  CHECK(key.lints[0].severity == LintSeverity::kInfo);
}

TEST_CASE("lint: a K_PREFIX with fewer values than partitions") {
  const AnalysisReport r = Analyze(
      MustParse(WithPartition(
          R"({"strategy": "key", "partitions": 97, "prefix_length": 4})")),
      TimestampFirstKeys());
  CHECK(r.HotPartitions().size() == 1);
  const Lint* lint = r.FindLint("low-cardinality-prefix");
  REQUIRE(lint != nullptr);
  CHECK(lint->severity == LintSeverity::kWarning);
  CHECK(lint->finding ==
        "only 1 distinct K_PREFIX values (the first 4 bytes) in 100000 keys, "
        "for 97 KEY partitions");
  CHECK(lint->reason ==
        "KEY(K_PREFIX) hashes only the first 4 bytes, so at most 1 partitions "
        "receive keys");
}

TEST_CASE("lint: a salt prefix is not a low-cardinality prefix") {
  std::vector<std::string> keys;
  for (int i = 0; i < 1000; ++i) {
    keys.push_back(HexBucket(Murmur3SaltBucket(std::to_string(i), 16), 16) +
                   "_user" + std::to_string(100000 + i));
  }
  CHECK(AnalyzeKeys(WithPartition(kKey97), keys).lints.empty());
}

TEST_CASE("lint: keys over 64 bytes warn, over 1024 bytes are errors") {
  std::vector<std::string> keys;
  for (int i = 0; i < 90; ++i) keys.push_back("k" + std::to_string(1000 + i));
  for (int i = 0; i < 10; ++i) keys.push_back(std::string(100, 'a' + i));
  const AnalysisReport warn =
      AnalyzeKeys(WithPartition(kKey97), Shuffled(keys));
  const Lint* lint = warn.FindLint("key-length");
  REQUIRE(lint != nullptr);
  CHECK(lint->severity == LintSeverity::kWarning);
  CHECK(lint->finding.rfind("10 of 100 keys (10%) exceed 64 bytes (longest 100 "
                            "bytes: '",
                            0) == 0);
  CHECK(Cites(*lint, "seed 002: keep row keys within 16-64 bytes"));
  keys.push_back(std::string(1100, 'z'));
  keys.push_back(std::string(2000, 'y'));
  const AnalysisReport error = AnalyzeKeys(WithPartition(kKey97), keys);
  CHECK(error.skipped == 2);
  CHECK(error.keys == 100);
  REQUIRE(!error.lints.empty());
  CHECK(error.lints[0].id == "key-length");  // errors come first
  CHECK(error.lints[0].severity == LintSeverity::kError);
  CHECK(error.lints[0].finding.rfind(
            "2 of 102 keys exceed 1024 bytes and cannot be stored (longest "
            "2000 bytes: 'yyyy",
            0) == 0);
}

TEST_CASE("lint: unpadded numbers (seed 004's \"1\" < \"10\" < \"2\")") {
  std::vector<std::string> keys;
  for (int i = 1; i <= 200; ++i) keys.push_back("user_" + std::to_string(i));
  const AnalysisReport r = AnalyzeKeys(WithPartition(kKey97), Shuffled(keys));
  const Lint* lint = r.FindLint("unpadded-number");
  REQUIRE(lint != nullptr);
  CHECK(lint->severity == LintSeverity::kWarning);
  CHECK(lint->finding.rfind("field 2 (counting from 1 after any salt) holds "
                            "numbers of 1 to 3 digits in 200 keys (e.g. '",
                            0) == 0);
  CHECK(Cites(*lint, "seed 004: pad numbers to a fixed width"));
  // Letters then digits in one field: "user7", "user12".
  std::vector<std::string> glued;
  for (int i = 1; i <= 200; ++i) glued.push_back("user" + std::to_string(i));
  CHECK(AnalyzeKeys(WithPartition(kKey97), Shuffled(glued))
            .FindLint("unpadded-number") != nullptr);
  // Padded numbers are fine.
  std::vector<std::string> padded;
  char buf[32];  // room for any int: -Wformat-truncation at -O1
  for (int i = 1; i <= 200; ++i) {
    std::snprintf(buf, sizeof buf, "user_%04d", i);
    padded.push_back(buf);
  }
  CHECK(AnalyzeKeys(WithPartition(kKey97), Shuffled(padded))
            .FindLint("unpadded-number") == nullptr);
}

TEST_CASE("lint: personal data in keys (seed 004's anti-pattern 4)") {
  const AnalysisReport r = AnalyzeKeys(
      WithPartition(kKey97),
      {"alice@example.com_20260308", "bob_20260308", "+8613800138000_login",
       "host_10.1.2.3_get", "carol@mail.example.org_1"});
  REQUIRE(r.lints.size() == 1);
  const Lint& lint = r.lints[0];
  CHECK(lint.id == "personal-data");
  CHECK(lint.finding ==
        "4 of 5 keys look like personal data: 2 contain an e-mail address "
        "(e.g. 'a***@example.com_20260308'); 1 contain a phone number (e.g. "
        "'+86*********00_login'); 1 contain an IPv4 address (e.g. "
        "'host_10.*.*.*_get')");
  CHECK(Cites(lint,
              "seed 004: do not put e-mail addresses or other sensitive "
              "data in row keys"));
  // Version strings and timestamps are not IP addresses or phone numbers.
  CHECK(AnalyzeKeys(WithPartition(kKey97),
                    {"pkg_1.2.3.4.5", "1700000000000_a", "v1.2.3_x"})
            .lints.empty());
}

TEST_CASE("lint: descending keys (reverse timestamps first)") {
  std::vector<std::string> keys;
  for (int i = 0; i < 100; ++i) {
    keys.push_back(std::to_string(9223370336854775807LL - i) + "_x");
  }
  const AnalysisReport r = AnalyzeKeys(
      WithPartition(R"({"strategy": "range", "bounds": ["5", "MAXVALUE"]})"),
      keys);
  const Lint* lint = r.FindLint("monotonic-prefix");
  REQUIRE(lint != nullptr);
  CHECK(lint->finding.rfind("100% of consecutive keys descend", 0) == 0);
  CHECK(lint->reason.find("same (first) partition") != std::string::npos);
}

// ---- Keys file ----

TEST_CASE("keys file: escaped keys, an optional TAB and ts, errors by line") {
  const TableSpec spec = MustParse(WithPartition(kRange5));
  std::unique_ptr<KeyAnalyzer> analyzer =
      std::move(KeyAnalyzer::Create(spec, "", {}).value());
  std::istringstream in(
      "1700000000000_a\t1700000000000\n"
      "\n"
      "1600000000000\\x00b\t1700000000001\r\n"
      "1500000000000_c\t1700000000002\n");
  REQUIRE(AnalyzeKeysStream(in, "keys.txt", analyzer.get()).ok());
  const AnalysisReport r = analyzer->Finish();
  CHECK(r.keys == 3);
  CHECK(r.partitions[0].keys == 1);
  CHECK(r.partitions[1].keys == 1);
  CHECK(r.partitions[3].keys == 1);
  CHECK(r.heatmap.by_time);
  CHECK(r.heatmap.start_ms == 1700000000000);
  // Keys 1 ms apart: one bucket of a second, not one per millisecond.
  CHECK(r.heatmap.bucket_ms == 1000);
  CHECK(r.heatmap.buckets == 1);

  std::istringstream bad("a\nb\\x4\n");
  Status st = AnalyzeKeysStream(bad, "keys.txt", analyzer.get());
  REQUIRE(!st.ok());
  CHECK(st.message() ==
        "keys.txt:2: key: bad escape at offset 1: expected \\xHH (a backslash "
        "itself is written \\x5C)");
  std::istringstream bad_ts("a\t12x\n");
  st = AnalyzeKeysStream(bad_ts, "keys.txt", analyzer.get());
  CHECK(st.message() ==
        "keys.txt:1: ts: must be a non-negative integer (ms), got \"12x\"");
}

TEST_CASE("keys file: a family partitioned on time needs the ts column") {
  const TableSpec spec = MustLoad("schemas/seed003/range_key.json");
  std::unique_ptr<KeyAnalyzer> analyzer =
      std::move(KeyAnalyzer::Create(spec, "", {}).value());
  std::istringstream in("row1\t1728921600001\nrow2\n");
  Status st = AnalyzeKeysStream(in, "keys.txt", analyzer.get());
  REQUIRE(!st.ok());
  CHECK(st.message().rfind("keys.txt:2: ts: required", 0) == 0);
}

TEST_CASE("analyzer: bad options and families") {
  const TableSpec spec = MustParse(WithPartition(kKey97));
  AnalyzeOptions options;
  options.time_buckets = 0;
  CHECK(KeyAnalyzer::Create(spec, "", options).status().message() ==
        "time_buckets: must be between 1 and 1000, got 0");
  options = AnalyzeOptions();
  options.hot_factor = 0;
  CHECK(KeyAnalyzer::Create(spec, "", options).status().message() ==
        "hot_factor: must be above 0, got 0.000000");
  CHECK(KeyAnalyzer::Create(spec, "nope", {}).status().message() ==
        "family: no family 'nope' in table 'events'");
}

// ---- Heatmap ----

TEST_CASE("heatmap: time buckets, or input order without timestamps") {
  const AnalysisReport timed =
      Analyze(MustParse(WithPartition(kRange5)), TimestampFirstKeys());
  const Heatmap& map = timed.heatmap;
  CHECK(map.by_time);
  CHECK(map.partitions == 5);
  // 9999901 ms over at most 24 columns: 10-minute buckets, aligned.
  CHECK(map.bucket_ms == 600000);
  CHECK(map.start_ms == 1699999800000);
  CHECK(map.buckets == 17);
  int64_t total = 0;
  for (int64_t c : map.counts) total += c;
  CHECK(total == kMessages);
  for (int b = 0; b < map.buckets; ++b) {
    CHECK(map.at(0, b) == 0);
    CHECK(map.at(3, b) > 0);
  }
  std::vector<std::string> keys;
  for (int i = 0; i < 50; ++i) keys.push_back("k" + std::to_string(i));
  const AnalysisReport untimed = AnalyzeKeys(WithPartition(kKey97), keys);
  CHECK(!untimed.heatmap.by_time);
  CHECK(untimed.heatmap.keys_per_bucket == 3);  // ceil(50 / 24)
  CHECK(untimed.heatmap.buckets == 17);         // ceil(50 / 3)
}

// Rec. 709 luma of "#rrggbb".
double Luma(const std::string& colour) {
  REQUIRE(colour.size() == 7);
  const int r = std::stoi(colour.substr(1, 2), nullptr, 16);
  const int g = std::stoi(colour.substr(3, 2), nullptr, 16);
  const int b = std::stoi(colour.substr(5, 2), nullptr, 16);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

struct SvgCell {
  int partition;
  int bucket;
  int64_t count;
  std::string fill;
};

void CheckSvg(const AnalysisReport& report) {
  const std::string svg = RenderHeatmapSvg(report);
  xmlDoc* doc = xmlReadMemory(svg.data(), static_cast<int>(svg.size()),
                              "heatmap.svg", nullptr, XML_PARSE_NONET);
  REQUIRE_MESSAGE(doc != nullptr, "the SVG is not well-formed XML");
  xmlNode* root = xmlDocGetRootElement(doc);
  CHECK(std::string(reinterpret_cast<const char*>(root->name)) == "svg");
  std::map<std::string, std::vector<xmlNode*>> rects;
  CollectRects(root, &rects);

  // One cell per partition x bucket, each carrying the heatmap's count.
  const Heatmap& map = report.heatmap;
  std::vector<SvgCell> cells;
  std::set<std::pair<int, int>> seen;
  for (xmlNode* n : rects["cell"]) {
    SvgCell c{std::stoi(Attr(n, "data-partition")),
              std::stoi(Attr(n, "data-bucket")),
              std::stoll(Attr(n, "data-count")), Attr(n, "fill")};
    CHECK(seen.insert({c.partition, c.bucket}).second);
    CHECK(c.count == map.at(c.partition, c.bucket));
    cells.push_back(c);
  }
  CHECK(cells.size() ==
        static_cast<size_t>(map.partitions) * static_cast<size_t>(map.buckets));
  CHECK(seen.size() == cells.size());

  // Colour is monotonic in the count: more keys are never darker.
  std::sort(cells.begin(), cells.end(), [](const SvgCell& a, const SvgCell& b) {
    return a.count < b.count;
  });
  for (size_t i = 1; i < cells.size(); ++i) {
    CHECK(Luma(cells[i - 1].fill) <= Luma(cells[i].fill));
    if (cells[i - 1].count == cells[i].count) {
      CHECK(cells[i - 1].fill == cells[i].fill);
    }
  }
  if (cells.front().count < cells.back().count) {
    CHECK(Luma(cells.front().fill) < Luma(cells.back().fill));
  }

  // HOT partitions are marked; the legend shows the scale.
  std::set<int> hot_rows;
  for (xmlNode* n : rects["hot-row"]) {
    hot_rows.insert(std::stoi(Attr(n, "data-partition")));
  }
  const std::vector<int> hot = report.HotPartitions();
  CHECK(hot_rows == std::set<int>(hot.begin(), hot.end()));
  CHECK(rects["hot-marker"].size() == hot.size());
  const std::vector<xmlNode*>& legend = rects["legend-step"];
  REQUIRE(legend.size() == 10);
  for (size_t i = 1; i < legend.size(); ++i) {
    CHECK(std::stoll(Attr(legend[i - 1], "data-count")) <=
          std::stoll(Attr(legend[i], "data-count")));
    CHECK(Luma(Attr(legend[i - 1], "fill")) < Luma(Attr(legend[i], "fill")));
  }
  CHECK(svg.find("HOT: at least 3.00x the average") != std::string::npos);
  xmlFreeDoc(doc);
}

TEST_CASE("svg: one cell per partition x bucket, colour monotonic in count") {
  const TableSpec salted = MustLoad("schemas/examples/salted_messages.json");
  CheckSvg(Analyze(salted, SaltedKeys(salted)));
  const AnalysisReport hot =
      Analyze(MustParse(WithPartition(kRange5)), TimestampFirstKeys());
  CheckSvg(hot);
  // A skewed KEY workload: one hot key among many.
  std::vector<std::string> keys;
  for (int i = 0; i < 3000; ++i) {
    keys.push_back(i % 3 == 0 ? "celebrity" : "user" + std::to_string(i));
  }
  const AnalysisReport skewed = AnalyzeKeys(
      WithPartition(R"({"strategy": "key", "partitions": 23})"), keys);
  CHECK(skewed.HotPartitions().size() == 1);
  CheckSvg(skewed);
}

// ---- Reports ----

TEST_CASE("report: the exact text report") {
  AnalyzeOptions options;
  options.nodes = 2;
  options.time_buckets = 4;
  std::vector<Key> keys;
  for (const char* k : {"a1", "a2", "a3", "a4", "a5", "a6", "a7", "b1", "c1"}) {
    keys.push_back({k, std::nullopt});
  }
  const AnalysisReport r = Analyze(
      MustParse(WithPartition(
          R"({"strategy": "range", "bounds": ["b", "c", "MAXVALUE"]})")),
      keys, options);
  CHECK(RenderReportText(r) ==
        "table events, family e: RANGE COLUMNS(K), 3 partitions\n"
        "keys: 9 routed; average 3.0 per partition; max 7 (2.33x average)\n"
        "HOT partitions (>= 3x average, seed 004): none\n"
        "\n"
        "partition        keys    share   x avg\n"
        "p0                  7    77.8%    2.33\n"
        "p1                  1    11.1%    0.33\n"
        "p2                  1    11.1%    0.33\n"
        "\n"
        "nodes: 2 -> partitions <2,1>, imbalance 50% (seed 003: node "
        "partition counts differ by at most 1)\n"
        "       keys <8,1>, imbalance 88% (partition i on node i % 2)\n"
        "\n"
        "lints: none\n"
        "\n"
        "heatmap: 3 partitions x 3 buckets of 3 keys in input order (no ts "
        "column); shades \" .:-=+*#%@\" (log scale), max 3 keys per cell\n"
        "p0 |@@+|\n"
        "p1 |  +|\n"
        "p2 |  +|\n");
}

TEST_CASE("report: JSON carries every part") {
  AnalyzeOptions options;
  options.nodes = 3;
  const AnalysisReport r =
      Analyze(MustParse(WithPartition(kRange5)), TimestampFirstKeys(), options);
  const nlohmann::json j = nlohmann::json::parse(RenderReportJson(r));
  CHECK(j["table"] == "events");
  CHECK(j["partitioning"] == "RANGE COLUMNS(K), 5 partitions");
  CHECK(j["keys"] == kMessages);
  CHECK(j["hot"] == nlohmann::json::array({3}));
  CHECK(j["partitions"][3]["table"] == "events$e$p3");
  CHECK(j["partitions"][3]["hot"] == true);
  CHECK(j["nodes"]["partitions_per_node"] == nlohmann::json::array({2, 2, 1}));
  CHECK(j["lints"][0]["id"] == "monotonic-prefix");
  CHECK(j["lints"][0]["severity"] == "warning");
  CHECK(j["heatmap"]["axis"] == "time");
  CHECK(j["heatmap"]["counts"].size() == 5);
  CHECK(j["heatmap"]["counts"][3].size() == 17);
}

// ---- obkv analyze ----

TEST_CASE("cli: obkv analyze reads keys, writes JSON and SVG") {
  const std::string spec = SourcePath("schemas/seed003/range.json");
  const std::string svg = "analyze_test_heatmap.svg";
  std::remove(svg.c_str());
  const CliRun run = RunCli(
      {"analyze", spec, "--keys", "-", "--json", "--nodes", "3", "--svg", svg},
      "apple\t1000\nbanana\t2000\nx-ray\t3000\n");
  CHECK(run.code == 0);
  CHECK(run.err == "");
  const nlohmann::json j = nlohmann::json::parse(run.out);
  CHECK(j["keys"] == 3);
  CHECK(j["partitions"][1]["keys"] == 2);
  CHECK(j["nodes"]["partitions_per_node"] == nlohmann::json::array({1, 1, 1}));
  std::ifstream written(svg);
  CHECK(written.good());
  std::remove(svg.c_str());

  const CliRun text = RunCli({"analyze", spec, "--keys", "-"}, "apple\n");
  CHECK(text.code == 0);
  CHECK(text.out.rfind("table htable1, family family1: RANGE COLUMNS(K), 3 "
                       "partitions\n",
                       0) == 0);
}

// A temporary directory, removed with everything in it.
using TempDir = testing::CliSandbox;

void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  REQUIRE(out.good());
}

TEST_CASE("cli: obkv analyze --store reads a table's cells in time order") {
  TempDir dir;
  const std::string db = dir.Path("s.db");
  {
    Result<std::unique_ptr<Store>> store = Store::Open({}, db);
    REQUIRE_MESSAGE(store.ok(), store.status().ToString());
    REQUIRE((*store)->CreateTable(MustParse(WithPartition(kRange5))).ok());
    Table* table = (*store)->GetTable("events").value();
    std::vector<Put> puts;
    char buf[64];
    for (int i = 0; i < 1000; ++i) {
      const int64_t ts = 1700000000000LL + 1000LL * i;
      std::snprintf(buf, sizeof buf, "%013lld_%06d", static_cast<long long>(ts),
                    i);
      puts.push_back(Put(buf).Add("e", "q", ts, "v"));
    }
    REQUIRE(table->Put(puts).ok());
  }
  // The store's own partitioning: everything in p3, the lint fires.
  const std::string range_spec = dir.Path("range.json");
  WriteFile(range_spec, WithPartition(kRange5));
  CliRun run = RunCli({"--store", db, "analyze", range_spec, "--json"});
  REQUIRE_MESSAGE(run.code == 0, run.err);
  nlohmann::json j = nlohmann::json::parse(run.out);
  CHECK(j["keys"] == 1000);
  CHECK(j["partitions"][3]["keys"] == 1000);
  CHECK(j["hot"] == nlohmann::json::array({3}));
  CHECK(j["lints"][0]["id"] == "monotonic-prefix");
  CHECK(j["heatmap"]["axis"] == "time");
  // The same data under a candidate design: KEY 97 on a table of another
  // name, read from the store's "events".
  const std::string key_spec = dir.Path("key.json");
  WriteFile(key_spec,
            R"({"table": "candidate", "families": [{"name": "e"}],
                "partition": {"strategy": "key", "partitions": 97}})");
  run = RunCli(
      {"analyze", key_spec, "--store", db, "--table", "events", "--json"});
  REQUIRE_MESSAGE(run.code == 0, run.err);
  j = nlohmann::json::parse(run.out);
  CHECK(j["keys"] == 1000);
  CHECK(j["hot"].empty());
  CHECK(j["partitioning"] == "KEY(K) PARTITIONS 97, hash oceanbase");
  // Errors: no such table, no such family.
  run = RunCli({"analyze", key_spec, "--store", db});
  CHECK(run.code == 1);
  CHECK(run.err.find("candidate") != std::string::npos);
  run = RunCli({"analyze", range_spec, "--store", db, "--family", "x"});
  CHECK(run.code == 1);
  CHECK(run.err == "obkv: family: no family 'x' in table 'events'\n");
  // SPEC has the family, the store's table does not.
  const std::string other_family = dir.Path("other.json");
  WriteFile(other_family,
            R"({"table": "events", "families": [{"name": "z"}]})");
  run = RunCli({"analyze", other_family, "--store", db});
  CHECK(run.code == 1);
  CHECK(run.err ==
        "obkv: --family: table 'events' in the store has no family 'z'\n");
  run = RunCli({"analyze", range_spec, "--table", "events", "--keys", "-"});
  CHECK(run.code == 2);
  CHECK(run.err == "obkv: analyze: --table needs --store PATH\n");
}

TEST_CASE("cli: obkv analyze errors") {
  const std::string spec = SourcePath("schemas/seed003/range.json");
  CliRun run = RunCli({"analyze", spec});
  CHECK(run.code == 2);
  CHECK(run.err ==
        "obkv: analyze: --keys FILE (or --store PATH) is required\n");
  run = RunCli({"analyze", spec, "--keys", "no-such-file.txt"});
  CHECK(run.code == 1);
  CHECK(run.err == "obkv: no-such-file.txt: cannot open keys file\n");
  run = RunCli({"analyze", spec, "--keys", "-"}, "ok\nbad\\x\n");
  CHECK(run.code == 1);
  CHECK(run.err ==
        "obkv: stdin:2: key: bad escape at offset 3: expected \\xHH (a "
        "backslash itself is written \\x5C)\n");
  run = RunCli({"analyze", spec, "--keys", "-", "--family", "nope"}, "a\n");
  CHECK(run.err == "obkv: family: no family 'nope' in table 'htable1'\n");
}

}  // namespace
}  // namespace obkvlite
