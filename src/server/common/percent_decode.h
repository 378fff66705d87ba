// Copyright (c) obkvlite authors.
//
// PercentDecode: a URL's %XX escapes decoded, as the REST API's paths and
// queries and the web pages' paths are read.
//
// Thread safety: a pure function.

#ifndef OBKVLITE_SERVER_COMMON_PERCENT_DECODE_H_
#define OBKVLITE_SERVER_COMMON_PERCENT_DECODE_H_

#include <string>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace server {

// Decodes %XX escapes (and '+' as a space when `plus_is_space`); a '%' not
// followed by two hex digits is an InvalidArgument naming `field` and the
// offset: "path: bad percent-encoding at offset 4".
[[nodiscard]] Result<std::string> PercentDecode(std::string_view text,
                                                std::string_view field,
                                                bool plus_is_space);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_COMMON_PERCENT_DECODE_H_
