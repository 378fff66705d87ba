// Copyright (c) obkvlite authors.
//
// Base64 (RFC 4648, standard alphabet, '=' padding), as HBase's REST models
// carry row keys, columns and values in JSON and XML.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_SERVER_REST_BASE64_H_
#define OBKVLITE_SERVER_REST_BASE64_H_

#include <string>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace rest {

// The padded encoding of `bytes`.
std::string Base64Encode(std::string_view bytes);
// The same, appended to `*out`.
void Base64Append(std::string_view bytes, std::string* out);

// Decodes `text`. Padding may be omitted; whitespace (space, tab, CR, LF)
// is skipped, as Java's MIME decoder does. Any other character outside the
// alphabet, or a length that is not a whole number of bytes, is an
// InvalidArgument naming `field`: "Row[0].key: not base64 (character '!'
// at offset 3)".
Result<std::string> Base64Decode(std::string_view text, std::string_view field);

}  // namespace rest
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_REST_BASE64_H_
