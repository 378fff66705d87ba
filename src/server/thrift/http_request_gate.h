// Copyright (c) obkvlite authors.
//
// The gate of Thrift over HTTP with credentials (ThriftServerOptions::
// authorize): each request is read whole, its head (at most 16 KiB) and
// its Content-Length body, before any of it reaches Thrift, so a request
// is judged on its own Authorization header and a reader that reads ahead
// never takes in a next request that was not judged. What no such request
// is gets its HTTP refusal: 431 for a head too large, 411 without a
// Content-Length (a chunked body), 413 past the body limit, 401 without
// accepted credentials (with WWW-Authenticate).
//
// Thread safety: a gate belongs to one connection.

#ifndef OBKVLITE_SERVER_THRIFT_HTTP_REQUEST_GATE_H_
#define OBKVLITE_SERVER_THRIFT_HTTP_REQUEST_GATE_H_

#include <cstdint>
#include <string>

#include "server/thrift/connection_transport.h"

namespace obkvlite {
namespace server {

// The largest request head the gate reads.
inline constexpr size_t kMaxHttpHeadBytes = 16 * 1024;

struct GatedRequest {
  enum class Outcome {
    kRequest,  // `request` holds one whole request
    kClosed,   // the client closed before a request began
    kRefused,  // answer `status` with `text`, then close
  };
  Outcome outcome = Outcome::kClosed;
  std::string request;        // head and body, as sent
  std::string authorization;  // the Authorization header's value
  int status = 0;
  std::string text;
};

// Reads the next request from `conn`, bytes kept in `*carry` first (what
// was read past the previous request). Throws as `conn` does (a stop, a
// stalled client).
GatedRequest ReadGatedRequest(ConnectionTransport* conn, std::string* carry,
                              int64_t max_body_bytes);

// Writes an HTTP refusal with a text body and Connection: close; a 401
// carries WWW-Authenticate: Basic.
void WriteHttpRefusal(ConnectionTransport* conn, int status,
                      const std::string& text);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT_HTTP_REQUEST_GATE_H_
