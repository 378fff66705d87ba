// Copyright (c) obkvlite authors.
//
// `obkv --store STORE thrift start [-p PORT] [-b ADDRESS] [-f] [-c]
// [--readonly] [--workers N] [--max-workers N] [--max-frame-bytes N]
// [--scanner-idle-seconds S] [--log-level L] [--shards N]`: HBase's Thrift1
// gateway
// (src/server/thrift/, doc/thrift.md), as `hbase thrift start`; `obkv
// thrift2 start` with the same options: HBase's Thrift2 gateway
// (src/server/thrift2/, doc/thrift2.md), as `hbase thrift2 start`. Each
// logs (server/common/gateway_log.h, on stderr) a start line once it
// accepts connections:
//   ...Z obkv thrift INFO start: serving HBase Thrift1 on 127.0.0.1:9090 (...)
//   ...Z obkv thrift2 INFO start: serving HBase Thrift2 on 127.0.0.1:9090 (...)
// and serves until SIGTERM or SIGINT, then stops cleanly and exits 0.

#include <CLI/CLI.hpp>
#include <atomic>
#include <memory>
#include <ostream>
#include <string>

#include "server/common/shutdown_signal.h"
#include "server/thrift/thrift_server.h"
#include "server/thrift2/thrift2_service.h"
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
  Result<server::LogLevel> level = server::ParseLogLevel(flags.log_level);
  if (!level.ok()) return ctx.Fail(level.status());
  options.log_level = *level;
  options.log_name = kind.command;
  options.log_out = ctx.err;
  Result<std::unique_ptr<server::ThriftServer>> started =
      server::ThriftServer::Bind(options, kind.factory());
  if (!started.ok()) return ctx.Fail(started.status());
  // Opened (and, for a new SQLite file or MySQL database, created) only
  // once the address is ours: a gateway that cannot listen creates nothing.
  Result<std::unique_ptr<Store>> store = OpenStore(
      ctx, flags.server.read_only ? StoreAccess::kRead : StoreAccess::kCreate,
      flags.shards);
  if (!store.ok()) return ctx.Fail(store.status());
  Status serving = (*started)->Serve(store->get());
  if (!serving.ok()) return ctx.Fail(serving);
  server::ThriftServer* s = started->get();
  running.store(s);
  if (signal->received() != 0) s->Stop();  // a signal came first
  const server::ThriftServerOptions& o = options;
  s->log()->Log(server::LogLevel::kInfo, "start", "",
                std::string("serving HBase ") + kind.service + " on " +
                    server::HostPort(s->address(), s->port()) + " (transport " +
                    (o.framed ? "framed" : "auto") + ", protocol " +
                    (o.compact ? "compact" : "auto") + ", " +
                    std::to_string(o.workers) + "-" +
                    std::to_string(o.max_workers) + " workers" +
                    (o.read_only ? ", read-only" : "") + ", store " +
                    (*store)->info().location + ")");
  s->Wait();
  running.store(nullptr);
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
