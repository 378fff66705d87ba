// Copyright (c) obkvlite authors.
//
// Tokens of the shell syntax (shell_parser.h): strings, integers, words,
// "=>", ",", "{", "}", "[", "]". Lexing stops at '#' (a comment) or the
// end of the line. Errors: "column N: unterminated string",
// "column N: unexpected character '?'", "column N: integer out of range".
// Columns count bytes from 1.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_LEXER_H_
#define OBKVLITE_TOOLS_CLI_SHELL_LEXER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/status.h"

namespace obkvlite {
namespace cli {

struct ShellToken {
  enum class Kind {
    kString,
    kInteger,
    kWord,
    kArrow,
    kComma,
    kLBrace,
    kRBrace,
    kLBracket,
    kRBracket,
    kEnd
  };
  Kind kind = Kind::kEnd;
  std::string text;  // kString: decoded bytes; kWord: the word
  int64_t integer = 0;
  size_t column = 0;  // 1-based
};

// Every token of `line`, ending with a kEnd token.
Result<std::vector<ShellToken>> LexShellLine(std::string_view line);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_LEXER_H_
