// Copyright (c) obkvlite authors.
//
// UTF-8: the one check of well-formed text and the one encoder of a code
// point. The timeseries layout refuses qualifiers and values that are not
// UTF-8 (its V is JSON text), the shell writes its "\u" escapes with it,
// and the Java regular expressions build their group names with it.
// Decoding as Java does (U+FFFD for malformed input) is
// hbase/filter/regex/java_utf8.h.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_UTIL_UTF8_H_
#define OBKVLITE_UTIL_UTF8_H_

#include <string>
#include <string_view>

namespace obkvlite {
namespace util {

// True when `bytes` is well-formed UTF-8 (no overlongs, no surrogates,
// nothing above U+10FFFF).
bool IsValidUtf8(std::string_view bytes);

// Appends code point `cp` to *out as UTF-8. REQUIRED: cp <= U+10FFFF.
void AppendUtf8(char32_t cp, std::string* out);

}  // namespace util
}  // namespace obkvlite

#endif  // OBKVLITE_UTIL_UTF8_H_
