// Copyright (c) obkvlite authors.
#include "tools/cli/shell_parser.h"

#include "obkvlite/bytes.h"
#include "tools/cli/shell_lexer.h"

namespace obkvlite {
namespace cli {
namespace {

using Kind = ShellToken::Kind;

// Nesting deeper than this is refused (bounded recursion on any input).
constexpr int kMaxDepth = 16;

class Parser {
 public:
  explicit Parser(std::vector<ShellToken> tokens)
      : tokens_(std::move(tokens)) {}

  Result<ShellCommand> Command() {
    ShellCommand command;
    if (Peek().kind == Kind::kEnd) return command;
    if (Peek().kind != Kind::kWord) return Expected("a command name");
    command.name = Next().text;
    if (Peek().kind == Kind::kEnd) return command;
    for (;;) {
      if (IsBareKey()) {
        // Ruby's trailing hash: KEY => v, KEY => v up to the end.
        ShellValue map;
        map.kind = ShellValue::Kind::kMap;
        OBKV_RETURN_IF_ERROR(Entries(&map, Kind::kEnd, 0));
        command.args.push_back(std::move(map));
        return command;
      }
      OBKV_ASSIGN_OR_RETURN(ShellValue value, Value(0));
      command.args.push_back(std::move(value));
      if (Peek().kind == Kind::kEnd) return command;
      if (Peek().kind != Kind::kComma) return Expected("',' or the end");
      Next();
    }
  }

 private:
  const ShellToken& Peek(size_t ahead = 0) const {
    const size_t at = pos_ + ahead;
    return tokens_[at < tokens_.size() ? at : tokens_.size() - 1];
  }
  const ShellToken& Next() {
    const ShellToken& t = Peek();
    if (pos_ + 1 < tokens_.size()) ++pos_;
    return t;
  }
  bool IsBareKey() const {
    return (Peek().kind == Kind::kWord || Peek().kind == Kind::kString) &&
           Peek(1).kind == Kind::kArrow;
  }

  Status Expected(const std::string& what) const {
    const ShellToken& t = Peek();
    std::string got;
    switch (t.kind) {
      case Kind::kEnd:
        got = "the end of the line";
        break;
      case Kind::kString:
        got = "'" + ToStringBinary(t.text) + "'";
        break;
      case Kind::kInteger:
        got = std::to_string(t.integer);
        break;
      case Kind::kWord:
        got = t.text;
        break;
      case Kind::kArrow:
        got = "'=>'";
        break;
      default:
        got = "'" +
              std::string(1, ",{}[]"[static_cast<int>(t.kind) -
                                     static_cast<int>(Kind::kComma)]) +
              "'";
    }
    return Status::InvalidArgument("column " + std::to_string(t.column) +
                                   ": expected " + what + ", got " + got);
  }

  Result<ShellValue> Value(int depth) {
    if (depth > kMaxDepth) return Expected("at most 16 levels of nesting");
    ShellValue v;
    const ShellToken& t = Peek();
    switch (t.kind) {
      case Kind::kString:
        v.kind = ShellValue::Kind::kString;
        v.text = Next().text;
        return v;
      case Kind::kInteger:
        v.kind = ShellValue::Kind::kInteger;
        v.integer = Next().integer;
        return v;
      case Kind::kWord:
        v.kind = ShellValue::Kind::kWord;
        v.text = Next().text;
        return v;
      case Kind::kLBracket:
        Next();
        v.kind = ShellValue::Kind::kList;
        if (Peek().kind == Kind::kRBracket) {
          Next();
          return v;
        }
        for (;;) {
          OBKV_ASSIGN_OR_RETURN(ShellValue item, Value(depth + 1));
          v.items.push_back(std::move(item));
          if (Peek().kind == Kind::kRBracket) {
            Next();
            return v;
          }
          if (Peek().kind != Kind::kComma) return Expected("',' or ']'");
          Next();
        }
      case Kind::kLBrace:
        Next();
        v.kind = ShellValue::Kind::kMap;
        OBKV_RETURN_IF_ERROR(Entries(&v, Kind::kRBrace, depth + 1));
        return v;
      default:
        return Expected("a value");
    }
  }

  // KEY => value pairs separated by commas, up to `close` (consumed unless
  // it is the end of the line).
  Status Entries(ShellValue* map, Kind close, int depth) {
    if (close == Kind::kRBrace && Peek().kind == Kind::kRBrace) {
      Next();
      return Status::OK();
    }
    for (;;) {
      if (Peek().kind != Kind::kWord && Peek().kind != Kind::kString) {
        return Expected("a KEY");
      }
      std::string key = Next().text;
      if (Peek().kind != Kind::kArrow) return Expected("'=>'");
      Next();
      OBKV_ASSIGN_OR_RETURN(ShellValue value, Value(depth));
      map->entries.emplace_back(std::move(key), std::move(value));
      if (Peek().kind == close) {
        if (close != Kind::kEnd) Next();
        return Status::OK();
      }
      if (Peek().kind != Kind::kComma) {
        return Expected(close == Kind::kEnd ? "',' or the end" : "',' or '}'");
      }
      Next();
    }
  }

  std::vector<ShellToken> tokens_;
  size_t pos_ = 0;
};

}  // namespace

std::string ShellValue::Describe() const {
  switch (kind) {
    case Kind::kString:
      return "'" + ToStringBinary(text) + "'";
    case Kind::kInteger:
      return std::to_string(integer);
    case Kind::kWord:
      return text;
    case Kind::kList:
      return "a list";
    case Kind::kMap:
      return "a {KEY => value} map";
  }
  return "";
}

Result<ShellCommand> ParseShellLine(std::string_view line) {
  OBKV_ASSIGN_OR_RETURN(std::vector<ShellToken> tokens, LexShellLine(line));
  return Parser(std::move(tokens)).Command();
}

}  // namespace cli
}  // namespace obkvlite
