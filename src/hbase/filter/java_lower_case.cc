// Copyright (c) obkvlite authors.
#include "hbase/filter/java_lower_case.h"

#include <locale.h>
#include <wctype.h>

#include <vector>

#include "hbase/filter/regex/java_utf8.h"

namespace obkvlite {
namespace filter {
namespace {

constexpr char32_t kCapitalIWithDot = 0x0130;
constexpr char32_t kCombiningDot = 0x0307;
constexpr char32_t kCapitalSigma = 0x03A3;
constexpr char32_t kFinalSigma = 0x03C2;

// The C.UTF-8 locale, made once and kept for the process; null when the
// system has none.
locale_t Utf8Locale() {
  static const locale_t locale =
      newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(0));
  return locale;
}

char32_t Lower(char32_t cp) {
  if (cp < 0x80) return cp >= 'A' && cp <= 'Z' ? cp - 'A' + 'a' : cp;
  const locale_t locale = Utf8Locale();
  if (locale == static_cast<locale_t>(0)) return cp;
  return static_cast<char32_t>(towlower_l(static_cast<wint_t>(cp), locale));
}

// A letter that has case (Unicode's Cased, approximated as a code point
// with another case form or a lower or upper case letter).
bool Cased(char32_t cp) {
  if (cp < 0x80) {
    return (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z');
  }
  const locale_t locale = Utf8Locale();
  if (locale == static_cast<locale_t>(0)) return false;
  const wint_t c = static_cast<wint_t>(cp);
  return iswupper_l(c, locale) || iswlower_l(c, locale);
}

}  // namespace

std::u32string JavaLowerCase(std::string_view bytes) {
  std::vector<char32_t> points;
  points.reserve(bytes.size());
  for (size_t i = 0; i < bytes.size();) {
    char32_t cp;
    i += DecodeJavaUtf8(bytes, i, &cp);
    points.push_back(cp);
  }
  std::u32string out;
  out.reserve(points.size());
  for (size_t i = 0; i < points.size(); ++i) {
    const char32_t cp = points[i];
    if (cp == kCapitalIWithDot) {
      out.push_back('i');
      out.push_back(kCombiningDot);
    } else if (cp == kCapitalSigma && i > 0 && Cased(points[i - 1]) &&
               !(i + 1 < points.size() && Cased(points[i + 1]))) {
      out.push_back(kFinalSigma);
    } else {
      out.push_back(Lower(cp));
    }
  }
  return out;
}

}  // namespace filter
}  // namespace obkvlite
