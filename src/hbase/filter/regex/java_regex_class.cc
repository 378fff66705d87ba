// Copyright (c) obkvlite authors.
#include <algorithm>

#include "hbase/filter/regex/java_regex_parser.h"

namespace obkvlite {
namespace filter {
namespace java_regex {

namespace {

// Java's ASCII-only CASE_INSENSITIVE on a class: a letter matches if its
// other case is in the class.
void AddAsciiCaseClosure(Ranges* ranges) {
  const size_t n = ranges->size();
  for (size_t i = 0; i < n; ++i) {
    const auto [lo, hi] = (*ranges)[i];
    const char32_t a = std::max<char32_t>(lo, 'a');
    const char32_t z = std::min<char32_t>(hi, 'z');
    if (a <= z) ranges->push_back({a - 32, z - 32});
    const char32_t A = std::max<char32_t>(lo, 'A');
    const char32_t Z = std::min<char32_t>(hi, 'Z');
    if (A <= Z) ranges->push_back({A + 32, Z + 32});
  }
}

}  // namespace

Status JavaRegexParser::CharClass(uint32_t open) {
  bool negated = false;
  bool first = true;
  bool any = false;
  Ranges ranges;
  std::string items;
  for (;;) {
    SkipIgnored();
    if (AtEnd()) return Error(open, "unclosed character class");
    const PatternChar c = Cur();
    if (!c.quoted) {
      // '^' negates only right after the '['.
      if (c.cp == '^' && first && pos_ > 0 && RawIs(pos_ - 1, '[')) {
        negated = !negated;
        ++pos_;
        continue;
      }
      if (c.cp == '[') {
        return Error(c.offset,
                     "character class union [a[b]] is Java-only and not "
                     "supported");
      }
      if (c.cp == '&') {
        const size_t at = pos_++;
        const bool intersection = Peek('&');
        pos_ = at;
        if (intersection) {
          return Error(c.offset,
                       "character class intersection [a&&b] is Java-only "
                       "and not supported");
        }
      }
      // A ']' before any item is a literal.
      if (c.cp == ']' && any) {
        ++pos_;
        break;
      }
    }
    first = false;
    any = true;
    OBKV_RETURN_IF_ERROR(ClassItem(&ranges, &items));
  }
  if (flags_.case_insensitive) AddAsciiCaseClosure(&ranges);
  std::string text = negated ? "[^" : "[";
  for (const auto& [lo, hi] : ranges) {
    text += Literal(lo);
    if (hi != lo) text += "-" + Literal(hi);
  }
  text += items;
  text += ']';
  Emit(text, open);
  return Status::OK();
}

Status JavaRegexParser::ClassItem(Ranges* ranges, std::string* items) {
  const PatternChar c = Cur();
  char32_t lo = c.cp;
  if (!c.quoted && c.cp == '\\') {
    // Java reads \v as U+000B when a range follows it.
    Escape e;
    OBKV_RETURN_IF_ERROR(EscapeAt(true, RawIs(pos_ + 2, '-'), &e));
    if (e.kind != Escape::Kind::kChar) {
      *items += e.text;
      return Status::OK();
    }
    lo = e.cp;
  } else {
    ++pos_;
  }
  // "a-z", unless the '-' is followed by '[' or ']'.
  if (Peek('-') && !RawIs(pos_ + 1, '[') && !RawIs(pos_ + 1, ']')) {
    ++pos_;
    SkipIgnored();
    if (AtEnd()) return Error(c.offset, "illegal character range");
    const PatternChar h = Cur();
    char32_t hi = h.cp;
    if (!h.quoted && h.cp == '\\') {
      Escape e;
      OBKV_RETURN_IF_ERROR(EscapeAt(true, true, &e));
      if (e.kind != Escape::Kind::kChar) {
        return Error(c.offset, "illegal character range");
      }
      hi = e.cp;
    } else {
      ++pos_;
    }
    if (hi < lo) return Error(c.offset, "illegal character range");
    ranges->push_back({lo, hi});
    return Status::OK();
  }
  ranges->push_back({lo, lo});
  return Status::OK();
}

}  // namespace java_regex
}  // namespace filter
}  // namespace obkvlite
