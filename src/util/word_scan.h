// Copyright (c) obkvlite authors.
//
// Scanning bytes eight at a time (SWAR): whether some byte of a string is
// of a kind (non-ASCII, a control character, a quote), one 64-bit word per
// step instead of one byte. The UTF-8 check (util/utf8.h) and the JSON
// escaper of the timeseries values (layout/timeseries_value.cc) use it.
//
// Header-only. Thread safety: pure functions.

#ifndef OBKVLITE_UTIL_WORD_SCAN_H_
#define OBKVLITE_UTIL_WORD_SCAN_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace obkvlite {
namespace util {

inline constexpr uint64_t kOnes = 0x0101010101010101ULL;
inline constexpr uint64_t kHighBits = 0x8080808080808080ULL;

// The eight bytes at `p`, in the machine's order. REQUIRED: 8 readable.
inline uint64_t Load8(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

// Nonzero when some byte of `w` is below `n` (n <= 0x80; exact).
constexpr uint64_t BytesBelow(uint64_t w, unsigned n) {
  return (w - kOnes * n) & ~w & kHighBits;
}

// A word holding every one of the n < 8 bytes at `p` (some twice), the
// rest `pad`: enough for a test of whether some byte is of a kind.
inline uint64_t LoadShort(const char* p, size_t n, unsigned char pad) {
  if (n >= 4) {  // two overlapping halves
    uint32_t lo;
    uint32_t hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + n - 4, 4);
    return lo | uint64_t{hi} << 32;
  }
  const uint64_t pads = kOnes * pad;
  if (n == 0) return pads;
  const auto byte = [&](size_t i) {
    return uint64_t{static_cast<unsigned char>(p[i])};
  };
  return byte(0) | byte(n / 2) << 8 | byte(n - 1) << 16 | (pads << 24);
}

// Whether `test` holds for some of the words covering `s`, eight bytes at
// a time (the last word overlapping, or padded with `pad` when `s` is
// shorter than eight bytes).
template <typename Test>
inline bool AnyWord(std::string_view s, unsigned char pad, Test test) {
  const size_t n = s.size();
  if (n < 8) return test(LoadShort(s.data(), n, pad));
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    if (test(Load8(s.data() + i))) return true;
  }
  return i < n && test(Load8(s.data() + n - 8));
}

}  // namespace util
}  // namespace obkvlite

#endif  // OBKVLITE_UTIL_WORD_SCAN_H_
