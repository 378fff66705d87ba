// Copyright (c) obkvlite authors.
//
// ThriftServer: `obkv thrift start` and `obkv thrift2 start`, HBase's
// Thrift gateways over one Store. It listens on bind:port, hands each
// accepted connection to a pool of worker threads (one connection per
// worker at a time; the pool grows to max_workers, then more wait in a
// queue), detects or enforces the wire
// format of each connection (wire_format.h) and serves it with the
// processor of one service: Thrift1's Hbase (HbaseHandler) by default,
// Thrift2's THBaseService with server/thrift2/thrift2_service.h's
// Thrift2Service().
//
//   Result<std::unique_ptr<ThriftServer>> server =
//       ThriftServer::Start(store.get(), options);
//   std::cerr << "listening on " << (*server)->address() << ":"
//             << (*server)->port() << "\n";
//   (*server)->Wait();        // until Stop() (from a signal handler thread)
//
// Stop: the listening socket closes, connections idle between calls close,
// calls in progress finish (connections in the middle of a call get
// stop_grace_ms, then are closed), then every scanner is closed and the
// store's request statistics are flushed. The log gets a line per stop,
// refused connection, request over a limit, full queue, queued connection
// and added worker (debug), with the client's address.
//
// REQUIRED: the Store outlives the server.
// Thread safety: Stop may be called from any thread; Wait from one.

#ifndef OBKVLITE_SERVER_THRIFT_THRIFT_SERVER_H_
#define OBKVLITE_SERVER_THRIFT_THRIFT_SERVER_H_

#include <thrift/TProcessor.h>

#include <cstdint>
#include <functional>
#include <iostream>
#include <memory>
#include <string>

#include "obkvlite/status.h"
#include "obkvlite/store.h"
#include "server/common/gateway_log.h"
#include "server/common/tls_context.h"
#include "server/metrics/request_metrics.h"

namespace obkvlite {
namespace server {

struct ThriftServerOptions {
  // Address to listen on (IPv4 or IPv6 literal, or a host name); the
  // loopback by default, unlike HBase's 0.0.0.0.
  std::string bind = "127.0.0.1";
  // TCP port; 0 lets the kernel choose (port() tells which).
  int port = 9090;
  // -f: accept the framed transport only; otherwise detect it.
  bool framed = false;
  // -c: accept the compact protocol only; otherwise detect it.
  bool compact = false;
  // --readonly: refuse every mutation and admin change.
  bool read_only = false;
  // Worker threads started with the server, each serving one connection
  // at a time (>= 1; HBase's hbase.thrift.minWorkerThreads).
  int workers = 16;
  // The pool grows by a thread whenever a connection would wait for a free
  // worker, up to this many (>= workers; HBase's
  // hbase.thrift.maxWorkerThreads). Threads stay once started.
  int max_workers = 1000;
  // Largest request (frame or buffered message) in bytes (>= 1024).
  int64_t max_frame_bytes = 16 * 1024 * 1024;
  // A scanner unused this long is closed (>= 1).
  int64_t scanner_idle_seconds = 600;
  // Most scanners open at once.
  int max_scanners = 10000;
  // Connections waiting for a worker beyond this are closed at once.
  int max_queued_connections = 1024;
  // A client stalled this long inside a request is disconnected (ms).
  int read_timeout_ms = 30000;
  // A connection idle this long between requests is closed, freeing its
  // worker (ms; 0: never), as HBase's 60 s socket read timeout does.
  int idle_timeout_ms = 60000;
  // How long Stop lets calls in progress finish (ms).
  int stop_grace_ms = 5000;
  // The gateway's name in its log lines (server/common/gateway_log.h),
  // their level (--log-level), and where they go (REQUIRED: outlives the
  // server).
  std::string log_name = "thrift";
  LogLevel log_level = LogLevel::kInfo;
  std::ostream* log_out = &std::cerr;
  // TLS (--tls-cert, --tls-key, --tls-client-ca; server/common/
  // tls_context.h): every connection speaks TLS, as Thrift's TSSLSocket;
  // a client that does not is refused (logged). Files that cannot be used
  // fail Bind, naming them.
  TlsFiles tls;
  // Who may call (thrift start --auth-file): when set, only Thrift over
  // HTTP is served (a binary or compact client is refused, logged), each
  // request read whole (Content-Length) before it runs, and one whose
  // Authorization header this rejects is answered 401 with
  // WWW-Authenticate and closed; `*user` names the user claimed, for the
  // log. REQUIRED: callable from any thread.
  std::function<bool(const std::string& authorization, std::string* user)>
      authorize;
  // Where every call is timed and every connection counted, for an info
  // server's /metrics and /ui (server/thrift/call_metrics.h); null: not
  // measured. REQUIRED: outlives the server.
  metrics::RequestMetrics* metrics = nullptr;
};

class ScannerRegistry;

// What a service's processor is made from.
struct ThriftServiceContext {
  Store* store = nullptr;
  // The server's scanners; they live as long as the server.
  ScannerRegistry* scanners = nullptr;
  // The address and port listened on (for region locations).
  std::string address;
  int port = 0;
  bool read_only = false;
  // The most bytes of cells one reply should carry, and the largest request.
  int64_t max_reply_bytes = 8 * 1024 * 1024;
  int64_t max_request_bytes = 16 * 1024 * 1024;
};

// Makes the processor every connection of a server shares.
using ThriftServiceFactory =
    std::function<std::shared_ptr<apache::thrift::TProcessor>(
        const ThriftServiceContext&)>;

// Thrift1's Hbase service (HbaseHandler).
ThriftServiceFactory Thrift1Service();

class ThriftServer {
 public:
  // Validates `options` (InvalidArgument naming the option), binds and
  // starts serving `service`. IOError naming the address when it cannot
  // bind.
  static Result<std::unique_ptr<ThriftServer>> Start(
      Store* store, const ThriftServerOptions& options,
      ThriftServiceFactory service = Thrift1Service());
  // Start in two steps, for a caller that must create nothing until the
  // address is its own (obkv thrift start opens, and may create, its store
  // only then): Bind validates `options` and binds, with Start's errors,
  // accepting no connection yet; Serve starts serving `store`.
  // FailedPrecondition from Serve unless the server was bound and is not
  // serving yet. REQUIRED: `store` outlives the server.
  static Result<std::unique_ptr<ThriftServer>> Bind(
      const ThriftServerOptions& options,
      ThriftServiceFactory service = Thrift1Service());
  Status Serve(Store* store);
  ~ThriftServer();  // Stop() and Wait()

  // The address and the port listened on.
  const std::string& address() const;
  int port() const;
  // The gateway's log (its "start" line is its owner's to write).
  GatewayLog* log();
  // Scanners open now, and those closed because they sat idle.
  int open_scanners() const;
  int64_t expired_scanners() const;

  void Stop();
  // Returns once Stop() was called and the shutdown is complete.
  void Wait();

 private:
  class Impl;
  explicit ThriftServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT_THRIFT_SERVER_H_
