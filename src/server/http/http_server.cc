// Copyright (c) obkvlite authors.
#include "server/http/http_server.h"

#include <algorithm>
#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/status.hpp>
#include <boost/beast/http/string_body.hpp>
#include <chrono>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "server/common/exposure.h"
#include "server/common/tls_context.h"
#include "util/ascii_case.h"
#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace obkvlite {
namespace http {
namespace {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace bhttp = boost::beast::http;
using tcp = net::ip::tcp;
using ErrorCode = boost::system::error_code;
using server::LogLevel;

// The methods this server serves (405's Allow for one it does not know).
constexpr const char kServedMethods[] = "GET, HEAD, PUT, POST, DELETE, OPTIONS";

bool IsServedMethod(std::string_view method) {
  return method == "GET" || method == "HEAD" || method == "PUT" ||
         method == "POST" || method == "DELETE" || method == "OPTIONS" ||
         method == "PATCH";  // served: the REST service answers 405
}

// How long a closing connection waits for its client to close after the
// last answer, reading and dropping what it still sends (so that the
// answer is not lost to a reset).
constexpr auto kLingerTime = std::chrono::seconds(2);

// Bytes asked of the socket per read.
constexpr size_t kReadSize = 16384;

// How often the sweep looks for connections past their deadline (so a
// timeout fires up to this late). One timer for the server, rather than
// one armed and cancelled per read and write (two updates of the
// reactor's timer queue each).
constexpr auto kSweepPeriod = std::chrono::milliseconds(250);

using Clock = std::chrono::steady_clock;

int64_t Ticks(Clock::time_point t) { return t.time_since_epoch().count(); }

HttpResponse TooLarge(int64_t limit) {
  return HttpResponse::Text(413, "Payload too large: the limit is " +
                                     std::to_string(limit) + " bytes");
}

HttpResponse NotHttp() {
  return HttpResponse::Text(
      400, "Bad request: not an HTTP/1.1 request this server can read");
}

// Whether `ec` is the HTTP parser's about a body: bytes that are no HTTP/1.1
// (end_of_stream and partial_message, the client's close, are not).
bool IsMalformed(const ErrorCode& ec) {
  return ec.category() ==
             bhttp::make_error_code(bhttp::error::end_of_stream).category() &&
         ec != bhttp::error::end_of_stream &&
         ec != bhttp::error::partial_message;
}

// The one catch of a request: the handler's exception becomes a 500.
HttpResponse Call(const HttpHandler& handler, const HttpRequest& request) {
  try {
    return handler(request);
  } catch (const std::exception& e) {
    return HttpResponse::Text(500, std::string("Internal error: ") + e.what());
  }
}

// Header names in an answer's order: by name, ignoring case.
struct NameLess {
  bool operator()(const std::string& a, const std::string& b) const {
    return std::lexicographical_compare(
        a.begin(), a.end(), b.begin(), b.end(),
        [](char x, char y) { return AsciiLowerChar(x) < AsciiLowerChar(y); });
  }
};

// The bytes of answer `r`: its status line, its headers ordered by name
// (Content-Type and Content-Length added, Connection: close when
// `close`, Connection: keep-alive for an HTTP/1.0 client kept), and its
// body, which a HEAD answer and a 204 or 304 leave out. `r`'s own
// Connection header is the caller's to read (WantsClose).
std::string Serialize(const HttpResponse& r, bool head, bool close,
                      bool http10) {
  std::multimap<std::string, std::string, NameLess> headers;
  for (const auto& [name, value] : r.headers) {
    if (!EqualsIgnoreAsciiCase(name, "connection")) {
      headers.emplace(name, value);
    }
  }
  const bool no_body = r.status == 204 || r.status == 304;
  const std::string& body = r.content_type.empty() ? std::string() : r.body;
  if (!r.content_type.empty()) headers.emplace("Content-Type", r.content_type);
  if (!no_body) headers.emplace("Content-Length", std::to_string(body.size()));
  if (close) {
    headers.emplace("Connection", "close");
  } else if (http10) {
    headers.emplace("Connection", "keep-alive");
  }
  const bhttp::status code = bhttp::int_to_status(r.status);
  const beast::string_view reason =
      code == bhttp::status::unknown ? "Unknown" : bhttp::obsolete_reason(code);
  std::string out = "HTTP/1.1 " + std::to_string(r.status) + " ";
  out.append(reason.data(), reason.size());
  out += "\r\n";
  for (const auto& [name, value] : headers) {
    out += name + ": " + value + "\r\n";
  }
  out += "\r\n";
  if (!head && !no_body) out += body;
  return out;
}

// Whether answer `r` asks to close its connection itself.
bool WantsClose(const HttpResponse& r) {
  for (const auto& [name, value] : r.headers) {
    if (EqualsIgnoreAsciiCase(name, "connection") &&
        EqualsIgnoreAsciiCase(value, "close")) {
      return true;
    }
  }
  return false;
}

// The value of header `lower_name` in the raw bytes of a request's head, as
// sent (for the error about a value the parser refused); "" when absent.
std::string RawHeaderValue(std::string_view head, std::string_view lower_name) {
  size_t line = head.find('\n');
  while (line != std::string_view::npos) {
    const size_t start = line + 1;
    const size_t end = head.find('\n', start);
    std::string_view field =
        head.substr(start, end == std::string_view::npos ? head.size() - start
                                                         : end - start);
    const size_t colon = field.find(':');
    if (colon != std::string_view::npos &&
        EqualsIgnoreAsciiCase(field.substr(0, colon), lower_name)) {
      std::string_view value = field.substr(colon + 1);
      while (!value.empty() &&
             (value.front() == ' ' || value.front() == '\t')) {
        value.remove_prefix(1);
      }
      while (!value.empty() && (value.back() == '\r' || value.back() == ' ' ||
                                value.back() == '\t')) {
        value.remove_suffix(1);
      }
      return std::string(value);
    }
    line = end;
  }
  return "";
}

// One answered request's log line: WARN for a limit or a refusal, ERROR for
// a 500, DEBUG for the rest. `what` is "METHOD target" ("" when no request
// line was read: then the event is "refused", or `event` when given).
void LogAnswer(server::GatewayLog* log, const std::string& client,
               const std::string& what, const HttpResponse& r,
               const char* event = nullptr) {
  const bool refused = what.empty();
  const LogLevel level = refused || r.status == 413 || r.status == 408 ||
                                 r.status == 401 || r.status == 431 ||
                                 r.status == 414 || r.status == 503
                             ? LogLevel::kWarn
                         : r.status >= 500 ? LogLevel::kError
                                           : LogLevel::kDebug;
  // Nothing is built for a line the level drops (every request at info).
  if (!log->Enabled(level)) return;
  std::string_view why = r.body;
  while (!why.empty() && (why.back() == '\n' || why.back() == '\r')) {
    why.remove_suffix(1);
  }
  if (refused) {
    log->Log(level, event != nullptr ? event : "refused", client,
             std::string(why) + " (answered " + std::to_string(r.status) + ")");
    return;
  }
  const std::string line = what + " " + std::to_string(r.status) + " " +
                           std::to_string(r.body.size()) + " bytes";
  const char* name = r.status == 401             ? "unauthorized"
                     : level == LogLevel::kWarn  ? "limit"
                     : level == LogLevel::kError ? "error"
                                                 : "request";
  log->Log(level, name, client,
           level == LogLevel::kDebug ? line : line + ": " + std::string(why));
}

}  // namespace

// What the connections share (the server's Impl): outside the anonymous
// namespace, as the Impl that holds it.
namespace internal {

// A connection as the server's registry sees it: Stop closes the idle
// ones, and the sweep (ServerCore::Sweep) expires those past their
// deadline.
class Session {
 public:
  virtual ~Session() = default;
  // Closes the connection if it is waiting for a request (posted to its
  // strand; callable from any thread).
  virtual void StopIfIdle() = 0;
  // Cancels the pending operation if the deadline has passed by then
  // (posted to its strand; callable from any thread).
  virtual void Expire() = 0;
  // Whether the pending operation's deadline is at or before `now`.
  bool Past(int64_t now) const {
    const int64_t d = deadline_.load(std::memory_order_relaxed);
    return d != 0 && d <= now;
  }

 protected:
  // The deadline of the operation about to start; none while the handler
  // runs. Set on the connection's strand, read by the sweep.
  void SetDeadline(Clock::time_point t) {
    deadline_.store(Ticks(t), std::memory_order_relaxed);
  }
  void ClearDeadline() { deadline_.store(0, std::memory_order_relaxed); }

 private:
  std::atomic<int64_t> deadline_{0};  // Clock ticks; 0: none
};

struct ServerCore {
  ServerCore(const HttpServerOptions& o, HttpHandler h,
             metrics::RequestMetrics* m)
      : options(o),
        log(o.log_name, o.log_level, o.log_out),
        handler(std::move(h)),
        metrics(m) {}

  // Accepts the next connection (on the acceptor's strand).
  void Accept();
  // Serves `socket`, or answers it 503 when max_connections are open.
  void Start(tcp::socket socket);
  // The registry of open connections.
  void Register(Session* s, std::weak_ptr<Session> w) {
    util::MutexLock lock(&mu);
    sessions.emplace(s, std::move(w));
  }
  void Unregister(Session* s) {
    util::MutexLock lock(&mu);
    sessions.erase(s);
  }
  size_t Open() {
    util::MutexLock lock(&mu);
    return sessions.size();
  }
  // Closes the listener and every idle connection (on the acceptor's
  // strand).
  void Shut();
  // Every kSweepPeriod, expires the connections past their deadline (on
  // the acceptor's strand), until the listener is closed and no
  // connection is left.
  void Sweep();

  const HttpServerOptions options;
  server::GatewayLog log;
  const HttpHandler handler;
  metrics::RequestMetrics* const metrics;
  // With a certificate: the TLS context every connection's stream uses.
  std::unique_ptr<net::ssl::context> tls;
  std::string tls_error;  // why `tls` could not be made ("" when it could)
  std::atomic<bool> stopping{false};
  util::Mutex mu;
  std::unordered_map<Session*, std::weak_ptr<Session>> sessions
      OBKV_GUARDED_BY(mu);
  // Declared after what the connections use: destroying it destroys the
  // handlers still queued, and with them their connections.
  net::io_context io;
  tcp::acceptor acceptor{net::make_strand(io)};
  net::steady_timer accept_retry{acceptor.get_executor()};
  net::steady_timer sweep{acceptor.get_executor()};
};

}  // namespace internal

struct HttpServer::Impl : internal::ServerCore {
  using ServerCore::ServerCore;
};

namespace {

// One accepted connection, plain (kTls false) or TLS. Its steps run one
// after another on its strand: [handshake], then per request: wait for
// its first bytes (idle: keep_alive_seconds), read its head, check it,
// read its body, run the handler, write the answer; an answer that closes
// is followed by a linger (Close).
template <bool kTls>
class Connection : public internal::Session,
                   public std::enable_shared_from_this<Connection<kTls>> {
 public:
  using Stream =
      std::conditional_t<kTls, net::ssl::stream<tcp::socket>, tcp::socket>;

  Connection(internal::ServerCore* server, tcp::socket socket,
             std::string client)
      : server_(server),
        options_(server->options),
        stream_(MakeStream(server, std::move(socket))),
        client_(std::move(client)) {
    if (server_->metrics != nullptr) server_->metrics->ConnectionOpened();
  }
  ~Connection() override {
    server_->Unregister(this);
    if (server_->metrics != nullptr) server_->metrics->ConnectionClosed();
  }

  // Starts serving on the connection's strand; with `refuse`, answers 503
  // (after the handshake) and closes.
  void Start(bool refuse) {
    auto self = this->shared_from_this();
    net::dispatch(stream_.get_executor(),
                  [self, refuse] { self->Handshake(refuse); });
  }

  void StopIfIdle() override {
    auto self = this->shared_from_this();
    net::post(stream_.get_executor(), [self] {
      if (self->idle_) self->Cancel();
    });
  }

  void Expire() override {
    auto self = this->shared_from_this();
    net::post(stream_.get_executor(), [self] {
      if (!self->Past(Ticks(Clock::now()))) return;  // a later operation's
      self->ClearDeadline();
      self->timed_out_ = true;
      self->Cancel();
    });
  }

 private:
  void Handshake(bool refuse) {
    if constexpr (kTls) {
      auto self = this->shared_from_this();
      Deadline(std::chrono::seconds(options_.read_timeout_seconds));
      stream_.async_handshake(
          net::ssl::stream_base::server, [self, refuse](const ErrorCode& ec) {
            if (ec) {
              self->server_->log.Log(
                  LogLevel::kWarn, "refused", self->client_,
                  "TLS handshake failed (not TLS, or no certificate the "
                  "server accepts): " +
                      ec.message());
              return;
            }
            self->Begin(refuse);
          });
    } else {
      Begin(refuse);
    }
  }

  static Stream MakeStream(internal::ServerCore* server, tcp::socket socket) {
    if constexpr (kTls) {
      return Stream(std::move(socket), *server->tls);
    } else {
      (void)server;
      return Stream(std::move(socket));
    }
  }

  tcp::socket& Lowest() {
    if constexpr (kTls) {
      return stream_.next_layer();
    } else {
      return stream_;
    }
  }

  // The pending operation ends with operation_aborted.
  void Cancel() {
    ErrorCode ignored;
    Lowest().cancel(ignored);
  }

  // The next operation must end by `t` (else the sweep cancels it, and
  // timed_out_ says so), or within `d`.
  void DeadlineAt(Clock::time_point t) {
    timed_out_ = false;
    SetDeadline(t);
  }
  void Deadline(Clock::duration d) { DeadlineAt(Clock::now() + d); }

  void Begin(bool refuse) {
    if (!refuse) {
      Next();
      return;
    }
    const HttpResponse r = HttpResponse::Text(
        503,
        "Service unavailable: " + std::to_string(options_.max_connections) +
            " connections are open, the server's limit");
    AnswerThenClose(r, "", "limit");
  }

  // Waits for the next request: its first bytes within keep_alive_seconds.
  void Next() {
    if (server_->stopping.load()) {
      // Nothing more of the client's to answer: close at once (no
      // linger, which only keeps unread bytes from resetting an answer).
      ErrorCode ec;
      if (buffer_.size() == 0 && Lowest().available(ec) == 0 && !ec) {
        Lowest().close(ec);
      } else {
        Close();
      }
      return;
    }
    if (buffer_.size() > 0) {  // pipelined
      ReadHead();
      return;
    }
    idle_ = true;
    Deadline(std::chrono::seconds(options_.keep_alive_seconds));
    auto self = this->shared_from_this();
    stream_.async_read_some(buffer_.prepare(kReadSize),
                            [self](const ErrorCode& ec, size_t n) {
                              self->idle_ = false;
                              // Idle past the timeout, closed by the client, or
                              // Stop: the connection ends.
                              if (ec) return;
                              self->buffer_.commit(n);
                              self->ReadHead();
                            });
  }

  void ReadHead() {
    parser_.emplace();
    parser_->header_limit(static_cast<uint32_t>(options_.max_header_bytes));
    // The body's limit is checked once the head is read (OnHead: 413
    // before any of it), and set for the body (ReadBody). (Not
    // boost::none: Boost 1.74 then refuses every Content-Length.)
    parser_->body_limit(std::numeric_limits<uint64_t>::max());
    Deadline(std::chrono::seconds(options_.read_timeout_seconds));
    ParseHead();
  }

  // Parses the head from what has been read, reading more while it is
  // incomplete. The bytes stay in buffer_ until the head parses, so an
  // error can quote them (OnHead).
  void ParseHead() {
    ErrorCode ec;
    const size_t used = parser_->put(buffer_.data(), ec);
    if (ec != bhttp::error::need_more) {
      if (!ec) buffer_.consume(used);
      OnHead(ec);
      return;
    }
    auto self = this->shared_from_this();
    stream_.async_read_some(buffer_.prepare(kReadSize),
                            [self](const ErrorCode& e, size_t n) {
                              // The client closed, or stalled past the
                              // timeout, within a head.
                              if (e) return;
                              self->buffer_.commit(n);
                              self->ParseHead();
                            });
  }

  void OnHead(const ErrorCode& ec) {
    if (ec == bhttp::error::header_limit) {
      // 414 when no line end came within the limit: the request line
      // alone is past it.
      const std::string_view seen(
          static_cast<const char*>(buffer_.data().data()), buffer_.size());
      const size_t limit = static_cast<size_t>(options_.max_header_bytes);
      const bool line_too_long =
          seen.substr(0, limit).find('\n') == std::string_view::npos;
      const std::string text =
          line_too_long
              ? "URI too long: the request line is past " +
                    std::to_string(limit) + " bytes"
              : "Request header fields too large: the request line and "
                "header fields are past " +
                    std::to_string(limit) + " bytes";
      AnswerThenClose(HttpResponse::Text(line_too_long ? 414 : 431, text), "",
                      "limit");
      return;
    }
    if (ec == bhttp::error::bad_content_length) {
      const std::string_view seen(
          static_cast<const char*>(buffer_.data().data()), buffer_.size());
      AnswerThenClose(
          HttpResponse::Text(400,
                             "Bad request: Content-Length must be a number of "
                             "bytes, got '" +
                                 RawHeaderValue(seen, "content-length") + "'"),
          "");
      return;
    }
    if (ec) {
      AnswerThenClose(NotHttp(), "");  // bytes that are no HTTP request
      return;
    }
    OnRequestHead();
  }

  // The checks made before any of the body is read; then the body.
  void OnRequestHead() {
    const auto& req = parser_->get();
    const std::string method(req.method_string());
    what_ = method + " " + std::string(req.target());
    if (!IsServedMethod(method)) {
      HttpResponse r = HttpResponse::Text(405, "Method not allowed: " + method);
      r.headers.emplace_back("Allow", kServedMethods);
      AnswerThenClose(r, what_);
      return;
    }
    const HttpCredentials& credentials = options_.credentials;
    std::string user;
    if (!credentials.empty() &&
        !Authorized(credentials, std::string(req[bhttp::field::authorization]),
                    &user)) {
      HttpResponse r = HttpResponse::Text(401, server::UnauthorizedText(user));
      r.headers.emplace_back("WWW-Authenticate", server::kBasicChallenge);
      AnswerThenClose(r, what_);
      return;
    }
    const boost::optional<uint64_t> length = parser_->content_length();
    if (length && *length > static_cast<uint64_t>(options_.max_body_bytes)) {
      AnswerThenClose(TooLarge(options_.max_body_bytes), what_);
      return;
    }
    const std::string type =
        AsciiLower(std::string(req[bhttp::field::content_type]).substr(0, 10));
    if (type == "multipart/") {
      AnswerThenClose(HttpResponse::Text(415,
                                         "Unsupported media type: multipart "
                                         "bodies are not read here"),
                      what_);
      return;
    }
    if (parser_->is_done()) {  // no body
      Dispatch();
      return;
    }
    body_deadline_ =
        Clock::now() + std::chrono::seconds(options_.body_deadline_seconds);
    parser_->body_limit(static_cast<uint64_t>(options_.max_body_bytes));
    if (req.version() >= 11 &&
        AsciiLower(std::string(req[bhttp::field::expect])) == "100-continue") {
      Write(
          std::make_shared<const std::string>("HTTP/1.1 100 Continue\r\n\r\n"),
          [](Connection* c) { c->ReadBody(); });
      return;
    }
    ReadBody();
  }

  // Reads the body a piece at a time: each piece within read_timeout, the
  // whole within body_deadline_seconds; past either, 408 (the sweep's
  // cancel leaves the socket open for that answer).
  void ReadBody() {
    const auto now = Clock::now();
    if (now >= body_deadline_) {
      AnswerThenClose(BodyTimeout(true), what_);
      return;
    }
    DeadlineAt(
        std::min(body_deadline_,
                 now + std::chrono::seconds(options_.read_timeout_seconds)));
    auto self = this->shared_from_this();
    bhttp::async_read_some(
        stream_, buffer_, *parser_, [self](const ErrorCode& ec, size_t) {
          if (!ec) {
            if (self->parser_->is_done()) {
              self->Dispatch();
            } else {
              self->ReadBody();
            }
          } else if (self->timed_out_) {
            self->AnswerThenClose(
                self->BodyTimeout(Clock::now() >= self->body_deadline_),
                self->what_);
          } else if (ec == bhttp::error::body_limit) {
            self->AnswerThenClose(TooLarge(self->options_.max_body_bytes),
                                  self->what_);
          } else if (IsMalformed(ec)) {
            self->AnswerThenClose(
                HttpResponse::Text(400,
                                   "Bad request: malformed or incomplete body"),
                self->what_);
          }
          // Otherwise the client went away mid-body: nothing to answer.
        });
  }

  HttpResponse BodyTimeout(bool deadline) const {
    return HttpResponse::Text(
        408, deadline
                 ? "Request timeout: the body took longer than " +
                       std::to_string(options_.body_deadline_seconds) + " s"
                 : "Request timeout: no byte of the body for " +
                       std::to_string(options_.read_timeout_seconds) + " s");
  }

  // Runs the handler on the whole request and answers it.
  void Dispatch() {
    ClearDeadline();  // the handler takes what it takes
    bhttp::request<bhttp::string_body> req = parser_->release();
    parser_.reset();
    HttpRequest request;
    request.method = std::string(req.method_string());
    request.target = std::string(req.target());
    for (const auto& field : req) {
      request.headers.emplace(AsciiLower(std::string(field.name_string())),
                              std::string(field.value()));
    }
    request.body = std::move(req.body());
    const HttpResponse r = Call(server_->handler, request);
    LogAnswer(&server_->log, client_, what_, r);
    const bool close =
        !req.keep_alive() || WantsClose(r) || server_->stopping.load();
    auto bytes = std::make_shared<const std::string>(
        Serialize(r, request.method == "HEAD", close, req.version() < 11));
    if (close) {
      Write(bytes, [](Connection* c) { c->Close(); });
    } else {
      Write(bytes, [](Connection* c) { c->Next(); });
    }
  }

  // Answers `r` with Connection: close, logs it, and closes.
  void AnswerThenClose(const HttpResponse& r, const std::string& what,
                       const char* event = nullptr) {
    LogAnswer(&server_->log, client_, what, r, event);
    Write(std::make_shared<const std::string>(Serialize(r, false, true, false)),
          [](Connection* c) { c->Close(); });
  }

  // Writes `bytes`, within body_deadline_seconds, then calls `then`
  // (unless the write failed: the connection then ends).
  void Write(std::shared_ptr<const std::string> bytes,
             void (*then)(Connection*)) {
    Deadline(std::chrono::seconds(options_.body_deadline_seconds));
    auto self = this->shared_from_this();
    net::async_write(stream_, net::buffer(*bytes),
                     [self, bytes, then](const ErrorCode& ec, size_t) {
                       if (!ec) then(self.get());
                     });
  }

  // Ends the connection after its last answer: TLS's close_notify, or the
  // sending half shut; then what the client still sends is read and
  // dropped until it closes, for at most kLingerTime.
  void Close() {
    Deadline(kLingerTime);
    auto self = this->shared_from_this();
    if constexpr (kTls) {
      stream_.async_shutdown([self](const ErrorCode&) {});
    } else {
      ErrorCode ignored;
      Lowest().shutdown(tcp::socket::shutdown_send, ignored);
      Drain();
    }
  }

  void Drain() {
    auto self = this->shared_from_this();
    stream_.async_read_some(buffer_.prepare(kReadSize),
                            [self](const ErrorCode& ec, size_t) {
                              if (!ec) self->Drain();
                            });
  }

  internal::ServerCore* const server_;
  const HttpServerOptions& options_;
  Stream stream_;
  const std::string client_;  // "host:port"
  beast::flat_buffer buffer_;
  std::optional<bhttp::request_parser<bhttp::string_body>> parser_;
  std::string what_;  // "METHOD target" of the request being served
  Clock::time_point body_deadline_;
  bool idle_ = false;       // waiting for a request's first bytes (Next)
  bool timed_out_ = false;  // the sweep cancelled the pending operation
};

}  // namespace

void internal::ServerCore::Accept() {
  acceptor.async_accept(
      net::make_strand(io), [this](const ErrorCode& ec, tcp::socket socket) {
        if (!acceptor.is_open()) return;  // Stop
        if (ec) {
          // Out of descriptors, say: the others are served meanwhile.
          log.Log(LogLevel::kWarn, "limit", "",
                  "cannot accept a connection (" + ec.message() +
                      "); trying again in 100 ms");
          accept_retry.expires_after(std::chrono::milliseconds(100));
          accept_retry.async_wait([this](const ErrorCode& e) {
            if (!e && acceptor.is_open()) Accept();
          });
          return;
        }
        Start(std::move(socket));
        Accept();
      });
}

void internal::ServerCore::Start(tcp::socket socket) {
  ErrorCode ec;
  const tcp::endpoint remote = socket.remote_endpoint(ec);
  if (ec) return;  // already gone
  // Answers go out at once: without it Nagle holds the body behind the
  // headers until the client's delayed ACK, 40 ms a request.
  socket.set_option(tcp::no_delay(true), ec);
  const std::string client =
      server::HostPort(remote.address().to_string(), remote.port());
  const bool refuse = Open() >= static_cast<size_t>(options.max_connections);
  auto start = [&](auto connection) {
    Register(connection.get(), connection);
    connection->Start(refuse);
  };
  if (tls != nullptr) {
    start(std::make_shared<Connection<true>>(this, std::move(socket), client));
  } else {
    start(std::make_shared<Connection<false>>(this, std::move(socket), client));
  }
}

void internal::ServerCore::Sweep() {
  sweep.expires_after(kSweepPeriod);
  sweep.async_wait([this](const ErrorCode& ec) {
    if (ec) return;
    const int64_t now = Ticks(Clock::now());
    std::vector<std::shared_ptr<Session>> expired;
    bool any = false;
    {
      util::MutexLock lock(&mu);
      any = !sessions.empty();
      for (const auto& [session, weak] : sessions) {
        if (!session->Past(now)) continue;
        if (auto s = weak.lock()) expired.push_back(std::move(s));
      }
    }
    // Outside the lock, as in Shut.
    for (const auto& s : expired) s->Expire();
    expired.clear();
    if (acceptor.is_open() || any) Sweep();
  });
}

void internal::ServerCore::Shut() {
  ErrorCode ignored;
  acceptor.close(ignored);
  accept_retry.cancel();
  std::vector<std::shared_ptr<Session>> open;
  {
    util::MutexLock lock(&mu);
    for (const auto& entry : sessions) {
      if (auto s = entry.second.lock()) open.push_back(std::move(s));
    }
  }
  // Outside the lock: the last reference may go here, and a connection's
  // destructor takes it.
  for (const auto& s : open) s->StopIfIdle();
}

HttpServer::HttpServer(const HttpServerOptions& options, HttpHandler handler,
                       metrics::RequestMetrics* metrics)
    : impl_(std::make_unique<Impl>(options, std::move(handler), metrics)) {
  if (options.tls.enabled()) {
    impl_->tls =
        std::make_unique<net::ssl::context>(net::ssl::context::tls_server);
    impl_->tls_error =
        server::ConfigureTls(options.tls, impl_->tls->native_handle());
  }
}

HttpServer::~HttpServer() = default;

server::GatewayLog* HttpServer::log() { return &impl_->log; }

Status HttpServer::Bind() {
  const HttpServerOptions& o = impl_->options;
  if (!impl_->tls_error.empty()) {
    return Status::InvalidArgument(impl_->tls_error);
  }
  const std::string where =
      o.port == 0 ? o.bind + " (any port)"
                  : o.bind + ":" + std::to_string(o.port) +
                        " (address in use, or not an address here)";
  std::string host = o.bind;
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  ErrorCode ec;
  tcp::resolver resolver(impl_->io);
  const auto endpoints = resolver.resolve(host, std::to_string(o.port),
                                          tcp::resolver::passive, ec);
  if (ec || endpoints.empty()) {
    return Status::IOError("cannot listen on " + where);
  }
  const tcp::endpoint endpoint = *endpoints.begin();
  tcp::acceptor& a = impl_->acceptor;
  a.open(endpoint.protocol(), ec);
  // SO_REUSEADDR only (no SO_REUSEPORT: a second server on the same port
  // must fail to bind, not share the traffic).
  if (!ec) a.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) a.bind(endpoint, ec);
  if (!ec) a.listen(net::socket_base::max_listen_connections, ec);
  if (ec) {
    ErrorCode ignored;
    a.close(ignored);
    return Status::IOError("cannot listen on " + where);
  }
  port_ = a.local_endpoint().port();
  return Status::OK();
}

void HttpServer::Run() {
  Impl& m = *impl_;
  if (m.stopping.load() || !m.acceptor.is_open()) return;
  net::post(m.acceptor.get_executor(), [&m] {
    m.Accept();
    m.Sweep();
  });
  // A Stop that came between the check above and here posted its Shut
  // already, or sees the context running.
  auto serve = [&m] {
    while (true) {
      try {
        m.io.run();
        return;
      } catch (const std::exception& e) {  // not the handler's: it has Call
        m.log.Log(LogLevel::kError, "error", "",
                  std::string("internal error: ") + e.what());
      }
    }
  };
  std::vector<std::thread> threads;
  for (int i = 1; i < std::clamp(m.options.threads, 1, 1024); ++i) {
    threads.emplace_back(serve);
  }
  serve();
  for (std::thread& t : threads) t.join();
}

void HttpServer::Stop() {
  Impl* m = impl_.get();
  m->stopping.store(true);
  net::post(m->acceptor.get_executor(), [m] { m->Shut(); });
}

}  // namespace http
}  // namespace obkvlite
