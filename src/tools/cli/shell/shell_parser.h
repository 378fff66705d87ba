// Copyright (c) obkvlite authors.
//
// The HBase shell syntax `obkv shell` accepts, parsed into commands, each a
// name and its arguments:
//   put 't', 'r', 'f:q', 'v'
//   scan 't', {STARTROW => 'a', LIMIT => 10, FILTER => "PrefixFilter('a')"}
//   get('t', 'r', {COLUMN => ['f:q', 'g'], VERSIONS => 3})
//   create 't', {NAME => 'f', VERSIONS => 3}, SPLITS => ['a', 'm']
// Values: 'single-quoted' strings (only \\ and \' are escapes, as in Ruby),
// "double-quoted" strings (\xHH, \n, \t, \r, \0, \\, \", \e; how HBase
// shell users write binary keys), integers, bare words (true, FOREVER...),
// [lists] and {KEY => value} maps. A bare KEY => value after the first
// argument starts a map argument (Ruby's trailing hash). The arguments may
// be put in parentheses right after the name (Ruby's call form). ';'
// separates commands; '#' starts a comment that ends with its line.
// Ruby's local variables and method calls, as HBase's docs use them:
//   t = get_table 't1'        a command whose value is kept in `t`
//   t.put 'r', 'f:q', 'v'     a method of the value in `t`
//   t                         the value itself
//
// Input may span lines, as in IRB: ShellInputContinues tells whether a
// statement goes on on the next line (an open bracket, or a trailing ',' or
// '=>'); the lines are then parsed together, a newline being white space.
//
// Errors name the column on the line where they are, e.g.
// "column 12: unterminated string"; ParseShellInput reports that line in
// `*error_line`, counted from 1 in `text`.
//
// Thread safety: pure functions; safe for any input bytes.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_PARSER_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_PARSER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "obkvlite/read_consistency.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace cli {

struct ShellValue {
  enum class Kind { kString, kInteger, kWord, kList, kMap };
  Kind kind = Kind::kString;
  std::string text;  // kString: the bytes; kWord: the word
  int64_t integer = 0;
  std::vector<ShellValue> items;                            // kList
  std::vector<std::pair<std::string, ShellValue>> entries;  // kMap, in order

  // How the value reads in an error message: 'abc', 12, FOREVER, [...],
  // {...}.
  std::string Describe() const;
};

struct ShellCommand {
  std::string name;  // the command, or with `receiver` the method
  std::vector<ShellValue> args;
  std::string assign_to;  // `VAR = name ...`: the variable, else empty
  std::string receiver;   // `VAR.name ...`: the variable, else empty
  size_t line = 1;        // where the name is, counted from 1 in the input
  // put, incr and append's {TTL => ms} (HBase's set_op_ttl), taken out of
  // `args` by TakeOperationAttributes; nullopt: none.
  std::optional<int64_t> op_ttl_ms;
  // get, scan and count's {CONSISTENCY => 'STRONG' | 'TIMELINE'} (weak),
  // taken out of `args` by TakeOperationAttributes; nullopt: the store's.
  std::optional<ReadConsistency> consistency;
};

// The commands of `text`, in order; empty statements (blank, comment only,
// or between two ';') give none.
Result<std::vector<ShellCommand>> ParseShellInput(std::string_view text,
                                                  size_t* error_line = nullptr);

// True when the statement `text` ends with is not finished: inside an open
// '(', '[' or '{', or right after ',' or '=>'. False for text that does not
// lex (its error is reported when it is parsed).
bool ShellInputContinues(std::string_view text);

// The same a line at a time, in time linear in the input, but for a
// string that spans lines (Ruby's strings do): its lines are kept and
// lexed again until it closes; a string never closed is the parse's
// "unterminated string" at the end of the input.
class ShellContinuation {
 public:
  // Adds the statement's next line; true when the statement goes on.
  bool Add(std::string_view line);

 private:
  int depth_ = 0;             // brackets open
  bool dangling_ = false;     // the last token is ',', '=>', '=' or '.'
  bool broken_ = false;       // a line did not lex, or closed too much
  bool open_string_ = false;  // the lines in pending_ leave a string open
  std::string pending_;       // since the line that opened the string
};

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_PARSER_H_
