// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_lexer.h"

#include <cctype>
#include <charconv>
#include <cstdint>
#include <string>

#include "util/hex_digit.h"
#include "util/utf8.h"

namespace obkvlite {
namespace cli {
namespace {

using Kind = ShellToken::Kind;

constexpr std::string_view kPunct = ",;{}[]()=.";
constexpr Kind kPunctKinds[] = {
    Kind::kComma,    Kind::kSemicolon, Kind::kLBrace, Kind::kRBrace,
    Kind::kLBracket, Kind::kRBracket,  Kind::kLParen, Kind::kRParen,
    Kind::kAssign,   Kind::kDot};

bool IsDigit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}
bool IsWordStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_';
}
bool IsWordChar(char c) { return IsWordStart(c) || IsDigit(c); }

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  Result<std::vector<ShellToken>> Run(size_t* error_line) {
    std::vector<ShellToken> tokens;
    for (;;) {
      Result<bool> more = Next(&tokens);
      if (!more.ok()) {
        if (error_line != nullptr) *error_line = error_line_;
        return more.status();
      }
      if (!*more) break;
    }
    ShellToken end;
    end.line = line_;
    end.column = i_ - line_start_ + 1;
    tokens.push_back(end);
    return tokens;
  }

 private:
  size_t Column(size_t at) const { return at - line_start_ + 1; }

  Status At(size_t at, const std::string& message) {
    error_line_ = line_;
    return Status::InvalidArgument("column " + std::to_string(Column(at)) +
                                   ": " + message);
  }

  // Consumes one byte, keeping the line count.
  char Take() {
    const char c = text_[i_++];
    if (c == '\n') {
      ++line_;
      line_start_ = i_;
    }
    return c;
  }

  // Appends the next token; false at the end of the input.
  Result<bool> Next(std::vector<ShellToken>* tokens) {
    for (;;) {
      if (i_ >= text_.size()) return false;
      const char c = text_[i_];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
        Take();
      } else if (c == '#') {
        while (i_ < text_.size() && text_[i_] != '\n') ++i_;
      } else {
        break;
      }
    }
    const char c = text_[i_];
    ShellToken token;
    token.line = line_;
    token.column = Column(i_);
    if (c == '\'' || c == '"') {
      token.kind = Kind::kString;
      OBKV_ASSIGN_OR_RETURN(token.text, QuotedString());
    } else if (c == '=' && i_ + 1 < text_.size() && text_[i_ + 1] == '>') {
      token.kind = Kind::kArrow;
      i_ += 2;
    } else if (IsDigit(c) ||
               (c == '-' && i_ + 1 < text_.size() && IsDigit(text_[i_ + 1]))) {
      size_t end = i_ + 1;
      while (end < text_.size() && IsDigit(text_[end])) ++end;
      auto [ptr, ec] =
          std::from_chars(text_.data() + i_, text_.data() + end, token.integer);
      if (end + 1 < text_.size() && text_[end] == '.' &&
          IsDigit(text_[end + 1])) {
        // Ruby reads 1.5 as a Float, which HBase's shell takes nowhere
        // (rows, values, timestamps and options are strings or integers).
        return At(i_, "a float is not a shell value here: give a string "
                      "('1.5') or an integer");
      }
      if (ec != std::errc() || ptr != text_.data() + end) {
        return At(i_, "integer out of range");
      }
      token.kind = Kind::kInteger;
      i_ = end;
    } else if (IsWordStart(c)) {
      size_t end = i_;
      while (end < text_.size() && IsWordChar(text_[end])) ++end;
      // A Ruby method name may end with '?' (t.exists?).
      if (end < text_.size() && text_[end] == '?') ++end;
      token.kind = Kind::kWord;
      token.text = std::string(text_.substr(i_, end - i_));
      i_ = end;
    } else {
      const size_t p = kPunct.find(c);
      if (p == std::string_view::npos) {
        const bool printable = c >= 0x20 && c < 0x7f;
        return At(i_, std::string("unexpected character ") +
                          (printable ? "'" + std::string(1, c) + "'" : "byte"));
      }
      token.kind = kPunctKinds[p];
      ++i_;
    }
    tokens->push_back(std::move(token));
    return true;
  }

  // Appends `code` to *out as UTF-8 (Ruby's "\u00e9" and "\u{e9}").
  Status AppendUtf8(uint32_t code, size_t at, std::string* out) {
    if (code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
      return At(at, "invalid Unicode escape");
    }
    util::AppendUtf8(code, out);
    return Status::OK();
  }

  // Up to `max` hex digits as a number; `*digits` gets how many there were.
  uint32_t HexRun(int max, int* digits) {
    uint32_t value = 0;
    *digits = 0;
    while (*digits < max && i_ < text_.size() && HexDigitValue(text_[i_]) >= 0) {
      value = value * 16 + static_cast<uint32_t>(HexDigitValue(Take()));
      ++*digits;
    }
    return value;
  }

  // The escape after a backslash in a double-quoted string, as Ruby (and
  // so JRuby in HBase's shell) reads it, appended to *out.
  Status DoubleQuotedEscape(std::string* out) {
    const size_t at = i_ - 1;
    const char c = Take();
    int digits = 0;
    switch (c) {
      case 'n': out->push_back('\n'); return Status::OK();
      case 't': out->push_back('\t'); return Status::OK();
      case 'r': out->push_back('\r'); return Status::OK();
      case '0': out->push_back('\0'); return Status::OK();
      case 'e': out->push_back('\x1b'); return Status::OK();
      case 'a': out->push_back('\a'); return Status::OK();
      case 'b': out->push_back('\b'); return Status::OK();
      case 'f': out->push_back('\f'); return Status::OK();
      case 'v': out->push_back('\v'); return Status::OK();
      case 's': out->push_back(' '); return Status::OK();
      case '\n': return Status::OK();  // a line continuation: nothing
      case 'x': {
        const uint32_t value = HexRun(2, &digits);
        if (digits == 0) return At(i_, "\\x must be followed by hex digits");
        out->push_back(static_cast<char>(value));
        return Status::OK();
      }
      case 'u': {
        if (i_ < text_.size() && text_[i_] == '{') {
          Take();
          const uint32_t value = HexRun(6, &digits);
          if (digits == 0 || i_ >= text_.size() || Take() != '}') {
            return At(at, "\\u{...} must hold 1 to 6 hex digits");
          }
          return AppendUtf8(value, at, out);
        }
        const uint32_t value = HexRun(4, &digits);
        if (digits != 4) return At(at, "\\u must be followed by 4 hex digits");
        return AppendUtf8(value, at, out);
      }
      default:
        out->push_back(c);  // \\, \", and any other character stands for itself
        return Status::OK();
    }
  }

  // A quoted string starting at the quote.
  Result<std::string> QuotedString() {
    const char quote = Take();
    const size_t open = i_ - 1;
    const size_t open_line = line_;
    const size_t open_line_start = line_start_;
    std::string out;
    while (i_ < text_.size()) {
      const char c = Take();
      if (c == quote) return out;
      if (c != '\\' || i_ >= text_.size()) {
        out.push_back(c);
        continue;
      }
      if (quote == '\'') {
        // Ruby single quotes: only \\ and \' are escapes.
        const char next = text_[i_];
        if (next == '\\' || next == '\'') {
          out.push_back(Take());
        } else {
          out.push_back('\\');
        }
        continue;
      }
      OBKV_RETURN_IF_ERROR(DoubleQuotedEscape(&out));
    }
    line_ = open_line;
    line_start_ = open_line_start;
    return At(open, "unterminated string");
  }

  std::string_view text_;
  size_t i_ = 0;
  size_t line_ = 1;
  size_t line_start_ = 0;  // offset of the current line's first byte
  size_t error_line_ = 1;
};

}  // namespace

Result<std::vector<ShellToken>> LexShellInput(std::string_view text,
                                              size_t* error_line) {
  return Lexer(text).Run(error_line);
}

std::string PunctuationText(ShellToken::Kind kind) {
  if (kind == Kind::kArrow) return "'=>'";
  for (size_t i = 0; i < kPunct.size(); ++i) {
    if (kPunctKinds[i] == kind) return "'" + std::string(1, kPunct[i]) + "'";
  }
  return "";
}

}  // namespace cli
}  // namespace obkvlite
