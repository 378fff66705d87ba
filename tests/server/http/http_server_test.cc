// Copyright (c) obkvlite authors.
//
// The HTTP host (server/http/http_server.h) on the loopback, with raw
// sockets: the header cap (431, 414) with memory flat under a flood, idle
// keep-alive connections that hold no thread and close after
// keep_alive_seconds, no cap on requests per connection, the connection
// limit (503), Expect: 100-continue, HEAD, HTTP/1.0, a stalled body (408),
// the log lines, and a Stop that does not wait for idle clients.

#include "server/http/http_server.h"

#include <doctest/doctest.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "server/http/loopback_socket.h"
#include "watchdog.h"

namespace obkvlite {
namespace http {
namespace {

using Clock = std::chrono::steady_clock;

// An HttpServer answering "METHOD target BODY-BYTES", on its own thread.
struct Served {
  explicit Served(HttpServerOptions o)
      : server(
            o,
            [](const HttpRequest& r) {
              return HttpResponse::Text(200, r.method + " " + r.target + " " +
                                                 std::to_string(r.body.size()));
            },
            nullptr) {
    REQUIRE(server.Bind().ok());
    thread = std::thread([this] { server.Run(); });
  }
  ~Served() { StopAndJoin(); }
  void StopAndJoin() {
    server.Stop();
    if (thread.joinable()) thread.join();
  }
  int port() const { return server.port(); }
  HttpServer server;
  std::thread thread;
};

HttpServerOptions Options(std::ostream* log) {
  HttpServerOptions o;
  o.port = 0;
  o.threads = 2;
  o.log_out = log;
  return o;
}

void Send(int fd, const std::string& bytes) {
  REQUIRE(::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL) ==
          static_cast<ssize_t>(bytes.size()));
}

// Answers off a connection, one at a time, keeping the bytes of the next
// ones (pipelined answers arrive together).
class AnswerReader {
 public:
  explicit AnswerReader(int fd) : fd_(fd) {}

  // The next answer: its head and its Content-Length bytes of body (none
  // for an answer to HEAD when `head`); what came when the server closed
  // first.
  std::string Next(bool head = false) {
    size_t end;
    while ((end = pending_.find("\r\n\r\n")) == std::string::npos) {
      if (!Fill()) return Take(pending_.size());
    }
    size_t length = 0;
    const size_t at = pending_.find("\r\nContent-Length: ");
    if (at != std::string::npos && at < end && !head) {
      length = std::stoul(pending_.substr(at + 18));
    }
    while (pending_.size() < end + 4 + length) {
      if (!Fill()) break;
    }
    return Take(std::min(pending_.size(), end + 4 + length));
  }

 private:
  bool Fill() {
    char buf[4096];
    const ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n <= 0) return false;
    pending_.append(buf, n);
    return true;
  }
  std::string Take(size_t n) {
    std::string out = pending_.substr(0, n);
    pending_.erase(0, n);
    return out;
  }

  const int fd_;
  std::string pending_;
};

std::string ReadAnswer(int fd, bool head = false) {
  return AnswerReader(fd).Next(head);
}

// Whether the server closed `fd` (a read returns end of file).
bool ClosedByServer(int fd) {
  char c;
  return ::read(fd, &c, 1) == 0;
}

std::string Get(const std::string& target, const std::string& extra = "") {
  return "GET " + target + " HTTP/1.1\r\nHost: x\r\n" + extra + "\r\n";
}

// `n` connections, each served one GET of `target` and left open, idle.
std::vector<int> ServedOnce(int port, int n, const std::string& target) {
  std::vector<int> fds;
  for (int i = 0; i < n; ++i) {
    fds.push_back(testing::ConnectLoopback(port));
    Send(fds.back(), Get(target));
    CHECK(ReadAnswer(fds.back()).rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
  }
  return fds;
}

// The process's resident memory in KiB.
long ResidentKib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}

TEST_CASE("a header flood gets 431 at the cap, and no memory") {
  testing::Watchdog watchdog(60, "http_server_test");
  std::ostringstream log;
  Served s(Options(&log));
  const long before = ResidentKib();
  // 128 MiB of header lines, sent whatever the server answers (it reads
  // and drops them until it closes).
  const int fd = testing::ConnectLoopback(s.port());
  Send(fd, "GET /t/row HTTP/1.1\r\nHost: x\r\n");
  const std::string line = "X-Flood: " + std::string(1000, 'a') + "\r\n";
  std::string block;
  while (block.size() < (64 << 10)) block += line;
  size_t sent = 0;
  while (sent < (size_t{128} << 20)) {
    const ssize_t n = ::send(fd, block.data(), block.size(), MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<size_t>(n);
  }
  const long after = ResidentKib();
  const std::string answer = ReadAnswer(fd);
  ::close(fd);
  CHECK(answer.rfind("HTTP/1.1 431 Request Header Fields Too Large\r\n", 0) ==
        0);
  CHECK(answer.find("\r\nConnection: close\r\n") != std::string::npos);
  CHECK(answer.find("\r\n\r\nRequest header fields too large: the request "
                    "line and header fields are past 8192 bytes\r\n") !=
        std::string::npos);
  INFO("sent ", sent, " bytes; resident ", before, " -> ", after, " KiB");
  CHECK(sent > (size_t{8} << 20));
  // Flat: a server that kept the flood would grow by 128 MiB (the bound
  // leaves room for the sanitizers' own bookkeeping).
  CHECK(after - before < 16384);
  // Still serving.
  CHECK(testing::ExchangeLoopback(s.port(), Get("/ok", "Connection: close\r\n"))
            .rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
  s.StopAndJoin();
  CHECK(log.str().find(" WARN limit client=127.0.0.1:") != std::string::npos);
  CHECK(log.str().find("header fields are past 8192 bytes (answered 431)") !=
        std::string::npos);
}

TEST_CASE("a request line past the cap gets 414") {
  testing::Watchdog watchdog(60, "http_server_test");
  std::ostringstream log;
  Served s(Options(&log));
  const std::string answer =
      testing::ExchangeLoopback(s.port(), Get("/" + std::string(9000, 'r')));
  CHECK(answer.rfind("HTTP/1.1 414 URI Too Long\r\n", 0) == 0);
  CHECK(answer.find("URI too long: the request line is past 8192 bytes\r\n") !=
        std::string::npos);
  // Just under the cap is served.
  const std::string fits = testing::ExchangeLoopback(
      s.port(), Get("/" + std::string(8000, 'r'), "Connection: close\r\n"));
  CHECK(fits.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
}

TEST_CASE("idle keep-alive connections hold no thread, and close when idle") {
  testing::Watchdog watchdog(60, "http_server_test");
  std::ostringstream log;
  HttpServerOptions o = Options(&log);
  o.threads = 1;
  o.keep_alive_seconds = 1;
  Served s(o);
  // 20 clients, each served once and then idle, on one thread.
  std::vector<int> idle = ServedOnce(s.port(), 20, "/idle");
  // A 21st is served at once, and one connection carries 150 requests
  // (no cap per connection), pipelined in three bursts.
  const auto began = Clock::now();
  const int busy = testing::ConnectLoopback(s.port());
  AnswerReader answers(busy);
  int answered = 0;
  for (int burst = 0; burst < 3; ++burst) {
    std::string requests;
    for (int i = 0; i < 50; ++i) requests += Get("/busy/" + std::to_string(i));
    Send(busy, requests);
    for (int i = 0; i < 50; ++i) {
      const std::string a = answers.Next();
      answered += a.rfind("HTTP/1.1 200 OK\r\n", 0) == 0 &&
                  a.find("Connection") == std::string::npos &&
                  a.find("Keep-Alive") == std::string::npos;
    }
  }
  CHECK(answered == 150);
  CHECK(Clock::now() - began < std::chrono::seconds(1));
  // Idle past keep_alive_seconds: the server closes them.
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  int closed = 0;
  for (int fd : idle) {
    closed += ClosedByServer(fd);
    ::close(fd);
  }
  CHECK(closed == 20);
  ::close(busy);
}

TEST_CASE("past max_connections: 503 with a text body, then closed") {
  testing::Watchdog watchdog(60, "http_server_test");
  std::ostringstream log;
  HttpServerOptions o = Options(&log);
  o.max_connections = 2;
  Served s(o);
  std::vector<int> open = ServedOnce(s.port(), 2, "/held");
  const std::string refused =
      testing::ExchangeLoopback(s.port(), Get("/third"));
  CHECK(refused.rfind("HTTP/1.1 503 Service Unavailable\r\nConnection: "
                      "close\r\n",
                      0) == 0);
  CHECK(refused.find("\r\n\r\nService unavailable: 2 connections are open, "
                     "the server's limit\r\n") != std::string::npos);
  // Once one closes, a new client is served.
  ::close(open.back());
  open.pop_back();
  bool served = false;
  for (int i = 0; i < 100 && !served; ++i) {
    served = testing::ExchangeLoopback(s.port(),
                                       Get("/again", "Connection: close\r\n"))
                 .rfind("HTTP/1.1 200", 0) == 0;
    if (!served) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(served);
  ::close(open.back());
  s.StopAndJoin();
  CHECK(log.str().find("2 connections are open, the server's limit "
                       "(answered 503)") != std::string::npos);
}

TEST_CASE("Expect: 100-continue, HEAD and HTTP/1.0") {
  testing::Watchdog watchdog(60, "http_server_test");
  std::ostringstream log;
  Served s(Options(&log));
  int fd = testing::ConnectLoopback(s.port());
  Send(fd,
       "PUT /t/r HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n"
       "Content-Length: 5\r\n\r\n");
  char buf[64];
  const ssize_t n = ::read(fd, buf, sizeof buf);
  CHECK(std::string(buf, n > 0 ? n : 0) == "HTTP/1.1 100 Continue\r\n\r\n");
  Send(fd, "hello");
  CHECK(ReadAnswer(fd).find("\r\n\r\nPUT /t/r 5\r\n") != std::string::npos);
  // HEAD: the length of the body a GET would get, and no body.
  Send(fd, "HEAD /t/r HTTP/1.1\r\nHost: x\r\n\r\n");
  const std::string head = ReadAnswer(fd, true);
  CHECK(head ==
        "HTTP/1.1 200 OK\r\nContent-Length: 13\r\nContent-Type: "
        "text/plain\r\n\r\n");
  // The connection is still in step: the next answer is the next request's.
  Send(fd, Get("/after-head"));
  CHECK(ReadAnswer(fd).find("\r\n\r\nGET /after-head 0\r\n") !=
        std::string::npos);
  ::close(fd);
  // HTTP/1.0: closed after the answer unless it asks to be kept.
  const std::string once =
      testing::ExchangeLoopback(s.port(), "GET /old HTTP/1.0\r\n\r\n");
  CHECK(once.rfind("HTTP/1.1 200 OK\r\nConnection: close\r\n", 0) == 0);
  fd = testing::ConnectLoopback(s.port());
  Send(fd, "GET /old HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
  CHECK(ReadAnswer(fd).rfind("HTTP/1.1 200 OK\r\nConnection: keep-alive\r\n",
                             0) == 0);
  Send(fd, "GET /old2 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
  CHECK(ReadAnswer(fd).find("GET /old2 0") != std::string::npos);
  ::close(fd);
}

TEST_CASE("a body whose bytes stop coming: 408 after read_timeout_seconds") {
  testing::Watchdog watchdog(60, "http_server_test");
  std::ostringstream log;
  HttpServerOptions o = Options(&log);
  o.read_timeout_seconds = 1;
  Served s(o);
  const auto began = Clock::now();
  const std::string answer = testing::ExchangeLoopback(
      s.port(), "PUT /t/r HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nab");
  const auto took = Clock::now() - began;
  CHECK(answer.rfind("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n",
                     0) == 0);
  CHECK(answer.find("Request timeout: no byte of the body for 1 s\r\n") !=
        std::string::npos);
  CHECK(took >= std::chrono::milliseconds(900));
  CHECK(took < std::chrono::seconds(4));
  s.StopAndJoin();
  CHECK(log.str().find(" WARN limit client=127.0.0.1:") != std::string::npos);
  CHECK(log.str().find("PUT /t/r 408") != std::string::npos);
}

TEST_CASE("Stop returns at once with idle clients connected") {
  testing::Watchdog watchdog(60, "http_server_test");
  std::ostringstream log;
  Served s(Options(&log));  // keep_alive_seconds 30 by default
  const std::vector<int> idle = ServedOnce(s.port(), 5, "/idle");
  const auto began = Clock::now();
  s.StopAndJoin();
  CHECK(Clock::now() - began < std::chrono::seconds(2));
  for (int fd : idle) {
    CHECK(ClosedByServer(fd));
    ::close(fd);
  }
}

}  // namespace
}  // namespace http
}  // namespace obkvlite
