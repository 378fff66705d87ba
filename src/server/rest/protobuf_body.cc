// Copyright (c) obkvlite authors.
#include "server/rest/protobuf_body.h"

#include <climits>

namespace obkvlite {
namespace rest {

Status ParseProtobufBody(std::string_view body,
                         google::protobuf::MessageLite* message) {
  // The partial parse and IsInitialized (every required field set) do
  // what ParseFromArray does, without its log line on stderr. Neither
  // throws.
  if (body.size() > static_cast<size_t>(INT_MAX) ||
      !message->ParsePartialFromArray(body.data(),
                                      static_cast<int>(body.size())) ||
      !message->IsInitialized()) {
    std::string name = message->GetTypeName();
    const size_t dot = name.rfind('.');
    if (dot != std::string::npos) name = name.substr(dot + 1);
    return Status::InvalidArgument(
        "body: not a protobuf " + name +
        " message (malformed, or a required field missing)");
  }
  return Status::OK();
}

std::string ProtobufBytes(const google::protobuf::MessageLite& message) {
  return message.SerializeAsString();
}

}  // namespace rest
}  // namespace obkvlite
