// Copyright (c) obkvlite authors.
//
// HexDigitValue: the value 0-15 of one hexadecimal digit (either case), or
// -1 for any other byte. The one reading of a hex digit: toBytesBinary's
// \xHH, percent-encoding in URIs and REST paths, JSON's \uXXXX, the
// shell's string escapes.
//
// Header-only, so that layers above the public API (src/server/) use it
// without linking the library's internals.
// Thread safety: a plain function.

#ifndef OBKVLITE_UTIL_HEX_DIGIT_H_
#define OBKVLITE_UTIL_HEX_DIGIT_H_

namespace obkvlite {

constexpr int HexDigitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace obkvlite

#endif  // OBKVLITE_UTIL_HEX_DIGIT_H_
