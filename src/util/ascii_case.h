// Copyright (c) obkvlite authors.
//
// ASCII case folding of SQL names and keywords: AsciiLower, AsciiUpper,
// EqualsIgnoreAsciiCase. Bytes outside A-Z / a-z stay as they are (no
// locale), as servers compare identifiers such as partition names.
//
// Header-only. Thread safety: plain functions.

#ifndef OBKVLITE_UTIL_ASCII_CASE_H_
#define OBKVLITE_UTIL_ASCII_CASE_H_

#include <string>
#include <string_view>

namespace obkvlite {

constexpr char AsciiLowerChar(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

constexpr char AsciiUpperChar(char c) {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

inline std::string AsciiLower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = AsciiLowerChar(c);
  return out;
}

inline std::string AsciiUpper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = AsciiUpperChar(c);
  return out;
}

inline bool EqualsIgnoreAsciiCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (AsciiLowerChar(a[i]) != AsciiLowerChar(b[i])) return false;
  }
  return true;
}

}  // namespace obkvlite

#endif  // OBKVLITE_UTIL_ASCII_CASE_H_
