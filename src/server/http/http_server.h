// Copyright (c) obkvlite authors.
//
// HttpServer: the HTTP/1.1 listener (Boost.Beast's request parser on
// Boost.Asio, from Debian's libboost-dev) in front of an HttpHandler
// (HttpApp for `obkv rest start`). Every request of GET, HEAD, PUT, POST,
// DELETE, OPTIONS and PATCH goes to the handler with its raw target, its
// headers and its whole body (empty without Content-Length and
// Transfer-Encoding, RFC 9112 §6.3); another method is answered 405 with
// Allow. Here is the one catch of each request: an exception out of the
// handler is answered 500 "Internal error: WHAT" (the REST service, the
// pages and /metrics catch nothing).
//
// Limits, each answered with a text body, after which the connection
// closes (no unread byte is ever taken for a next request):
//   - the request line and header fields past max_header_bytes: 431
//     (414 when the request line alone is past it), as Jetty's
//     requestHeaderSize; nothing past the limit is kept, so memory stays
//     flat under a header flood;
//   - a Content-Length past max_body_bytes: 413 at once (none of the body is
//     read); a chunked body: 413 as soon as it grows past it;
//   - a Content-Length that is no number: 400 at once;
//   - a body not read whole within body_deadline_seconds, or with no byte
//     for read_timeout_seconds: 408;
//   - bytes that are no HTTP request: 400;
//   - a connection past max_connections: 503 (and its TLS handshake first).
// Idle keep-alive connections close after keep_alive_seconds (Jetty's 30 s
// idle timeout; no cap on requests per connection), and hold no thread
// while idle: `threads` threads read requests and run the handler, so
// only requests being served occupy them. Timeouts are checked four times
// a second (a timeout fires up to 250 ms late), by one timer for the
// server rather than one per read and write.
//
// The log (server/common/gateway_log.h, gateway log_name) gets, each with
// the client's address, a WARN line per request that is no HTTP
// ("refused", also a failed TLS handshake) and per request over a limit
// (413, 408, 431, 414, 503: "limit"; 401: "unauthorized"), an ERROR line
// per 500 ("error"), and at debug one line per answered request
// ("request": method, target, status, bytes).
//
// Stop() (from any thread, e.g. on SIGTERM) closes the listening socket and
// idle connections; Run() then returns once every accepted connection's
// current request has been answered.
//
// REQUIRED: the handler outlives the server.
// Thread safety: the handler is called from the server's threads at once;
// Stop may be called from any thread.

#ifndef OBKVLITE_SERVER_HTTP_HTTP_SERVER_H_
#define OBKVLITE_SERVER_HTTP_HTTP_SERVER_H_

#include <functional>
#include <iostream>
#include <memory>
#include <string>

#include "obkvlite/status.h"
#include "server/common/gateway_log.h"
#include "server/common/http_message.h"
#include "server/common/tls_context.h"
#include "server/http/http_auth.h"
#include "server/metrics/request_metrics.h"

namespace obkvlite {
namespace http {

using server::HttpRequest;
using server::HttpResponse;
using HttpHandler = std::function<HttpResponse(const HttpRequest&)>;

struct HttpServerOptions {
  std::string bind = "127.0.0.1";  // address to listen on
  int port = 8080;                 // 0: any free port (see port())
  // Threads serving requests (reading them, running the handler,
  // writing the answer), 1..1024; an idle connection holds none.
  int threads = 8;
  // Connections open at once, 1..1000000; one more is answered 503.
  int max_connections = 512;
  // The request line and header fields together, in bytes (Jetty's
  // requestHeaderSize); past it 431 (414 for the request line).
  int max_header_bytes = 8192;
  int64_t max_body_bytes = 64 << 20;  // a request body; past it 413
  // A request's header must arrive within this of its first byte, a TLS
  // handshake within this, and a body's bytes must keep coming (408).
  int read_timeout_seconds = 5;
  int body_deadline_seconds = 60;  // a body must be read whole by then
  int keep_alive_seconds = 30;     // idle keep-alive connections close
  // TLS (server/common/tls_context.h): with a certificate, HTTPS only;
  // with a client CA too, only clients presenting a certificate that CA
  // signed (mutual TLS). Empty: plain HTTP.
  server::TlsFiles tls;
  // Who may send requests (http_auth.h): when not empty, a request without
  // one of these credentials gets 401 with WWW-Authenticate, and the
  // connection closes (its body is not read).
  HttpCredentials credentials;
  // The gateway the log names, the log's level (--log-level) and where its
  // lines go (REQUIRED: outlives the server).
  std::string log_name = "rest";
  server::LogLevel log_level = server::LogLevel::kInfo;
  std::ostream* log_out = &std::cerr;
};

class HttpServer {
 public:
  // `metrics` (may be null) counts the open connections.
  HttpServer(const HttpServerOptions& options, HttpHandler handler,
             metrics::RequestMetrics* metrics);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds the address: IOError naming it when it cannot; InvalidArgument
  // naming the files when the TLS certificate, key or client CA cannot be
  // loaded, or the key is not the certificate's.
  Status Bind();
  // The bound port (after Bind).
  int port() const { return port_; }
  // The gateway's log (its start and stop lines are its owner's to write).
  server::GatewayLog* log();
  // Serves until Stop. REQUIRED: Bind succeeded.
  void Run();
  // Ends Run (from any thread), also when it is called before Run's
  // listener started; Run then returns at once.
  void Stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  int port_ = 0;
};

}  // namespace http
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_HTTP_HTTP_SERVER_H_
