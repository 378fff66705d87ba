// Copyright (c) obkvlite authors.
#include "server/thrift/processor_guard.h"

namespace obkvlite {
namespace server {

using apache::thrift::TApplicationException;
using apache::thrift::protocol::TMessageType;
using apache::thrift::protocol::TProtocol;
using apache::thrift::protocol::TProtocolException;

void WriteApplicationException(TProtocol* out, const std::string& method,
                               int32_t seqid, const TApplicationException& x) {
  out->writeMessageBegin(method, TMessageType::T_EXCEPTION, seqid);
  x.write(out);
  out->writeMessageEnd();
  out->getTransport()->writeEnd();
  out->getTransport()->flush();
}

void AnswerUndecodable(TProtocol* out, const std::string& method, int32_t seqid,
                       int64_t max_request_bytes, const TProtocolException& e) {
  std::string why = e.what();
  if (e.getType() == TProtocolException::SIZE_LIMIT) {
    why += " (a string over --max-frame-bytes " +
           std::to_string(max_request_bytes) +
           ", or a list or map over 1000000 elements)";
  }
  WriteApplicationException(
      out, method, seqid,
      TApplicationException(TApplicationException::PROTOCOL_ERROR,
                            method + ": cannot decode the arguments: " + why));
}

}  // namespace server
}  // namespace obkvlite
