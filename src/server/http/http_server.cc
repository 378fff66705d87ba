// Copyright (c) obkvlite authors.
#include "server/http/http_server.h"

#include <httplib.h>
#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <limits>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "server/common/exposure.h"
#include "server/common/tls_context.h"
#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace obkvlite {
namespace http {
namespace {

// httplib's task queue with a bound: enqueue waits while `capacity`
// connections are already waiting for a worker.
class BoundedTaskQueue : public httplib::TaskQueue {
 public:
  BoundedTaskQueue(int threads, size_t capacity,
                   metrics::RequestMetrics* metrics)
      : capacity_(capacity), metrics_(metrics) {
    for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { Work(); });
  }

  void enqueue(std::function<void()> fn) override {
    util::MutexLock lock(&mu_);
    // The analysis cannot see that the wait's predicate runs under mu_.
    space_.wait(mu_, [this]() OBKV_NO_THREAD_SAFETY_ANALYSIS {
      return jobs_.size() < capacity_ || stopping_;
    });
    jobs_.push_back(std::move(fn));
    ready_.notify_one();
  }

  void shutdown() override {
    {
      util::MutexLock lock(&mu_);
      stopping_ = true;
    }
    ready_.notify_all();
    space_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

 private:
  void Work() {
    while (true) {
      std::function<void()> fn;
      {
        util::MutexLock lock(&mu_);
        ready_.wait(mu_, [this]() OBKV_NO_THREAD_SAFETY_ANALYSIS {
          return !jobs_.empty() || stopping_;
        });
        // Accepted connections are served even while stopping.
        if (jobs_.empty()) return;
        fn = std::move(jobs_.front());
        jobs_.pop_front();
      }
      space_.notify_one();
      if (metrics_ != nullptr) metrics_->ConnectionOpened();
      fn();
      if (metrics_ != nullptr) metrics_->ConnectionClosed();
    }
  }

  const size_t capacity_;
  metrics::RequestMetrics* const metrics_;
  util::Mutex mu_;
  std::condition_variable_any ready_;
  std::condition_variable_any space_;
  std::deque<std::function<void()>> jobs_ OBKV_GUARDED_BY(mu_);
  bool stopping_ OBKV_GUARDED_BY(mu_) = false;
  std::vector<std::thread> workers_;  // set in the constructor only
};

HttpResponse TooLarge(int64_t limit) {
  return HttpResponse::Text(413, "Payload too large: the limit is " +
                                     std::to_string(limit) + " bytes");
}

// The one catch of a request: the handler's exception becomes a 500.
HttpResponse Call(const HttpHandler& handler, const HttpRequest& request) {
  try {
    return handler(request);
  } catch (const std::exception& e) {
    return HttpResponse::Text(500, std::string("Internal error: ") + e.what());
  }
}

void Answer(const HttpResponse& r, httplib::Response* res) {
  res->status = r.status;
  for (const auto& [k, v] : r.headers) res->set_header(k, v);
  if (!r.content_type.empty()) res->set_content(r.body, r.content_type);
}

// Answers `r` with "Connection: close", then closes the connection, as
// Jetty does after a request whose body it did not read (its bytes must
// not be taken for a next request). httplib 0.11 keeps a connection open
// whatever the handler's headers say, and ends it only when writing the
// reply fails: so the body goes out through a content provider that
// reports failure once it has written it all. The post-routing handler
// drops the Keep-Alive header httplib adds. The text also goes to
// `reason`, which httplib's server never writes (the status line comes
// from the status), for the log line (LogAnswer).
void AnswerThenClose(const HttpResponse& r, httplib::Response* res) {
  res->status = r.status;
  for (const auto& [k, v] : r.headers) res->set_header(k, v);
  res->set_header("Connection", "close");
  res->reason = r.body;
  auto body = std::make_shared<const std::string>(r.body);
  res->set_content_provider(
      body->size(), r.content_type,
      [body](size_t offset, size_t length, httplib::DataSink& sink) {
        sink.write(body->data() + offset, length);
        return false;  // written: now end the connection
      });
}

HttpRequest Convert(const httplib::Request& req) {
  HttpRequest out;
  out.method = req.method;
  out.target = req.target;
  for (const auto& [name, value] : req.headers) {
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](char c) {
      return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    });
    out.headers.emplace(std::move(lower), value);
  }
  out.body = req.body;
  return out;
}

// "host:port" ("[v6]:port") of the request's client; "" before httplib
// read a request line (it sets the address only then).
std::string ClientOf(const httplib::Request& req) {
  if (req.remote_addr.empty()) return "";
  return server::HostPort(req.remote_addr, req.remote_port);
}

// Whether `method` is an HTTP token (RFC 9110 §5.6.2) in capitals, as a
// method name a client meant: httplib refuses the methods it does not know
// (TRACE, CONNECT, extensions) as if they were garbage.
bool IsMethodToken(const std::string& method) {
  return !method.empty() && method.size() <= 32 &&
         method.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ-_") ==
             std::string::npos;
}

// The methods this server serves (405's Allow for one it does not know).
constexpr const char kServedMethods[] = "GET, HEAD, PUT, POST, DELETE, OPTIONS";

bool IsServedMethod(const std::string& method) {
  return method == "GET" || method == "HEAD" || method == "PUT" ||
         method == "POST" || method == "DELETE" || method == "OPTIONS" ||
         method == "PATCH";  // served: the REST service answers 405
}

// httplib's own error answers (no body: a request line or header it could
// not read, a method it does not know) get a text body; a method name is
// answered 405 with Allow rather than 400.
httplib::Server::HandlerResponse AnswerHttplibError(const httplib::Request& req,
                                                    httplib::Response& res) {
  // Ours: a body, or AnswerThenClose's (its body is in a provider).
  if (!res.body.empty() || res.has_header("Connection")) {
    return httplib::Server::HandlerResponse::Unhandled;
  }
  if (res.status == 400 && IsMethodToken(req.method) &&
      !IsServedMethod(req.method)) {
    res.status = 405;
    res.set_header("Allow", kServedMethods);
    res.set_content("Method not allowed: " + req.method + "\r\n", "text/plain");
  } else {
    const char* what = res.status == 414   ? "URI too long"
                       : res.status == 431 ? "Request header fields too large"
                                           : "Bad request";
    res.set_content(std::string(what) +
                        ": not an HTTP/1.1 request this server can read\r\n",
                    "text/plain");
  }
  return httplib::Server::HandlerResponse::Handled;
}

// The log line of an answered request (httplib's logger: after every
// response, also its own 400 for bytes that are no HTTP request).
void LogAnswer(server::GatewayLog* log, const httplib::Request& req,
               const httplib::Response& res) {
  using server::LogLevel;
  const bool refused = req.remote_addr.empty();  // httplib read no line
  const LogLevel level =
      refused || res.status == 413 || res.status == 408 || res.status == 401
          ? LogLevel::kWarn
      : res.status >= 500 ? LogLevel::kError
                          : LogLevel::kDebug;
  // Nothing is built for a line the level drops (every request at info).
  if (!log->Enabled(level)) return;
  // The answer's text (AnswerThenClose's in reason), and without its line
  // end.
  const std::string& text = res.body.empty() ? res.reason : res.body;
  std::string_view why = text;
  while (!why.empty() && (why.back() == '\n' || why.back() == '\r')) {
    why.remove_suffix(1);
  }
  if (refused) {
    log->Log(
        level, "refused", "",
        std::string(why) + " (answered " + std::to_string(res.status) + ")");
    return;
  }
  const std::string line = req.method + " " + req.target + " " +
                           std::to_string(res.status) + " " +
                           std::to_string(text.size()) + " bytes";
  const char* event = res.status == 401           ? "unauthorized"
                      : level == LogLevel::kWarn  ? "limit"
                      : level == LogLevel::kError ? "error"
                                                  : "request";
  log->Log(level, event, ClientOf(req),
           level == LogLevel::kDebug ? line : line + ": " + std::string(why));
}

}  // namespace

struct HttpServer::Impl {
  explicit Impl(const HttpServerOptions& o)
      : options(o), log(o.log_name, o.log_level, o.log_out) {}
  HttpServerOptions options;
  server::GatewayLog log;
  HttpHandler handler;
  // An SSLServer when the options name a certificate.
  std::unique_ptr<httplib::Server> server;
  // Why the TLS context could not be made ("" when it could).
  std::string tls_error;
  // Run's progress (0 not entered, 1 serving or about to, 2 returned) and
  // whether Stop came: a Stop before the listener runs is not lost.
  std::atomic<int> run_state{0};
  std::atomic<bool> stop_requested{false};
};

HttpServer::HttpServer(const HttpServerOptions& options, HttpHandler handler,
                       metrics::RequestMetrics* metrics)
    : impl_(std::make_unique<Impl>(options)) {
  impl_->handler = std::move(handler);
  if (!options.tls.enabled()) {
    impl_->server = std::make_unique<httplib::Server>();
  } else {
    std::string* error = &impl_->tls_error;
    impl_->server =
        std::make_unique<httplib::SSLServer>([&options, error](SSL_CTX& ctx) {
          *error = server::ConfigureTls(options.tls, &ctx);
          return error->empty();
        });
  }
  httplib::Server& s = *impl_->server;
  const int threads = std::clamp(options.threads, 1, 1024);
  s.new_task_queue = [threads, metrics] {
    return new BoundedTaskQueue(threads, static_cast<size_t>(threads) * 4,
                                metrics);
  };
  s.set_read_timeout(options.read_timeout_seconds, 0);
  s.set_write_timeout(options.read_timeout_seconds, 0);
  s.set_keep_alive_timeout(options.keep_alive_seconds);
  s.set_keep_alive_max_count(100);
  // Answers go out at once: without it Nagle holds the body behind the
  // headers until the client's delayed ACK, 40 ms a request.
  s.set_tcp_nodelay(true);
  // SO_REUSEADDR only: httplib's default adds SO_REUSEPORT, with which a
  // second server on the same port would bind and share the traffic.
  s.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  Impl* impl = impl_.get();
  s.set_error_handler(httplib::Server::HandlerWithResponse(AnswerHttplibError));
  s.set_logger(
      [impl](const httplib::Request& req, const httplib::Response& res) {
        LogAnswer(&impl->log, req, res);
      });
  // httplib itself would read and discard a body past its limit to the
  // end, however long that is (an endless chunked body forever), so the
  // limit is enforced here instead: a Content-Length past it is answered
  // before any of the body is read, a body that grows past it (chunked)
  // or keeps trickling past the deadline is cut off, and the connection
  // is closed.
  s.set_payload_max_length(std::numeric_limits<size_t>::max());
  // httplib adds Keep-Alive to every reply it keeps open by its own
  // count; a reply that says Connection: close (AnswerThenClose, or the
  // client's) carries no Keep-Alive.
  s.set_post_routing_handler(
      [](const httplib::Request&, httplib::Response& res) {
        if (res.get_header_value("Connection") == "close") {
          res.headers.erase("Keep-Alive");
        }
      });
  s.set_pre_routing_handler([impl](const httplib::Request& req,
                                   httplib::Response& res) {
    const HttpCredentials& credentials = impl->options.credentials;
    std::string user;
    if (!credentials.empty() &&
        !Authorized(credentials, req.get_header_value("Authorization"),
                    &user)) {
      HttpResponse r = HttpResponse::Text(401, server::UnauthorizedText(user));
      r.headers.emplace_back("WWW-Authenticate", server::kBasicChallenge);
      AnswerThenClose(r, &res);
      return httplib::Server::HandlerResponse::Handled;
    }
    const std::string length = req.get_header_value("Content-Length");
    const int64_t bytes = server::ParseContentLength(length);
    // A Content-Length that is no number (-1, 1e3): 400 at once, not
    // after the read timeout waiting for a body of no length.
    if (req.has_header("Content-Length") && bytes < 0) {
      AnswerThenClose(HttpResponse::Text(400,
                                         "Bad request: Content-Length "
                                         "must be a number of bytes, "
                                         "got '" +
                                             length + "'"),
                      &res);
      return httplib::Server::HandlerResponse::Handled;
    }
    if (bytes > impl->options.max_body_bytes) {
      AnswerThenClose(TooLarge(impl->options.max_body_bytes), &res);
      return httplib::Server::HandlerResponse::Handled;
    }
    if (req.get_header_value("Content-Type").rfind("multipart/", 0) == 0) {
      AnswerThenClose(HttpResponse::Text(415,
                                         "Unsupported media type: "
                                         "multipart bodies are not read "
                                         "here"),
                      &res);
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
  auto serve = [impl](const httplib::Request& req, httplib::Response& res) {
    Answer(Call(impl->handler, Convert(req)), &res);
  };
  auto serve_body = [impl](const httplib::Request& req, httplib::Response& res,
                           const httplib::ContentReader& reader) {
    HttpRequest request = Convert(req);
    // No Content-Length and no Transfer-Encoding: a request without a body
    // (RFC 9112 §6.3), e.g. HBase's `curl -X POST .../namespaces/ns`.
    if (!req.has_header("Content-Length") &&
        !req.has_header("Transfer-Encoding")) {
      Answer(Call(impl->handler, request), &res);
      return;
    }
    const int64_t limit = impl->options.max_body_bytes;
    const auto deadline =
        std::chrono::steady_clock::now() +
        std::chrono::seconds(impl->options.body_deadline_seconds);
    bool too_large = false;
    bool too_slow = false;
    const bool read = reader([&](const char* data, size_t n) {
      if (static_cast<int64_t>(request.body.size() + n) > limit) {
        too_large = true;
        return false;
      }
      if (std::chrono::steady_clock::now() > deadline) {
        too_slow = true;
        return false;
      }
      request.body.append(data, n);
      return true;
    });
    if (too_large || too_slow || !read) {
      AnswerThenClose(
          too_large ? TooLarge(limit)
          : too_slow
              ? HttpResponse::Text(
                    408,
                    "Request timeout: the body took "
                    "longer than " +
                        std::to_string(impl->options.body_deadline_seconds) +
                        " s")
              : HttpResponse::Text(400,
                                   "Bad request: malformed or "
                                   "incomplete body"),
          &res);
      return;
    }
    Answer(Call(impl->handler, request), &res);
  };
  s.Get(".*", serve);
  s.Options(".*", serve);
  s.Put(".*", serve_body);
  s.Post(".*", serve_body);
  s.Delete(".*", serve_body);
  s.Patch(".*", serve_body);
}

HttpServer::~HttpServer() = default;

server::GatewayLog* HttpServer::log() { return &impl_->log; }

Status HttpServer::Bind() {
  const HttpServerOptions& o = impl_->options;
  if (!impl_->server->is_valid()) {  // an SSLServer without its context
    return Status::InvalidArgument(impl_->tls_error.empty()
                                       ? "TLS: no context could be made"
                                       : impl_->tls_error);
  }
  if (o.port == 0) {
    port_ = impl_->server->bind_to_any_port(o.bind);
    if (port_ <= 0) {
      return Status::IOError("cannot listen on " + o.bind + " (any port)");
    }
    return Status::OK();
  }
  if (!impl_->server->bind_to_port(o.bind, o.port)) {
    return Status::IOError("cannot listen on " + o.bind + ":" +
                           std::to_string(o.port) +
                           " (address in use, or not an address here)");
  }
  port_ = o.port;
  return Status::OK();
}

void HttpServer::Run() {
  impl_->run_state.store(1);
  if (!impl_->stop_requested.load()) impl_->server->listen_after_bind();
  impl_->run_state.store(2);
}

void HttpServer::Stop() {
  impl_->stop_requested.store(true);
  // httplib's stop() does nothing until the listener runs: wait for it,
  // unless Run never started (it then sees stop_requested) or has ended.
  while (true) {
    const int state = impl_->run_state.load();
    if (state != 1) return;
    if (impl_->server->is_running()) {
      impl_->server->stop();
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

}  // namespace http
}  // namespace obkvlite
