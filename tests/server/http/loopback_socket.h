// Copyright (c) obkvlite authors.
//
// A test's raw TCP client on the loopback, for bytes a library client
// would not send: ConnectLoopback opens a socket to 127.0.0.1:port with a
// 10 s read timeout (REQUIRED: the connect succeeds, or the test fails).
//
// Thread safety: plain functions.

#ifndef OBKVLITE_TESTS_SERVER_HTTP_LOOPBACK_SOCKET_H_
#define OBKVLITE_TESTS_SERVER_HTTP_LOOPBACK_SOCKET_H_

#include <arpa/inet.h>
#include <doctest/doctest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>

namespace obkvlite {
namespace testing {

inline int ConnectLoopback(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  timeval tv{10, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  return fd;
}

// Writes `request` to a new connection and reads until the server closes
// it (or the timeout): every byte answered.
inline std::string ExchangeLoopback(int port, const std::string& request) {
  const int fd = ConnectLoopback(port);
  (void)!::write(fd, request.data(), request.size());
  std::string answer;
  char buf[4096];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0) answer.append(buf, n);
  ::close(fd);
  return answer;
}

}  // namespace testing
}  // namespace obkvlite

#endif  // OBKVLITE_TESTS_SERVER_HTTP_LOOPBACK_SOCKET_H_
