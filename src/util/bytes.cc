// Copyright (c) obkvlite authors.
#include "obkvlite/bytes.h"

#include "util/hex_digit.h"

namespace obkvlite {
std::string ToStringBinary(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(bytes.size());
  for (unsigned char ch : bytes) {
    if (ch >= 0x20 && ch <= 0x7E && ch != '\\') {
      out.push_back(static_cast<char>(ch));
    } else {
      out += "\\x";
      out.push_back(kHex[ch >> 4]);
      out.push_back(kHex[ch & 0xF]);
    }
  }
  return out;
}

Result<std::string> FromStringBinary(std::string_view text,
                                     std::string_view field) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      out.push_back(text[i]);
      continue;
    }
    int hi = i + 2 < text.size() ? HexDigitValue(text[i + 2]) : -1;
    int lo = i + 3 < text.size() ? HexDigitValue(text[i + 3]) : -1;
    if (i + 1 >= text.size() || text[i + 1] != 'x' || hi < 0 || lo < 0) {
      return Status::InvalidArgument(
          std::string(field) + ": bad escape at offset " + std::to_string(i) +
          ": expected \\xHH (a backslash itself is written \\x5C)");
    }
    out.push_back(static_cast<char>(hi * 16 + lo));
    i += 3;
  }
  return out;
}

std::string PrefixSuccessor(std::string_view prefix) {
  std::string out(prefix);
  while (!out.empty()) {
    unsigned char last = static_cast<unsigned char>(out.back());
    if (last != 0xFF) {
      out.back() = static_cast<char>(last + 1);
      return out;
    }
    out.pop_back();
  }
  return out;
}

}  // namespace obkvlite
