// Copyright (c) obkvlite authors.
//
// Hot keys (obkvlite/hot_keys.h) on every surface: a zipfian workload of
// known keys (200 keys, s = 1.1, 20000 gets and 2000 puts, fixed seed)
// through the library, flushed at close; then `obkv stats T --keys` in
// text and --json (the top 10 in true order with their exact counts: 200
// keys fit the counters, so the error is 0), `obkv sql` on the
// V$OB_KV_HOTKEY_STAT view, /metrics' top 10 per type (checked by
// `promtool check metrics`) and /ui/table/T's section; and the flags'
// errors.

#include <doctest/doctest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cli_test_support.h"
#include "server/metrics/prometheus_text.h"
#include "server/metrics/request_metrics.h"
#include "server/web/ui_pages.h"

namespace obkvlite {
namespace testing {
namespace {

constexpr const char* kHotKeysSpec =
    R"({"table": "t", "families": [{"name": "f"}],
        "partition": {"strategy": "key", "partitions": 4}})";

// Rows by true count, highest first, then by row.
std::vector<std::pair<std::string, int64_t>> Ranked(
    const std::map<std::string, int64_t>& counts) {
  std::vector<std::pair<std::string, int64_t>> v(counts.begin(), counts.end());
  std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  return v;
}

TEST_CASE("a zipfian workload's hot keys in stats, sql, /metrics and /ui") {
  CliSandbox box;
  box.Create("t", kHotKeysSpec);
  std::map<std::string, int64_t> gets;
  std::map<std::string, int64_t> puts;
  {
    std::vector<double> weights;
    for (int i = 1; i <= 200; ++i) weights.push_back(1.0 / std::pow(i, 1.1));
    std::discrete_distribution<int> pick(weights.begin(), weights.end());
    std::mt19937 gen(7);
    Result<std::unique_ptr<Store>> store =
        Store::Open(StoreOptions(), box.store());
    REQUIRE_MESSAGE(store.ok(), store.status().ToString());
    Result<Table*> table = (*store)->GetTable("t");
    REQUIRE(table.ok());
    for (int i = 0; i < 22000; ++i) {
      const std::string row = "row-" + std::to_string(pick(gen));
      if (i % 11 == 10) {
        REQUIRE((*table)->Put(Put(row).Add("f", "q", 100, "v")).ok());
        ++puts[row];
      } else {
        REQUIRE((*table)->Get(Get(row)).ok());
        ++gets[row];
      }
    }
  }  // closing flushes
  const auto ranked = Ranked(gets);
  const auto ranked_puts = Ranked(puts);

  {  // "stats --keys --json: the top 10 in order, exact"
    const CliRun run = box.Run({"stats", "t", "--keys", "--json"});
    INFO(run.err);
    REQUIRE(run.code == 0);
    const nlohmann::json doc = nlohmann::json::parse(run.out);
    CHECK(doc["table"] == "t");
    CHECK(doc["capacity"] == kHotKeyCapacity);
    REQUIRE(doc["types"].size() == 2);
    const nlohmann::json& query = doc["types"][0];
    CHECK(query["type"] == "query");
    CHECK(query["obkv_type"] == "TABLE_HOTKEY_QUERY");
    CHECK(query["requests"] == 20000);
    CHECK(query["floor"] == 0);
    REQUIRE(query["keys"].size() == 10);
    for (size_t i = 0; i < 10; ++i) {
      CHECK(query["keys"][i]["row"] == ranked[i].first);
      CHECK(query["keys"][i]["count"] == ranked[i].second);
      CHECK(query["keys"][i]["error"] == 0);
    }
    const nlohmann::json& insert = doc["types"][1];
    CHECK(insert["type"] == "insert");
    CHECK(insert["requests"] == 2000);
    CHECK(insert["keys"][0]["row"] == ranked_puts[0].first);
    CHECK(insert["keys"][0]["count"] == ranked_puts[0].second);
  }

  {  // "stats --keys --top 3: text"
    const CliRun run = box.Run({"stats", "t", "--keys", "--top", "3"});
    INFO(run.err);
    REQUIRE(run.code == 0);
    std::istringstream lines(run.out);
    std::string header;
    std::getline(lines, header);
    CHECK(header.rfind("type", 0) == 0);
    std::getline(lines, header);  // the rule under it
    CHECK(header.rfind("----", 0) == 0);
    for (int i = 0; i < 3; ++i) {
      std::string line;
      std::getline(lines, line);
      std::istringstream words(line);
      std::string type, rank, row, count, error;
      words >> type >> rank >> row >> count >> error;
      CHECK(type == "query");
      CHECK(rank == std::to_string(i + 1));
      CHECK(row == ranked[static_cast<size_t>(i)].first);
      CHECK(count == std::to_string(ranked[static_cast<size_t>(i)].second));
      CHECK(error == "0");
    }
    CHECK(run.out.find("query: 20000 requests; a key not listed had at most "
                       "0\ninsert: 2000 requests; a key not listed had at "
                       "most 0\ncount - error <= true requests <= count; "
                       "error <= requests / 256\n") != std::string::npos);
  }

  {  // "obkv sql on V$OB_KV_HOTKEY_STAT"
    const CliRun run = box.Run(
        {"sql",
         "SELECT \"HOTKEY\", \"HOTKEY_FREQ\" FROM \"V$OB_KV_HOTKEY_STAT\" "
         "WHERE \"HOTKEY_TYPE\" = 'TABLE_HOTKEY_QUERY' ORDER BY "
         "\"HOTKEY_FREQ\" DESC, \"HOTKEY\" LIMIT 2",
         "--json"});
    INFO(run.err);
    REQUIRE(run.code == 0);
    const nlohmann::json rows = nlohmann::json::parse(run.out);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0]["HOTKEY"] == ranked[0].first);
    CHECK(rows[0]["HOTKEY_FREQ"] == ranked[0].second);
    CHECK(rows[1]["HOTKEY"] == ranked[1].first);
  }

  {  // "/metrics: the top 10 per type, promtool-clean; /ui/table/t"
    Result<std::unique_ptr<Store>> store =
        Store::Open(StoreOptions(), box.store());
    REQUIRE(store.ok());
    metrics::RequestMetrics request_metrics;
    const std::string text = metrics::RenderPrometheus(
        store->get(), request_metrics, metrics::ServerGauges());
    const auto [code, out] = Promtool(text, box);
    INFO(out);
    CHECK(code == 0);
    size_t series = 0;
    for (size_t at = 0; (at = text.find("\nobkv_hotkey_requests_total{", at)) !=
                        std::string::npos;
         ++at) {
      ++series;
    }
    CHECK(series == 20);  // 10 query, 10 insert
    CHECK(text.find("obkv_hotkey_requests_total{engine=\"sqlite\",table=\"t\","
                    "type=\"query\",key=\"" +
                    ranked[0].first + "\"} " +
                    std::to_string(ranked[0].second) + "\n") !=
          std::string::npos);
    CHECK(text.find("obkv_hotkey_error{engine=\"sqlite\",table=\"t\","
                    "type=\"insert\"} 0\n") != std::string::npos);

    web::UiContext ctx;
    ctx.store = store->get();
    ctx.metrics = &request_metrics;
    ctx.listen = "127.0.0.1:8080";
    const server::HttpResponse page =
        web::RenderUiPage(ctx, "GET", "/ui/table/t");
    REQUIRE(page.status == 200);
    CHECK(page.body.find("<tr class=\"hotkey\"><td>TABLE_HOTKEY_QUERY</td>"
                         "<td class=\"n\">1</td><td>" +
                         ranked[0].first + "</td><td class=\"n\">" +
                         std::to_string(ranked[0].second) +
                         "</td><td class=\"n\">0</td></tr>") !=
          std::string::npos);
    CHECK(page.body.find("<li>TABLE_HOTKEY_INSERT: 2000 requests; a key not "
                         "listed had at most 0</li>") != std::string::npos);
  }

  {  // "errors name the flag"
    CliRun run = box.Run({"stats", "t", "--top", "3"});
    CHECK(run.code != 0);
    CHECK(run.err.find("--top: only with --keys") != std::string::npos);
    run = box.Run({"stats", "t", "--keys", "--family", "f"});
    CHECK(run.code != 0);
    CHECK(run.err.find("--keys: hot keys are the table's") !=
          std::string::npos);
    run = box.Run({"stats", "--ops", "--keys"});
    CHECK(run.err.find("--keys: not with --ops") != std::string::npos);
    run = box.Run({"stats", "nope", "--keys"});
    CHECK(run.code != 0);
    CHECK(run.err.find("nope") != std::string::npos);
    run = box.Run({"stats", "t", "--keys", "--top", "0"});
    CHECK(run.code != 0);
    CHECK(run.err.find("--top") != std::string::npos);
  }
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
