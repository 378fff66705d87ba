// Copyright (c) obkvlite authors.
//
// Printable: bytes as Bytes.toStringBinary writes them, cut to 64 bytes
// with "..." appended: safe to put in an error message. The one excerpt of
// user bytes the filter language and its regular expressions use.
//
// Thread safety: a pure function.

#ifndef OBKVLITE_UTIL_PRINTABLE_H_
#define OBKVLITE_UTIL_PRINTABLE_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "obkvlite/bytes.h"

namespace obkvlite {
namespace util {

inline std::string Printable(std::string_view bytes) {
  constexpr size_t kMax = 64;
  if (bytes.size() <= kMax) return ToStringBinary(bytes);
  return ToStringBinary(bytes.substr(0, kMax)) + "...";
}

}  // namespace util
}  // namespace obkvlite

#endif  // OBKVLITE_UTIL_PRINTABLE_H_
