// Copyright (c) obkvlite authors.
//
// The operation statistics through obkv's surfaces
// (obkvlite/operation_stats.h): a scripted workload through the Thrift
// gateway (a real client over the loopback), the REST service (in
// process) and exec, each counted exactly under its surface and operation
// kind; the gateway's /metrics histogram, checked by `promtool check
// metrics`; then `obkv stats --ops` in text and --json, reading what the
// first Store flushed at close, and --reset. A watchdog ends the process if
// a case hangs.

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/transport/TBufferTransports.h>
#include <thrift/transport/TSocket.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_test_support.h"
#include "server/http/http_app.h"
#include "server/metrics/request_metrics.h"
#include "server/rest/base64.h"
#include "server/thrift/gen-cpp/Hbase.h"
#include "server/thrift/thrift_server.h"
#include "watchdog.h"

namespace obkvlite {
namespace testing {
namespace {

namespace gen = ::obkvlite::server::hbase_thrift;

constexpr const char* kStatsOpsSpec =
    R"({"table": "t", "families": [{"name": "f"}]})";

server::HttpResponse Rest(http::HttpApp* app, const std::string& method,
                          const std::string& target,
                          const std::string& body = "") {
  server::HttpRequest request;
  request.method = method;
  request.target = target;
  request.headers["accept"] = "application/json";
  if (!body.empty()) request.headers["content-type"] = "application/json";
  request.body = body;
  return app->Handle(request);
}

// A CellSet of one row with (column, value) cells.
std::string CellSet(
    const std::string& row,
    const std::vector<std::pair<std::string, std::string>>& cells) {
  nlohmann::json cs = nlohmann::json::array();
  for (const auto& [column, value] : cells) {
    cs.push_back({{"column", rest::Base64Encode(column)},
                  {"$", rest::Base64Encode(value)}});
  }
  return nlohmann::json(
             {{"Row", {{{"key", rest::Base64Encode(row)}, {"Cell", cs}}}}})
      .dump();
}

// (surface, operation) -> count of `obkv stats --ops --json`'s lines.
std::map<std::string, int64_t> JsonCounts(const std::string& json) {
  const nlohmann::json doc = nlohmann::json::parse(json);
  std::map<std::string, int64_t> out;
  for (const nlohmann::json& line : doc["operations"]) {
    CHECK(line["avg_ns"].get<int64_t>() > 0);
    CHECK(line["p99_ns"].get<int64_t>() >= 1024);
    CHECK(line["p999_ns"].get<int64_t>() >= line["p99_ns"].get<int64_t>());
    out[line["surface"].get<std::string>() + " " +
        line["operation"].get<std::string>()] = line["count"].get<int64_t>();
  }
  return out;
}

TEST_CASE("Thrift, REST and exec count apart; obkv stats --ops shows them") {
  Watchdog watchdog(120, "stats_ops_cli_test");
  CliSandbox box;
  REQUIRE(box.Run({"create", box.WriteFile("t.json", kStatsOpsSpec)}).code ==
          0);
  {
    Result<std::unique_ptr<Store>> opened =
        Store::Open(StoreOptions(), box.store());
    REQUIRE_MESSAGE(opened.ok(), opened.status().ToString());
    std::unique_ptr<Store> store = std::move(opened).value();
    {
      server::ThriftServerOptions o;
      o.port = 0;
      o.workers = 2;
      Result<std::unique_ptr<server::ThriftServer>> s =
          server::ThriftServer::Start(store.get(), o);
      REQUIRE_MESSAGE(s.ok(), s.status().ToString());
      auto socket = std::make_shared<apache::thrift::transport::TSocket>(
          "127.0.0.1", (*s)->port());
      socket->setRecvTimeout(10000);
      auto transport =
          std::make_shared<apache::thrift::transport::TBufferedTransport>(
              socket);
      gen::HbaseClient client(
          std::make_shared<apache::thrift::protocol::TBinaryProtocol>(
              transport));
      transport->open();
      gen::Mutation m;
      m.__set_column("f:q");
      m.__set_value("v1");
      client.mutateRow("t", "r1", {m}, {});  // a batch
      client.mutateRow("t", "r2", {m}, {});
      std::vector<gen::TRowResult> rows;
      for (int i = 0; i < 3; ++i) {
        client.getRow(rows, "t", "r1", {});  // gets
        CHECK(rows.size() == 1);
      }
      CHECK(client.atomicIncrement("t", "n", "f:c", 5) == 5);
      gen::Mutation put;
      put.__set_column("f:q");
      put.__set_value("v2");
      CHECK(client.checkAndPut("t", "r1", "f:q", "v1", put, {}));
      client.deleteAll("t", "r2", "f:q", {});
      const gen::ScannerID id = client.scannerOpen("t", "", {}, {});
      client.scannerGetList(rows, id, 10);
      client.scannerClose(id);
      transport->close();
      (*s)->Stop();
      (*s)->Wait();
    }
    rest::RestOptions options;
    metrics::RequestMetrics request_metrics;
    http::HttpApp app(store.get(), options, &request_metrics);
    CHECK(
        Rest(&app, "PUT", "/t/r3/f:q", CellSet("r3", {{"f:q", "a"}})).status ==
        200);
    CHECK(Rest(&app, "GET", "/t/r3").status == 200);
    CHECK(Rest(&app, "GET", "/t/r1").status == 200);
    CHECK(Rest(&app, "PUT", "/t/r3?check=put",
               CellSet("r3", {{"f:q", "b"}, {"f:q", "a"}}))
              .status == 200);
    CHECK(Rest(&app, "PUT", "/t/r3/f:q?check=delete",
               CellSet("r3", {{"f:q", "b"}}))
              .status == 200);
    CHECK(Rest(&app, "DELETE", "/t/r1/f:q").status == 200);
    CHECK(Rest(&app, "PUT", "/t/scanner", R"({"batch": 10})").status == 201);

    const std::string scrape = Rest(&app, "GET", "/metrics").body;
    for (const std::string& line : {
             std::string("# TYPE obkv_operation_duration_seconds histogram\n"),
             std::string("obkv_operation_duration_seconds_count{engine="
                         "\"sqlite\",surface=\"thrift\",op=\"get\"} 3\n"),
             std::string("obkv_operation_duration_seconds_count{engine="
                         "\"sqlite\",surface=\"rest\",op=\"checkAndDelete\"} "
                         "1\n"),
             std::string("obkv_operation_duration_seconds_bucket{engine="
                         "\"sqlite\",surface=\"thrift\",op=\"batch\",le="
                         "\"+Inf\"} 2\n"),
         }) {
      CAPTURE(line);
      CHECK(scrape.find(line) != std::string::npos);
    }
    const auto [code, out] = Promtool(scrape, box);
    CHECK_MESSAGE(code == 0, out);
  }  // closing flushes the counts to obkv_op_stats

  const std::string ops =
      R"({"op":"get","table":"t","row":"r1"})"
      "\n"
      R"({"op":"put","table":"t","row":"r4","cells":[{"family":"f","qualifier":"q","value":"v"}]})"
      "\n"
      R"({"op":"scan","table":"t"})"
      "\n";
  CHECK(box.Run({"exec"}, ops).code == 0);

  CliRun json = box.Run({"stats", "--ops", "--json"});
  REQUIRE_MESSAGE(json.code == 0, json.err);
  const std::map<std::string, int64_t> expected = {
      {"exec get", 1},
      {"exec put", 1},
      {"exec scan", 1},
      {"exec all", 3},
      {"thrift get", 3},
      {"thrift scan", 1},
      {"thrift delete", 1},
      {"thrift increment", 1},
      {"thrift checkAndPut", 1},
      {"thrift batch", 2},
      {"thrift all", 9},
      {"rest get", 2},
      {"rest scan", 1},
      {"rest put", 1},
      {"rest delete", 1},
      {"rest checkAndPut", 1},
      {"rest checkAndDelete", 1},
      {"rest all", 7},
      {"all get", 6},
      {"all scan", 3},
      {"all put", 2},
      {"all delete", 2},
      {"all increment", 1},
      {"all checkAndPut", 2},
      {"all checkAndDelete", 1},
      {"all batch", 2},
      {"all all", 19},
  };
  CHECK(JsonCounts(json.out) == expected);

  CliRun text = box.Run({"stats", "--ops"});
  REQUIRE(text.code == 0);
  CHECK(text.out.rfind("surface  operation            count     avg_us     "
                       "p99_us    p999_us\n",
                       0) == 0);
  CHECK(text.out.find("\nthrift   get                      3 ") !=
        std::string::npos);
  CHECK(text.out.find("\nall      all                     19 ") !=
        std::string::npos);

  CliRun bad = box.Run({"stats", "t", "--ops"});
  CHECK(bad.code != 0);
  CHECK(bad.err.find("--ops: the operation statistics are the store's") !=
        std::string::npos);
  CHECK(box.Run({"stats"}).err.find("TABLE is required (or --ops)") !=
        std::string::npos);

  CliRun reset = box.Run({"stats", "--ops", "--reset"});
  CHECK(reset.code == 0);
  CHECK(reset.out == "operation stats reset\n");
  CliRun after = box.Run({"stats", "--ops"});
  CHECK(after.out == "no operations counted\n");
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
