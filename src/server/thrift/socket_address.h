// Copyright (c) obkvlite authors.
//
// SocketAddress: the numeric host and the port of a socket address, the one
// decoding of a sockaddr for the Thrift listener (its bound address, its
// clients) and the connection transport (its origin).
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SERVER_THRIFT_SOCKET_ADDRESS_H_
#define OBKVLITE_SERVER_THRIFT_SOCKET_ADDRESS_H_

#include <sys/socket.h>

#include <string>

namespace obkvlite {
namespace server {

struct SocketAddress {
  std::string host = "?";  // numeric IPv4 or IPv6, without brackets
  int port = 0;
};

// `addr`'s host and port; "?" and 0 for a family other than IPv4 and IPv6.
SocketAddress AddressOf(const sockaddr_storage& addr);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT_SOCKET_ADDRESS_H_
