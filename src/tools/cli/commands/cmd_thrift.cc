// Copyright (c) obkvlite authors.
//
// `obkv --store STORE thrift start [-p PORT] [-b ADDRESS] [-f] [-c]
// [--readonly] [--workers N] [--max-workers N] [--max-frame-bytes N]
// [--scanner-idle-seconds S] [--info-port P] [--log-level L] [--shards N]`:
// HBase's Thrift1 gateway
// (src/server/thrift/, doc/thrift.md), as `hbase thrift start`; `obkv
// thrift2 start` with the same options: HBase's Thrift2 gateway
// (src/server/thrift2/, doc/thrift2.md), as `hbase thrift2 start`. Each
// logs (server/common/gateway_log.h, on stderr) a start line once it
// accepts connections:
//   ...Z obkv thrift INFO start: serving HBase Thrift1 on 127.0.0.1:9090 (...)
//   ...Z obkv thrift2 INFO start: serving HBase Thrift2 on 127.0.0.1:9090 (...)
// and serves until SIGTERM or SIGINT, then stops cleanly and exits 0. With
// --info-port, an HTTP port of its own serves /metrics and /ui (http/
// info_app.h), as HBase's Thrift info server on 9095, and the log says
//   ...Z obkv thrift INFO info: /metrics and /ui on http://127.0.0.1:9095
// Every address is bound before the store is opened: a gateway that cannot
// listen creates nothing.

#include <CLI/CLI.hpp>
#include <atomic>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <thread>

#include "server/common/exposure.h"
#include "server/common/shutdown_signal.h"
#include "server/http/http_auth.h"
#include "server/http/http_server.h"
#include "server/http/info_app.h"
#include "server/thrift/thrift_server.h"
#include "server/thrift2/thrift2_service.h"
#include "tools/cli/auth_options.h"
#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

// One gateway command: "thrift" (HBase's Thrift1) or "thrift2".
struct ThriftKind {
  const char* command;  // "thrift", "thrift2"
  const char* service;  // "Thrift1", "Thrift2"
  const char* doc;      // "doc/thrift.md", ...
  server::ThriftServiceFactory (*factory)();
};

constexpr ThriftKind kThrift1 = {"thrift", "Thrift1", "doc/thrift.md",
                                 &server::Thrift1Service};
constexpr ThriftKind kThrift2 = {"thrift2", "Thrift2", "doc/thrift2.md",
                                 &server::Thrift2Service};

struct ThriftFlags {
  server::ThriftServerOptions server;
  int shards = 0;
  std::string log_level = "info";
  int info_port = -1;      // -1: no info server
  SecurityFlags security;  // TLS, credentials, --insecure
};

// The info server of a gateway: /metrics and /ui on their own port.
class InfoServer {
 public:
  InfoServer(const ThriftKind& kind, const ThriftFlags& flags,
             metrics::RequestMetrics* metrics, std::ostream* log_out)
      : kind_(kind),
        metrics_(metrics),
        http_(
            Options(kind, flags, log_out),
            [this](const auto& r) { return Handle(r); }, nullptr) {}
  ~InfoServer() {
    http_.Stop();
    if (thread_.joinable()) thread_.join();
  }

  Status Bind() { return http_.Bind(); }
  int port() const { return http_.port(); }

  // Serves `store`, whose `gateway` listens on `listen`, from a thread of
  // its own until destroyed.
  void Serve(Store* store, const server::ThriftServer* gateway,
             const std::string& listen, bool read_only) {
    http::InfoOptions options;
    options.gateway = kind_.command;
    options.listen = listen;
    options.read_only = read_only;
    options.scanners = [gateway] {
      metrics::ServerGauges gauges;
      gauges.open_scanners = gateway->open_scanners();
      gauges.expired_scanners = gateway->expired_scanners();
      return gauges;
    };
    app_.emplace(store, std::move(options), metrics_);
    thread_ = std::thread([this] { http_.Run(); });
  }

 private:
  static http::HttpServerOptions Options(const ThriftKind& kind,
                                         const ThriftFlags& flags,
                                         std::ostream* log_out) {
    http::HttpServerOptions o;
    o.bind = flags.server.bind;
    o.port = flags.info_port;
    o.threads = 2;
    o.max_body_bytes = 1 << 20;  // its pages take no body
    o.log_name = std::string(kind.command) + "-info";
    o.log_level = flags.server.log_level;
    o.log_out = log_out;
    return o;
  }

  server::HttpResponse Handle(const server::HttpRequest& request) {
    std::optional<server::HttpResponse> r = app_->Handle(request);
    if (r) return *r;
    return server::HttpResponse::Text(
        404, "Not found: this port serves /metrics and /ui only");
  }

  const ThriftKind& kind_;
  metrics::RequestMetrics* const metrics_;
  std::optional<http::InfoApp> app_;  // set by Serve, before Run
  http::HttpServer http_;
  std::thread thread_;
};

int RunThriftStart(const ThriftKind& kind, const ThriftFlags& flags,
                   CliContext& ctx) {
  const std::string command = std::string(kind.command) + " start";
  if (!ctx.RequireStore(command.c_str())) return ctx.exit_code;
  // Signals are blocked before any thread starts (the store's own too),
  // so that only the signal thread takes them.
  std::atomic<server::ThriftServer*> running{nullptr};
  auto signal = server::ShutdownSignal::Install([&running](int) {
    if (server::ThriftServer* s = running.load()) s->Stop();
  });
  server::ThriftServerOptions options = flags.server;
  Result<Security> security = ResolveSecurity(
      flags.security, options.bind,
      "--tls-cert and --tls-key, or --auth-file or --auth-env, which serve "
      "Thrift over HTTP only");
  if (!security.ok()) return ctx.Fail(security.status());
  options.tls = flags.security.tls;
  // Credentials, not TLS alone, make the gateway judge each request.
  if (!security->credentials.empty()) {
    options.authorize = [c = security->credentials](
                            const std::string& authorization,
                            std::string* user) {
      return http::Authorized(c, authorization, user);
    };
  }
  Result<server::LogLevel> level = server::ParseLogLevel(flags.log_level);
  if (!level.ok()) return ctx.Fail(level.status());
  options.log_level = *level;
  options.log_name = kind.command;
  options.log_out = ctx.err;
  // Every call timed, when an info server shows them.
  metrics::RequestMetrics metrics;
  std::unique_ptr<InfoServer> info;
  if (flags.info_port >= 0) {
    options.metrics = &metrics;
    ThriftFlags with_level = flags;
    with_level.server.log_level = *level;
    info = std::make_unique<InfoServer>(kind, with_level, &metrics, ctx.err);
  }
  Result<std::unique_ptr<server::ThriftServer>> started =
      server::ThriftServer::Bind(options, kind.factory());
  if (!started.ok()) return ctx.Fail(started.status());
  if (info != nullptr) {
    Status bound = info->Bind();
    if (!bound.ok()) return ctx.Fail(bound.WithPrefix("--info-port"));
  }
  // Opened (and, for a new SQLite file or MySQL database, created) only
  // once the address is ours: a gateway that cannot listen creates nothing.
  Result<std::unique_ptr<Store>> store = OpenStore(
      ctx, flags.server.read_only ? StoreAccess::kRead : StoreAccess::kCreate,
      flags.shards);
  if (!store.ok()) return ctx.Fail(store.status());
  Status serving = (*started)->Serve(store->get());
  if (!serving.ok()) return ctx.Fail(serving);
  server::ThriftServer* s = started->get();
  if (info != nullptr) {
    info->Serve(store->get(), s, server::HostPort(s->address(), s->port()),
                options.read_only);
  }
  running.store(s);
  if (signal->received() != 0) s->Stop();  // a signal came first
  const server::ThriftServerOptions& o = options;
  s->log()->Log(
      server::LogLevel::kInfo, "start", "",
      std::string("serving HBase ") + kind.service + " on " +
          server::HostPort(s->address(), s->port()) + " (transport " +
          (o.framed ? "framed" : "auto") + ", protocol " +
          (o.compact ? "compact" : "auto") + ", " + std::to_string(o.workers) +
          "-" + std::to_string(o.max_workers) + " workers" +
          (o.read_only ? ", read-only" : "") +
          (o.tls.enabled()
               ? (o.tls.client_ca.empty() ? ", TLS"
                                          : ", TLS with client certificates")
               : "") +
          (o.authorize ? ", credentials" : "") + ", store " +
          (*store)->info().location + ")");
  const std::string warning =
      server::ExposureWarning(options.bind, security->secured);
  if (!warning.empty()) {
    s->log()->Log(server::LogLevel::kWarn, "exposed", "", warning);
  }
  if (info != nullptr) {
    s->log()->Log(server::LogLevel::kInfo, "info", "",
                  "/metrics and /ui on http://" +
                      server::HostPort(s->address(), info->port()));
  }
  s->Wait();
  running.store(nullptr);
  info.reset();  // before the gateway and the store it reads
  started->reset();
  store->reset();  // its threads end before the signal mask is restored
  signal.reset();
  return kExitOk;
}

void RegisterGateway(const ThriftKind& kind, CLI::App& app, CliContext& ctx) {
  CLI::App* thrift =
      app.add_subcommand(kind.command, std::string("HBase's ") + kind.service +
                                           " gateway (" + kind.doc + ")");
  thrift->require_subcommand(1);
  auto flags = std::make_shared<ThriftFlags>();
  server::ThriftServerOptions& o = flags->server;
  CLI::App* start = thrift->add_subcommand(
      "start", std::string("Serve HBase's ") + kind.service +
                   " service over the store until SIGTERM or SIGINT");
  start->add_option("-p,--port", o.port, "TCP port (0: any free port)")
      ->check(CLI::Range(0, 65535));
  start->add_option("-b,--bind", o.bind,
                    "Address to listen on (the loopback by default; HBase "
                    "binds 0.0.0.0)");
  start->add_flag("-f,--framed", o.framed,
                  "Accept the framed transport only (default: detect "
                  "buffered or framed per connection)");
  start->add_flag("-c,--compact", o.compact,
                  "Accept the compact protocol only (default: detect binary "
                  "or compact per connection)");
  start->add_flag("--readonly", o.read_only,
                  "Refuse every mutation and admin change");
  start
      ->add_option("--workers", o.workers,
                   "Worker threads started with the server, each serving one "
                   "connection at a time")
      ->check(CLI::Range(1, 4096));
  start
      ->add_option("--max-workers", o.max_workers,
                   "The pool grows a thread per connection that would wait, "
                   "up to this many (HBase's maxWorkerThreads)")
      ->check(CLI::Range(1, 4096));
  start
      ->add_option("--max-frame-bytes", o.max_frame_bytes,
                   "Largest request (frame or message) in bytes")
      ->check(CLI::Range(int64_t{1024}, int64_t{2147483647}));
  start
      ->add_option("--scanner-idle-seconds", o.scanner_idle_seconds,
                   "Close a scanner unused for this long")
      ->check(CLI::Range(int64_t{1}, int64_t{86400 * 365}));
  AddSecurityOptions(
      start, &flags->security,
      {"Speak TLS (1.2 or later, as Thrift's TSSLSocket) with this PEM "
       "certificate (its chain after it)",
       "Serve only Thrift over HTTP requests with one of this file's "
       "credentials: lines 'basic USER:PASSWORD' or 'token SECRET' "
       "(doc/rest.md)"});
  start
      ->add_option("--info-port,--infoport", flags->info_port,
                   "HTTP port of /metrics and /ui (HBase's info server, 9095 "
                   "there; 0: any free port; -1, the default: none)")
      ->check(CLI::Range(-1, 65535));
  start->add_option("--log-level", flags->log_level,
                    "error, warn, info (start, stop, refusals, limits, queued "
                    "connections) or debug (workers added too)");
  start
      ->add_option("--shards", flags->shards,
                   "SQLite files of a store created by this command "
                   "(doc/shards.md); 0: as the store was created")
      ->check(CLI::Range(0, 11));
  start->callback([&kind, flags, &ctx]() {
    ctx.exit_code = RunThriftStart(kind, *flags, ctx);
  });
}

}  // namespace

void RegisterThriftCommand(CLI::App& app, CliContext& ctx) {
  RegisterGateway(kThrift1, app, ctx);
  RegisterGateway(kThrift2, app, ctx);
}

}  // namespace cli
}  // namespace obkvlite
