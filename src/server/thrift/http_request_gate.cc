// Copyright (c) obkvlite authors.
#include "server/thrift/http_request_gate.h"

#include <string_view>

#include "server/common/exposure.h"
#include "server/common/http_message.h"
#include "util/ascii_case.h"

namespace obkvlite {
namespace server {
namespace {

const char* Reason(int status) {
  switch (status) {
    case 401:
      return "Unauthorized";
    case 411:
      return "Length Required";
    case 413:
      return "Payload Too Large";
    case 431:
      return "Request Header Fields Too Large";
    default:
      return "Bad Request";
  }
}

GatedRequest Refused(int status, std::string text) {
  GatedRequest r;
  r.outcome = GatedRequest::Outcome::kRefused;
  r.status = status;
  r.text = std::move(text);
  return r;
}

// Appends what `conn` has now to `*buffer`; false at end of stream.
bool ReadMore(ConnectionTransport* conn, std::string* buffer) {
  uint8_t chunk[4096];
  const uint32_t n = conn->read(chunk, sizeof chunk);
  if (n == 0) return false;
  buffer->append(reinterpret_cast<const char*>(chunk), n);
  return true;
}

}  // namespace

GatedRequest ReadGatedRequest(ConnectionTransport* conn, std::string* carry,
                              int64_t max_body_bytes) {
  std::string buffer = std::move(*carry);
  carry->clear();
  size_t head_end;
  while ((head_end = buffer.find("\r\n\r\n")) == std::string::npos) {
    if (buffer.size() > kMaxHttpHeadBytes) {
      return Refused(431, "Request header fields too large: the limit is " +
                              std::to_string(kMaxHttpHeadBytes) + " bytes");
    }
    if (!ReadMore(conn, &buffer)) {
      if (buffer.empty()) return GatedRequest();
      return Refused(400, "Bad request: the request ended in its head");
    }
  }
  head_end += 4;
  if (head_end > kMaxHttpHeadBytes) {
    return Refused(431, "Request header fields too large: the limit is " +
                            std::to_string(kMaxHttpHeadBytes) + " bytes");
  }
  GatedRequest r;
  int64_t length = -1;
  const std::string_view head(buffer.data(), head_end);
  size_t at = head.find("\r\n") + 2;  // past the request line
  while (at < head.size()) {
    const size_t end = head.find("\r\n", at);
    const std::string_view line = head.substr(at, end - at);
    at = end + 2;
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    const std::string name = AsciiLower(line.substr(0, colon));
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
    if (name == "authorization") r.authorization = std::string(value);
    if (name == "transfer-encoding") {
      return Refused(411,
                     "Length required: send the body with a "
                     "Content-Length, not chunked");
    }
    if (name == "content-length") {
      length = ParseContentLength(value);
      if (length < 0) {
        return Refused(400,
                       "Bad request: Content-Length must be a number "
                       "of bytes");
      }
    }
  }
  if (length < 0) {
    return Refused(411,
                   "Length required: a Thrift call is a POST with a "
                   "Content-Length");
  }
  if (length > max_body_bytes) {
    return Refused(413, "Payload too large: the limit is " +
                            std::to_string(max_body_bytes) +
                            " bytes (--max-frame-bytes)");
  }
  const size_t total = head_end + static_cast<size_t>(length);
  while (buffer.size() < total) {
    if (!ReadMore(conn, &buffer)) {
      return Refused(400,
                     "Bad request: the body ended before its "
                     "Content-Length");
    }
  }
  *carry = buffer.substr(total);
  buffer.resize(total);
  r.outcome = GatedRequest::Outcome::kRequest;
  r.request = std::move(buffer);
  return r;
}

void WriteHttpRefusal(ConnectionTransport* conn, int status,
                      const std::string& text) {
  const std::string body = text + "\r\n";
  std::string answer =
      "HTTP/1.1 " + std::to_string(status) + " " + Reason(status) + "\r\n";
  if (status == 401) {
    answer += std::string("WWW-Authenticate: ") + kBasicChallenge + "\r\n";
  }
  answer += "Content-Type: text/plain\r\nContent-Length: " +
            std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" +
            body;
  conn->write(reinterpret_cast<const uint8_t*>(answer.data()),
              static_cast<uint32_t>(answer.size()));
}

}  // namespace server
}  // namespace obkvlite
