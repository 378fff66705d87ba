// Copyright (c) obkvlite authors.
//
// Lexer of HBase's filter language, with the lexical rules of HBase's
// ParseFilter. Input is raw bytes: any byte may appear inside a quoted string
// and is taken as is (no \xHH decoding, as in HBase's ParseFilter).
//
// Tokens: '(' ')', the keywords AND OR SKIP WHILE (upper case, whole
// words), words ([A-Za-z0-9_]+, filter names) and any other single byte.
// Space, tab, CR and LF separate tokens. HBase's ParseFilter does not skip
// CR and LF (it reads them as part of a filter name), but its shell's scan
// help spans a FILTER string over two lines, so here they read as spaces.
// A keyword next to a tab is a kTabbedKeyword: HBase takes AND and OR as
// keywords only between a space or ')' and a space or '(', SKIP and WHILE
// only after the start, a space or a parenthesis and before a space or '('.
//
// After a filter name the parser calls OpenArguments() (spaces, then '(')
// and ReadArguments(), which reads the argument list up to and including
// the closing ')'. Arguments are separated by any run of spaces, line
// breaks and commas (HBase skips spaces and commas alike: "(1 2)" and
// "(1,,2)" have two arguments, "(,1,)" has one); an argument is
//   'quoted string'   ('' is a literal quote), then a separator or ')'
//                     (HBase drops the byte after a closing quote unread,
//                     so there 'q'x is 'q': here it is an error)
//   bare              a run of bytes up to a separator or ')': compare
//                     operators, integers and booleans (a tab is part of it)
//
// Positions are 0-based byte offsets into the input.
// Thread safety: one lexer per parse.

#ifndef OBKVLITE_HBASE_FILTER_FILTER_LEXER_H_
#define OBKVLITE_HBASE_FILTER_FILTER_LEXER_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/status.h"

namespace obkvlite {
namespace filter {

struct Token {
  enum class Kind {
    kEnd,
    kLParen,
    kRParen,
    kAnd,
    kOr,
    kSkip,
    kWhile,
    kWord,
    kTabbedKeyword,  // AND, OR, SKIP or WHILE next to a tab: an error
    kOther
  };
  Kind kind = Kind::kEnd;
  size_t pos = 0;
  std::string_view text;  // the token's bytes in the input
};

// One argument of a filter call.
struct FilterArg {
  size_t pos = 0;  // of its first byte (the opening quote if quoted)
  bool quoted = false;
  std::string value;        // unquoted, '' collapsed; bare: as written
  std::string_view source;  // as written, quotes included
};

// "end of input", "')'", "'Word'"...: a token for an error message.
std::string DescribeToken(const Token& token);

// "filter: position N: <what>", as an InvalidArgument.
Status FilterError(size_t pos, const std::string& what);

class FilterLexer {
 public:
  explicit FilterLexer(std::string_view text) : text_(text) {}

  // The next token, without consuming it.
  Token Peek();
  // Consumes and returns the next token.
  Token Next();

  // Skips spaces and line breaks (not tabs: HBase ends a filter name at a
  // space or '(')
  // and consumes the '(' that opens the arguments of `filter_name`; an
  // error naming what is there instead.
  Status OpenArguments(std::string_view filter_name);
  // Reads arguments after the '(' just consumed, up to and including ')'.
  // `filter_name` is for messages.
  Result<std::vector<FilterArg>> ReadArguments(std::string_view filter_name);

 private:
  Token Scan(size_t* end);
  Result<FilterArg> ReadQuoted();
  FilterArg ReadBare();

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_FILTER_LEXER_H_
