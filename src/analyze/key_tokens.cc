// Copyright (c) obkvlite authors.
//
// Splitting keys into fields for the lints, and quoting them in messages.

#include <cmath>
#include <cstdio>

#include "analyze/analyze_internal.h"
#include "obkvlite/bytes.h"

namespace obkvlite {
namespace analyze_internal {

bool IsSeparator(unsigned char c) {
  const bool digit = c >= '0' && c <= '9';
  const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  return !digit && !letter;
}

std::string_view LeadingToken(std::string_view key) {
  for (size_t i = 0; i < key.size(); ++i) {
    if (IsSeparator(static_cast<unsigned char>(key[i]))) {
      return key.substr(0, i);
    }
  }
  return key;
}

std::string QuoteKey(std::string_view key) {
  std::string text = ToStringBinary(key);
  constexpr size_t kMax = 60;
  if (text.size() > kMax) text = text.substr(0, kMax) + "...";
  return "'" + text + "'";
}

std::string Percent(double fraction) {
  const double pct = fraction * 100.0;
  char buf[32];
  if (pct > 0 && pct < 9.95) {
    std::snprintf(buf, sizeof buf, "%.1f", pct);
    std::string s(buf);
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0)
      s.resize(s.size() - 2);
    return s + "%";
  }
  std::snprintf(buf, sizeof buf, "%.0f%%", std::round(pct));
  return buf;
}

}  // namespace analyze_internal
}  // namespace obkvlite
