// Copyright (c) obkvlite authors.
//
// Reading the arguments of a shell command (shell_parser.h) into typed
// values, with errors that name the command and the argument:
//   "put: ROW must be a string, got 12"
//   "scan: LIMIT must be a positive integer, got 'x'"
//   "scan: unknown option BLOOMFILTER"
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_ARGS_H_
#define OBKVLITE_TOOLS_CLI_SHELL_ARGS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "obkvlite/query.h"
#include "obkvlite/status.h"
#include "obkvlite/time_range.h"
#include "tools/cli/shell_parser.h"

namespace obkvlite {
namespace cli {

// InvalidArgument "<command>: <message>".
Status ShellError(const std::string& command, const std::string& message);

// A string argument.
Result<std::string> ShellString(const std::string& command,
                                const ShellValue& value,
                                const std::string& name);

// An integer >= `min`.
Result<int64_t> ShellInteger(const std::string& command,
                             const ShellValue& value, const std::string& name,
                             int64_t min);

// true or false (bare words).
Result<bool> ShellBool(const std::string& command, const ShellValue& value,
                       const std::string& name);

// [MIN, MAX): a list of two integers.
Result<TimeRange> ShellTimeRange(const std::string& command,
                                 const ShellValue& value);

// 'f:q' or 'f' or a list of them: columns and whole families.
struct ShellColumns {
  std::vector<Column> columns;
  std::vector<std::string> families;
};
Result<ShellColumns> ShellColumnList(const std::string& command,
                                     const ShellValue& value);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_ARGS_H_
