// Copyright (c) obkvlite authors.
//
// ParseFilter: recursive descent over HBase's filter language.
//
//   or_expr   := and_expr ( OR and_expr )*
//   and_expr  := unary ( AND unary )*
//   unary     := SKIP unary | WHILE unary | primary
//   primary   := '(' or_expr [ ')' ] | NAME '(' arguments ')'
//
// So parentheses bind tightest, then SKIP/WHILE, then AND, then OR, as in
// HBase. A chain of one operator makes one n-ary list; parenthesized groups
// stay nested. The end of the input closes any '(' still open, as HBase's
// ParseFilter does ("(PrefixFilter('a')" is PrefixFilter('a')). Nesting
// ('(', SKIP, WHILE) is capped at kMaxDepth levels, so no input can exhaust
// the stack.
//
// Not HBase's: its operator stack mishandles a ')' that closes a group
// holding operators of two precedences, e.g. "(A OR B AND C)" or
// "(A AND SKIP B)", and refuses them ("Mismatched parenthesis"); here they
// mean what the precedence rules say.

#include <memory>
#include <string>
#include <vector>

#include "hbase/filter/filter_factory.h"
#include "hbase/filter/filter_lexer.h"
#include "hbase/filter/filter_list.h"
#include "hbase/filter/wrapper_filters.h"
#include "obkvlite/filter.h"

namespace obkvlite {
namespace filter {
namespace {

constexpr int kMaxDepth = 64;

using FilterPtr = std::unique_ptr<Filter>;

class Parser {
 public:
  Parser(std::string_view text, const FilterOptions& options)
      : lexer_(text), options_(options) {}

  Result<FilterPtr> ParseAll();

 private:
  Result<FilterPtr> ParseList(FilterList::Op op, int depth);
  Result<FilterPtr> ParseUnary(int depth);
  Result<FilterPtr> ParsePrimary(int depth);
  Result<FilterPtr> ParseCall(const Token& name);
  // The lexer's Peek() and Next(), with a keyword next to a tab an error.
  Result<Token> Peek();
  Result<Token> Next();

  FilterLexer lexer_;
  const FilterOptions options_;
};

Status TabbedKeywordError(const Token& t) {
  return FilterError(t.pos, "expected a space or a parenthesis next to " +
                                std::string(t.text) + ", got a tab");
}

Result<Token> Parser::Peek() {
  const Token t = lexer_.Peek();
  if (t.kind == Token::Kind::kTabbedKeyword) return TabbedKeywordError(t);
  return t;
}

Result<Token> Parser::Next() {
  const Token t = lexer_.Next();
  if (t.kind == Token::Kind::kTabbedKeyword) return TabbedKeywordError(t);
  return t;
}

Result<FilterPtr> Parser::ParseAll() {
  OBKV_ASSIGN_OR_RETURN(FilterPtr filter, ParseList(FilterList::Op::kOr, 0));
  OBKV_ASSIGN_OR_RETURN(const Token t, Peek());
  if (t.kind == Token::Kind::kEnd) return filter;
  if (t.kind == Token::Kind::kRParen) {
    return FilterError(t.pos,
                       "unbalanced ')'; expected AND, OR or end of input");
  }
  return FilterError(
      t.pos, "expected AND, OR or end of input, got " + DescribeToken(t));
}

// or_expr (op == kOr) or and_expr (op == kAnd).
Result<FilterPtr> Parser::ParseList(FilterList::Op op, int depth) {
  const Token::Kind keyword =
      op == FilterList::Op::kOr ? Token::Kind::kOr : Token::Kind::kAnd;
  std::vector<FilterPtr> items;
  while (true) {
    Result<FilterPtr> item = op == FilterList::Op::kOr
                                 ? ParseList(FilterList::Op::kAnd, depth)
                                 : ParseUnary(depth);
    if (!item.ok()) return item.status();
    items.push_back(std::move(item).value());
    OBKV_ASSIGN_OR_RETURN(const Token next, Peek());
    if (next.kind != keyword) break;
    lexer_.Next();
  }
  if (items.size() == 1) return std::move(items[0]);
  return FilterPtr(new FilterList(op, std::move(items)));
}

Result<FilterPtr> Parser::ParseUnary(int depth) {
  OBKV_ASSIGN_OR_RETURN(const Token t, Peek());
  if (t.kind != Token::Kind::kSkip && t.kind != Token::Kind::kWhile) {
    return ParsePrimary(depth);
  }
  if (depth >= kMaxDepth) {
    return FilterError(t.pos, "expected at most " + std::to_string(kMaxDepth) +
                                  " nested levels of '(', SKIP and WHILE");
  }
  lexer_.Next();
  OBKV_ASSIGN_OR_RETURN(FilterPtr inner, ParseUnary(depth + 1));
  if (t.kind == Token::Kind::kSkip) {
    return FilterPtr(new SkipFilter(std::move(inner)));
  }
  return FilterPtr(new WhileMatchFilter(std::move(inner)));
}

Result<FilterPtr> Parser::ParsePrimary(int depth) {
  OBKV_ASSIGN_OR_RETURN(const Token t, Next());
  if (t.kind == Token::Kind::kWord) return ParseCall(t);
  if (t.kind != Token::Kind::kLParen) {
    return FilterError(
        t.pos,
        "expected a filter name, SKIP, WHILE or '(', got " + DescribeToken(t));
  }
  if (depth >= kMaxDepth) {
    return FilterError(t.pos, "expected at most " + std::to_string(kMaxDepth) +
                                  " nested levels of '(', SKIP and WHILE");
  }
  OBKV_ASSIGN_OR_RETURN(FilterPtr inner,
                        ParseList(FilterList::Op::kOr, depth + 1));
  OBKV_ASSIGN_OR_RETURN(const Token close, Next());
  if (close.kind != Token::Kind::kRParen && close.kind != Token::Kind::kEnd) {
    return FilterError(close.pos,
                       "expected AND, OR or ')' to close '(' at "
                       "position " +
                           std::to_string(t.pos) + ", got " +
                           DescribeToken(close));
  }
  return inner;
}

Result<FilterPtr> Parser::ParseCall(const Token& name) {
  if (!IsKnownFilter(name.text)) {
    return MakeFilter(name.text, name.pos, {}, options_);  // unknown name
  }
  OBKV_RETURN_IF_ERROR(lexer_.OpenArguments(name.text));
  OBKV_ASSIGN_OR_RETURN(std::vector<FilterArg> args,
                        lexer_.ReadArguments(name.text));
  return MakeFilter(name.text, name.pos, args, options_);
}

}  // namespace
}  // namespace filter

Result<std::unique_ptr<Filter>> ParseFilter(std::string_view text) {
  return ParseFilter(text, FilterOptions());
}

Result<std::unique_ptr<Filter>> ParseFilter(std::string_view text,
                                            const FilterOptions& options) {
  return filter::Parser(text, options).ParseAll();
}

}  // namespace obkvlite
