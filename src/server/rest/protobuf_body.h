// Copyright (c) obkvlite authors.
//
// HBase REST's protobuf bodies (application/x-protobuf) at one boundary:
// the messages of rest_models.proto, generated at build time into
// "server/rest/rest_models.pb.h" (namespace obkvlite::rest::pb). A body
// that is not the message (bad wire bytes, a required field missing)
// becomes an InvalidArgument naming the message; protobuf's own errors
// never reach a client.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SERVER_REST_PROTOBUF_BODY_H_
#define OBKVLITE_SERVER_REST_PROTOBUF_BODY_H_

#include <google/protobuf/message_lite.h>

#include <string>
#include <string_view>

#include "obkvlite/status.h"
#include "server/rest/rest_models.pb.h"

namespace obkvlite {
namespace rest {

// Parses `body` into *message: InvalidArgument "body: not a protobuf
// CellSet message (malformed, or a required field missing)".
[[nodiscard]] Status ParseProtobufBody(std::string_view body,
                                       google::protobuf::MessageLite* message);

// The wire bytes of `message`.
std::string ProtobufBytes(const google::protobuf::MessageLite& message);

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_PROTOBUF_BODY_H_
