// Copyright (c) obkvlite authors.
#include "server/thrift/wire_format.h"

#include <thrift/TConfiguration.h>
#include <thrift/protocol/TBinaryProtocol.h>
#include <thrift/protocol/TCompactProtocol.h>
#include <thrift/transport/TBufferTransports.h>
#include <thrift/transport/THttpServer.h>

#include <cstdio>
#include <cstring>

namespace obkvlite {
namespace server {
namespace {

constexpr uint8_t kBinaryVersionHigh = 0x80;
constexpr uint8_t kBinaryVersionLow = 0x01;
constexpr uint8_t kCompactProtocolId = 0x82;

std::string Hex(const uint8_t* bytes, size_t n) {
  std::string out;
  char buf[4];
  for (size_t i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof(buf), i == 0 ? "%02x" : " %02x", bytes[i]);
    out += buf;
  }
  return out;
}

WireDetection Refuse(std::string why) {
  WireDetection d;
  d.state = WireDetection::State::kRefused;
  d.error = std::move(why);
  return d;
}

// The protocol at `p` (the message's first bytes), given `have` of them.
WireDetection ProtocolAt(const uint8_t* p, size_t have, bool framed,
                         const WireChoice& choice, const uint8_t* all,
                         size_t n) {
  if (have == 0) return WireDetection();
  WireDetection d;
  d.format.framed = framed;
  if (p[0] == kCompactProtocolId) {
    d.format.compact = true;
  } else if (p[0] == kBinaryVersionHigh) {
    if (have < 2) return WireDetection();
    if (p[1] != kBinaryVersionLow) {
      return Refuse("unknown binary protocol version (first bytes " +
                    Hex(all, n) + ")");
    }
  } else {
    return Refuse("not a Thrift binary or compact message (first bytes " +
                  Hex(all, n) +
                  "; expected 80 01 or 82, after a 4-byte length when framed)");
  }
  if (choice.require_compact && !d.format.compact) {
    return Refuse(
        "this server speaks the compact protocol only (-c); got "
        "a binary message");
  }
  d.state = WireDetection::State::kDetected;
  return d;
}

}  // namespace

WireDetection DetectWireFormat(const uint8_t* bytes, size_t n,
                               const WireChoice& choice) {
  if (n == 0) return WireDetection();
  // An HTTP POST (THttpClient): "POST " cannot start a frame (its length
  // would be 1.3 GB) nor an unframed message.
  static constexpr char kPost[] = "POST ";
  const size_t post = sizeof(kPost) - 1;
  if (bytes[0] == kPost[0]) {
    if (n < post) {
      if (std::memcmp(bytes, kPost, n) == 0) return WireDetection();
    } else if (std::memcmp(bytes, kPost, post) == 0) {
      if (choice.require_framed) {
        return Refuse(
            "this server speaks the framed transport only (-f); got an "
            "HTTP request");
      }
      WireDetection d;
      d.state = WireDetection::State::kDetected;
      d.format.http = true;
      d.format.compact = choice.require_compact;
      return d;
    }
  }
  const bool unframed =
      bytes[0] == kBinaryVersionHigh || bytes[0] == kCompactProtocolId;
  if (unframed) {
    if (choice.require_framed) {
      return Refuse(
          "this server speaks the framed transport only (-f); got an "
          "unframed message (first bytes " +
          Hex(bytes, n < 2 ? n : 2) + ")");
    }
    return ProtocolAt(bytes, n, false, choice, bytes, n);
  }
  // A frame: a positive big-endian length, then the message.
  if (bytes[0] & 0x80) {
    return Refuse("negative frame length (first bytes " + Hex(bytes, n) + ")");
  }
  if (n < 4) return WireDetection();
  return ProtocolAt(bytes + 4, n - 4, true, choice, bytes, n);
}

std::shared_ptr<apache::thrift::protocol::TProtocol> MakeProtocol(
    const WireFormat& format, const WireLimits& limits,
    std::shared_ptr<apache::thrift::transport::TTransport> stream) {
  using apache::thrift::TConfiguration;
  using apache::thrift::transport::TTransport;
  auto config = std::make_shared<TConfiguration>(limits.max_message_bytes,
                                                 limits.max_message_bytes);
  std::shared_ptr<TTransport> transport;
  if (format.http) {
    transport = std::make_shared<apache::thrift::transport::THttpServer>(
        std::move(stream), config);
  } else if (format.framed) {
    auto framed = std::make_shared<apache::thrift::transport::TFramedTransport>(
        std::move(stream), config);
    framed->setMaxFrameSize(static_cast<uint32_t>(limits.max_message_bytes));
    transport = framed;
  } else {
    transport = std::make_shared<apache::thrift::transport::TBufferedTransport>(
        std::move(stream), 64 * 1024, config);
  }
  if (format.compact) {
    return std::make_shared<
        apache::thrift::protocol::TCompactProtocolT<TTransport>>(
        transport, limits.max_message_bytes, limits.max_container_elements);
  }
  return std::make_shared<
      apache::thrift::protocol::TBinaryProtocolT<TTransport>>(
      transport, limits.max_message_bytes, limits.max_container_elements,
      /*strict_read=*/true, /*strict_write=*/true);
}

std::string WireFormatName(const WireFormat& format) {
  return std::string(format.http     ? "http "
                     : format.framed ? "framed "
                                     : "buffered ") +
         (format.compact ? "compact" : "binary");
}

}  // namespace server
}  // namespace obkvlite
