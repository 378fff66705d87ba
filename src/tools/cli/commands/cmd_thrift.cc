// Copyright (c) obkvlite authors.
//
// `obkv --store STORE thrift start [-p PORT] [-b ADDRESS] [-f] [-c]
// [--readonly] [--workers N] [--max-frame-bytes N]
// [--scanner-idle-seconds S] [--shards N]`: HBase's Thrift1 gateway
// (src/server/thrift/, doc/thrift.md), as `hbase thrift start`. It prints
// one line to stderr once it accepts connections:
//   obkv thrift: serving HBase Thrift1 on 127.0.0.1:9090 (...)
// and serves until SIGTERM or SIGINT, then stops cleanly and exits 0.

#include <CLI/CLI.hpp>
#include <atomic>
#include <memory>
#include <ostream>
#include <string>

#include "server/common/shutdown_signal.h"
#include "server/thrift/thrift_server.h"
#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

struct ThriftFlags {
  server::ThriftServerOptions server;
  int shards = 0;
};

int RunThriftStart(const ThriftFlags& flags, CliContext& ctx) {
  if (!ctx.RequireStore("thrift start")) return ctx.exit_code;
  // Signals are blocked before any thread starts (the store's own too),
  // so that only the signal thread takes them.
  std::atomic<server::ThriftServer*> running{nullptr};
  auto signal = server::ShutdownSignal::Install([&running](int) {
    if (server::ThriftServer* s = running.load()) s->Stop();
  });
  Result<std::unique_ptr<Store>> store = OpenStore(
      ctx, flags.server.read_only ? StoreAccess::kRead : StoreAccess::kCreate,
      flags.shards);
  if (!store.ok()) return ctx.Fail(store.status());
  Result<std::unique_ptr<server::ThriftServer>> started =
      server::ThriftServer::Start(store->get(), flags.server);
  if (!started.ok()) return ctx.Fail(started.status());
  server::ThriftServer* s = started->get();
  running.store(s);
  if (signal->received() != 0) s->Stop();  // a signal came first
  const server::ThriftServerOptions& o = flags.server;
  const std::string& host = s->address();
  *ctx.err << "obkv thrift: serving HBase Thrift1 on "
           << (host.find(':') != std::string::npos ? "[" + host + "]" : host)
           << ":" << s->port() << " (transport "
           << (o.framed ? "framed" : "auto") << ", protocol "
           << (o.compact ? "compact" : "auto") << ", " << o.workers
           << " workers" << (o.read_only ? ", read-only" : "") << ", store "
           << (*store)->info().location << ")" << std::endl;
  s->Wait();
  running.store(nullptr);
  started->reset();
  store->reset();  // its threads end before the signal mask is restored
  signal.reset();
  return kExitOk;
}

}  // namespace

void RegisterThriftCommand(CLI::App& app, CliContext& ctx) {
  CLI::App* thrift =
      app.add_subcommand("thrift", "HBase's Thrift1 gateway (doc/thrift.md)");
  thrift->require_subcommand(1);
  auto flags = std::make_shared<ThriftFlags>();
  server::ThriftServerOptions& o = flags->server;
  CLI::App* start = thrift->add_subcommand(
      "start",
      "Serve HBase's Thrift1 service over the store until SIGTERM or SIGINT");
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
                   "Worker threads, each serving one connection at a time")
      ->check(CLI::Range(1, 4096));
  start
      ->add_option("--max-frame-bytes", o.max_frame_bytes,
                   "Largest request (frame or message) in bytes")
      ->check(CLI::Range(int64_t{1024}, int64_t{2147483647}));
  start
      ->add_option("--scanner-idle-seconds", o.scanner_idle_seconds,
                   "Close a scanner unused for this long")
      ->check(CLI::Range(int64_t{1}, int64_t{86400 * 365}));
  start
      ->add_option("--shards", flags->shards,
                   "SQLite files of a store created by this command "
                   "(doc/shards.md); 0: as the store was created")
      ->check(CLI::Range(0, 11));
  start->callback(
      [flags, &ctx]() { ctx.exit_code = RunThriftStart(*flags, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
