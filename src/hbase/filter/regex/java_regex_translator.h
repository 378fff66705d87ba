// Copyright (c) obkvlite authors.
//
// Translates a Java regular expression (java.util.regex.Pattern syntax, as
// HBase's RegexStringComparator compiles it) into a PCRE2 pattern with the
// same meaning, for PCRE2's UTF mode (pcre2_regex.h). The pattern bytes are
// decoded as Java decodes them (java_utf8.h); matching is on code points.
//
// Java semantics kept by the translation:
//   - the initial flags: DOTALL always (HBase's default), CASE_INSENSITIVE
//     for regexstringnocase; inline flags (?i) (?s) (?m) (?d) (?x) and
//     (?-...) / (?i:...) scoped as Java scopes them;
//   - (?i) folds ASCII letters only, as Java without UNICODE_CASE;
//   - '.', '^', '$' and \Z use Java's line terminators (\n \r \r\n U+0085
//     U+2028 U+2029, only \n under (?d)); (?m)^ never matches at the end;
//   - (?x) ignores whitespace and #-comments everywhere, classes included;
//   - \Q...\E, octal \0n and \0nn, \xhh, \x{h..h}, \uhhhh (surrogate pairs
//     joined), \cX, \a \e \f \n \r \t, \d \s \w \h \v \R \X, back
//     references \n (as many digits as there are groups so far) and
//     \k<name>, named groups, lookahead, lookbehind, atomic groups,
//     greedy, lazy and possessive quantifiers, a '{' quantifier with
//     nothing before it (it repeats the empty string), \p{...} as
//     java_regex_properties.h;
//   - \b and \B count Unicode letters, digits, combining marks and '_' as
//     word characters (Java 8 to 18; \w stays ASCII).
// Refused with an error that names them (Java-only, never given another
// meaning): class union [a[b]], class intersection [a&&b], the flags
// (?u) (?U) (?c), \N{name} and \b{g}. Java's syntax errors are errors here
// too. Known differences: a lookbehind must have a fixed length per
// alternative (PCRE2 10.42; Java allows a bounded one), and a back
// reference under (?i) also ignores the case of non-ASCII letters.
//
// Limits (errors, with the messages below): at most kMaxRegexBytes bytes,
// kMaxRegexGroupDepth nested groups, repetition counts up to
// kMaxRegexRepeat and at most kMaxRegexEscapeDigits digits after a '\'.
//
// Thread safety: pure function.

#ifndef OBKVLITE_HBASE_FILTER_REGEX_JAVA_REGEX_TRANSLATOR_H_
#define OBKVLITE_HBASE_FILTER_REGEX_JAVA_REGEX_TRANSLATOR_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/status.h"

namespace obkvlite {
namespace filter {

// Longest regular expression accepted, in bytes, and the deepest nesting of
// groups.
inline constexpr size_t kMaxRegexBytes = 4096;
inline constexpr int kMaxRegexGroupDepth = 64;
// Largest count in a {m,n} repetition, and most digits after a '\' (found
// by fuzz/filter_fuzzer: huge counts made compiled patterns explode).
inline constexpr int kMaxRegexRepeat = 1000;
inline constexpr int kMaxRegexEscapeDigits = 3;

struct Pcre2Translation {
  std::string pattern;  // PCRE2 syntax, valid UTF-8
  // For each byte of `pattern`, the byte offset in the Java pattern of the
  // construct it comes from (to place PCRE2's compile errors).
  std::vector<uint32_t> source_offsets;
  size_t source_size = 0;  // bytes of the Java pattern

  // The Java offset of PCRE2's error offset `offset` (which may be the end).
  size_t SourceOffset(size_t offset) const;
};

// Errors: InvalidArgument with a complete message, e.g.
//   "expected a valid regular expression, got '[a&&b]' (character class
//    intersection [a&&b] is Java-only and not supported, at offset 2)".
Result<Pcre2Translation> TranslateJavaRegex(std::string_view java,
                                            bool case_insensitive);

// The message of an invalid regular expression: "expected a valid regular
// expression, got '<java>' (<reason>)".
Status InvalidRegex(std::string_view java, const std::string& reason);

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_REGEX_JAVA_REGEX_TRANSLATOR_H_
