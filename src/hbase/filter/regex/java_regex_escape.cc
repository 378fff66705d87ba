// Copyright (c) obkvlite authors.
#include "hbase/filter/regex/java_regex_parser.h"
#include "hbase/filter/regex/java_regex_properties.h"
#include "hbase/filter/regex/java_utf8.h"
#include "util/utf8.h"

namespace obkvlite {
namespace filter {
namespace java_regex {

Status JavaRegexParser::EscapeAt(bool in_class, bool is_range, Escape* out) {
  const uint32_t at = Cur().offset;
  ++pos_;  // '\'
  if (AtEnd()) return Error(at, "trailing backslash");
  size_t digits = 0;
  while (pos_ + digits < chars_.size() && !chars_[pos_ + digits].quoted &&
         IsDigit(chars_[pos_ + digits].cp)) {
    ++digits;
  }
  if (digits > static_cast<size_t>(kMaxRegexEscapeDigits)) {
    return Status::InvalidArgument(
        "expected at most " + std::to_string(kMaxRegexEscapeDigits) +
        " digits after '\\' in a regular expression, got " +
        std::to_string(digits));
  }
  const char32_t c = Cur().cp;
  ++pos_;
  using Kind = Escape::Kind;
  const auto set = [out](Kind kind, std::string text) {
    out->kind = kind;
    out->text = std::move(text);
    return Status::OK();
  };
  const auto chr = [out](char32_t cp) {
    out->kind = Kind::kChar;
    out->cp = cp;
    return Status::OK();
  };
  switch (c) {
    case '0':
      return Octal(at, out);
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
      if (in_class) return Illegal(at);
      return BackReference(c, out);
    case 'A':
      if (in_class) return Illegal(at);
      return set(Kind::kAssertion, "\\A");
    case 'G':
      if (in_class) return Illegal(at);
      return set(Kind::kAssertion, "\\G");
    case 'z':
      if (in_class) return Illegal(at);
      return set(Kind::kAssertion, "\\z");
    case 'Z':
      if (in_class) return Illegal(at);
      return set(Kind::kAtom, Dollar(false));  // wrapped already
    case 'b':
    case 'B': {
      if (in_class) return Illegal(at);
      if (c == 'b' && RawIs(pos_, '{')) {
        return Error(at, "\\b{g} (grapheme cluster boundary) is not supported");
      }
      const std::string w = kBoundWord;
      return set(
          Kind::kAssertion,
          c == 'b' ? "(?<=" + w + ")(?!" + w + ")|(?<!" + w + ")(?=" + w + ")"
                   : "(?<=" + w + ")(?=" + w + ")|(?<!" + w + ")(?!" + w + ")");
    }
    case 'R':
    case 'X':
      if (in_class) return Illegal(at);
      return set(Kind::kAtom, std::string("\\") + static_cast<char>(c));
    case 'd':
    case 'D':
    case 's':
    case 'S':
    case 'w':
    case 'W':
    case 'h':
    case 'H':
    case 'V':
      return set(Kind::kItem, std::string("\\") + static_cast<char>(c));
    case 'v':
      if (is_range) return chr(0x0B);
      return set(Kind::kItem, "\\v");
    case 'a':
      return chr(0x07);
    case 'e':
      return chr(0x1B);
    case 'f':
      return chr('\f');
    case 'n':
      return chr('\n');
    case 'r':
      return chr('\r');
    case 't':
      return chr('\t');
    case 'c':
      if (AtEnd()) return Error(at, "illegal control escape sequence");
      return chr(chars_[pos_++].cp ^ 64);
    case 'x':
      return HexEscape(at, out);
    case 'u':
      return UnicodeEscape(at, out);
    case 'p':
    case 'P':
      return Property(at, c == 'P', in_class, out);
    case 'k':
      if (in_class) return Illegal(at);
      return NamedBackReference(at, out);
    case 'N':
      return Error(at, "\\N{name} (named character) is not supported");
    default:
      // Any other letter is an error in Java; anything else stands for
      // itself.
      if (IsLetter(c)) return Illegal(at);
      return chr(c);
  }
}

Status JavaRegexParser::Octal(uint32_t at, Escape* out) {
  const auto octal = [this](size_t k) {
    return pos_ + k < chars_.size() && !chars_[pos_ + k].quoted &&
           chars_[pos_ + k].cp >= '0' && chars_[pos_ + k].cp <= '7';
  };
  if (!octal(0)) return Error(at, "illegal octal escape sequence");
  char32_t value = chars_[pos_].cp - '0';
  size_t len = 1;
  if (octal(1)) {
    value = value * 8 + (chars_[pos_ + 1].cp - '0');
    len = 2;
    // \0mnn needs m <= 3 (at most \0377).
    if (octal(2) && chars_[pos_].cp <= '3') {
      value = value * 8 + (chars_[pos_ + 2].cp - '0');
      len = 3;
    }
  }
  pos_ += len;
  out->kind = Escape::Kind::kChar;
  out->cp = value;
  return Status::OK();
}

Status JavaRegexParser::HexEscape(uint32_t at, Escape* out) {
  const auto hex = [this](size_t k) {
    return pos_ + k < chars_.size() && !chars_[pos_ + k].quoted &&
           IsHexDigit(chars_[pos_ + k].cp);
  };
  out->kind = Escape::Kind::kChar;
  if (hex(0) && hex(1)) {
    out->cp = static_cast<char32_t>(HexValue(chars_[pos_].cp) * 16 +
                                    HexValue(chars_[pos_ + 1].cp));
    pos_ += 2;
    return Status::OK();
  }
  if (!RawIs(pos_, '{') || !hex(1)) {
    return Error(at, "illegal hexadecimal escape sequence");
  }
  ++pos_;
  char32_t value = 0;
  while (hex(0)) {
    value = (value << 4) | static_cast<char32_t>(HexValue(chars_[pos_].cp));
    if (value > 0x10FFFF) return Error(at, "hexadecimal code point is too big");
    ++pos_;
  }
  if (!RawIs(pos_, '}')) {
    return Error(at, "unclosed hexadecimal escape sequence");
  }
  ++pos_;
  out->cp = value;
  return Status::OK();
}

bool JavaRegexParser::ReadFourHex(char32_t* cp) {
  if (pos_ + 4 > chars_.size()) return false;
  char32_t value = 0;
  for (size_t k = 0; k < 4; ++k) {
    const PatternChar& h = chars_[pos_ + k];
    if (h.quoted || !IsHexDigit(h.cp)) return false;
    value = (value << 4) | static_cast<char32_t>(HexValue(h.cp));
  }
  pos_ += 4;
  *cp = value;
  return true;
}

Status JavaRegexParser::UnicodeEscape(uint32_t at, Escape* out) {
  char32_t value = 0;
  if (!ReadFourHex(&value)) return Error(at, "illegal Unicode escape sequence");
  // A high surrogate followed by \u and a low surrogate is one code point.
  if (value >= 0xD800 && value <= 0xDBFF && RawIs(pos_, '\\') &&
      RawIs(pos_ + 1, 'u')) {
    const size_t back = pos_;
    pos_ += 2;
    char32_t low = 0;
    if (ReadFourHex(&low) && low >= 0xDC00 && low <= 0xDFFF) {
      value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00);
    } else {
      pos_ = back;
    }
  }
  out->kind = Escape::Kind::kChar;
  out->cp = value;
  return Status::OK();
}

Status JavaRegexParser::Property(uint32_t at, bool negated, bool in_class,
                                 Escape* out) {
  if (AtEnd()) return Error(at, "expected a property name after \\p");
  std::string name;
  if (RawIs(pos_, '{')) {
    ++pos_;
    while (!AtEnd() && !RawIs(pos_, '}')) util::AppendUtf8(chars_[pos_++].cp, &name);
    if (AtEnd()) return Error(at, "unclosed character property");
    ++pos_;
    if (name.empty()) return Error(at, "empty character property");
  } else {
    util::AppendUtf8(chars_[pos_++].cp, &name);
  }
  Result<std::string> text =
      TranslateJavaProperty(name, negated, in_class, flags_.case_insensitive);
  if (!text.ok()) return Error(at, text.status().message());
  out->kind = Escape::Kind::kItem;
  out->text = std::move(text).value();
  return Status::OK();
}

Status JavaRegexParser::BackReference(char32_t first, Escape* out) {
  // Java takes further digits while the number names a group opened so
  // far.
  int group = static_cast<int>(first - '0');
  for (;;) {
    SkipIgnored();
    if (AtEnd() || Cur().quoted || !IsDigit(Cur().cp)) break;
    const int longer = group * 10 + static_cast<int>(Cur().cp - '0');
    if (longer > groups_) break;
    group = longer;
    ++pos_;
  }
  SetBackReference(group, out);
  return Status::OK();
}

void JavaRegexParser::SetBackReference(int group, Escape* out) const {
  const std::string ref = "\\g{" + std::to_string(group) + "}";
  out->kind = Escape::Kind::kAtom;
  out->text = flags_.case_insensitive ? "(?i:" + ref + ")" : ref;
  out->backref = group;
}

Status JavaRegexParser::NamedBackReference(uint32_t at, Escape* out) {
  if (!RawIs(pos_, '<')) {
    return Error(at, "\\k is not followed by '<' for named capturing group");
  }
  ++pos_;
  std::string name;
  while (!AtEnd() && !Cur().quoted &&
         (IsLetter(Cur().cp) || IsDigit(Cur().cp))) {
    name += static_cast<char>(chars_[pos_++].cp);
  }
  if (!RawIs(pos_, '>')) {
    return Error(at, "named capturing group is missing trailing '>'");
  }
  ++pos_;
  for (const auto& [known, group] : names_) {
    if (known == name) {
      SetBackReference(group, out);
      return Status::OK();
    }
  }
  return Error(at, "named capturing group <" + name + "> does not exist");
}

}  // namespace java_regex
}  // namespace filter
}  // namespace obkvlite
