// Copyright (c) obkvlite authors.
#include "tools/cli/shell_lexer.h"

#include <cctype>
#include <charconv>

namespace obkvlite {
namespace cli {
namespace {

using Kind = ShellToken::Kind;

Status At(size_t column, const std::string& message) {
  return Status::InvalidArgument("column " + std::to_string(column) + ": " +
                                 message);
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The escape after a backslash in a double-quoted string at line[*i];
// advances *i past it.
Result<char> DoubleQuotedEscape(std::string_view line, size_t* i) {
  const char c = line[(*i)++];
  switch (c) {
    case 'n':
      return '\n';
    case 't':
      return '\t';
    case 'r':
      return '\r';
    case '0':
      return '\0';
    case 'e':
      return '\x1b';
    case 'x': {
      int value = 0;
      int digits = 0;
      while (digits < 2 && *i < line.size() && HexDigit(line[*i]) >= 0) {
        value = value * 16 + HexDigit(line[(*i)++]);
        ++digits;
      }
      if (digits == 0) return At(*i + 1, "\\x must be followed by hex digits");
      return static_cast<char>(value);
    }
    default:
      return c;  // \\, \", and any other character stands for itself
  }
}

// A quoted string starting at line[*i] (the quote); advances *i past it.
Result<std::string> QuotedString(std::string_view line, size_t* i) {
  const char quote = line[*i];
  const size_t open = *i + 1;
  std::string out;
  ++*i;
  while (*i < line.size()) {
    const char c = line[(*i)++];
    if (c == quote) return out;
    if (c != '\\' || *i >= line.size()) {
      out.push_back(c);
      continue;
    }
    if (quote == '\'') {
      // Ruby single quotes: only \\ and \' are escapes.
      const char next = line[*i];
      if (next == '\\' || next == '\'') {
        out.push_back(next);
        ++*i;
      } else {
        out.push_back('\\');
      }
      continue;
    }
    OBKV_ASSIGN_OR_RETURN(char decoded, DoubleQuotedEscape(line, i));
    out.push_back(decoded);
  }
  return At(open, "unterminated string");
}

bool IsWordStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_';
}
bool IsWordChar(char c) {
  return IsWordStart(c) || std::isdigit(static_cast<unsigned char>(c)) != 0;
}

}  // namespace

Result<std::vector<ShellToken>> LexShellLine(std::string_view line) {
  std::vector<ShellToken> tokens;
  size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    ShellToken token;
    token.column = i + 1;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++i;
      continue;
    }
    if (c == '#') break;
    if (c == '\'' || c == '"') {
      token.kind = Kind::kString;
      OBKV_ASSIGN_OR_RETURN(token.text, QuotedString(line, &i));
    } else if (c == '=' && i + 1 < line.size() && line[i + 1] == '>') {
      token.kind = Kind::kArrow;
      i += 2;
    } else if (std::isdigit(static_cast<unsigned char>(c)) != 0 ||
               (c == '-' && i + 1 < line.size() &&
                std::isdigit(static_cast<unsigned char>(line[i + 1])) != 0)) {
      size_t end = i + 1;
      while (end < line.size() &&
             std::isdigit(static_cast<unsigned char>(line[end])) != 0) {
        ++end;
      }
      auto [ptr, ec] =
          std::from_chars(line.data() + i, line.data() + end, token.integer);
      if (ec != std::errc() || ptr != line.data() + end) {
        return At(token.column, "integer out of range");
      }
      token.kind = Kind::kInteger;
      i = end;
    } else if (IsWordStart(c)) {
      size_t end = i;
      while (end < line.size() && IsWordChar(line[end])) ++end;
      token.kind = Kind::kWord;
      token.text = std::string(line.substr(i, end - i));
      i = end;
    } else {
      static constexpr std::string_view kPunct = ",{}[]";
      static constexpr Kind kKinds[] = {Kind::kComma, Kind::kLBrace,
                                        Kind::kRBrace, Kind::kLBracket,
                                        Kind::kRBracket};
      const size_t p = kPunct.find(c);
      if (p == std::string_view::npos) {
        const bool printable = c >= 0x20 && c < 0x7f;
        return At(token.column,
                  std::string("unexpected character ") +
                      (printable ? "'" + std::string(1, c) + "'" : "byte"));
      }
      token.kind = kKinds[p];
      ++i;
    }
    tokens.push_back(std::move(token));
  }
  ShellToken end;
  end.column = line.size() + 1;
  tokens.push_back(end);
  return tokens;
}

}  // namespace cli
}  // namespace obkvlite
