// Copyright (c) obkvlite authors.
//
// SentFilterString: a filter-language string a client sent (the shell's
// FILTER, Thrift's filterString), as the query's filter. HBase parses any
// filter string it is sent (ParseFilter.parseFilterString), so an empty
// one is refused there, while a query's "" means no filter here: the empty
// string is refused with ParseFilter's own error instead.
//
// Thread safety: a pure function.

#ifndef OBKVLITE_SERVER_COMMON_FILTER_STRING_H_
#define OBKVLITE_SERVER_COMMON_FILTER_STRING_H_

#include <string>

#include "obkvlite/status.h"

namespace obkvlite {
namespace server {

// `text` unchanged, or for "" ParseFilter's InvalidArgument
// ("filter: position 0: expected a filter name, ...").
[[nodiscard]] Result<std::string> SentFilterString(std::string text);

}  // namespace server
}  // namespace obkvlite

#endif  // OBKVLITE_SERVER_COMMON_FILTER_STRING_H_
