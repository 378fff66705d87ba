// Copyright (c) obkvlite authors.
//
// ParseFilter: recursive descent over HBase's filter language.
//
//   or_expr   := and_expr ( OR and_expr )*
//   and_expr  := unary ( AND unary )*
//   unary     := SKIP unary | WHILE unary | primary
//   primary   := '(' or_expr ')' | NAME '(' arguments ')'
//
// So parentheses bind tightest, then SKIP/WHILE, then AND, then OR, as in
// HBase. A chain of one operator makes one n-ary list; parenthesized groups
// stay nested. Nesting ('(', SKIP, WHILE) is capped at kMaxDepth levels, so
// no input can exhaust the stack.

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

  FilterLexer lexer_;
  const FilterOptions options_;
};

Result<FilterPtr> Parser::ParseAll() {
  OBKV_ASSIGN_OR_RETURN(FilterPtr filter, ParseList(FilterList::Op::kOr, 0));
  const Token t = lexer_.Peek();
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
    if (lexer_.Peek().kind != keyword) break;
    lexer_.Next();
  }
  if (items.size() == 1) return std::move(items[0]);
  return FilterPtr(new FilterList(op, std::move(items)));
}

Result<FilterPtr> Parser::ParseUnary(int depth) {
  const Token t = lexer_.Peek();
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
  const Token t = lexer_.Next();
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
  const Token close = lexer_.Next();
  if (close.kind != Token::Kind::kRParen) {
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
  const Token open = lexer_.Next();
  if (open.kind != Token::Kind::kLParen) {
    return FilterError(open.pos, "expected '(' after " +
                                     std::string(name.text) + ", got " +
                                     DescribeToken(open));
  }
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
