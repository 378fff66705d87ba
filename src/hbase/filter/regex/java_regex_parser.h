// Copyright (c) obkvlite authors.
//
// JavaRegexParser: the recursive-descent parser behind TranslateJavaRegex()
// (java_regex_translator.h), shaped after java.util.regex.Pattern's own
// (expr, sequence, group0, closure, clazz, escape) so that it accepts and
// refuses what Java does. It reads the Java pattern once and writes the
// PCRE2 pattern as it goes. Its parts: java_regex_parser.cc (input,
// groups, quantifiers, line semantics, output), java_regex_class.cc
// (character classes) and java_regex_escape.cc (escape sequences).
//
// Thread safety: one parser per pattern, used once.

#ifndef OBKVLITE_HBASE_FILTER_REGEX_JAVA_REGEX_PARSER_H_
#define OBKVLITE_HBASE_FILTER_REGEX_JAVA_REGEX_PARSER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "hbase/filter/regex/java_regex_translator.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace filter {
namespace java_regex {

// One code point of the Java pattern, after Java's \Q...\E rewriting.
struct PatternChar {
  char32_t cp;
  uint32_t offset;  // byte offset in the Java pattern
  bool quoted;      // inside \Q...\E: always a literal
};

// The Pattern flags that change the translation.
struct Flags {
  bool case_insensitive = false;  // CASE_INSENSITIVE (ASCII only)
  bool multiline = false;         // MULTILINE
  bool dotall = true;             // DOTALL: HBase's default
  bool unix_lines = false;        // UNIX_LINES
  bool comments = false;          // COMMENTS
};

// Java's line terminators, as PCRE2 class items.
inline constexpr char kTerminators[] = "\\n\\r\\x{85}\\x{2028}\\x{2029}";
// What Java 8 to 18 count as a word character for \b: letters, digits,
// combining marks and '_'.
inline constexpr char kBoundWord[] = "[\\p{L}\\p{Nd}\\p{Mn}_]";

inline bool IsDigit(char32_t c) { return c >= '0' && c <= '9'; }
inline bool IsLower(char32_t c) { return c >= 'a' && c <= 'z'; }
inline bool IsUpper(char32_t c) { return c >= 'A' && c <= 'Z'; }
inline bool IsLetter(char32_t c) { return IsLower(c) || IsUpper(c); }
inline bool IsHexDigit(char32_t c) {
  return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
inline int HexValue(char32_t c) {
  if (IsDigit(c)) return static_cast<int>(c - '0');
  return static_cast<int>((c | 0x20) - 'a' + 10);
}
// ASCII.isSpace: what (?x) ignores.
inline bool IsJavaSpace(char32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' ||
         c == '\r';
}

// A code point as a PCRE2 literal, valid in and out of a class: ASCII
// letters and digits as they are, anything else as \x{hex}.
std::string Literal(char32_t cp);

// Wraps a zero-width construct so that a quantifier may follow it, as Java
// allows.
std::string Assertion(const std::string& text);

using Ranges = std::vector<std::pair<char32_t, char32_t>>;

class JavaRegexParser {
 public:
  JavaRegexParser(std::string_view java, bool case_insensitive) : java_(java) {
    flags_.case_insensitive = case_insensitive;
  }

  // Parses the whole pattern; errors are complete messages (see
  // TranslateJavaRegex).
  Result<Pcre2Translation> Run();

 private:
  // What an escape sequence stands for.
  struct Escape {
    enum class Kind {
      kChar,       // one code point: `cp`
      kItem,       // a class such as \d or \p{L}: `text`, in or out of []
      kAtom,       // outside classes only: `text`
      kAssertion,  // zero-width, outside classes only: `text`
    };
    Kind kind = Kind::kChar;
    char32_t cp = 0;
    std::string text;
    int backref = 0;  // the group of a back reference
  };

  // ---- input ----
  void Decode();
  int MaxGroupDepth() const;
  bool AtEnd() const { return pos_ >= chars_.size(); }
  const PatternChar& Cur() const { return chars_[pos_]; }
  uint32_t Offset() const {
    return AtEnd() ? static_cast<uint32_t>(java_.size()) : Cur().offset;
  }
  // chars_[at] exists and is the unquoted `c`.
  bool RawIs(size_t at, char32_t c) const {
    return at < chars_.size() && !chars_[at].quoted && chars_[at].cp == c;
  }
  // Skips what (?x) ignores: whitespace and #-comments (Java's peek()).
  void SkipIgnored();
  // Whether the next significant character is the unquoted `c`.
  bool Peek(char32_t c) {
    SkipIgnored();
    return RawIs(pos_, c);
  }
  // Consumes the next significant character if it is the unquoted `c`.
  bool Accept(char32_t c) {
    if (!Peek(c)) return false;
    ++pos_;
    return true;
  }

  // ---- grammar (Java's expr, sequence, group0, closure, clazz, escape) ----
  Status Alternation(int depth);
  Status Sequence(int depth);
  Status Group(int depth, bool* quantifiable);
  Status InlineFlags();
  Status Quantifier(bool emit);
  Status Count(std::string* digits);
  // After '[' (at `open`); emits the class. java_regex_class.cc.
  Status CharClass(uint32_t open);
  Status ClassItem(Ranges* ranges, std::string* items);
  // At a backslash: what the escape stands for. java_regex_escape.cc.
  Status EscapeAt(bool in_class, bool is_range, Escape* out);
  Status Octal(uint32_t at, Escape* out);
  Status HexEscape(uint32_t at, Escape* out);
  Status UnicodeEscape(uint32_t at, Escape* out);
  Status Property(uint32_t at, bool negated, bool in_class, Escape* out);
  Status BackReference(char32_t first, Escape* out);
  Status NamedBackReference(uint32_t at, Escape* out);
  void SetBackReference(int group, Escape* out) const;
  bool ReadFourHex(char32_t* cp);

  // ---- Java's line and word semantics ----
  std::string Caret() const;
  std::string Dollar(bool multiline) const;
  std::string Dot() const;

  // ---- output ----
  void Emit(std::string_view text, uint32_t offset);
  void EmitLiteral(char32_t cp, uint32_t offset);
  void EmitEscape(const Escape& e, uint32_t offset);
  Status Error(uint32_t offset, const std::string& what) const {
    return InvalidRegex(java_, what + " at offset " + std::to_string(offset));
  }
  Status Illegal(uint32_t offset) const {
    return Error(offset, "illegal or unsupported escape sequence");
  }

  struct BackReferenceSite {
    size_t out_offset;
    size_t length;
    int group;
  };

  std::string_view java_;
  std::vector<PatternChar> chars_;
  size_t pos_ = 0;
  Flags flags_;
  int groups_ = 0;  // capturing groups opened so far
  std::vector<std::pair<std::string, int>> names_;
  std::vector<BackReferenceSite> backrefs_;
  Pcre2Translation out_;
};

}  // namespace java_regex
}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_REGEX_JAVA_REGEX_PARSER_H_
