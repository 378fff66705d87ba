// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_parser.h"

#include "obkvlite/bytes.h"
#include "tools/cli/shell/shell_lexer.h"

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

  Result<std::vector<ShellCommand>> Input() {
    std::vector<ShellCommand> commands;
    for (;;) {
      if (Peek().kind == Kind::kSemicolon) {
        Next();
        continue;
      }
      if (Peek().kind == Kind::kEnd) return commands;
      OBKV_ASSIGN_OR_RETURN(ShellCommand command, Command());
      commands.push_back(std::move(command));
      if (Peek().kind == Kind::kEnd) return commands;
      if (Peek().kind != Kind::kSemicolon) return Expected("';' or the end");
    }
  }

  size_t error_line() const { return error_line_; }

 private:
  Result<ShellCommand> Command() {
    ShellCommand command;
    if (Peek().kind != Kind::kWord) return Expected("a command name");
    command.line = Peek().line;
    if (Peek(1).kind == Kind::kAssign) {
      command.assign_to = Next().text;
      Next();  // '='
      if (Peek().kind != Kind::kWord) return Expected("a command name");
    }
    if (Peek(1).kind == Kind::kDot) {
      command.receiver = Next().text;
      Next();  // '.'
      if (Peek().kind != Kind::kWord) return Expected("a method name");
    }
    command.name = Next().text;
    if (Peek().kind == Kind::kLParen) {
      Next();
      OBKV_RETURN_IF_ERROR(Arguments(Kind::kRParen, &command.args));
      Next();  // ')'
      return command;
    }
    OBKV_RETURN_IF_ERROR(Arguments(Kind::kEnd, &command.args));
    return command;
  }

  bool Ends(Kind close) const {
    const Kind k = Peek().kind;
    return close == Kind::kRParen ? k == Kind::kRParen
                                  : k == Kind::kEnd || k == Kind::kSemicolon;
  }

  std::string EndText(Kind close) const {
    return close == Kind::kRParen ? "')'" : "the end";
  }

  // Comma-separated arguments up to `close` (')' is left to the caller; the
  // end of a statement is the end of the input or ';').
  Status Arguments(Kind close, std::vector<ShellValue>* args) {
    if (Ends(close)) return Status::OK();
    for (;;) {
      if (IsBareKey()) {
        // Ruby's trailing hash: KEY => v, KEY => v up to the end.
        ShellValue map;
        map.kind = ShellValue::Kind::kMap;
        OBKV_RETURN_IF_ERROR(Entries(&map, close, 0));
        args->push_back(std::move(map));
        return Status::OK();
      }
      OBKV_ASSIGN_OR_RETURN(ShellValue value, Value(0));
      args->push_back(std::move(value));
      if (Ends(close)) return Status::OK();
      if (Peek().kind != Kind::kComma) {
        return Expected("',' or " + EndText(close));
      }
      Next();
    }
  }

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

  Status Expected(const std::string& what) {
    const ShellToken& t = Peek();
    std::string got;
    switch (t.kind) {
      case Kind::kEnd:
        got = "the end of the input";
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
      default:
        got = PunctuationText(t.kind);
    }
    error_line_ = t.line;
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

  // KEY => value pairs separated by commas, up to `close`: '}' (consumed),
  // or the end of the arguments (kEnd: the statement's end; kRParen: ')',
  // left to the caller).
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
      if (close == Kind::kRBrace && Peek().kind == Kind::kRBrace) {
        Next();
        return Status::OK();
      }
      if (close != Kind::kRBrace && Ends(close)) return Status::OK();
      if (Peek().kind != Kind::kComma) {
        return Expected("',' or " +
                        (close == Kind::kRBrace ? "'}'" : EndText(close)));
      }
      Next();
    }
  }

  std::vector<ShellToken> tokens_;
  size_t pos_ = 0;
  size_t error_line_ = 1;
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

Result<std::vector<ShellCommand>> ParseShellInput(std::string_view text,
                                                  size_t* error_line) {
  OBKV_ASSIGN_OR_RETURN(std::vector<ShellToken> tokens,
                        LexShellInput(text, error_line));
  Parser parser(std::move(tokens));
  Result<std::vector<ShellCommand>> commands = parser.Input();
  if (!commands.ok() && error_line != nullptr) {
    *error_line = parser.error_line();
  }
  return commands;
}

bool ShellInputContinues(std::string_view text) {
  return ShellContinuation().Add(text);
}

bool ShellContinuation::Add(std::string_view line) {
  if (broken_) return false;
  // A string left open goes on to the next line, as in Ruby: the lines are
  // kept until it closes and then lexed together.
  std::string joined;
  if (open_string_) {
    joined = pending_ + "\n" + std::string(line);
    line = joined;
  }
  Result<std::vector<ShellToken>> tokens = LexShellInput(line);
  if (!tokens.ok()) {
    const std::string& message = tokens.status().message();
    const std::string_view open = "unterminated string";
    if (message.size() >= open.size() &&
        message.compare(message.size() - open.size(), open.size(), open) ==
            0) {
      open_string_ = true;
      pending_ = std::string(line);
      return true;
    }
    broken_ = true;
    return false;
  }
  open_string_ = false;
  pending_.clear();
  for (const ShellToken& t : *tokens) {
    if (t.kind == Kind::kEnd) break;
    if (t.kind == Kind::kLParen || t.kind == Kind::kLBracket ||
        t.kind == Kind::kLBrace) {
      ++depth_;
    } else if (t.kind == Kind::kRParen || t.kind == Kind::kRBracket ||
               t.kind == Kind::kRBrace) {
      if (--depth_ < 0) {  // a stray closer: a parse error
        broken_ = true;
        return false;
      }
    }
    dangling_ = t.kind == Kind::kComma || t.kind == Kind::kArrow ||
                t.kind == Kind::kAssign || t.kind == Kind::kDot;
  }
  return depth_ > 0 || dangling_;
}

}  // namespace cli
}  // namespace obkvlite
