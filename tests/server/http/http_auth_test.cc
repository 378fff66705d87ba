// Copyright (c) obkvlite authors.
//
// Who may use an HTTP gateway (server/http/http_auth.h) and where a gateway
// may listen (server/common/exposure.h): credentials parsed from a file's
// text with errors naming the line but never its secret; HTTP basic and
// bearer tokens checked by an HttpServer on the loopback, each refusal a
// 401 with WWW-Authenticate that closes the connection and logs the user
// but no secret.

#include "server/http/http_auth.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <thread>

#include "server/common/exposure.h"
#include "server/http/http_server.h"
#include "server/http/loopback_socket.h"
#include "server/rest/base64.h"
#include "watchdog.h"

namespace obkvlite {
namespace http {
namespace {

TEST_CASE("credentials: basic and token lines, errors by line") {
  Result<HttpCredentials> c = ParseCredentials(
      "# the team\n\nbasic alice:s3cret:with:colons\r\n  token t0ken \n",
      "--auth-file f");
  REQUIRE_MESSAGE(c.ok(), c.status().ToString());
  CHECK(c->basic == std::vector<std::string>{"alice:s3cret:with:colons"});
  CHECK(c->tokens == std::vector<std::string>{"t0ken"});
  CHECK(ParseCredentials("basic bob\n", "$AUTH").status().ToString() ==
        "InvalidArgument: $AUTH: line 1: expected 'basic USER:PASSWORD', "
        "both not empty");
  CHECK(ParseCredentials("basic :pw\n", "$AUTH").status().IsInvalidArgument());
  const Status bad = ParseCredentials("\nhunter2\n", "f").status();
  CHECK(bad.ToString() ==
        "InvalidArgument: f: line 2: expected 'basic USER:PASSWORD' or 'token "
        "SECRET' (the line is not shown: it may hold a secret)");
  CHECK(bad.message().find("hunter2") == std::string::npos);
  CHECK(ParseCredentials("", "f")->empty());

  std::string user;
  const HttpCredentials& creds = *c;
  CHECK(Authorized(
      creds, "Basic " + rest::Base64Encode("alice:s3cret:with:colons"), &user));
  CHECK(user == "alice");
  CHECK_FALSE(
      Authorized(creds, "Basic " + rest::Base64Encode("alice:nope"), &user));
  CHECK(user == "alice");
  CHECK(Authorized(creds, "Bearer t0ken", &user));
  CHECK(user.empty());
  CHECK_FALSE(Authorized(creds, "Bearer t0ke", &user));
  CHECK_FALSE(Authorized(creds, "Basic !!!", &user));
  CHECK_FALSE(Authorized(creds, "", &user));
}

// A GET /version request with `authorization` as its Authorization header
// (none when empty).
std::string GetVersionWith(const std::string& authorization) {
  std::string r = "GET /version HTTP/1.1\r\nHost: x\r\n";
  if (!authorization.empty()) r += "Authorization: " + authorization + "\r\n";
  return r + "\r\n";
}

TEST_CASE("an HTTP gateway with credentials: 401 without them, then closed") {
  testing::Watchdog watchdog(60, "http_auth_test");
  std::ostringstream log;
  HttpServerOptions o;
  o.port = 0;
  o.threads = 2;
  o.log_out = &log;
  o.credentials = *ParseCredentials("basic bob:pw1\ntoken sekrit\n", "f");
  HttpServer server(
      o, [](const HttpRequest&) { return HttpResponse::Text(200, "hello"); },
      nullptr);
  REQUIRE(server.Bind().ok());
  std::thread serving([&] { server.Run(); });
  const int port = server.port();
  // Without credentials: 401, a challenge, and a text body; the request
  // pipelined after it is never served (the connection closes).
  std::string a = testing::ExchangeLoopback(
      port, GetVersionWith("") + GetVersionWith("Bearer sekrit"));
  CHECK(a.rfind("HTTP/1.1 401 Unauthorized\r\n", 0) == 0);
  CHECK(a.find("\r\nWWW-Authenticate: Basic realm=\"obkvlite\", "
               "charset=\"UTF-8\"\r\n") != std::string::npos);
  CHECK(a.find("\r\nConnection: close\r\n") != std::string::npos);
  CHECK(a.find("Unauthorized: send HTTP basic credentials or a bearer token") !=
        std::string::npos);
  CHECK(a.find("HTTP/1.1 200") == std::string::npos);
  // A wrong password names the user, never the password.
  a = testing::ExchangeLoopback(
      port, GetVersionWith("Basic " + rest::Base64Encode("bob:pw2")));
  CHECK(a.find("Unauthorized: wrong credentials for user 'bob'") !=
        std::string::npos);
  CHECK(a.find("pw2") == std::string::npos);
  // The right basic credentials, and the token.
  const std::string close = "Connection: close\r\n";
  std::string ok = GetVersionWith("Basic " + rest::Base64Encode("bob:pw1"));
  ok.insert(ok.size() - 2, close);
  CHECK(testing::ExchangeLoopback(port, ok).rfind("HTTP/1.1 200 OK", 0) == 0);
  ok = GetVersionWith("Bearer sekrit");
  ok.insert(ok.size() - 2, close);
  CHECK(testing::ExchangeLoopback(port, ok).rfind("HTTP/1.1 200 OK", 0) == 0);
  server.Stop();
  serving.join();
  const std::string text = log.str();
  INFO(text);
  CHECK(text.find(" WARN unauthorized client=127.0.0.1:") != std::string::npos);
  CHECK(text.find("GET /version 401") != std::string::npos);
  CHECK(text.find("wrong credentials for user 'bob'") != std::string::npos);
  CHECK(text.find("pw1") == std::string::npos);
  CHECK(text.find("pw2") == std::string::npos);
  CHECK(text.find("sekrit") == std::string::npos);
}

TEST_CASE(
    "a gateway beyond the loopback needs TLS, credentials or --insecure") {
  using server::CheckExposure;
  using server::IsLoopback;
  for (const char* loopback :
       {"127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost"}) {
    CAPTURE(loopback);
    CHECK(IsLoopback(loopback));
    CHECK(CheckExposure(loopback, false, false, "x").ok());
    CHECK(server::ExposureWarning(loopback, false).empty());
  }
  for (const char* open : {"0.0.0.0", "::", "10.0.0.5", "example.com"}) {
    CAPTURE(open);
    CHECK_FALSE(IsLoopback(open));
    CHECK(CheckExposure(open, true, false, "x").ok());
    CHECK(CheckExposure(open, false, true, "x").ok());
    CHECK(server::ExposureWarning(open, true).empty());
    CHECK_FALSE(server::ExposureWarning(open, false).empty());
  }
  CHECK(CheckExposure("0.0.0.0", false, false, "--tls-cert or --auth-file")
            .ToString() ==
        "InvalidArgument: --bind 0.0.0.0: not the loopback, and the gateway "
        "would serve anyone who can reach it in the clear; secure it "
        "(--tls-cert or --auth-file), or pass --insecure to do so anyway");
}

}  // namespace
}  // namespace http
}  // namespace obkvlite
