// Copyright (c) obkvlite authors.
//
// The HBase shell syntax `obkv shell` accepts, parsed into a command name
// and its arguments:
//   put 't', 'r', 'f:q', 'v'
//   scan 't', {STARTROW => 'a', LIMIT => 10, FILTER => "PrefixFilter('a')"}
//   get 't', 'r', {COLUMN => ['f:q', 'g'], VERSIONS => 3}
//   create 't', {NAME => 'f', VERSIONS => 3}, SPLITS => ['a', 'm']
// Values: 'single-quoted' strings (only \\ and \' are escapes, as in Ruby),
// "double-quoted" strings (\xHH, \n, \t, \r, \0, \\, \", \e; how HBase
// shell users write binary keys), integers, bare words (true, FOREVER...),
// [lists] and {KEY => value} maps. A bare KEY => value after the first
// argument starts a map argument (Ruby's trailing hash). '#' starts a
// comment. Errors name the column: "column 12: unterminated string".
//
// Thread safety: pure functions; safe for any input bytes.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_PARSER_H_
#define OBKVLITE_TOOLS_CLI_SHELL_PARSER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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
  std::string name;  // "" for an empty or comment-only line
  std::vector<ShellValue> args;
};

// Parses one line.
Result<ShellCommand> ParseShellLine(std::string_view line);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_PARSER_H_
