// Copyright (c) obkvlite authors.
#include "hbase/filter/filter_lexer.h"

#include "hbase/filter/filter_text.h"

namespace obkvlite {
namespace filter {
namespace {

// A line break reads as a space. HBase's ParseFilter does not skip one, but
// its shell's own scan help writes a FILTER string over two lines.
bool IsLineBreak(char c) { return c == '\r' || c == '\n'; }

// HBase's ParseFilter skips spaces and tabs between tokens.
bool IsSpace(char c) { return c == ' ' || c == '\t' || IsLineBreak(c); }

// Argument separators: ParseFilter skips spaces and commas alike.
bool IsArgSeparator(char c) { return c == ' ' || c == ',' || IsLineBreak(c); }

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
    if (t.kind != Token::Kind::kWord &&
        ((p > 0 && text_[p - 1] == '\t') ||
         (e < text_.size() && text_[e] == '\t'))) {
      t.kind = Token::Kind::kTabbedKeyword;
    }
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
  while (p < text_.size() && !IsArgSeparator(text_[p]) && text_[p] != ')') {
    ++p;
  }
  arg.source = text_.substr(pos_, p - pos_);
  arg.value = std::string(arg.source);
  pos_ = p;
  return arg;
}

Status FilterLexer::OpenArguments(std::string_view filter_name) {
  while (pos_ < text_.size() &&
         (text_[pos_] == ' ' || IsLineBreak(text_[pos_]))) {
    ++pos_;
  }
  if (pos_ < text_.size() && text_[pos_] == '(') {
    ++pos_;
    return Status::OK();
  }
  return FilterError(pos_, "expected '(' after " + std::string(filter_name) +
                               ", got " + DescribeByteAt(text_, pos_));
}

Result<std::vector<FilterArg>> FilterLexer::ReadArguments(
    std::string_view filter_name) {
  const std::string name(filter_name);
  std::vector<FilterArg> args;
  // Whether a comma came after the last argument (or there is none yet):
  // then the error at the end of the input asks for an argument.
  bool want_argument = true;
  auto error = [&]() {
    const std::string what =
        want_argument ? "argument " + std::to_string(args.size() + 1) + " of "
                      : "',' or ')' after argument " +
                            std::to_string(args.size()) + " of ";
    return FilterError(pos_, "expected " + what + name + ", got " +
                                 DescribeByteAt(text_, pos_));
  };
  while (true) {
    while (pos_ < text_.size() && IsArgSeparator(text_[pos_])) {
      if (text_[pos_] == ',') want_argument = true;
      ++pos_;
    }
    if (pos_ >= text_.size()) return error();
    if (text_[pos_] == ')') {
      ++pos_;
      return args;
    }
    want_argument = false;
    if (text_[pos_] != '\'') {
      args.push_back(ReadBare());
      continue;
    }
    OBKV_ASSIGN_OR_RETURN(FilterArg arg, ReadQuoted());
    args.push_back(std::move(arg));
    // HBase's ParseFilter drops the byte after a closing quote unread (there
    // 'q'!= reads as =): here anything but a separator or ')' is an error.
    if (pos_ < text_.size() && !IsArgSeparator(text_[pos_]) &&
        text_[pos_] != ')') {
      return error();
    }
  }
}

}  // namespace filter
}  // namespace obkvlite
