// Copyright (c) obkvlite authors.
//
// The Thrift gateways over TLS (ThriftServerOptions::tls; `obkv thrift
// start --tls-cert --tls-key [--tls-client-ca]`), with certificates made
// here and Thrift's own TSSLSocket as the client: calls served over TLS, a
// plain client refused and logged, each bad file named, and with a client
// CA only its clients served. A watchdog ends a hung case.

#include <doctest/doctest.h>
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/transport/TBufferTransports.h>
#include <thrift/transport/TSSLSocket.h>
#include <thrift/transport/TSocket.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "child_process.h"
#include "server/http/test_certificates.h"
#include "server/thrift/gen-cpp/Hbase.h"
#include "server/thrift/thrift_server.h"
#include "store_fixture.h"
#include "test_paths.h"
#include "watchdog.h"

namespace obkvlite {
namespace server {
namespace {

namespace gen = ::obkvlite::server::hbase_thrift;
using apache::thrift::protocol::TBinaryProtocol;
using apache::thrift::transport::TBufferedTransport;
using apache::thrift::transport::TSocket;
using apache::thrift::transport::TSSLSocketFactory;
using apache::thrift::transport::TTransport;

// getTableNames through `socket`; the names, or the exception's text.
std::string TableNames(std::shared_ptr<TSocket> socket) {
  socket->setRecvTimeout(10000);
  auto transport = std::make_shared<TBufferedTransport>(socket);
  gen::HbaseClient client(std::make_shared<TBinaryProtocol>(transport));
  try {
    transport->open();
    std::vector<std::string> names;
    client.getTableNames(names);
    transport->close();
    std::string out;
    for (const std::string& n : names) out += n + ";";
    return out;
  } catch (const std::exception& e) {
    return std::string("error: ") + e.what();
  }
}

// A TLS client socket to the loopback that trusts `ca` (the server's
// certificate is checked as TSSLSocket does: its chain and its name),
// presenting `cert` when given.
std::shared_ptr<TSocket> TlsSocket(int port, const testing::Credentials& ca,
                                   const testing::Credentials* cert) {
  auto factory = std::make_shared<TSSLSocketFactory>();
  factory->loadTrustedCertificates(ca.cert.c_str());
  if (cert != nullptr) {
    factory->loadCertificate(cert->cert.c_str());
    factory->loadPrivateKey(cert->key.c_str());
  }
  // The factory must live as long as its sockets: kept by the deleter.
  std::shared_ptr<TSocket> socket = factory->createSocket("127.0.0.1", port);
  return std::shared_ptr<TSocket>(socket.get(), [socket, factory](TSocket*) {});
}

struct TlsGateway {
  explicit TlsGateway(ThriftServerOptions o) {
    o.port = 0;
    o.workers = 2;
    o.log_out = &log;
    Result<std::unique_ptr<ThriftServer>> s =
        ThriftServer::Start(fixture.store(), o);
    REQUIRE_MESSAGE(s.ok(), s.status().ToString());
    server = std::move(s).value();
  }
  ~TlsGateway() {
    server->Stop();
    server->Wait();
  }
  std::ostringstream log;
  testing::StoreFixture fixture{R"({"table": "t", "families": [{"name":
                                    "f"}]})"};
  std::unique_ptr<ThriftServer> server;
};

TEST_CASE("Thrift over TLS: served, and a plain client refused") {
  testing::Watchdog watchdog(60, "thrift_tls_test");
  testing::TempDir dir;
  const testing::Credentials ca =
      testing::MakeCertificate(dir.path(), "ca", "test CA", nullptr, true);
  const testing::Credentials srv =
      testing::MakeCertificate(dir.path(), "srv", "127.0.0.1", &ca, false);
  ThriftServerOptions o;
  o.tls = {srv.cert, srv.key, ""};
  TlsGateway g(o);
  const int port = g.server->port();
  CHECK(TableNames(TlsSocket(port, ca, nullptr)) == "t;");
  CHECK(TableNames(std::make_shared<TSocket>("127.0.0.1", port))
            .rfind("error: ", 0) == 0);
  CHECK(TableNames(TlsSocket(port, ca, nullptr)) == "t;");  // still serving
  g.server->Stop();
  g.server->Wait();
  CHECK(g.log.str().find(" WARN refused client=127.0.0.1:") !=
        std::string::npos);
  CHECK(g.log.str().find("TLS handshake failed") != std::string::npos);
}

TEST_CASE("Thrift over TLS with a client CA: only its clients are served") {
  testing::Watchdog watchdog(60, "thrift_tls_test");
  testing::TempDir dir;
  const testing::Credentials ca =
      testing::MakeCertificate(dir.path(), "ca", "team CA", nullptr, true);
  const testing::Credentials srv =
      testing::MakeCertificate(dir.path(), "srv", "127.0.0.1", &ca, false);
  const testing::Credentials member =
      testing::MakeCertificate(dir.path(), "member", "alice", &ca, false);
  const testing::Credentials stranger = testing::MakeCertificate(
      dir.path(), "stranger", "mallory", nullptr, false);
  ThriftServerOptions o;
  o.tls = {srv.cert, srv.key, ca.cert};
  TlsGateway g(o);
  const int port = g.server->port();
  CHECK(TableNames(TlsSocket(port, ca, &member)) == "t;");
  CHECK(TableNames(TlsSocket(port, ca, nullptr)).rfind("error: ", 0) == 0);
  CHECK(TableNames(TlsSocket(port, ca, &stranger)).rfind("error: ", 0) == 0);
  CHECK(TableNames(TlsSocket(port, ca, &member)) == "t;");
}

// Regression: `thrift start` with TLS and no credentials took TLS for
// credentials and served only Thrift over HTTP, refusing every buffered
// or framed client.
TEST_CASE("obkv thrift start with TLS alone serves buffered clients") {
  testing::Watchdog watchdog(60, "thrift_tls_test");
  testing::TempDir dir;
  const testing::Credentials ca =
      testing::MakeCertificate(dir.path(), "ca", "test CA", nullptr, true);
  const testing::Credentials srv =
      testing::MakeCertificate(dir.path(), "srv", "127.0.0.1", &ca, false);
  const std::string log = dir.path() + "/gateway.log";
  testing::ChildProcess gateway(
      {testing::ObkvBinary(), "--store", dir.path() + "/store.db", "thrift",
       "start", "-p", "0", "--tls-cert", srv.cert, "--tls-key", srv.key},
      log);
  // The start line names the port.
  int port = 0;
  for (int i = 0; i < 300 && port == 0; ++i) {
    std::ifstream in(log);
    const std::string text((std::istreambuf_iterator<char>(in)),
                           std::istreambuf_iterator<char>());
    const size_t at = text.find("serving HBase Thrift1 on 127.0.0.1:");
    if (at != std::string::npos) {
      port = std::atoi(text.c_str() + at + 35);
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
  REQUIRE(port > 0);
  CHECK(TableNames(TlsSocket(port, ca, nullptr)) == "");  // no tables yet
  std::ifstream in(log);
  const std::string text((std::istreambuf_iterator<char>(in)),
                         std::istreambuf_iterator<char>());
  CHECK(text.find(", TLS, store ") != std::string::npos);
  CHECK(text.find("refused") == std::string::npos);
}

TEST_CASE("Thrift TLS files that cannot be used are named at Bind") {
  testing::TempDir dir;
  const testing::Credentials a =
      testing::MakeCertificate(dir.path(), "a", "a", nullptr, false);
  const testing::Credentials b =
      testing::MakeCertificate(dir.path(), "b", "b", nullptr, false);
  ThriftServerOptions o;
  o.port = 0;
  o.tls = {a.cert, b.key, ""};
  Result<std::unique_ptr<ThriftServer>> s = ThriftServer::Bind(o);
  CHECK(s.status().ToString() ==
        "InvalidArgument: --tls-key " + b.key +
            ": cannot read an unencrypted PEM private key of --tls-cert's "
            "certificate from it");
  o.tls = {dir.path() + "/none.crt", a.key, ""};
  CHECK(ThriftServer::Bind(o).status().message().rfind(
            "--tls-cert " + dir.path() + "/none.crt", 0) == 0);
}

}  // namespace
}  // namespace server
}  // namespace obkvlite
