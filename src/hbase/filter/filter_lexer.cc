// Copyright (c) obkvlite authors.
#include "hbase/filter/filter_lexer.h"

#include "hbase/filter/filter_text.h"

namespace obkvlite {
namespace filter {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

bool IsWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_';
}

Token::Kind WordKind(std::string_view word) {
  if (word == "AND") return Token::Kind::kAnd;
  if (word == "OR") return Token::Kind::kOr;
  if (word == "SKIP") return Token::Kind::kSkip;
  if (word == "WHILE") return Token::Kind::kWhile;
  return Token::Kind::kWord;
}

std::string DescribeByteAt(std::string_view text, size_t pos) {
  if (pos >= text.size()) return "end of input";
  return "'" + Printable(text.substr(pos, 1)) + "'";
}

}  // namespace

std::string DescribeToken(const Token& token) {
  if (token.kind == Token::Kind::kEnd) return "end of input";
  return "'" + Printable(token.text) + "'";
}

Status FilterError(size_t pos, const std::string& what) {
  return Status::InvalidArgument("filter: position " + std::to_string(pos) +
                                 ": " + what);
}

void FilterLexer::SkipSpace() {
  while (pos_ < text_.size() && IsSpace(text_[pos_])) ++pos_;
}

Token FilterLexer::Scan(size_t* end) {
  size_t p = pos_;
  while (p < text_.size() && IsSpace(text_[p])) ++p;
  Token t;
  t.pos = p;
  if (p == text_.size()) {
    *end = p;
    return t;
  }
  size_t e = p + 1;
  const char c = text_[p];
  if (c == '(') {
    t.kind = Token::Kind::kLParen;
  } else if (c == ')') {
    t.kind = Token::Kind::kRParen;
  } else if (IsWordChar(c)) {
    while (e < text_.size() && IsWordChar(text_[e])) ++e;
    t.kind = WordKind(text_.substr(p, e - p));
  } else {
    t.kind = Token::Kind::kOther;
  }
  t.text = text_.substr(p, e - p);
  *end = e;
  return t;
}

Token FilterLexer::Peek() {
  size_t end = 0;
  return Scan(&end);
}

Token FilterLexer::Next() {
  size_t end = 0;
  Token t = Scan(&end);
  pos_ = end;
  return t;
}

Result<FilterArg> FilterLexer::ReadQuoted() {
  FilterArg arg;
  arg.pos = pos_;
  arg.quoted = true;
  size_t p = pos_ + 1;
  while (true) {
    if (p >= text_.size()) {
      return FilterError(arg.pos,
                         "expected a closing quote for the string that starts "
                         "here, got end of input");
    }
    if (text_[p] != '\'') {
      arg.value += text_[p++];
      continue;
    }
    if (p + 1 < text_.size() && text_[p + 1] == '\'') {
      arg.value += '\'';
      p += 2;
      continue;
    }
    ++p;
    break;
  }
  arg.source = text_.substr(arg.pos, p - arg.pos);
  pos_ = p;
  return arg;
}

FilterArg FilterLexer::ReadBare() {
  FilterArg arg;
  arg.pos = pos_;
  size_t p = pos_;
  while (p < text_.size() && !IsSpace(text_[p]) && text_[p] != ',' &&
         text_[p] != ')') {
    ++p;
  }
  arg.source = text_.substr(pos_, p - pos_);
  arg.value = std::string(arg.source);
  pos_ = p;
  return arg;
}

Result<std::vector<FilterArg>> FilterLexer::ReadArguments(
    std::string_view filter_name) {
  std::vector<FilterArg> args;
  SkipSpace();
  if (pos_ < text_.size() && text_[pos_] == ')') {
    ++pos_;
    return args;
  }
  const std::string name(filter_name);
  while (true) {
    SkipSpace();
    if (pos_ >= text_.size() || text_[pos_] == ',' || text_[pos_] == ')') {
      return FilterError(
          pos_, "expected argument " + std::to_string(args.size() + 1) +
                    " of " + name + ", got " + DescribeByteAt(text_, pos_));
    }
    if (text_[pos_] == '\'') {
      Result<FilterArg> arg = ReadQuoted();
      if (!arg.ok()) return arg.status();
      args.push_back(std::move(arg).value());
    } else {
      args.push_back(ReadBare());
    }
    SkipSpace();
    if (pos_ < text_.size() && text_[pos_] == ')') {
      ++pos_;
      return args;
    }
    if (pos_ < text_.size() && text_[pos_] == ',') {
      ++pos_;
      continue;
    }
    return FilterError(pos_, "expected ',' or ')' after argument " +
                                 std::to_string(args.size()) + " of " + name +
                                 ", got " + DescribeByteAt(text_, pos_));
  }
}

}  // namespace filter
}  // namespace obkvlite
