// Copyright (c) obkvlite authors.
#include "server/thrift/connection_transport.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
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

}  // namespace

ConnectionTransport::ConnectionTransport(int fd, const StopState* stop,
                                         ConnectionLimits limits)
    : fd_(fd), stop_(stop), limits_(limits), origin_(PeerName(fd)) {}

ConnectionTransport::~ConnectionTransport() { close(); }

void ConnectionTransport::close() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

void ConnectionTransport::CloseAfterAnswer() {
  if (fd_ < 0) return;
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
    const ssize_t n = ::recv(fd_, buf, len, 0);
    if (n == 0) return 0;  // the peer closed
    if (n < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        Wait(POLLIN);
        continue;
      }
      if (errno == EINTR) continue;
      throw TTransportException(TTransportException::END_OF_FILE, "recv failed",
                                errno);
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
    const ssize_t n = ::send(fd_, buf + done, len - done, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        Wait(POLLOUT);
        continue;
      }
      if (errno == EINTR) continue;
      throw TTransportException(TTransportException::NOT_OPEN, "send failed",
                                errno);
    }
    done += static_cast<uint32_t>(n);
  }
}

}  // namespace server
}  // namespace obkvlite
