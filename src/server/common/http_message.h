// Copyright (c) obkvlite authors.
//
// HttpRequest and HttpResponse: one HTTP exchange as the REST service, the
// web pages and /metrics see it, independent of the HTTP library, so the
// handlers run in tests and in the fuzz target without a socket.
//
// Thread safety: plain values.

#ifndef OBKVLITE_SERVER_COMMON_HTTP_MESSAGE_H_
#define OBKVLITE_SERVER_COMMON_HTTP_MESSAGE_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace obkvlite {
namespace server {

// The value of a Content-Length header as bytes: -1 when it is no number
// (empty, a sign, anything but digits), INT64_MAX for more than 18 digits
// (past any body limit). The one reading of it for every HTTP gateway.
inline int64_t ParseContentLength(std::string_view value) {
  if (value.empty() ||
      value.find_first_not_of("0123456789") != std::string_view::npos) {
    return -1;
  }
  if (value.size() > 18) return INT64_MAX;
  int64_t n = 0;
  for (char c : value) n = n * 10 + (c - '0');
  return n;
}

struct HttpRequest {
  std::string method;  // "GET", "PUT", ...
  // The request target as sent: path and query, still percent-encoded
  // (so an encoded '/' in a row key stays part of the row).
  std::string target;
  // Header names in lower case.
  std::map<std::string, std::string> headers;
  std::string body;  // the whole body

  // The value of header `lower_name`, or "".
  std::string Header(const std::string& lower_name) const {
    auto it = headers.find(lower_name);
    return it == headers.end() ? std::string() : it->second;
  }
};

struct HttpResponse {
  int status = 200;
  std::string content_type;  // empty: no body
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;

  // A text/plain body ending in CRLF, as HBase's REST errors are.
  static HttpResponse Text(int status, std::string text) {
    HttpResponse r;
    r.status = status;
    r.content_type = "text/plain";
    r.body = std::move(text) + "\r\n";
    return r;
  }
};

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_COMMON_HTTP_MESSAGE_H_
