// Copyright (c) obkvlite authors.
//
// The character properties of a Java regular expression, \p{name} (or \pX)
// and \P{name}, in PCRE2 syntax (UTF mode, ASCII-only \w and POSIX
// classes, as Java's defaults):
//
//   POSIX names   Lower Upper ASCII Alpha Digit Alnum Punct Graph Print
//                 Blank Cntrl XDigit Space (ASCII only, bare or with Is)
//   categories    L Lu Ll Lt Lm Lo LC M Mn Mc Me N Nd Nl No P Pc Pd Ps Pe
//                 Pi Pf Po S Sm Sc Sk So Z Zs Zl Zp C Cc Cf Co Cs Cn (bare,
//                 IsXx, gc=Xx, general_category=Xx)
//   scripts       IsLatin, sc=Latin, script=Latin (PCRE2 checks the name)
//
// Refused with a reason: Unicode blocks (InX, blk=, block=), binary
// properties (IsAlphabetic, IsLetter, ...), java* properties, and under
// case-insensitive matching Lower, Upper, Lu, Ll and Lt (Java versions
// disagree on whether (?i) widens them).
//
// Thread safety: pure function.

#ifndef OBKVLITE_HBASE_FILTER_REGEX_JAVA_REGEX_PROPERTIES_H_
#define OBKVLITE_HBASE_FILTER_REGEX_JAVA_REGEX_PROPERTIES_H_

#include <string>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {
namespace filter {

// The PCRE2 text for the property `name` (what is between the braces, or
// the one letter), negated for \P. In a class it is a class item, outside
// one a whole atom. Errors: InvalidArgument whose message is the reason
// (no position).
Result<std::string> TranslateJavaProperty(std::string_view name, bool negated,
                                          bool in_class, bool case_insensitive);

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_REGEX_JAVA_REGEX_PROPERTIES_H_
