// Copyright (c) obkvlite authors.
//
// Tokens of the shell syntax (shell_parser.h): strings, integers, words,
// "=>", ",", ";", "{", "}", "[", "]", "(", ")", "=" (assignment) and "."
// (a method call; a word may end with '?', as Ruby's exists?). The input may
// span lines:
// a newline is white space, and '#' starts a comment that ends at the end
// of its line. Errors name the position, counted in bytes from 1 on the
// line where the error is: "column N: unterminated string",
// "column N: unexpected character '?'", "column N: integer out of range";
// `*error_line` (when given) receives that line, counted from 1.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_LEXER_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_LEXER_H_

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
    kSemicolon,
    kLBrace,
    kRBrace,
    kLBracket,
    kRBracket,
    kLParen,
    kRParen,
    kAssign,
    kDot,
    kEnd
  };
  Kind kind = Kind::kEnd;
  std::string text;  // kString: decoded bytes; kWord: the word
  int64_t integer = 0;
  size_t line = 1;    // 1-based line of the input
  size_t column = 0;  // 1-based, in bytes, on that line
};

// Every token of `text`, ending with a kEnd token.
Result<std::vector<ShellToken>> LexShellInput(std::string_view text,
                                              size_t* error_line = nullptr);

// How a punctuation token is written: "','", "'=>'", "'('".
std::string PunctuationText(ShellToken::Kind kind);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_LEXER_H_
