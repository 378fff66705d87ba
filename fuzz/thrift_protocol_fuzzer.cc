// Copyright (c) obkvlite authors.
//
// libFuzzer target: the Thrift gateways' request decoder. The input is
// what a client sends on one connection: wire detection (wire_format.h)
// picks buffered, framed or HTTP, binary or compact, then the gateway's
// processor (Thrift1's Hbase or Thrift2's THBaseService, by the first
// byte) decodes request after request with the limits of a small
// --max-frame-bytes and answers each from a handler that does no store
// work (gen::HbaseNull, gen2::THBaseServiceNull). Any input must end in a
// decoded request, an answer or a Thrift exception, never a crash, a hang
// or an allocation past the limits.

#include <thrift/protocol/TProtocol.h>
#include <thrift/transport/TBufferTransports.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>

#include "fuzz/fuzz_check.h"
#include "server/thrift/gen-cpp/Hbase.h"
#include "server/thrift/hbase_processor.h"
#include "server/thrift/wire_format.h"
#include "server/thrift2/gen-cpp/THBaseService.h"
#include "server/thrift2/thrift2_processor.h"

namespace {

namespace gen = ::obkvlite::server::hbase_thrift;
namespace gen2 = ::obkvlite::server::hbase_thrift2;
using apache::thrift::transport::TMemoryBuffer;
using obkvlite::server::WireChoice;
using obkvlite::server::WireDetection;

constexpr int32_t kMaxRequestBytes = 64 * 1024;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The first byte chooses the server's -f / -c and the service; the rest
  // is the stream.
  if (size == 0) return 0;
  const WireChoice choice{(data[0] & 1) != 0, (data[0] & 2) != 0};
  const bool thrift2 = (data[0] & 4) != 0;
  ++data;
  --size;
  const WireDetection detected =
      obkvlite::server::DetectWireFormat(data, size, choice);
  if (detected.state != WireDetection::State::kDetected) {
    OBKV_FUZZ_CHECK(detected.state == WireDetection::State::kNeedMore ||
                    !detected.error.empty());
    return 0;
  }
  auto in = std::make_shared<TMemoryBuffer>(const_cast<uint8_t*>(data),
                                            static_cast<uint32_t>(size));
  auto out = std::make_shared<TMemoryBuffer>();
  obkvlite::server::WireLimits limits;
  limits.max_message_bytes = kMaxRequestBytes;
  limits.max_container_elements = 10000;
  auto in_protocol =
      obkvlite::server::MakeProtocol(detected.format, limits, in);
  auto out_protocol =
      obkvlite::server::MakeProtocol(detected.format, limits, out);
  auto processor = thrift2 ? obkvlite::server::MakeThrift2Processor(
                                 std::make_shared<gen2::THBaseServiceNull>(),
                                 nullptr, kMaxRequestBytes)
                           : obkvlite::server::MakeHbaseProcessor(
                                 std::make_shared<gen::HbaseNull>(), nullptr,
                                 kMaxRequestBytes);
  // Each request consumes at least one byte, so this ends.
  for (size_t requests = 0; requests <= size; ++requests) {
    try {
      if (!processor->process(in_protocol, out_protocol, nullptr)) break;
    } catch (const std::exception&) {
      break;  // the gateway closes the connection here
    }
  }
  return 0;
}
