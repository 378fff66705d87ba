// Copyright (c) obkvlite authors.
//
// The HTTP host over TLS (HttpServerOptions::tls_*; `obkv rest start
// --tls-cert --tls-key [--tls-client-ca]`): certificates made here with
// OpenSSL (a CA, a server and two clients), a raw TLS client, and the
// answers: HTTPS served, plain HTTP on the TLS port answered with nothing
// HTTP, each unusable file named in the error, and with a client CA only
// clients holding a certificate that CA signed are served.

#include <doctest/doctest.h>
#include <openssl/ssl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <string>
#include <thread>

#include "server/http/http_server.h"
#include "server/http/loopback_socket.h"
#include "server/http/test_certificates.h"
#include "store_fixture.h"
#include "watchdog.h"

namespace obkvlite {
namespace http {
namespace {

const char kRequest[] =
    "GET /version HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

// GET /version over TLS, presenting `client` when given: the answer's
// bytes, "" when the handshake or the exchange failed.
std::string TlsGet(int port, const testing::Credentials* client) {
  SSL_CTX* ctx = SSL_CTX_new(TLS_client_method());
  SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, nullptr);  // a self-made chain
  if (client != nullptr) {
    SSL_CTX_use_certificate(ctx, client->x509);
    SSL_CTX_use_PrivateKey(ctx, client->pkey);
  }
  SSL* ssl = SSL_new(ctx);
  const int fd = testing::ConnectLoopback(port);
  SSL_set_fd(ssl, fd);
  std::string answer;
  if (SSL_connect(ssl) == 1 &&
      SSL_write(ssl, kRequest, sizeof kRequest - 1) > 0) {
    char buf[4096];
    int n;
    while ((n = SSL_read(ssl, buf, sizeof buf)) > 0) answer.append(buf, n);
  }
  SSL_free(ssl);
  ::close(fd);
  SSL_CTX_free(ctx);
  return answer;
}

// The same request in plain HTTP.
std::string PlainGet(int port) {
  return testing::ExchangeLoopback(port, kRequest);
}

// An HttpServer over TLS answering "hello", serving on its own thread.
struct TlsServed {
  explicit TlsServed(HttpServerOptions o)
      : server(
            o,
            [](const HttpRequest&) { return HttpResponse::Text(200, "hello"); },
            nullptr) {
    bound = server.Bind();
    if (bound.ok()) thread = std::thread([this] { server.Run(); });
  }
  ~TlsServed() {
    server.Stop();
    if (thread.joinable()) thread.join();
  }
  HttpServer server;
  Status bound;
  std::thread thread;
};

HttpServerOptions TlsOptions(const testing::Credentials& server) {
  HttpServerOptions o;
  o.port = 0;
  o.threads = 2;
  o.tls.cert = server.cert;
  o.tls.key = server.key;
  o.log_level = server::LogLevel::kError;
  return o;
}

TEST_CASE("HTTPS with a certificate; plain HTTP gets nothing HTTP") {
  testing::Watchdog watchdog(60, "tls_test");
  testing::TempDir dir;
  const testing::Credentials ca =
      testing::MakeCertificate(dir.path(), "ca", "test CA", nullptr, true);
  const testing::Credentials srv =
      testing::MakeCertificate(dir.path(), "server", "127.0.0.1", &ca, false);
  TlsServed s(TlsOptions(srv));
  REQUIRE_MESSAGE(s.bound.ok(), s.bound.ToString());
  const std::string answer = TlsGet(s.server.port(), nullptr);
  CHECK(answer.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
  CHECK(answer.find("\r\n\r\nhello") != std::string::npos);
  CHECK(PlainGet(s.server.port()).find("HTTP/1.1") == std::string::npos);
  // Still serving after the plain client.
  CHECK(TlsGet(s.server.port(), nullptr).rfind("HTTP/1.1 200", 0) == 0);
}

TEST_CASE("unusable TLS files are named, and nothing is served") {
  testing::TempDir dir;
  const testing::Credentials a =
      testing::MakeCertificate(dir.path(), "a", "a", nullptr, false);
  const testing::Credentials b =
      testing::MakeCertificate(dir.path(), "b", "b", nullptr, false);
  HttpServerOptions o = TlsOptions(a);
  o.tls.cert = dir.path() + "/missing.crt";
  HttpServer missing(o, nullptr, nullptr);
  CHECK(missing.Bind().ToString() ==
        "InvalidArgument: --tls-cert " + dir.path() +
            "/missing.crt: cannot read a PEM certificate (chain) from it");
  o = TlsOptions(a);
  o.tls.key = b.key;  // another certificate's key
  HttpServer mismatched(o, nullptr, nullptr);
  CHECK(mismatched.Bind().ToString() ==
        "InvalidArgument: --tls-key " + b.key +
            ": cannot read an unencrypted PEM private key of --tls-cert's "
            "certificate from it");
  o = TlsOptions(a);
  o.tls.client_ca = a.key;  // no certificate in it
  HttpServer bad_ca(o, nullptr, nullptr);
  CHECK(bad_ca.Bind().ToString() ==
        "InvalidArgument: --tls-client-ca " + a.key +
            ": cannot read a PEM CA certificate from it");
}

TEST_CASE("with a client CA, only its clients are served (mutual TLS)") {
  testing::Watchdog watchdog(60, "tls_test");
  testing::TempDir dir;
  const testing::Credentials ca =
      testing::MakeCertificate(dir.path(), "ca", "team CA", nullptr, true);
  const testing::Credentials srv =
      testing::MakeCertificate(dir.path(), "server", "127.0.0.1", &ca, false);
  const testing::Credentials member =
      testing::MakeCertificate(dir.path(), "member", "alice", &ca, false);
  const testing::Credentials stranger = testing::MakeCertificate(
      dir.path(), "stranger", "mallory", nullptr, false);
  HttpServerOptions o = TlsOptions(srv);
  o.tls.client_ca = ca.cert;
  TlsServed s(o);
  REQUIRE_MESSAGE(s.bound.ok(), s.bound.ToString());
  CHECK(TlsGet(s.server.port(), &member).rfind("HTTP/1.1 200 OK", 0) == 0);
  CHECK(TlsGet(s.server.port(), nullptr).empty());
  CHECK(TlsGet(s.server.port(), &stranger).empty());
  CHECK(TlsGet(s.server.port(), &member).rfind("HTTP/1.1 200 OK", 0) == 0);
}

}  // namespace
}  // namespace http
}  // namespace obkvlite
