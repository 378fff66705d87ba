// Copyright (c) obkvlite authors.
//
// The wire format of a Thrift connection: the transport (buffered, framed
// or HTTP) and the protocol (binary or compact), told apart by the first
// bytes a client sends, and the libthrift stack that decodes it.
//
//   binary, buffered:  80 01 ...        (strict binary: version 0x8001)
//   compact, buffered: 82 ...           (compact protocol id 0x82)
//   framed:            LL LL LL LL 80 01 ... or LL LL LL LL 82 ...
//                      (a 4-byte big-endian frame length first)
//   HTTP:              POST ...         (THttpClient: one call per POST
//                      body, answered as application/x-thrift; binary,
//                      or compact with -c, as HBase's -http server)
//
// DetectWireFormat is a pure function (the fuzz target drives it);
// MakeProtocol builds the transport and protocol over a byte stream with
// the size limits of WireLimits.
//
// Thread safety: functions are reentrant; a built protocol belongs to one
// connection.

#ifndef OBKVLITE_SERVER_THRIFT_WIRE_FORMAT_H_
#define OBKVLITE_SERVER_THRIFT_WIRE_FORMAT_H_

#include <thrift/protocol/TProtocol.h>
#include <thrift/transport/TTransport.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace obkvlite {
namespace server {

struct WireFormat {
  bool framed = false;
  bool compact = false;
  bool http = false;  // THttpServer; never framed
};

// What the server accepts (-f / -c): a forced choice, or detection.
struct WireChoice {
  bool require_framed = false;   // -f: framed only
  bool require_compact = false;  // -c: compact only
};

// What detection concluded from the bytes seen so far.
struct WireDetection {
  enum class State { kNeedMore, kDetected, kRefused };
  State state = State::kNeedMore;
  WireFormat format;
  std::string error;  // kRefused: why, naming the bytes seen
};

// Bytes DetectWireFormat needs at most.
inline constexpr size_t kWireDetectBytes = 6;

// Looks at the first `n` bytes of a connection. Refuses what is neither
// format, and a format `choice` excludes (a buffered client of a -f
// server, a binary client of a -c server), saying which was expected.
WireDetection DetectWireFormat(const uint8_t* bytes, size_t n,
                               const WireChoice& choice);

struct WireLimits {
  // Largest request (a frame, or a buffered message), and so the largest
  // string in it.
  int32_t max_message_bytes = 16 * 1024 * 1024;
  // Most elements of one list or map in a request.
  int32_t max_container_elements = 1000000;
};

// The protocol (and beneath it the framed or buffered transport) for
// `format` over `stream`.
std::shared_ptr<apache::thrift::protocol::TProtocol> MakeProtocol(
    const WireFormat& format, const WireLimits& limits,
    std::shared_ptr<apache::thrift::transport::TTransport> stream);

// "framed compact", "buffered binary", ...
std::string WireFormatName(const WireFormat& format);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT_WIRE_FORMAT_H_
