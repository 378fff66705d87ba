// Copyright (c) obkvlite authors.
//
// UTF-8 decoding as Java's `new String(bytes, UTF_8)` does it: HBase's
// RegexStringComparator decodes both its pattern (ParseFilter) and every
// cell it tests (JavaRegexEngine, charset UTF-8) this way before matching.
//
// A malformed sequence reads as one U+FFFD per maximal subpart (Unicode
// Table 3-7), as the JDK decoder does, with the JDK's one exception: an
// encoded surrogate (ED A0..BF 80..BF) is a single U+FFFD.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_HBASE_FILTER_REGEX_JAVA_UTF8_H_
#define OBKVLITE_HBASE_FILTER_REGEX_JAVA_UTF8_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace obkvlite {
namespace filter {

inline constexpr char32_t kReplacementChar = 0xFFFD;

// Decodes the code point starting at s[i] into *cp (U+FFFD when malformed)
// and returns the number of bytes it takes (at least 1).
// REQUIRED: i < s.size().
size_t DecodeJavaUtf8(std::string_view s, size_t i, char32_t* cp);

// `s` with every malformed sequence replaced by U+FFFD: valid UTF-8.
std::string ToJavaUtf8(std::string_view s);

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_REGEX_JAVA_UTF8_H_
