// Copyright (c) obkvlite authors.
//
// `obkv --store STORE rest start [-p|--port 8080] [-b|--bind 127.0.0.1]
//  [--readonly] [--threads N] [--max-connections N] [--max-body-bytes N]
//  [--scanner-idle-seconds S] [--tls-cert PEM --tls-key PEM
//  [--tls-client-ca PEM]] [--log-level L]`: HBase's REST API, the web
// pages and /metrics on one port (src/server/, doc/rest.md), over HTTPS
// with a certificate, and only to clients with a certificate the client
// CA signed when one is given. It prints one
// line naming the address and port once it listens, and stops on SIGTERM
// or SIGINT after the requests in flight are answered, exiting 0. Its log
// (server/common/gateway_log.h) goes to stderr: start, stop, refusals,
// limits, errors, and each request at debug.

#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <memory>
#include <ostream>
#include <string>
#include <thread>

#include "server/common/exposure.h"
#include "server/common/shutdown_signal.h"
#include "server/http/http_app.h"
#include "server/http/http_auth.h"
#include "server/http/http_server.h"
#include "tools/cli/auth_options.h"
#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

struct RestArgs {
  int port = 8080;
  std::string bind = "127.0.0.1";
  bool read_only = false;
  int threads = 8;
  int max_connections = 512;
  int64_t max_body_bytes = 64 << 20;
  int scanner_idle_seconds = 60;
  std::string log_level = "info";
  SecurityFlags security;  // TLS, credentials, --insecure
};

int RunRestStart(const RestArgs& args, CliContext& ctx) {
  if (!ctx.RequireStore("rest start")) return ctx.exit_code;
  Result<Security> security =
      ResolveSecurity(args.security, args.bind,
                      "--tls-cert and --tls-key, or --auth-file or --auth-env");
  if (!security.ok()) return ctx.Fail(security.status());
  const server::TlsFiles& tls_files = args.security.tls;
  const bool tls = tls_files.enabled();
  Result<server::LogLevel> level = server::ParseLogLevel(args.log_level);
  if (!level.ok()) return ctx.Fail(level.status());
  // Installed before any thread starts (the store's, the server's): they
  // inherit the blocked mask, so only the signal thread sees SIGTERM and
  // SIGINT, and it stops the server.
  std::atomic<http::HttpServer*> serving{nullptr};
  std::atomic<bool> stop_done{false};
  std::unique_ptr<server::ShutdownSignal> signal =
      server::ShutdownSignal::Install([&serving, &stop_done](int) {
        if (http::HttpServer* s = serving.load()) s->Stop();
        stop_done.store(true);
      });

  rest::RestOptions options;
  options.read_only = args.read_only;
  options.max_body_bytes = args.max_body_bytes;
  options.scanners.idle_seconds = args.scanner_idle_seconds;
  http::HttpServerOptions http;
  http.bind = args.bind;
  http.port = args.port;
  http.threads = args.threads;
  http.max_connections = args.max_connections;
  http.max_body_bytes = args.max_body_bytes;
  http.log_level = *level;
  http.log_out = ctx.err;
  http.tls = tls_files;
  http.credentials = security->credentials;
  options.scheme = tls ? "https" : "http";

  // The app needs the bound port (its Locations name it): bind first,
  // build the app before serving.
  metrics::RequestMetrics metrics;
  std::unique_ptr<http::HttpApp> app;
  auto handler = [&app](const server::HttpRequest& r) {
    return app->Handle(r);
  };
  http::HttpServer server(http, handler, &metrics);
  Status bound = server.Bind();
  if (!bound.ok()) return ctx.Fail(bound);
  // Opened (and, for a new SQLite file or MySQL database, created) only
  // once the address is ours: a gateway that cannot listen creates nothing.
  Result<std::unique_ptr<Store>> store = OpenStore(
      ctx, args.read_only ? StoreAccess::kRead : StoreAccess::kCreate);
  if (!store.ok()) return ctx.Fail(store.status());
  options.location = server::HostPort(args.bind, server.port());
  app = std::make_unique<http::HttpApp>(store->get(), options, &metrics);

  *ctx.out << "obkv rest: listening on " << options.scheme << "://"
           << options.location << " (store " << (*store)->info().location
           << ", " << (args.read_only ? "read-only" : "read-write") << ")"
           << std::endl;
  server.log()->Log(server::LogLevel::kInfo, "start", "",
                    "serving HBase REST on " + options.location + " (" +
                        std::to_string(args.threads) + " workers" +
                        (args.read_only ? ", read-only" : "") +
                        (tls ? (tls_files.client_ca.empty()
                                    ? ", TLS"
                                    : ", TLS with client certificates")
                             : "") +
                        ", store " + (*store)->info().location + ")");
  const std::string warning =
      server::ExposureWarning(args.bind, security->secured);
  if (!warning.empty()) {
    server.log()->Log(server::LogLevel::kWarn, "exposed", "", warning);
  }
  serving.store(&server);
  // A signal that came before `serving` was set found nothing to stop.
  if (signal->received() == 0)
    server.Run();  // until Stop, or the listener fails
  serving.store(nullptr);
  const int signal_number = signal->received();
  // The signal thread may still be inside Stop: the server outlives it.
  while (signal_number != 0 && !stop_done.load()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  app->service()->CloseScanners();
  Status flushed = (*store)->FlushRequestStats();
  server.log()->Log(server::LogLevel::kInfo, "stop", "",
                    std::string("stopped (") +
                        (signal_number == SIGINT ? "SIGINT" : "SIGTERM") +
                        "); every request answered was committed");
  if (!flushed.ok()) {
    *ctx.err << "obkv: warning: request stats not flushed: "
             << flushed.message() << "\n";
  }
  return kExitOk;
}

}  // namespace

void RegisterRestCommand(CLI::App& app, CliContext& ctx) {
  CLI::App* rest = app.add_subcommand(
      "rest", "HBase's REST gateway, web pages (/ui) and metrics (/metrics)");
  rest->require_subcommand(1);
  auto args = std::make_shared<RestArgs>();
  CLI::App* start = rest->add_subcommand(
      "start",
      "Serve HBase's REST API, the web pages and /metrics on one port until "
      "SIGTERM or SIGINT (doc/rest.md)");
  start
      ->add_option("-p,--port", args->port,
                   "Port to listen on (0: any free port)")
      ->check(CLI::Range(0, 65535));
  start->add_option("-b,--bind", args->bind,
                    "Address to listen on (loopback by default)");
  start->add_flag("--readonly", args->read_only,
                  "Refuse every write with 403 (the store opens read-only)");
  start
      ->add_option("--threads", args->threads,
                   "Worker threads serving requests (an idle keep-alive "
                   "connection holds none)")
      ->check(CLI::Range(1, 1024));
  start
      ->add_option("--max-connections", args->max_connections,
                   "Connections open at once; one more is answered 503")
      ->check(CLI::Range(1, 1000000));
  start
      ->add_option("--max-body-bytes", args->max_body_bytes,
                   "Largest request body; past it 413")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  start
      ->add_option("--scanner-idle-seconds", args->scanner_idle_seconds,
                   "Close a scanner not read for this long")
      ->check(CLI::Range(1, 86400));
  AddSecurityOptions(
      start, &args->security,
      {"Serve HTTPS (TLS 1.2 or later) with this PEM certificate (its chain "
       "after it)",
       "Serve only requests with one of this file's credentials: lines "
       "'basic USER:PASSWORD' (HTTP basic) or 'token SECRET' (Authorization: "
       "Bearer SECRET)"});
  start->add_option("--log-level", args->log_level,
                    "error, warn, info (start, stop, refusals, limits, "
                    "errors) or debug (every request too)");
  start->callback([args, &ctx]() { ctx.exit_code = RunRestStart(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
