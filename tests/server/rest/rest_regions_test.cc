// Copyright (c) obkvlite authors.
//
// The REST app's region sizes (server/rest/regions.h) through
// RestService::Handle, on a SQLite store: /T/regions with obkvlite's
// "cells" and "bytes" (JSON, XML, text) and /status/cluster's
// storefileSizeMB, exactly. A region is partition i of every family
// partitioned as the first; its bytes are those families' partition tables'
// pages (8 KiB each).

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "server/metrics/request_metrics.h"
#include "server/rest/base64.h"
#include "server/rest/rest_service.h"
#include "store_fixture.h"

namespace obkvlite {
namespace testing {
namespace {

// f and g share RANGE COLUMNS(K) [.., g), [g, p), [p, ..); h is
// unpartitioned, so in no region.
constexpr const char* kSpec =
    R"({"table": "t", "families": [{"name": "f"}, {"name": "g"},
                                   {"name": "h", "partition": {"strategy": "none"}}],
        "partition": {"strategy": "range", "column": "K",
                      "bounds": ["g", "p", "MAXVALUE"]}})";

constexpr int64_t kPage = 8192;
// p0: f's leaf page and the 49 overflow pages of each of three
// 400000-byte values, and g's root; p1, p2: a root page per family.
constexpr int64_t kRegion0 = kPage * (1 + 3 * 49) + kPage;
constexpr int64_t kRegion12 = 2 * kPage;

// Three big cells in p0 (f), two small ones in p1 (f and g), one in h.
void Load(StoreFixture& fx) {
  for (int i = 0; i < 3; ++i) {
    fx.MustPut(Put("a" + std::to_string(i))
                   .Add("f", "q", 100, std::string(400000, 'x')));
  }
  fx.MustPut(Put("h1").Add("f", "q", 100, "v").Add("g", "q", 100, "w"));
  fx.MustPut(Put("z").Add("h", "q", 100, std::string(100000, 'y')));
}

server::HttpResponse Get(rest::RestService& rest, const std::string& target,
                         const std::string& accept) {
  server::HttpRequest request;
  request.method = "GET";
  request.target = target;
  if (!accept.empty()) request.headers["accept"] = accept;
  return rest.Handle(request);
}

}  // namespace

TEST_CASE("REST regions: cells and bytes of each region") {
  StoreFixture fx(kSpec);
  Load(fx);
  metrics::RequestMetrics metrics;
  rest::RestService rest(fx.store(), rest::RestOptions(), &metrics);

  server::HttpResponse json = Get(rest, "/t/regions", "application/json");
  REQUIRE(json.status == 200);
  const std::string b = std::to_string(kRegion0);
  const std::string s = std::to_string(kRegion12);
  CHECK(json.body ==
        "{\"Region\":["
        "{\"bytes\":" +
            b +
            ",\"cells\":3,\"endKey\":\"Zw==\",\"id\":0,"
            "\"location\":\"127.0.0.1:8080\",\"name\":\"t,,0.p0.\","
            "\"startKey\":\"\"},"
            "{\"bytes\":" +
            s +
            ",\"cells\":2,\"endKey\":\"cA==\",\"id\":1,"
            "\"location\":\"127.0.0.1:8080\",\"name\":\"t,g,1.p1.\","
            "\"startKey\":\"Zw==\"},"
            "{\"bytes\":" +
            s +
            ",\"cells\":0,\"endKey\":\"\",\"id\":2,"
            "\"location\":\"127.0.0.1:8080\",\"name\":\"t,p,2.p2.\","
            "\"startKey\":\"cA==\"}],\"name\":\"t\"}");

  server::HttpResponse xml = Get(rest, "/t/regions", "text/xml");
  REQUIRE(xml.status == 200);
  CHECK(xml.body.find("<TableInfo name=\"t\">"
                      "<Region endKey=\"Zw==\" id=\"0\" "
                      "location=\"127.0.0.1:8080\" name=\"t,,0.p0.\" "
                      "startKey=\"\" cells=\"3\" bytes=\"" +
                      b +
                      "\"/>"
                      "<Region endKey=\"cA==\" id=\"1\" "
                      "location=\"127.0.0.1:8080\" name=\"t,g,1.p1.\" "
                      "startKey=\"Zw==\" cells=\"2\" bytes=\"" +
                      s +
                      "\"/>"
                      "<Region endKey=\"\" id=\"2\" "
                      "location=\"127.0.0.1:8080\" name=\"t,p,2.p2.\" "
                      "startKey=\"cA==\" cells=\"0\" bytes=\"" +
                      s +
                      "\"/>"
                      "</TableInfo>") != std::string::npos);

  server::HttpResponse text = Get(rest, "/t/regions", "text/plain");
  REQUIRE(text.status == 200);
  CHECK(text.body == "t,,0.p0. [, g) 127.0.0.1:8080 cells=3 bytes=" + b +
                         "\n"
                         "t,g,1.p1. [g, p) 127.0.0.1:8080 cells=2 bytes=" +
                         s +
                         "\n"
                         "t,p,2.p2. [p, ) 127.0.0.1:8080 cells=0 bytes=" +
                         s + "\n");
}

namespace {

// One region of /status/cluster's text (StorageClusterStatusModel's
// toString), the request counts as N.
std::string RegionText(const std::string& name, int storefile_mb) {
  return "        " + name +
         "\n"
         "            stores=3\n"
         "            storefiless=3\n"
         "            storefileSizeMB=" +
         std::to_string(storefile_mb) +
         "\n"
         "            memstoreSizeMB=0\n"
         "            storefileIndexSizeKB=0\n"
         "            readRequestsCount=N\n"
         "            cpRequestsCount=N\n"
         "            writeRequestsCount=N\n"
         "            rootIndexSizeKB=0\n"
         "            totalStaticIndexSizeKB=0\n"
         "            totalStaticBloomSizeKB=0\n"
         "            totalCompactingKVs=0\n"
         "            currentCompactedKVs=0\n";
}

}  // namespace

TEST_CASE("REST status/cluster: storefileSizeMB in whole MiB") {
  StoreFixture fx(kSpec);
  Load(fx);
  metrics::RequestMetrics metrics;
  rest::RestService rest(fx.store(), rest::RestOptions(), &metrics);
  static_assert(kRegion0 / (1 << 20) == 1, "region 0 holds one whole MiB");

  server::HttpResponse json = Get(rest, "/status/cluster", "application/json");
  REQUIRE(json.status == 200);
  const nlohmann::json doc = nlohmann::json::parse(json.body);
  std::vector<std::string> summary;
  for (const nlohmann::json& r : doc["LiveNodes"][0]["Region"]) {
    Result<std::string> name =
        rest::Base64Decode(r["name"].get<std::string>(), "name");
    REQUIRE(name.ok());
    summary.push_back(
        *name + " stores=" + r["stores"].dump() +
        " storefiles=" + r["storefiles"].dump() +
        " storefileSizeMB=" + r["storefileSizeMB"].dump() +
        " memStoreSizeMB=" + r["memStoreSizeMB"].dump() +
        " storefileIndexSizeKB=" + r["storefileIndexSizeKB"].dump());
  }
  CHECK(summary == std::vector<std::string>{
                       "t,,0.p0. stores=3 storefiles=3 storefileSizeMB=1 "
                       "memStoreSizeMB=0 storefileIndexSizeKB=0",
                       "t,g,1.p1. stores=3 storefiles=3 storefileSizeMB=0 "
                       "memStoreSizeMB=0 storefileIndexSizeKB=0",
                       "t,p,2.p2. stores=3 storefiles=3 storefileSizeMB=0 "
                       "memStoreSizeMB=0 storefileIndexSizeKB=0"});

  // StorageClusterStatusModel's JSON (HBase's TestStorageClusterStatusModel):
  // every Region property, memStoreSizeMB as its getter names it, and
  // averageLoad a double.
  CHECK(doc["averageLoad"].dump() == "3.0");
  const nlohmann::json& region = doc["LiveNodes"][0]["Region"][0];
  std::vector<std::string> keys;
  for (const auto& item : region.items()) keys.push_back(item.key());
  CHECK(keys == std::vector<std::string>{
                    "cpRequestsCount", "currentCompactedKVs", "memStoreSizeMB",
                    "name", "readRequestsCount", "rootIndexSizeKB",
                    "storefileIndexSizeKB", "storefileSizeMB", "storefiles",
                    "stores", "totalCompactingKVs", "totalStaticBloomSizeKB",
                    "totalStaticIndexSizeKB", "writeRequestsCount"});

  // JAXB writes each @XmlAttribute getter of the model, a double as
  // Double.toString does.
  server::HttpResponse xml = Get(rest, "/status/cluster", "text/xml");
  REQUIRE(xml.status == 200);
  CHECK(xml.body.find("<ClusterStatus averageLoad=\"3.0\" regions=\"3\" ") !=
        std::string::npos);
  const size_t at =
      xml.body.find("<Region name=\"" + rest::Base64Encode("t,,0.p0.") + "\"");
  REQUIRE(at != std::string::npos);
  const std::string attrs =
      std::regex_replace(xml.body.substr(at, xml.body.find("/>", at) - at),
                         std::regex("RequestsCount=\"[0-9]+\""),
                         "RequestsCount=\"N\"");
  CHECK(attrs == "<Region name=\"" + rest::Base64Encode("t,,0.p0.") +
                     "\" stores=\"3\" storefiles=\"3\" storefileSizeMB=\"1\" "
                     "memStoreSizeMB=\"0\" storefileIndexSizeKB=\"0\" "
                     "readRequestsCount=\"N\" cpRequestsCount=\"N\" "
                     "writeRequestsCount=\"N\" rootIndexSizeKB=\"0\" "
                     "totalStaticIndexSizeKB=\"0\" totalStaticBloomSizeKB=\"0\" "
                     "totalCompactingKVs=\"0\" currentCompactedKVs=\"0\"");

  // StorageClusterStatusModel.toString, its "storefiless" too; no dead
  // servers part without dead servers.
  server::HttpResponse text = Get(rest, "/status/cluster", "text/plain");
  REQUIRE(text.status == 200);
  const std::string plain = std::regex_replace(
      text.body, std::regex("(requests|RequestsCount)=[0-9]+"), "$1=N");
  CHECK(plain ==
        "1 live servers, 0 dead servers, 3.0000 average load\n"
        "\n"
        "1 live servers\n"
        "    127.0.0.1:8080 0\n"
        "        requests=N, regions=3\n"
        "        heapSizeMB=0\n"
        "        maxHeapSizeMB=0\n"
        "\n" +
            RegionText("t,,0.p0.", 1) + RegionText("t,g,1.p1.", 0) +
            RegionText("t,p,2.p2.", 0) + "\n");
}

}  // namespace testing
}  // namespace obkvlite
