// Copyright (c) obkvlite authors.
#include "server/thrift/socket_address.h"

#include <arpa/inet.h>
#include <netinet/in.h>

namespace obkvlite {
namespace server {

SocketAddress AddressOf(const sockaddr_storage& addr) {
  SocketAddress out;
  char host[INET6_ADDRSTRLEN] = "?";
  if (addr.ss_family == AF_INET) {
    const auto* in = reinterpret_cast<const sockaddr_in*>(&addr);
    inet_ntop(AF_INET, &in->sin_addr, host, sizeof(host));
    out.port = ntohs(in->sin_port);
  } else if (addr.ss_family == AF_INET6) {
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(&addr);
    inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof(host));
    out.port = ntohs(in6->sin6_port);
  }
  out.host = host;
  return out;
}

}  // namespace server
}  // namespace obkvlite
