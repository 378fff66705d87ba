// Copyright (c) obkvlite authors.
//
// The Thrift1 gateway's cell TTL: HBase's Mutation.setTTL travels as the
// operation attribute "_ttl", an 8-byte big-endian long of milliseconds,
// and mutateRow, mutateRowTs, mutateRows, mutateRowsTs and checkAndPut give
// it to their puts (Long.MAX_VALUE, setTTL's default, is none). A value
// that is not 8 bytes or is negative, or a TTL on a family without
// "cell_ttl", is IllegalArgument naming it, and nothing is written. The
// server runs in-process on a loopback port; a watchdog ends the process if
// a case hangs.

#include <doctest/doctest.h>
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/transport/TBufferTransports.h>
#include <thrift/transport/TSocket.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cli_test_support.h"
#include "obkvlite/rowkey.h"
#include "server/thrift/gen-cpp/Hbase.h"
#include "server/thrift/thrift_server.h"
#include "watchdog.h"

namespace obkvlite {
namespace server {
namespace {

namespace gen = ::obkvlite::server::hbase_thrift;
using Attributes = std::map<std::string, std::string>;

struct TtlGateway {
  testing::CliSandbox box;
  std::unique_ptr<Store> store;
  std::unique_ptr<ThriftServer> server;
  std::shared_ptr<apache::thrift::transport::TTransport> transport;
  std::unique_ptr<gen::HbaseClient> client;

  TtlGateway() {
    box.Create("t", R"j({"table": "t", "families": [
        {"name": "f", "cell_ttl": true, "max_versions": 3},
        {"name": "g"}]})j");
    Result<std::unique_ptr<Store>> s = Store::Open(StoreOptions(), box.store());
    REQUIRE(s.ok());
    store = std::move(s).value();
    ThriftServerOptions o;
    o.port = 0;
    o.workers = 2;
    Result<std::unique_ptr<ThriftServer>> started =
        ThriftServer::Start(store.get(), o);
    REQUIRE(started.ok());
    server = std::move(started).value();
    auto socket = std::make_shared<apache::thrift::transport::TSocket>(
        "127.0.0.1", server->port());
    socket->setRecvTimeout(20000);
    transport =
        std::make_shared<apache::thrift::transport::TBufferedTransport>(socket);
    client = std::make_unique<gen::HbaseClient>(
        std::make_shared<apache::thrift::protocol::TBinaryProtocol>(transport));
    transport->open();
  }
  ~TtlGateway() {
    transport->close();
    server->Stop();
    server->Wait();
  }

  // "value@ts/ttl" of every stored row of t$f, in stored order.
  std::vector<std::string> Stored() {
    std::vector<std::string> out;
    Status st =
        store->ForEachStoredRow("t", "f", [&](const StoredRow& r) -> Status {
          out.push_back(std::string(r.value) + "@" + std::to_string(-r.t) +
                        "/" + std::to_string(r.ttl_ms));
          return Status::OK();
        });
    REQUIRE_MESSAGE(st.ok(), st.ToString());
    return out;
  }

  // The values getRow returns of f:a.
  std::string Visible(const std::string& row) {
    std::vector<gen::TRowResult> rows;
    client->getRow(rows, "t", row, {});
    if (rows.empty()) return "";
    auto it = rows[0].columns.find("f:a");
    return it == rows[0].columns.end() ? "" : it->second.value;
  }
};

gen::Mutation PutOf(const std::string& column, const std::string& value) {
  gen::Mutation m;
  m.column = column;
  m.value = value;
  m.isDelete = false;
  return m;
}

Attributes Ttl(int64_t ms) { return {{"_ttl", EncodeBigEndian64(ms)}}; }

TEST_CASE("thrift1: the _ttl attribute is the puts' cell TTL") {
  testing::Watchdog watchdog(60, "thrift_cell_ttl_test");
  TtlGateway gw;
  // 1970's cells: 5000 ms expired long ago, 10^15 ms has not.
  gw.client->mutateRowTs("t", "r", {PutOf("f:a", "old")}, 1000, Ttl(5000));
  CHECK(gw.Visible("r").empty());
  gw.client->mutateRowTs("t", "r", {PutOf("f:a", "kept")}, 2000,
                         Ttl(1000000000000000));
  CHECK(gw.Visible("r") == "kept");
  gw.client->mutateRowTs("t", "r", {PutOf("f:a", "gone")}, 3000, Ttl(5000));
  CHECK(gw.Visible("r") == "kept");  // an expired version is no version

  gen::BatchMutation b;
  b.row = "s";
  b.mutations = {PutOf("f:a", "batch")};
  gw.client->mutateRowsTs("t", {b}, 4000, Ttl(7000));
  // Long.MAX_VALUE is setTTL's "none"; no attribute is none too.
  gw.client->mutateRow("t", "u", {PutOf("f:a", "forever")}, Ttl(INT64_MAX));
  gw.client->mutateRows("t", {b}, {});
  CHECK(gw.Visible("u") == "forever");

  std::vector<std::string> stored = gw.Stored();
  REQUIRE(stored.size() == 6);
  CHECK(stored[0] == "gone@3000/5000");
  CHECK(stored[1] == "kept@2000/1000000000000000");
  CHECK(stored[2] == "old@1000/5000");
  // s: the untimed put (now, no TTL) sorts before ts 4000.
  CHECK(stored[3].rfind("batch@", 0) == 0);
  CHECK(stored[3].substr(stored[3].size() - 3) == "/-1");
  CHECK(stored[4] == "batch@4000/7000");
  CHECK(stored[5].rfind("forever@", 0) == 0);
  CHECK(stored[5].substr(stored[5].size() - 3) == "/-1");
}

TEST_CASE("thrift1: checkAndPut carries _ttl") {
  testing::Watchdog watchdog(60, "thrift_cell_ttl_test");
  TtlGateway gw;
  gw.client->mutateRow("t", "v", {PutOf("g:x", "1")}, {});
  CHECK(gw.client->checkAndPut("t", "v", "g:x", "1", PutOf("f:a", "checked"),
                               Ttl(9000)));
  const std::vector<std::string> stored = gw.Stored();
  REQUIRE(stored.size() == 1);
  CHECK(stored[0].substr(stored[0].size() - 5) == "/9000");
}

TEST_CASE("thrift1: a bad _ttl is IllegalArgument naming it, nothing written") {
  testing::Watchdog watchdog(60, "thrift_cell_ttl_test");
  TtlGateway gw;
  const auto refused = [&](const std::vector<gen::Mutation>& m,
                           const Attributes& attributes) {
    try {
      gw.client->mutateRow("t", "r", m, attributes);
    } catch (const gen::IllegalArgument& e) {
      return e.message;
    }
    FAIL("mutateRow was not refused");
    return std::string();
  };
  CHECK(refused({PutOf("f:a", "v")}, {{"_ttl", "abc"}}) ==
        "mutateRow: attributes[\"_ttl\"]: must be an 8-byte big-endian long, "
        "got 3 bytes");
  CHECK(refused({PutOf("f:a", "v")}, Ttl(-5)) ==
        "mutateRow: attributes[\"_ttl\"]: must be >= 0, got -5");
  CHECK(refused({PutOf("f:a", "v"), PutOf("g:b", "w")}, Ttl(5000)) ==
        "mutateRow: ops[0].ttl_ms: family 'g' keeps no cell TTL (its spec "
        "has no \"cell_ttl\": true)");
  CHECK(gw.Stored().empty());
  std::vector<gen::TRowResult> rows;
  gw.client->getRow(rows, "t", "r", {});
  CHECK(rows.empty());
}

}  // namespace
}  // namespace server
}  // namespace obkvlite
