// Copyright (c) obkvlite authors.
#include "server/thrift/thrift_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <thrift/TApplicationException.h>
#include <thrift/transport/TTransportException.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "server/common/exposure.h"
#include "server/common/scanner_registry.h"
#include "server/thrift/call_metrics.h"
#include "server/thrift/connection_transport.h"
#include "server/thrift/hbase_handler.h"
#include "server/thrift/hbase_processor.h"
#include "server/thrift/http_request_gate.h"
#include "server/thrift/socket_address.h"
#include "server/thrift/wire_format.h"

namespace obkvlite {
namespace server {
namespace {

using apache::thrift::TApplicationException;
using apache::thrift::transport::TTransportException;

Status CheckOptions(const ThriftServerOptions& o) {
  if (o.port < 0 || o.port > 65535) {
    return Status::InvalidArgument("--port: must be 0..65535, got " +
                                   std::to_string(o.port));
  }
  if (o.workers < 1 || o.workers > 4096) {
    return Status::InvalidArgument("--workers: must be 1..4096, got " +
                                   std::to_string(o.workers));
  }
  if (o.max_workers < o.workers || o.max_workers > 4096) {
    return Status::InvalidArgument("--max-workers: must be --workers (" +
                                   std::to_string(o.workers) + ")..4096, got " +
                                   std::to_string(o.max_workers));
  }
  if (o.max_frame_bytes < 1024 || o.max_frame_bytes > INT32_MAX) {
    return Status::InvalidArgument(
        "--max-frame-bytes: must be 1024..2147483647, got " +
        std::to_string(o.max_frame_bytes));
  }
  if (o.scanner_idle_seconds < 1) {
    return Status::InvalidArgument(
        "--scanner-idle-seconds: must be positive, got " +
        std::to_string(o.scanner_idle_seconds));
  }
  return Status::OK();
}

// A listening socket on bind:port; IOError naming the address.
Result<int> Listen(const std::string& bind, int port, std::string* address,
                   int* bound_port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* res = nullptr;
  const std::string port_text = std::to_string(port);
  const int rc = getaddrinfo(bind.c_str(), port_text.c_str(), &hints, &res);
  if (rc != 0) {
    return Status::IOError("--bind " + bind + ": " + gai_strerror(rc));
  }
  std::string error = "no address";
  int fd = -1;
  for (addrinfo* a = res; a != nullptr && fd < 0; a = a->ai_next) {
    fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    const int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (::bind(fd, a->ai_addr, a->ai_addrlen) != 0 || ::listen(fd, 128) != 0) {
      error = std::strerror(errno);
      ::close(fd);
      fd = -1;
      continue;
    }
    sockaddr_storage got{};
    socklen_t len = sizeof(got);
    getsockname(fd, reinterpret_cast<sockaddr*>(&got), &len);
    SocketAddress bound = AddressOf(got);
    *bound_port = bound.port;
    *address = std::move(bound.host);
  }
  freeaddrinfo(res);
  if (fd < 0) {
    return Status::IOError("cannot listen on " + bind + ":" + port_text + ": " +
                           error);
  }
  return fd;
}

// Answers the request in progress with a TApplicationException, best
// effort (the connection closes right after).
void TryAnswer(apache::thrift::protocol::TProtocol* protocol,
               const std::string& message) {
  try {
    protocol->writeMessageBegin(
        "", apache::thrift::protocol::TMessageType::T_EXCEPTION, 0);
    TApplicationException(TApplicationException::PROTOCOL_ERROR, message)
        .write(protocol);
    protocol->writeMessageEnd();
    protocol->getTransport()->writeEnd();
    protocol->getTransport()->flush();
  } catch (const std::exception&) {
  }
}

// Thrift's scanners: ids "1", "2", ...; an idle one expires at the next
// open or read of any scanner, and on a quiet server within a second.
ScannerRegistryOptions ScannerOptions(const ThriftServerOptions& options) {
  ScannerRegistryOptions o;
  o.max_open = options.max_scanners;
  o.idle_ms = int64_t{options.scanner_idle_seconds} * 1000;
  o.ids = ScannerIds::kCounter;
  o.expire_on_use = true;
  o.sweep_interval_ms = 1000;
  return o;
}

}  // namespace

ThriftServiceFactory Thrift1Service() {
  return [](const ThriftServiceContext& c) {
    HbaseHandlerOptions handler_options;
    handler_options.read_only = c.read_only;
    handler_options.server_name = c.address;
    handler_options.port = c.port;
    handler_options.max_reply_bytes = c.max_reply_bytes;
    auto handler =
        std::make_shared<HbaseHandler>(c.store, c.scanners, handler_options);
    return MakeHbaseProcessor(handler, handler.get(), c.max_request_bytes);
  };
}

class ThriftServer::Impl {
 public:
  Impl(const ThriftServerOptions& options, ThriftServiceFactory service)
      : options_(options),
        service_(std::move(service)),
        scanners_(ScannerOptions(options)),
        log_(options.log_name, options.log_level, options.log_out) {}

  Status Bind() {
    OBKV_RETURN_IF_ERROR(CheckOptions(options_));
    if (options_.tls.enabled()) {
      std::string error;
      tls_ = MakeServerTlsContext(options_.tls, &error);
      if (tls_ == nullptr) return Status::InvalidArgument(error);
    }
    OBKV_ASSIGN_OR_RETURN(
        listen_fd_, Listen(options_.bind, options_.port, &address_, &port_));
    if (pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0) {
      ::close(listen_fd_);
      listen_fd_ = -1;
      return Status::IOError("pipe: " + std::string(std::strerror(errno)));
    }
    return Status::OK();
  }

  Status Serve(Store* store) {
    if (store_ != nullptr || listen_fd_ < 0) {
      return Status::FailedPrecondition(
          "thrift server: Serve needs a bound server that is not serving");
    }
    store_ = store;
    ThriftServiceContext context;
    context.store = store_;
    context.scanners = &scanners_;
    context.address = address_;
    context.port = port_;
    context.read_only = options_.read_only;
    context.max_reply_bytes = options_.max_frame_bytes / 2;
    context.max_request_bytes = options_.max_frame_bytes;
    processor_ = service_(context);
    if (options_.metrics != nullptr) {
      processor_->setEventHandler(
          std::make_shared<CallMetrics>(options_.metrics));
    }
    for (int i = 0; i < options_.workers; ++i) {
      workers_.emplace_back([this] { WorkerLoop(); });
    }
    acceptor_ = std::thread([this] { AcceptLoop(); });
    return Status::OK();
  }

  ~Impl() {
    Stop();
    Wait();
    if (store_ == nullptr && listen_fd_ >= 0) ::close(listen_fd_);  // unserved
    if (wake_[0] >= 0) ::close(wake_[0]);
    if (wake_[1] >= 0) ::close(wake_[1]);
  }

  void Stop() {
    if (stop_.stopping.exchange(true)) return;
    const char b = 1;
    (void)!::write(wake_[1], &b, 1);
    std::lock_guard<std::mutex> lock(mu_);
    cv_.notify_all();
  }

  void Wait() {
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [this] { return stop_.stopping.load(); });
      if (waited_) return;
      waited_ = true;
    }
    if (store_ == nullptr) return;  // bound, never served
    if (acceptor_.joinable()) acceptor_.join();
    {
      std::unique_lock<std::mutex> lock(mu_);
      for (const auto& queued : queue_) ::close(queued.first);
      queue_.clear();
      cv_.notify_all();
      // Calls in progress finish; idle connections close on their own.
      cv_.wait_for(lock, std::chrono::milliseconds(options_.stop_grace_ms),
                   [this] { return active_ == 0; });
    }
    stop_.forced.store(true);
    for (std::thread& t : workers_) t.join();
    workers_.clear();
    scanners_.CloseAll();
    (void)store_->FlushRequestStats();
    log_.Log(LogLevel::kInfo, "stop", "",
             "stopped; every call answered was committed");
  }

  GatewayLog* log() { return &log_; }
  int open_scanners() const { return scanners_.size(); }
  int64_t expired_scanners() const { return scanners_.expired(); }

  const std::string& address() const { return address_; }
  int port() const { return port_; }

 private:
  void AcceptLoop() {
    while (!stop_.stopping.load()) {
      pollfd p[2] = {{listen_fd_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
      const int rc = ::poll(p, 2, 1000);
      if (rc <= 0 || !(p[0].revents & POLLIN)) continue;
      sockaddr_storage peer_addr{};
      socklen_t peer_len = sizeof(peer_addr);
      const int fd =
          ::accept4(listen_fd_, reinterpret_cast<sockaddr*>(&peer_addr),
                    &peer_len, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) continue;
      const int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
      const SocketAddress client = AddressOf(peer_addr);
      const std::string peer = HostPort(client.host, client.port);
      // The event's log line, written once mu_ is released: a stderr that
      // blocks holds back the acceptor, never the workers.
      LogLevel level = LogLevel::kDebug;
      std::string event;
      std::string message;
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (static_cast<int>(queue_.size()) >=
            options_.max_queued_connections) {
          level = LogLevel::kWarn;
          event = "queue-full";
          message = "closed: all " + std::to_string(workers_.size()) +
                    " workers busy and " + std::to_string(queue_.size()) +
                    " connections queued (--max-workers " +
                    std::to_string(options_.max_workers) + ")";
          ::close(fd);
        } else {
          // Every worker busy: one more, up to max_workers, rather than let
          // the connection wait (HBase's pool grows the same way).
          const size_t idle = workers_.size() - static_cast<size_t>(active_);
          if (queue_.size() + 1 > idle) {
            if (static_cast<int>(workers_.size()) < options_.max_workers) {
              workers_.emplace_back([this] { WorkerLoop(); });
              event = "grow";
              message = std::to_string(workers_.size()) + " workers";
            } else {
              level = LogLevel::kInfo;
              event = "queued";
              message = "waits for one of " + std::to_string(workers_.size()) +
                        " busy workers (--max-workers " +
                        std::to_string(options_.max_workers) + ")";
            }
          }
          queue_.emplace_back(fd, peer);
          cv_.notify_all();
        }
      }
      if (!event.empty()) log_.Log(level, event, peer, message);
    }
    ::close(listen_fd_);
    listen_fd_ = -1;
  }

  void WorkerLoop() {
    // A peer that closes while TLS writes to it raises SIGPIPE in the
    // writing thread (OpenSSL writes with write(), not send(MSG_NOSIGNAL)):
    // blocked here, the write fails with EPIPE and the process lives.
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
    for (;;) {
      std::pair<int, std::string> next;
      {
        std::unique_lock<std::mutex> lock(mu_);
        cv_.wait(lock,
                 [this] { return !queue_.empty() || stop_.stopping.load(); });
        if (queue_.empty()) return;  // stopping
        next = std::move(queue_.front());
        queue_.pop_front();
        ++active_;
      }
      if (options_.metrics != nullptr) options_.metrics->ConnectionOpened();
      ServeConnection(next.first, next.second);
      if (options_.metrics != nullptr) options_.metrics->ConnectionClosed();
      std::lock_guard<std::mutex> lock(mu_);
      --active_;
      cv_.notify_all();
    }
  }

  void ServeConnection(int fd, const std::string& peer) {
    ConnectionLimits limits;
    limits.max_message_bytes = options_.max_frame_bytes;
    limits.read_timeout_ms = options_.read_timeout_ms;
    limits.idle_timeout_ms = options_.idle_timeout_ms;
    auto conn =
        std::make_shared<ConnectionTransport>(fd, &stop_, limits, tls_.get());
    WireChoice choice{options_.framed, options_.compact};
    std::string head;
    WireDetection detected;
    try {
      for (;;) {
        detected = DetectWireFormat(
            reinterpret_cast<const uint8_t*>(head.data()), head.size(), choice);
        if (detected.state != WireDetection::State::kNeedMore) break;
        if (!conn->ReadSome(&head, kWireDetectBytes - head.size())) return;
      }
    } catch (const std::exception&) {
      // Stopped, or the peer went away before a request, or it is no TLS
      // client of a TLS gateway.
      if (conn->tls_failed()) {
        log_.Log(LogLevel::kWarn, "refused", peer, conn->tls_error());
      }
      return;
    }
    if (detected.state == WireDetection::State::kRefused) {
      log_.Log(LogLevel::kWarn, "refused", peer, detected.error);
      return;
    }
    if (options_.authorize && !detected.format.http) {
      log_.Log(LogLevel::kWarn, "refused", peer,
               "a " + WireFormatName(detected.format) +
                   " client: with credentials (--auth-file) only Thrift over "
                   "HTTP, with an Authorization header, is served");
      return;
    }
    conn->Unread(std::move(head));
    WireLimits wire;
    wire.max_message_bytes = static_cast<int32_t>(options_.max_frame_bytes);
    auto protocol = MakeProtocol(detected.format, wire, conn);
    std::string carry;  // read past the previous request (credentials)
    for (;;) {
      conn->BeginRequest();
      if (options_.authorize && !AdmitHttpRequest(conn.get(), peer, &carry)) {
        return;
      }
      try {
        if (!processor_->process(protocol, protocol, nullptr)) return;
      } catch (const TTransportException& e) {
        if (e.getType() == TTransportException::CORRUPTED_DATA) {
          const std::string why =
              std::string(e.what()) + " (--max-frame-bytes " +
              std::to_string(options_.max_frame_bytes) + ")";
          log_.Log(LogLevel::kWarn, "limit", peer, why);
          TryAnswer(protocol.get(), why);
          conn->CloseAfterAnswer();
        }
        return;  // closed, stopped, stalled, or a frame too large
      } catch (const std::exception&) {
        conn->CloseAfterAnswer();
        return;  // undecodable: already answered; the stream is lost
      }
    }
  }

  // With credentials: reads the next HTTP request whole and lets it reach
  // Thrift (ConnectionTransport::ServeOnly) when its Authorization header
  // is accepted; else answers the refusal (http_request_gate.h), logs it,
  // and returns false: the connection ends.
  bool AdmitHttpRequest(ConnectionTransport* conn, const std::string& peer,
                        std::string* carry) {
    GatedRequest gated;
    try {
      gated = ReadGatedRequest(conn, carry, options_.max_frame_bytes);
    } catch (const std::exception&) {
      return false;  // stopped, stalled, or gone
    }
    if (gated.outcome == GatedRequest::Outcome::kClosed) return false;
    std::string user;
    if (gated.outcome == GatedRequest::Outcome::kRequest &&
        options_.authorize(gated.authorization, &user)) {
      conn->ServeOnly(std::move(gated.request));
      return true;
    }
    if (gated.outcome == GatedRequest::Outcome::kRequest) {
      gated.status = 401;
      gated.text = UnauthorizedText(user);
    }
    log_.Log(LogLevel::kWarn, gated.status == 401 ? "unauthorized" : "limit",
             peer, gated.text);
    try {
      WriteHttpRefusal(conn, gated.status, gated.text);
    } catch (const std::exception&) {
    }
    conn->CloseAfterAnswer();
    return false;
  }

  std::shared_ptr<SSL_CTX> tls_;  // set by Bind; null: plain TCP
  Store* store_ = nullptr;        // set once by Serve, before any thread starts
  const ThriftServerOptions options_;
  const ThriftServiceFactory service_;
  ScannerRegistry scanners_;
  GatewayLog log_;
  std::shared_ptr<apache::thrift::TProcessor> processor_;
  StopState stop_;
  int listen_fd_ = -1;
  int wake_[2] = {-1, -1};
  std::string address_;
  int port_ = 0;
  std::thread acceptor_;
  std::vector<std::thread> workers_;
  std::mutex mu_;
  std::condition_variable cv_;
  // Accepted connections waiting for a worker, with the peer's address.
  std::deque<std::pair<int, std::string>> queue_;
  int active_ = 0;
  bool waited_ = false;
};

Result<std::unique_ptr<ThriftServer>> ThriftServer::Bind(
    const ThriftServerOptions& options, ThriftServiceFactory service) {
  auto impl = std::make_unique<Impl>(options, std::move(service));
  OBKV_RETURN_IF_ERROR(impl->Bind());
  return std::unique_ptr<ThriftServer>(new ThriftServer(std::move(impl)));
}

Status ThriftServer::Serve(Store* store) { return impl_->Serve(store); }

Result<std::unique_ptr<ThriftServer>> ThriftServer::Start(
    Store* store, const ThriftServerOptions& options,
    ThriftServiceFactory service) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<ThriftServer> server,
                        Bind(options, std::move(service)));
  OBKV_RETURN_IF_ERROR(server->Serve(store));
  return server;
}

ThriftServer::ThriftServer(std::unique_ptr<Impl> impl)
    : impl_(std::move(impl)) {}

ThriftServer::~ThriftServer() = default;

const std::string& ThriftServer::address() const { return impl_->address(); }
int ThriftServer::port() const { return impl_->port(); }
GatewayLog* ThriftServer::log() { return impl_->log(); }
int ThriftServer::open_scanners() const { return impl_->open_scanners(); }
int64_t ThriftServer::expired_scanners() const {
  return impl_->expired_scanners();
}
void ThriftServer::Stop() { impl_->Stop(); }
void ThriftServer::Wait() { impl_->Wait(); }

}  // namespace server
}  // namespace obkvlite
