// Copyright (c) obkvlite authors.
#include "hbase/filter/regex/java_regex_parser.h"

#include <algorithm>

#include "hbase/filter/regex/java_utf8.h"

namespace obkvlite {
namespace filter {
namespace java_regex {

namespace {

std::string Hex(char32_t cp) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  do {
    out.insert(out.begin(), kDigits[cp & 0xF]);
    cp >>= 4;
  } while (cp != 0);
  return out;
}

}  // namespace

// A code point as a PCRE2 literal, valid in and out of a class.
std::string Literal(char32_t cp) {
  if (IsLetter(cp) || IsDigit(cp)) return std::string(1, static_cast<char>(cp));
  return "\\x{" + Hex(cp) + "}";
}

// Wraps a zero-width construct so that a quantifier may follow it, as Java
// allows.
std::string Assertion(const std::string& text) { return "(?:" + text + ")"; }

void JavaRegexParser::Decode() {
  std::vector<PatternChar> raw;
  for (size_t i = 0; i < java_.size();) {
    char32_t cp;
    const size_t n = DecodeJavaUtf8(java_, i, &cp);
    raw.push_back({cp, static_cast<uint32_t>(i), false});
    i += n;
  }
  // Java's RemoveQEQuoting: "\Q...\E" (or to the end) becomes literals; a
  // backslash always pairs with the next character.
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i].cp != '\\' || i + 1 == raw.size()) {
      chars_.push_back(raw[i]);
      continue;
    }
    if (raw[i + 1].cp != 'Q') {
      chars_.push_back(raw[i]);
      chars_.push_back(raw[++i]);
      continue;
    }
    for (i += 2; i < raw.size(); ++i) {
      if (raw[i].cp == '\\' && i + 1 < raw.size() && raw[i + 1].cp == 'E') {
        ++i;
        break;
      }
      chars_.push_back({raw[i].cp, raw[i].offset, true});
    }
  }
}

int JavaRegexParser::MaxGroupDepth() const {
  int depth = 0;
  int max_depth = 0;
  int in_class = 0;
  for (size_t i = 0; i < chars_.size(); ++i) {
    if (chars_[i].quoted) continue;
    const char32_t c = chars_[i].cp;
    if (c == '\\') {
      ++i;
    } else if (c == '[') {
      ++in_class;
    } else if (c == ']' && in_class > 0) {
      --in_class;
    } else if (in_class == 0 && c == '(') {
      max_depth = std::max(max_depth, ++depth);
    } else if (in_class == 0 && c == ')') {
      --depth;
    }
  }
  return max_depth;
}

void JavaRegexParser::SkipIgnored() {
  if (!flags_.comments) return;
  while (!AtEnd() && !Cur().quoted) {
    const char32_t c = Cur().cp;
    if (IsJavaSpace(c)) {
      ++pos_;
      continue;
    }
    if (c != '#') return;
    // A comment runs to a line terminator (which stays significant unless
    // it is also whitespace).
    while (!AtEnd()) {
      const char32_t t = Cur().cp;
      if (t == '\n' || (!flags_.unix_lines && (t == '\r' || t == 0x85 ||
                                               t == 0x2028 || t == 0x2029))) {
        break;
      }
      ++pos_;
    }
  }
}

Status JavaRegexParser::Alternation(int depth) {
  OBKV_RETURN_IF_ERROR(Sequence(depth));
  while (Peek('|')) {
    Emit("|", Cur().offset);
    ++pos_;
    OBKV_RETURN_IF_ERROR(Sequence(depth));
  }
  return Status::OK();
}

Status JavaRegexParser::Sequence(int depth) {
  for (;;) {
    SkipIgnored();
    if (AtEnd()) return Status::OK();
    const PatternChar c = Cur();
    if (c.quoted) {
      ++pos_;
      EmitLiteral(c.cp, c.offset);
      OBKV_RETURN_IF_ERROR(Quantifier(true));
      continue;
    }
    switch (c.cp) {
      case '|':
      case ')':
        return Status::OK();
      case '(': {
        bool quantifiable = false;
        OBKV_RETURN_IF_ERROR(Group(depth, &quantifiable));
        if (quantifiable) OBKV_RETURN_IF_ERROR(Quantifier(true));
        continue;
      }
      case '[':
        ++pos_;
        OBKV_RETURN_IF_ERROR(CharClass(c.offset));
        break;
      case '\\': {
        Escape e;
        OBKV_RETURN_IF_ERROR(EscapeAt(false, false, &e));
        EmitEscape(e, c.offset);
        break;
      }
      case '^':
        ++pos_;
        Emit(Caret(), c.offset);
        break;
      case '$':
        ++pos_;
        Emit(Dollar(flags_.multiline), c.offset);
        break;
      case '.':
        ++pos_;
        Emit(Dot(), c.offset);
        break;
      case '?':
      case '*':
      case '+':
        return Error(c.offset, std::string("dangling meta character '") +
                                   static_cast<char>(c.cp) + "'");
      case '{':
        // Java repeats an empty atom: it matches the empty string.
        OBKV_RETURN_IF_ERROR(Quantifier(false));
        continue;
      default:
        ++pos_;
        EmitLiteral(c.cp, c.offset);
        break;
    }
    OBKV_RETURN_IF_ERROR(Quantifier(true));
  }
}

Status JavaRegexParser::Group(int depth, bool* quantifiable) {
  const uint32_t open = Cur().offset;
  if (depth >= kMaxRegexGroupDepth) {
    return Status::InvalidArgument(
        "expected a regular expression with at most " +
        std::to_string(kMaxRegexGroupDepth) + " nested groups, got " +
        std::to_string(depth + 1));
  }
  ++pos_;  // '('
  const Flags saved = flags_;
  *quantifiable = true;
  if (!Peek('?')) {
    ++groups_;
    Emit("(", open);
  } else {
    ++pos_;
    if (AtEnd() || Cur().quoted) return Error(open, "unknown group type");
    const PatternChar kind = Cur();
    switch (kind.cp) {
      case ':':
      case '=':
      case '!':
      case '>':
        ++pos_;
        Emit(std::string("(?") + static_cast<char>(kind.cp), open);
        break;
      case '<': {
        ++pos_;
        if (RawIs(pos_, '=') || RawIs(pos_, '!')) {
          Emit(std::string("(?<") + static_cast<char>(Cur().cp), open);
          ++pos_;
          break;
        }
        if (AtEnd() || Cur().quoted || !IsLetter(Cur().cp)) {
          return Error(kind.offset, "unknown look-behind group");
        }
        std::string name;
        while (!AtEnd() && !Cur().quoted &&
               (IsLetter(Cur().cp) || IsDigit(Cur().cp))) {
          name += static_cast<char>(Cur().cp);
          ++pos_;
        }
        if (!RawIs(pos_, '>')) {
          return Error(kind.offset,
                       "named capturing group is missing trailing '>'");
        }
        ++pos_;
        for (const auto& [known, group] : names_) {
          if (known == name) {
            return Error(kind.offset, "named capturing group <" + name +
                                          "> is already defined");
          }
        }
        names_.emplace_back(name, ++groups_);
        Emit("(", open);
        break;
      }
      case '$':
      case '@':
        return Error(kind.offset, "unknown group type");
      default:
        OBKV_RETURN_IF_ERROR(InlineFlags());
        if (Accept(')')) {
          // (?flags): they last to the end of the enclosing group.
          *quantifiable = false;
          return Status::OK();
        }
        if (!Accept(':')) return Error(Offset(), "unknown inline modifier");
        Emit("(?:", open);
        break;
    }
  }
  OBKV_RETURN_IF_ERROR(Alternation(depth + 1));
  const uint32_t close = Offset();
  if (!Accept(')')) return Error(open, "unclosed group");
  flags_ = saved;
  Emit(")", close);
  return Status::OK();
}

Status JavaRegexParser::InlineFlags() {
  bool on = true;
  for (;;) {
    SkipIgnored();
    if (AtEnd() || Cur().quoted) return Status::OK();
    const PatternChar c = Cur();
    switch (c.cp) {
      case 'i':
        flags_.case_insensitive = on;
        break;
      case 'm':
        flags_.multiline = on;
        break;
      case 's':
        flags_.dotall = on;
        break;
      case 'd':
        flags_.unix_lines = on;
        break;
      case 'x':
        flags_.comments = on;
        break;
      case 'u':
      case 'U':
      case 'c':
        // Never set, so clearing them changes nothing.
        if (on) {
          const char* what = c.cp == 'u'   ? "UNICODE_CASE"
                             : c.cp == 'U' ? "UNICODE_CHARACTER_CLASS"
                                           : "CANON_EQ";
          return Error(c.offset, std::string("inline flag (?") +
                                     static_cast<char>(c.cp) + ") (" + what +
                                     ") is not supported");
        }
        break;
      case '-':
        if (!on) return Status::OK();
        on = false;
        break;
      default:
        return Status::OK();
    }
    ++pos_;
  }
}

Status JavaRegexParser::Count(std::string* digits) {
  while (!AtEnd() && !Cur().quoted && IsDigit(Cur().cp)) {
    *digits += static_cast<char>(Cur().cp);
    ++pos_;
    SkipIgnored();
  }
  if (digits->size() > 4 ||
      (!digits->empty() && std::stoi(*digits) > kMaxRegexRepeat)) {
    return Status::InvalidArgument("expected repetition counts of at most " +
                                   std::to_string(kMaxRegexRepeat) +
                                   " in a regular expression, got " +
                                   digits->substr(0, 24));
  }
  return Status::OK();
}

Status JavaRegexParser::Quantifier(bool emit) {
  SkipIgnored();
  if (AtEnd() || Cur().quoted) return Status::OK();
  const PatternChar q = Cur();
  std::string text;
  if (q.cp == '?' || q.cp == '*' || q.cp == '+') {
    ++pos_;
    text = static_cast<char>(q.cp);
  } else if (q.cp == '{') {
    ++pos_;
    if (AtEnd() || Cur().quoted || !IsDigit(Cur().cp)) {
      return Error(q.offset, "illegal repetition: expected {n}, {n,} or {n,m}");
    }
    std::string min;
    std::string max;
    OBKV_RETURN_IF_ERROR(Count(&min));
    const bool comma = Accept(',');
    if (comma) {
      SkipIgnored();
      OBKV_RETURN_IF_ERROR(Count(&max));
    }
    if (!Accept('}')) return Error(q.offset, "unclosed counted repetition");
    if (!max.empty() && std::stoi(max) < std::stoi(min)) {
      return Error(q.offset, "illegal repetition range");
    }
    text = "{" + min + (comma ? "," + max : "") + "}";
  } else {
    return Status::OK();
  }
  if (Accept('?')) {
    text += '?';
  } else if (Accept('+')) {
    text += '+';
  }
  if (emit) Emit(text, q.offset);
  return Status::OK();
}

std::string JavaRegexParser::Caret() const {
  if (!flags_.multiline) return Assertion("\\A");
  // Java never matches (?m)^ at the end of the input, and not between \r
  // and \n.
  if (flags_.unix_lines) return Assertion("(?!\\z)(?:\\A|(?<=\\n))");
  return Assertion(std::string("(?!\\z)(?:\\A|(?<=[") + kTerminators +
                   "]))(?!(?<=\\r)\\n)");
}

std::string JavaRegexParser::Dollar(bool multiline) const {
  if (flags_.unix_lines) {
    return Assertion(multiline ? "(?=\\n|\\z)" : "(?=\\n?\\z)");
  }
  // Never between \r and \n.
  if (multiline) {
    return Assertion(std::string("(?=[") + kTerminators +
                     "]|\\z)(?!(?<=\\r)\\n)");
  }
  return Assertion(std::string("(?=(?:\\r\\n|[") + kTerminators +
                   "])?\\z)(?!(?<=\\r)\\n)");
}

std::string JavaRegexParser::Dot() const {
  if (flags_.dotall) return "(?s:.)";
  if (flags_.unix_lines) return "[^\\n]";
  return std::string("[^") + kTerminators + "]";
}

void JavaRegexParser::Emit(std::string_view text, uint32_t offset) {
  out_.pattern.append(text);
  out_.source_offsets.insert(out_.source_offsets.end(), text.size(), offset);
}

void JavaRegexParser::EmitLiteral(char32_t cp, uint32_t offset) {
  if (flags_.case_insensitive && IsLetter(cp)) {
    const char lower = static_cast<char>(cp | 0x20);
    const char upper = static_cast<char>(cp & ~0x20);
    Emit(std::string("[") + lower + upper + "]", offset);
    return;
  }
  Emit(Literal(cp), offset);
}

void JavaRegexParser::EmitEscape(const Escape& e, uint32_t offset) {
  switch (e.kind) {
    case Escape::Kind::kChar:
      EmitLiteral(e.cp, offset);
      return;
    case Escape::Kind::kAssertion:
      Emit(Assertion(e.text), offset);
      return;
    case Escape::Kind::kItem:
    case Escape::Kind::kAtom:
      if (e.backref > 0) {
        backrefs_.push_back({out_.pattern.size(), e.text.size(), e.backref});
      }
      Emit(e.text, offset);
      return;
  }
}

Result<Pcre2Translation> JavaRegexParser::Run() {
  if (java_.size() > kMaxRegexBytes) {
    return Status::InvalidArgument("expected a regular expression of at most " +
                                   std::to_string(kMaxRegexBytes) +
                                   " bytes, got " +
                                   std::to_string(java_.size()));
  }
  Decode();
  const int depth = MaxGroupDepth();
  if (depth > kMaxRegexGroupDepth) {
    return Status::InvalidArgument(
        "expected a regular expression with at most " +
        std::to_string(kMaxRegexGroupDepth) + " nested groups, got " +
        std::to_string(depth));
  }
  OBKV_RETURN_IF_ERROR(Alternation(0));
  if (!AtEnd()) return Error(Cur().offset, "unmatched ')'");
  // A back reference to a group the pattern does not have never matches
  // in Java; PCRE2 would refuse it.
  for (auto it = backrefs_.rbegin(); it != backrefs_.rend(); ++it) {
    if (it->group <= groups_) continue;
    const uint32_t offset = out_.source_offsets[it->out_offset];
    out_.pattern.replace(it->out_offset, it->length, "(?!)");
    auto begin = out_.source_offsets.begin() + it->out_offset;
    out_.source_offsets.erase(begin, begin + it->length);
    out_.source_offsets.insert(out_.source_offsets.begin() + it->out_offset, 4,
                               offset);
  }
  out_.source_size = java_.size();
  return std::move(out_);
}

}  // namespace java_regex
}  // namespace filter
}  // namespace obkvlite
