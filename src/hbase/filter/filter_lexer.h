// Copyright (c) obkvlite authors.
//
// Lexer of HBase's filter language. Input is raw bytes: any byte may appear
// inside a quoted string and is taken as is (no \xHH decoding, as in
// HBase's ParseFilter).
//
// Tokens: '(' ')', the keywords AND OR SKIP WHILE (upper case, whole
// words), words ([A-Za-z0-9_]+, filter names) and any other single byte.
// Space, tab, CR and LF separate tokens.
//
// After a filter name and its '(' the parser switches to ReadArguments(),
// which reads the argument list up to and including the closing ')':
//   'quoted string'   ('' is a literal quote)
//   bare              a run of bytes up to space, ',' or ')': compare
//                     operators, integers and booleans
// separated by commas.
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

  // Reads arguments after the '(' just consumed, up to and including ')'.
  // `filter_name` is for messages.
  Result<std::vector<FilterArg>> ReadArguments(std::string_view filter_name);

 private:
  void SkipSpace();
  Token Scan(size_t* end);
  Result<FilterArg> ReadQuoted();
  FilterArg ReadBare();

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace filter
}  // namespace obkvlite

#endif  // OBKVLITE_HBASE_FILTER_FILTER_LEXER_H_
