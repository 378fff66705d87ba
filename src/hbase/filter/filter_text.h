// Copyright (c) obkvlite authors.
//
// Text helpers shared by the filter parser and the filters' ToString():
// quoting in the filter language and printable excerpts for messages.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_HBASE_FILTER_FILTER_TEXT_H_
#define OBKVLITE_HBASE_FILTER_FILTER_TEXT_H_

#include <string>
#include <string_view>

#include "util/printable.h"

namespace obkvlite {
namespace filter {

// 'bytes' with every ' doubled: the filter language's quoted string. The
// bytes are copied as they are (the language has no other escapes).
std::string QuoteArgument(std::string_view bytes);

// `bytes` as Bytes.toStringBinary writes them, cut to 64 bytes with "..."
// appended: safe to put in an error message (util/printable.h).
using util::Printable;

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_FILTER_TEXT_H_
