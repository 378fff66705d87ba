// Copyright (c) obkvlite authors.
//
// The compatibility profiles through obkv's surfaces (obkvlite/compat.h):
// a mixed workload through the Thrift gateway (a real client over the
// loopback), the REST service and exec in the default profile, then `obkv
// compat`'s report line by line, --json, --check and --reset; the findings
// of two `obkv exec` processes at once, both counted; and under
// --compat obkv, each surface's answer for a refusal: Thrift's IOError,
// REST's 400 (a client's RuntimeException) or 503 (an IOException), exec's
// error line and the shell's. A watchdog ends the process if a case hangs.

#include <doctest/doctest.h>
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/transport/TBufferTransports.h>
#include <thrift/transport/TSocket.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "child_process.h"
#include "cli_test_support.h"
#include "server/http/http_app.h"
#include "server/metrics/request_metrics.h"
#include "server/thrift/gen-cpp/Hbase.h"
#include "server/thrift/thrift_server.h"
#include "watchdog.h"

namespace obkvlite {
namespace testing {
namespace {

namespace gen = ::obkvlite::server::hbase_thrift;

constexpr const char* kCompatSpec =
    R"({"table": "t", "families": [{"name": "f"}, {"name": "g"}]})";
constexpr const char* kRegexScan = "ValueFilter(=, 'regexstring:v.*')";

// A Thrift client on an in-process gateway over `store`.
class ThriftSession {
 public:
  explicit ThriftSession(Store* store) {
    server::ThriftServerOptions o;
    o.port = 0;
    o.workers = 2;
    Result<std::unique_ptr<server::ThriftServer>> s =
        server::ThriftServer::Start(store, o);
    REQUIRE_MESSAGE(s.ok(), s.status().ToString());
    server_ = std::move(s).value();
    auto socket = std::make_shared<apache::thrift::transport::TSocket>(
        "127.0.0.1", server_->port());
    socket->setRecvTimeout(10000);
    transport_ =
        std::make_shared<apache::thrift::transport::TBufferedTransport>(socket);
    client_ = std::make_unique<gen::HbaseClient>(
        std::make_shared<apache::thrift::protocol::TBinaryProtocol>(
            transport_));
    transport_->open();
  }
  ~ThriftSession() {
    transport_->close();
    server_->Stop();
    server_->Wait();
  }
  gen::HbaseClient& client() { return *client_; }

  // Opens and drains a scanner with `filter`.
  void FilterScan(const std::string& filter) {
    gen::TScan scan;
    scan.__set_filterString(filter);
    const gen::ScannerID id = client_->scannerOpenWithScan("t", scan, {});
    std::vector<gen::TRowResult> rows;
    client_->scannerGetList(rows, id, 100);
    client_->scannerClose(id);
  }

 private:
  std::unique_ptr<server::ThriftServer> server_;
  std::shared_ptr<apache::thrift::transport::TTransport> transport_;
  std::unique_ptr<gen::HbaseClient> client_;
};

server::HttpResponse RestCall(http::HttpApp* app, const std::string& method,
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

std::string RegexScannerBody() {
  const nlohmann::json filter = {
      {"type", "ValueFilter"},
      {"op", "EQUAL"},
      {"comparator", {{"type", "RegexStringComparator"}, {"value", "v.*"}}}};
  return nlohmann::json({{"batch", 10}, {"filter", filter.dump()}}).dump();
}

std::unique_ptr<Store> OpenWith(const CliSandbox& box, CompatProfile profile) {
  StoreOptions options;
  options.compat = profile;
  Result<std::unique_ptr<Store>> store = Store::Open(options, box.store());
  REQUIRE_MESSAGE(store.ok(), store.status().ToString());
  return std::move(store).value();
}

// The report's lines without their times: "t  scan  C-25  x2  [...]".
std::vector<std::string> ReportHeads(const std::string& text) {
  std::vector<std::string> out;
  size_t pos = text.find('\n') + 1;  // past the heading
  while (pos < text.size()) {
    const size_t end = text.find('\n', pos);
    const std::string line = text.substr(pos, end - pos);
    out.push_back(line.substr(0, line.find("]  ") + 1));
    pos = end + 1;
  }
  return out;
}

TEST_CASE("a workload through Thrift, REST and exec, then obkv compat") {
  Watchdog watchdog(60, "compat_cli_test");
  CliSandbox box;
  REQUIRE(box.Run({"create", box.WriteFile("t.json", kCompatSpec)}).code == 0);
  {
    std::unique_ptr<Store> store = OpenWith(box, CompatProfile::kHBase);
    {
      ThriftSession thrift(store.get());
      std::vector<std::string> names;
      thrift.client().getTableNames(names);
      thrift.client().getTableNames(names);
      CHECK(names == std::vector<std::string>{"t"});
      gen::Mutation m;
      m.__set_column("f:q");
      m.__set_value("v1");
      thrift.client().mutateRow("t", "r1", {m}, {});
      thrift.FilterScan(kRegexScan);
    }
    rest::RestOptions options;
    metrics::RequestMetrics metrics;
    http::HttpApp app(store.get(), options, &metrics);
    CHECK(RestCall(&app, "GET", "/").status == 200);
    CHECK(RestCall(&app, "PUT", "/t/scanner", RegexScannerBody()).status ==
          201);
    // The gateway's own pages count and list them.
    const std::string scrape = RestCall(&app, "GET", "/metrics").body;
    CHECK(scrape.find("# TYPE obkv_compat_findings_total counter\n") !=
          std::string::npos);
    CHECK(scrape.find("obkv_compat_findings_total{engine=\"sqlite\",table="
                      "\"t\",operation=\"scan\",rule=\"C-25\"} 2\n") !=
          std::string::npos);
    CHECK(scrape.find("obkv_compat_findings_total{engine=\"sqlite\",table="
                      "\"\",operation=\"getTableNames\",rule=\"C-51\"} 2\n") !=
          std::string::npos);
    const std::string ui = RestCall(&app, "GET", "/ui").body;
    CHECK(ui.find("<tr class=\"finding\"><td>t</td><td>scan</td><td>C-25"
                  "</td><td class=\"n\">2</td><td>rest 1, thrift 1</td>") !=
          std::string::npos);
  }
  const std::string ops =
      R"j({"op":"scan","table":"t","filter":"RowFilter(=, 'regexstringnocase:R1')"})j"
      "\n"
      R"({"op":"increment","table":"t","row":"r2","family":"f","qualifier":"n"})"
      "\n";
  CHECK(box.Run({"exec"}, ops).code == 0);

  CliRun report = box.Run({"compat"});
  REQUIRE(report.code == 0);
  CHECK(report.out.rfind("4 findings (6 operations) that OBKV-HBase would "
                         "refuse or answer differently (doc/obkv-compat.md):\n",
                         0) == 0);
  CHECK(ReportHeads(report.out) ==
        std::vector<std::string>{
            "(store)  getTableNames  C-51  x2  [thrift 2]",
            "(store)  listTables  C-51  x1  [rest 1]",
            "t  scan  C-25  x2  [rest 1, thrift 1]",
            "t  scan  C-26  x1  [exec 1]",
        });
  CHECK(report.out.find("the regexstring comparator; OBKV: server: "
                        "OB_KV_FILTER_PARSE_ERROR (-10514)\n") !=
        std::string::npos);

  CliRun json = box.Run({"compat", "--json"});
  REQUIRE(json.code == 0);
  const nlohmann::json doc = nlohmann::json::parse(json.out);
  REQUIRE(doc["findings"].size() == 4);
  const nlohmann::json& scan = doc["findings"][2];
  CHECK(scan["table"] == "t");
  CHECK(scan["operation"] == "scan");
  CHECK(scan["rule"] == "C-25");
  CHECK(scan["count"] == 2);
  CHECK(scan["surfaces"] == nlohmann::json({{"rest", 1}, {"thrift", 1}}));
  CHECK(scan["first_seen_ms"].get<int64_t>() <=
        scan["last_seen_ms"].get<int64_t>());

  CHECK(box.Run({"compat", "--check"}).code == 1);
  CliRun reset = box.Run({"compat", "--reset"});
  CHECK(reset.code == 0);
  CHECK(reset.out == "compat findings reset\n");
  CliRun none = box.Run({"compat", "--check"});
  CHECK(none.code == 0);
  CHECK(none.out ==
        "no findings: nothing this store served would be refused or answered "
        "differently by OBKV-HBase\n");
}

TEST_CASE("findings of two obkv processes at once are both counted") {
  Watchdog watchdog(120, "two obkv exec processes' scans");
  CliSandbox box;
  REQUIRE(box.Run({"create", box.WriteFile("t.json", kCompatSpec)}).code == 0);
  const std::string scan =
      R"j({"op":"scan","table":"t","filter":"ValueFilter(=, 'regexstring:v.*')"})j";
  constexpr int kScans = 30;
  std::vector<std::unique_ptr<ChildProcess>> execs;
  for (int p = 0; p < 2; ++p) {
    execs.push_back(std::make_unique<ChildProcess>(
        std::vector<std::string>{OBKV_BINARY, "--store", box.Path("store.obkv"),
                                 "exec"},
        box.Path("exec" + std::to_string(p) + ".err"), /*piped_input=*/true));
  }
  // Both processes scan at once, each flushing findings on its own.
  std::vector<std::vector<std::string>> out(execs.size());
  for (int i = 1; i <= kScans; ++i) {
    for (size_t p = 0; p < execs.size(); ++p) {
      execs[p]->WriteLine(scan);
      execs[p]->ReadLines(60000, &out[p], static_cast<size_t>(i));
      REQUIRE_MESSAGE(out[p].size() == static_cast<size_t>(i),
                      execs[p]->Stderr());
    }
  }
  for (const std::unique_ptr<ChildProcess>& exec : execs) {
    exec->CloseInput();
    const int status = exec->Wait();
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
  }
  CliRun report = box.Run({"compat"});
  REQUIRE(report.code == 0);
  CHECK(ReportHeads(report.out) ==
        std::vector<std::string>{"t  scan  C-25  x60  [exec 60]"});
}

TEST_CASE("--compat obkv: each surface answers a refusal as HBase's would") {
  Watchdog watchdog(60, "compat_cli_test");
  CliSandbox box;
  REQUIRE(box.Run({"create", box.WriteFile("t.json", kCompatSpec)}).code == 0);
  {
    std::unique_ptr<Store> store = OpenWith(box, CompatProfile::kObkv);
    {
      ThriftSession thrift(store.get());
      std::vector<std::string> names;
      try {
        thrift.client().getTableNames(names);
        FAIL("getTableNames was not refused");
      } catch (const gen::IOError& e) {
        CHECK(e.message ==
              "getTableNames: OBKV-HBase refuses getTableNames: listing "
              "tables (client: FeatureNotSupportedException \"does not "
              "support yet\"); see doc/obkv-compat.md C-51");
      }
      CHECK_THROWS_AS(thrift.FilterScan(kRegexScan), gen::IOError);
      try {
        std::vector<gen::TCell> cells;
        thrift.client().getRowOrBefore(cells, "t", "r9", "f");
        FAIL("getRowOrBefore was not refused");
      } catch (const gen::IOError& e) {
        CHECK(e.message.find("refuses getRowOrBefore on table 't': "
                             "getRowOrBefore (the 1.x client refuses it)") !=
              std::string::npos);
      }
      // What OBKV serves is served.
      std::map<std::string, gen::ColumnDescriptor> families;
      thrift.client().getColumnDescriptors(families, "t");
      CHECK(families.size() == 2);
      // What both refuse, in OBKV's words (C-59, C-72).
      gen::Mutation m;
      m.column = "f:" + std::string(257, 'q');
      m.value = "v";
      try {
        thrift.client().mutateRow("t", "r1", {m}, {});
        FAIL("a qualifier of 257 bytes was not refused");
      } catch (const gen::IOError& e) {
        CHECK(e.message ==
              "mutateRow: OBKV-HBase refuses mutateRow on table 't': "
              "mutations[0].column's qualifier: 257 bytes, limit 256 "
              "(server: OB_ERR_DATA_TOO_LONG (-5167) \"Data too long for "
              "column 'Q' at row 0\"); see doc/obkv-compat.md C-59");
      }
      try {
        std::vector<gen::TRowResult> rows;
        thrift.client().getRowWithColumns(rows, "t", "r1", {"x:q"}, {});
        FAIL("an unknown family was not refused");
      } catch (const gen::IOError& e) {
        CHECK(e.message.find("see doc/obkv-compat.md C-72") !=
              std::string::npos);
      }
    }
    rest::RestOptions options;
    http::HttpApp app(store.get(), options, nullptr);
    server::HttpResponse list = RestCall(&app, "GET", "/");
    CHECK(list.status == 400);
    CHECK(list.body.find("OBKV-HBase refuses listTables: listing tables") !=
          std::string::npos);
    server::HttpResponse scanner =
        RestCall(&app, "PUT", "/t/scanner", RegexScannerBody());
    CHECK(scanner.status == 503);
    CHECK(scanner.body.find("the regexstring comparator") != std::string::npos);
    CHECK(RestCall(&app, "GET", "/t/schema").status == 200);
    server::HttpResponse namespaces = RestCall(&app, "GET", "/namespaces");
    CHECK(namespaces.status == 400);
    CHECK(namespaces.body.find("refuses namespaces: namespace admin") !=
          std::string::npos);
    CHECK(RestCall(&app, "GET", "/t/regions").status == 400);    // C-53
    CHECK(RestCall(&app, "DELETE", "/t/schema").status == 503);  // C-46
    // An unknown family: OBKV's missing table t$x, an IOException (C-72).
    server::HttpResponse unknown = RestCall(&app, "GET", "/t/r1/x:q");
    CHECK(unknown.status == 503);
    CHECK(
        unknown.body.rfind(
            "Service unavailable: OBKV-HBase refuses get on table 't': table "
            "'t' has no column family 'x' (server: OB_TABLE_NOT_EXIST (-5019) "
            "\"Table '<db>.<table>$<family>' doesn't exist\"); see "
            "doc/obkv-compat.md C-72",
            0) == 0);
    // A value past the V column: the library's check (C-60).
    server::HttpResponse big =
        RestCall(&app, "PUT", "/t/r1/f:q",
                 R"({"Row":[{"key":"cjE=","Cell":[{"column":"Zjpx","$":")" +
                     std::string(1398104, 'A') + R"("}]}]})");
    CHECK(big.status == 503);
    CHECK(big.body.find("see doc/obkv-compat.md C-60") != std::string::npos);
  }
  CliRun exec = box.Run(
      {"--compat", "obkv", "exec"},
      R"j({"op":"scan","table":"t","filter":"ValueFilter(=, 'regexstring:v')"})j"
      "\n");
  CHECK(exec.code == 1);
  CHECK(exec.out ==
        R"({"ok":false,"error":{"code":"IOError","message":"OBKV-HBase )"
        R"(refuses scan on table 't': the regexstring comparator (server: )"
        R"(OB_KV_FILTER_PARSE_ERROR (-10514)); see doc/obkv-compat.md )"
        R"(C-25"}})"
        "\n");
  CliRun shell = box.Run({"--compat", "obkv", "shell"}, "list\n");
  CHECK(shell.err ==
        "ERROR: line 1: OBKV-HBase refuses list: listing tables (client: "
        "FeatureNotSupportedException \"does not support yet\"); see "
        "doc/obkv-compat.md C-51\n");
  // The admin switch lets table DDL through, as on such a cluster.
  CliRun ddl = box.Run({"--compat", "obkv", "--obkv-admin-ddl", "shell"},
                       "disable 't'\nenable 't'\n");
  CHECK(ddl.code == 0);
  CHECK(ddl.err.empty());
  // Even with the switch, OBKV's client refuses a pre-split create (C-48)
  // and namespace admin (C-50).
  CliRun split = box.Run({"--compat", "obkv", "--obkv-admin-ddl", "shell"},
                         "create 't2', 'f', {SPLITS => ['m']}\n");
  CHECK(split.err.find("OBKV-HBase refuses create on table 't2': a "
                       "pre-split createTable") != std::string::npos);
  CHECK(box.Run({"--compat", "obkv", "--obkv-admin-ddl", "shell"},
                "create 't3', 'f'\n")
            .err.empty());
  CliRun ns =
      box.Run({"--compat", "obkv", "shell"}, "create_namespace 'ns1'\n");
  CHECK(ns.err.find("OBKV-HBase refuses create_namespace: namespace admin") !=
        std::string::npos);
  CHECK(box.Run({"list"}).out == "t\nt3\n");  // t2 was never made
  CliRun bad = box.Run({"--compat", "ob", "compat"});
  CHECK(bad.code == 2);
  CHECK(bad.err.find("--compat") != std::string::npos);
  // The obkv profile records nothing.
  CHECK(box.Run({"compat", "--check"}).code == 0);
  CHECK(box.Run({"compat"}).out.rfind("no findings", 0) == 0);
}

TEST_CASE("schema changes, cluster admin and pattern admin: C-52, C-54, C-55") {
  Watchdog watchdog(60, "compat_cli_test");
  CliSandbox box;
  REQUIRE(box.Run({"create", box.WriteFile("t.json", kCompatSpec)}).code == 0);
  REQUIRE(box.Run({"shell"}, "put 't', 'r1', 'f:a', 'v1'\n").code == 0);
  const std::string commands =
      "alter 't', {NAME => 'h'}\n"
      "alter 't', 'delete' => 'g'\n"
      "truncate 't'\n"
      "snapshot 't', 'snap1'\n"
      "status\n"
      "drop_all 't.*'\n";
  const std::string c52 =
      "a schema change (modify, add or delete a family, truncate) (client: "
      "FeatureNotSupportedException \"does not support yet\"); see "
      "doc/obkv-compat.md C-52\n";
  const std::string c54 =
      "snapshots, cluster status and other cluster admin (client: "
      "FeatureNotSupportedException \"does not support yet\"); see "
      "doc/obkv-compat.md C-54\n";
  auto describe = [&box] {
    const std::string out = box.Run({"shell"}, "describe 't'\n").out;
    return out.substr(0, out.find("Took "));  // without the timing
  };
  const std::string before = describe();
  CliRun refused = box.Run({"--compat", "obkv", "shell"}, commands);
  CHECK(refused.err ==
        "ERROR: line 1: OBKV-HBase refuses alter on table 't': " + c52 +
            "ERROR: line 2: OBKV-HBase refuses alter on table 't': " + c52 +
            "ERROR: line 3: OBKV-HBase refuses truncate on table 't': " + c52 +
            "ERROR: line 4: OBKV-HBase refuses snapshot on table 't': " + c54 +
            "ERROR: line 5: OBKV-HBase refuses status: " + c54 +
            "ERROR: line 6: OBKV-HBase refuses drop_all: the pattern and "
            "async forms of table admin (drop_all, enable_all, disable_all, "
            "...) (client: FeatureNotSupportedException \"does not support "
            "yet\"); see doc/obkv-compat.md C-55\n");
  {
    // REST's schema POST on an existing table is a schema change too.
    std::unique_ptr<Store> store = OpenWith(box, CompatProfile::kObkv);
    rest::RestOptions options;
    http::HttpApp app(store.get(), options, nullptr);
    server::HttpResponse post =
        RestCall(&app, "POST", "/t/schema",
                 R"({"name":"t","ColumnSchema":[{"name":"h"}]})");
    CHECK(post.status == 400);
    CHECK(post.body.find("refuses") != std::string::npos);
    CHECK(post.body.find("C-52") != std::string::npos);
  }
  // Nothing changed: the families, the cell, and no findings.
  CHECK(describe() == before);
  CHECK(box.Run({"shell"}, "get 't', 'r1'\n").out.find("value=v1") !=
        std::string::npos);
  CHECK(box.Run({"compat"}).out.rfind("no findings", 0) == 0);
  // The default profile runs them (but the snapshot, which obkvlite lacks)
  // and records one finding per (table, operation, row).
  box.Run({"shell"}, "status\nalter 't', {NAME => 'h'}\ntruncate 't'\n");
  CHECK(ReportHeads(box.Run({"compat"}).out) ==
        std::vector<std::string>{"(store)  status  C-54  x1  [shell 1]",
                                 "t  alter  C-52  x1  [shell 1]",
                                 "t  truncate  C-52  x1  [shell 1]"});
  CHECK(box.Run({"shell"}, "get 't', 'r1'\n").out.find("0 row(s)") !=
        std::string::npos);
}

TEST_CASE("a caching scan on a time-series table: shell and REST, C-39") {
  Watchdog watchdog(60, "compat_cli_test");
  CliSandbox box;
  REQUIRE(box.Run({"create",
                   box.WriteFile("ts.json",
                                 R"({"table": "ts", "layout": "timeseries",
                                     "families": [{"name": "f"}],
                                     "partition": {"strategy": "none"}})")})
              .code == 0);
  REQUIRE(box.Run({"shell"}, "put 'ts', 'r1', 'f:a', 'v1', 5\n").code == 0);
  const std::string cached = "scan 'ts', {COLUMNS => 'f', CACHE => 10}\n";
  // REST's ScannerModel caching; column "f" in base64.
  const std::string body = R"({"column":["Zg=="],"caching":10})";
  CliRun refused = box.Run({"--compat", "obkv", "shell"}, cached);
  CHECK(refused.err ==
        "ERROR: line 1: scan: OBKV-HBase refuses scan on table 'ts': a scan "
        "with "
        "caching (rows per round trip) on a time-series table (server: "
        "OB_NOT_SUPPORTED (-4007) \"timeseries hbase table with caching "
        "query not supported\"); see doc/obkv-compat.md C-39\n");
  // CACHE => 0 sets no caching, as table.rb: served.
  CliRun uncached = box.Run({"--compat", "obkv", "shell"},
                            "scan 'ts', {COLUMNS => 'f', CACHE => 0}\n");
  CHECK(uncached.err.empty());
  CHECK(uncached.out.find("value=v1") != std::string::npos);
  {
    std::unique_ptr<Store> store = OpenWith(box, CompatProfile::kObkv);
    rest::RestOptions options;
    http::HttpApp app(store.get(), options, nullptr);
    server::HttpResponse scanner = RestCall(&app, "PUT", "/ts/scanner", body);
    CHECK(scanner.status == 503);
    CHECK(scanner.body.find("see doc/obkv-compat.md C-39") !=
          std::string::npos);
    CHECK(
        RestCall(&app, "PUT", "/ts/scanner", R"({"column":["Zg=="]})").status ==
        201);
  }
  CHECK(box.Run({"compat"}).out.rfind("no findings", 0) == 0);
  // The default profile scans, and records the scans OBKV would refuse.
  CliRun served = box.Run({"shell"}, cached);
  CHECK(served.out.find("value=v1") != std::string::npos);
  {
    std::unique_ptr<Store> store = OpenWith(box, CompatProfile::kHBase);
    rest::RestOptions options;
    http::HttpApp app(store.get(), options, nullptr);
    CHECK(RestCall(&app, "PUT", "/ts/scanner", body).status == 201);
  }
  CHECK(ReportHeads(box.Run({"compat"}).out) ==
        std::vector<std::string>{"ts  scan  C-39  x2  [rest 1, shell 1]"});
}

}  // namespace
}  // namespace testing
}  // namespace obkvlite
