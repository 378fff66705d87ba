// Copyright (c) obkvlite authors.
//
// SameBytes: whether two byte strings are equal, inline for the short
// strings of the hot read paths (a cell's row key and qualifier, compared
// per cell), where a call of memcmp costs more than the comparison: up to
// 32 bytes are compared in at most four word loads of each side.
//
// Thread safety: a plain function.

#ifndef OBKVLITE_UTIL_SAME_BYTES_H_
#define OBKVLITE_UTIL_SAME_BYTES_H_

#include <cstdint>
#include <cstring>
#include <string_view>

namespace obkvlite {
namespace same_bytes_internal {

template <typename Word>
inline bool SameWord(const char* a, const char* b) {
  Word x, y;
  std::memcpy(&x, a, sizeof(Word));
  std::memcpy(&y, b, sizeof(Word));
  return x == y;
}

// a[0, n) == b[0, n) for sizeof(Word) <= n <= 2 * sizeof(Word): the first
// and the last word, which overlap when n < 2 * sizeof(Word).
template <typename Word>
inline bool SameEnds(const char* a, const char* b, size_t n) {
  return SameWord<Word>(a, b) &&
         SameWord<Word>(a + n - sizeof(Word), b + n - sizeof(Word));
}

}  // namespace same_bytes_internal

inline bool SameBytes(std::string_view a, std::string_view b) {
  using namespace same_bytes_internal;
  const size_t n = a.size();
  if (n != b.size()) return false;
  const char* p = a.data();
  const char* q = b.data();
  if (n >= 8) {
    if (n <= 16) return SameEnds<uint64_t>(p, q, n);
    if (n <= 32) {
      return SameEnds<uint64_t>(p, q, 16) &&
             SameEnds<uint64_t>(p + n - 16, q + n - 16, 16);
    }
    return std::memcmp(p, q, n) == 0;
  }
  if (n >= 4) return SameEnds<uint32_t>(p, q, n);
  for (size_t i = 0; i < n; ++i) {
    if (p[i] != q[i]) return false;
  }
  return true;
}

}  // namespace obkvlite

#endif  // OBKVLITE_UTIL_SAME_BYTES_H_
