// Copyright (c) obkvlite authors.
//
// Text as HBase's SubstringComparator compares it: the bytes decoded as
// Java's `new String(bytes, UTF_8)` does (regex/java_utf8.h: a malformed
// sequence reads as U+FFFD), then lower-cased as String.toLowerCase(
// Locale.ROOT): each code point by its Unicode lower case (Character.
// toLowerCase, here the C.UTF-8 locale's towlower), with String's two
// special cases: U+0130 (capital I with dot above) becomes "i" and U+0307,
// and a capital sigma that ends a word becomes the final sigma U+03C2.
// Without a C.UTF-8 locale only ASCII letters are lowered.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_HBASE_FILTER_JAVA_LOWER_CASE_H_
#define OBKVLITE_HBASE_FILTER_JAVA_LOWER_CASE_H_

#include <string>
#include <string_view>

namespace obkvlite {
namespace filter {

// The code points of `bytes` decoded and lower-cased as above.
std::u32string JavaLowerCase(std::string_view bytes);

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_JAVA_LOWER_CASE_H_
