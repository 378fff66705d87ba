// Copyright (c) obkvlite authors.
//
// What every Thrift gateway's processor (Thrift1's Hbase, Thrift2's
// THBaseService) does around the generated dispatch: a request whose
// arguments cannot be decoded gets a TApplicationException
// (PROTOCOL_ERROR) that names the method and, for a size limit,
// --max-frame-bytes, before the exception goes on to close the connection
// (the stream's position can no longer be trusted).
//
// Thread safety: functions are reentrant; a protocol belongs to one
// connection.

#ifndef OBKVLITE_SERVER_THRIFT_PROCESSOR_GUARD_H_
#define OBKVLITE_SERVER_THRIFT_PROCESSOR_GUARD_H_

#include <thrift/TApplicationException.h>
#include <thrift/protocol/TProtocol.h>
#include <thrift/protocol/TProtocolException.h>

#include <cstdint>
#include <string>

namespace obkvlite {
namespace server {

// Writes `x` as the reply to call `seqid` of `method` and flushes it.
void WriteApplicationException(apache::thrift::protocol::TProtocol* out,
                               const std::string& method, int32_t seqid,
                               const apache::thrift::TApplicationException& x);

// Answers call `seqid` of `method`, whose arguments failed to decode with
// `e`.
void AnswerUndecodable(apache::thrift::protocol::TProtocol* out,
                       const std::string& method, int32_t seqid,
                       int64_t max_request_bytes,
                       const apache::thrift::protocol::TProtocolException& e);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_THRIFT_PROCESSOR_GUARD_H_
