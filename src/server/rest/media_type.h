// Copyright (c) obkvlite authors.
//
// Content negotiation as HBase's REST server (Jersey) does it: a resource
// produces some media types in an order of preference; the response type
// is the first of them the Accept header admits (by its q values, then its
// order), the resource's first when Accept is absent or "*/*". A request
// body's type comes from Content-Type.
//
// Media types: text/plain, text/xml (also application/xml),
// application/json, application/octet-stream, application/x-protobuf (also
// application/protobuf).
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SERVER_REST_MEDIA_TYPE_H_
#define OBKVLITE_SERVER_REST_MEDIA_TYPE_H_

#include <initializer_list>
#include <optional>
#include <string_view>

namespace obkvlite {
namespace rest {

enum class MediaType { kText, kXml, kJson, kBinary, kProtobuf };

// "text/plain", "text/xml", "application/json", "application/octet-stream",
// "application/x-protobuf".
const char* MediaTypeName(MediaType type);

// The response type for `accept` among `produces` (in preference order),
// or nullopt when Accept admits none of them (HTTP 406).
std::optional<MediaType> ChooseResponseType(
    std::string_view accept, std::initializer_list<MediaType> produces);

// The type of a request body, or nullopt for another or a missing
// Content-Type (HTTP 415). Parameters ("; charset=utf-8") are ignored.
std::optional<MediaType> ParseContentType(std::string_view content_type);

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_MEDIA_TYPE_H_
