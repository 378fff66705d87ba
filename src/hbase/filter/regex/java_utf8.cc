// Copyright (c) obkvlite authors.
#include "hbase/filter/regex/java_utf8.h"

#include "util/utf8.h"

namespace obkvlite {
namespace filter {
namespace {

bool IsContinuation(unsigned char b) { return (b & 0xC0) == 0x80; }

}  // namespace

size_t DecodeJavaUtf8(std::string_view s, size_t i, char32_t* cp) {
  const unsigned char b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) {
    *cp = b0;
    return 1;
  }
  // The sequence length and the range of the second byte (Table 3-7; ED
  // takes 80..BF as the JDK does, the surrogate is rejected below).
  size_t need = 0;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;
  char32_t value = 0;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1;
    value = b0 & 0x1F;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 2;
    if (b0 == 0xE0) lo = 0xA0;
    value = b0 & 0x0F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 3;
    if (b0 == 0xF0) lo = 0x90;
    if (b0 == 0xF4) hi = 0x8F;
    value = b0 & 0x07;
  } else {
    *cp = kReplacementChar;
    return 1;
  }
  for (size_t k = 1; k <= need; ++k) {
    if (i + k >= s.size()) {
      *cp = kReplacementChar;  // truncated: the rest is one maximal subpart
      return k;
    }
    const unsigned char b = static_cast<unsigned char>(s[i + k]);
    const bool ok = k == 1 ? (b >= lo && b <= hi) : IsContinuation(b);
    if (!ok) {
      *cp = kReplacementChar;
      return k;
    }
    value = (value << 6) | (b & 0x3F);
  }
  *cp = (value >= 0xD800 && value <= 0xDFFF) ? kReplacementChar : value;
  return need + 1;
}

std::string ToJavaUtf8(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 8);
  for (size_t i = 0; i < s.size();) {
    char32_t cp;
    const size_t n = DecodeJavaUtf8(s, i, &cp);
    if (cp == kReplacementChar) {
      util::AppendUtf8(cp, &out);
    } else {
      out.append(s.substr(i, n));
    }
    i += n;
  }
  return out;
}

}  // namespace filter
}  // namespace obkvlite
