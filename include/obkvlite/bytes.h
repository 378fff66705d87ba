// Copyright (c) obkvlite authors.
//
// HBase's Bytes.toStringBinary / toBytesBinary escaping: the one place where
// raw bytes become printable text and back.
//
// Printable ASCII (0x20..0x7E) except the backslash is written as is; every
// other byte, and the backslash, is written as "\xHH" (upper-case hex).
// Input accepts hex digits in either case and raw bytes >= 0x80.
//
// Thread safety: pure functions, safe from any thread.

#ifndef OBKVLITE_BYTES_H_
#define OBKVLITE_BYTES_H_

#include <string>
#include <string_view>

#include "obkvlite/status.h"

namespace obkvlite {

// Escapes `bytes` as HBase's Bytes.toStringBinary does.
std::string ToStringBinary(std::string_view bytes);

// Decodes the escaped form. A backslash must be followed by 'x' and two hex
// digits; anything else is an InvalidArgument naming `field` and the byte
// offset, e.g. "row: bad escape at offset 3: expected \xHH".
Result<std::string> FromStringBinary(std::string_view text,
                                     std::string_view field = "bytes");

// Returns the smallest byte string greater than every string that starts
// with `prefix`, or "" when there is none (prefix empty or all 0xFF).
std::string PrefixSuccessor(std::string_view prefix);

}  // namespace obkvlite

#endif  // OBKVLITE_BYTES_H_
