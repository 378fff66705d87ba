// Copyright (c) obkvlite authors.
#include "server/thrift/connection_transport.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <openssl/err.h>
#include <poll.h>
#include <sys/socket.h>
#include <thrift/transport/TTransportException.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <utility>

#include "server/thrift/socket_address.h"

namespace obkvlite {
namespace server {
namespace {

using apache::thrift::transport::TTransportException;

constexpr int kPollStepMs = 100;

std::string PeerName(int fd) {
  sockaddr_storage addr;
  socklen_t len = sizeof(addr);
  if (getpeername(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    return "unknown";
  }
  const SocketAddress a = AddressOf(addr);
  return a.host + ":" + std::to_string(a.port);
}

// For an SSL call on `ssl` that returned `r` (not done): true with `*wait`
// the socket events it waits for; false for an error (or the peer's
// close_notify: SSL_ERROR_ZERO_RETURN in `*err`).
bool TlsWaits(SSL* ssl, int r, short* wait, int* err) {
  *err = SSL_get_error(ssl, r);
  if (*err != SSL_ERROR_WANT_READ && *err != SSL_ERROR_WANT_WRITE) {
    return false;
  }
  *wait = *err == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT;
  return true;
}

// For recv or send that returned -1: true when it only would block (or
// was interrupted).
bool SocketWaits() {
  return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
}

}  // namespace

ConnectionTransport::ConnectionTransport(int fd, const StopState* stop,
                                         ConnectionLimits limits, SSL_CTX* tls)
    : fd_(fd), stop_(stop), limits_(limits), origin_(PeerName(fd)) {
  if (tls != nullptr) {
    ssl_ = SSL_new(tls);
    if (ssl_ == nullptr || SSL_set_fd(ssl_, fd) != 1) {
      tls_error_ = "TLS: OpenSSL made no session";
      close();  // never plain TCP in its place
    }
  }
}

ConnectionTransport::~ConnectionTransport() { close(); }

void ConnectionTransport::close() {
  if (ssl_ != nullptr) {
    SSL_free(ssl_);
    ssl_ = nullptr;
  }
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

bool ConnectionTransport::Handshake(short* wait) {
  if (handshaken_) return true;
  ERR_clear_error();
  const int r = SSL_accept(ssl_);
  if (r == 1) {
    handshaken_ = true;
    return true;
  }
  int err;
  if (TlsWaits(ssl_, r, wait, &err)) return false;
  char reason[256] = "the peer closed it";
  if (const unsigned long code = ERR_get_error()) {
    ERR_error_string_n(code, reason, sizeof reason);
  }
  tls_error_ = std::string("TLS handshake failed: ") + reason;
  throw TTransportException(TTransportException::END_OF_FILE, tls_error_);
}

ssize_t ConnectionTransport::Receive(uint8_t* buf, uint32_t len, short* wait) {
  *wait = POLLIN;
  if (ssl_ == nullptr) {
    const ssize_t n = ::recv(fd_, buf, len, 0);
    if (n >= 0) return n;
    if (SocketWaits()) return -1;
    throw TTransportException(TTransportException::END_OF_FILE, "recv failed",
                              errno);
  }
  if (!Handshake(wait)) return -1;
  ERR_clear_error();
  const int n = SSL_read(ssl_, buf, static_cast<int>(len));
  if (n > 0) return n;
  int err;
  if (TlsWaits(ssl_, n, wait, &err)) return -1;
  if (err == SSL_ERROR_ZERO_RETURN) return 0;  // close_notify
  throw TTransportException(TTransportException::END_OF_FILE,
                            "TLS read failed");
}

ssize_t ConnectionTransport::Send(const uint8_t* buf, uint32_t len,
                                  short* wait) {
  *wait = POLLOUT;
  if (ssl_ == nullptr) {
    const ssize_t n = ::send(fd_, buf, len, MSG_NOSIGNAL);
    if (n >= 0) return n;
    if (SocketWaits()) return -1;
    throw TTransportException(TTransportException::NOT_OPEN, "send failed",
                              errno);
  }
  if (!Handshake(wait)) return -1;
  ERR_clear_error();
  const int n = SSL_write(ssl_, buf, static_cast<int>(len));
  if (n > 0) return n;
  int err;
  if (TlsWaits(ssl_, n, wait, &err)) return -1;
  throw TTransportException(TTransportException::NOT_OPEN, "TLS write failed");
}

void ConnectionTransport::CloseAfterAnswer() {
  if (fd_ < 0) return;
  if (ssl_ != nullptr && handshaken_) SSL_shutdown(ssl_);  // close_notify
  ::shutdown(fd_, SHUT_WR);
  const auto end =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
  char buf[4096];
  size_t discarded = 0;
  while (discarded < (1u << 20) && std::chrono::steady_clock::now() < end) {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, 20) <= 0) continue;
    const ssize_t n = ::recv(fd_, buf, sizeof(buf), 0);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) break;
    if (n > 0) discarded += static_cast<size_t>(n);
  }
  close();
}

void ConnectionTransport::BeginRequest() {
  at_request_start_ = true;
  request_bytes_ = 0;
  pending_only_ = false;
}

void ConnectionTransport::Unread(std::string bytes) {
  pending_ = std::move(bytes);
  pending_pos_ = 0;
}

void ConnectionTransport::ServeOnly(std::string request) {
  Unread(std::move(request));
  pending_only_ = true;
}

void ConnectionTransport::Wait(short events) {
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    if (fd_ < 0) {
      throw TTransportException(TTransportException::NOT_OPEN,
                                "connection closed");
    }
    if (stop_->forced.load() ||
        (stop_->stopping.load() && at_request_start_ && events == POLLIN)) {
      throw TTransportException(TTransportException::INTERRUPTED,
                                "server is stopping");
    }
    pollfd p{fd_, events, 0};
    const int rc = ::poll(&p, 1, kPollStepMs);
    if (rc > 0) return;  // ready, or an error the next recv/send reports
    if (rc < 0 && errno != EINTR) {
      throw TTransportException(TTransportException::UNKNOWN, "poll failed",
                                errno);
    }
    const bool idle = events == POLLIN && at_request_start_;
    const int limit_ms =
        idle ? limits_.idle_timeout_ms : limits_.read_timeout_ms;
    const auto waited = std::chrono::steady_clock::now() - start;
    if (limit_ms > 0 && waited > std::chrono::milliseconds(limit_ms)) {
      throw TTransportException(
          TTransportException::TIMED_OUT,
          idle ? "connection idle for " + std::to_string(limit_ms) + " ms"
               : "client stalled for " + std::to_string(limit_ms) +
                     " ms in the middle of a request");
    }
  }
}

bool ConnectionTransport::ReadSome(std::string* out, size_t max) {
  uint8_t buf[64];
  const uint32_t want =
      static_cast<uint32_t>(max < sizeof(buf) ? max : sizeof(buf));
  const uint32_t got = read(buf, want);
  if (got == 0) return false;
  out->append(reinterpret_cast<const char*>(buf), got);
  return true;
}

uint32_t ConnectionTransport::read(uint8_t* buf, uint32_t len) {
  if (len == 0) return 0;
  if (pending_pos_ < pending_.size()) {
    const size_t n = std::min<size_t>(len, pending_.size() - pending_pos_);
    std::memcpy(buf, pending_.data() + pending_pos_, n);
    pending_pos_ += n;
    if (pending_pos_ == pending_.size()) {
      pending_.clear();
      pending_pos_ = 0;
    }
    return static_cast<uint32_t>(n);
  }
  if (pending_only_) return 0;  // the checked request is all
  if (fd_ < 0 || stop_->forced.load()) Wait(POLLIN);  // throws
  for (;;) {
    // The socket is non-blocking: read first, wait only when it is empty.
    short wait = POLLIN;
    const ssize_t n = Receive(buf, len, &wait);
    if (n == 0) return 0;  // the peer closed
    if (n < 0) {
      Wait(wait);
      continue;
    }
    at_request_start_ = false;
    request_bytes_ += n;
    // Slack for a buffered transport's read-ahead into the next request.
    if (request_bytes_ > limits_.max_message_bytes + 64 * 1024) {
      throw TTransportException(TTransportException::CORRUPTED_DATA,
                                "request larger than --max-frame-bytes " +
                                    std::to_string(limits_.max_message_bytes));
    }
    return static_cast<uint32_t>(n);
  }
}

void ConnectionTransport::write(const uint8_t* buf, uint32_t len) {
  uint32_t done = 0;
  if (fd_ < 0 || stop_->forced.load()) Wait(POLLOUT);  // throws
  while (done < len) {
    short wait = POLLOUT;
    const ssize_t n = Send(buf + done, len - done, &wait);
    if (n < 0) {
      Wait(wait);
      continue;
    }
    done += static_cast<uint32_t>(n);
  }
}

}  // namespace server
}  // namespace obkvlite
