// Copyright (c) obkvlite authors.
//
// Reading the arguments of a shell command (shell_parser.h) into typed
// values, with errors that name the command and the argument:
//   "put: TABLE must be a string, got 12"
//   "scan: LIMIT must be a positive integer, got 'x'"
//   "scan: unknown option BLOOMFILTER"
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_ARGS_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_ARGS_H_

#include <cstdint>
#include <string>

#include "obkvlite/status.h"
#include "obkvlite/time_range.h"
#include "tools/cli/shell/shell_parser.h"

namespace obkvlite {
namespace cli {

// InvalidArgument "<command>: <message>".
Status ShellError(const std::string& command, const std::string& message);

// A string argument.
Result<std::string> ShellString(const std::string& command,
                                const ShellValue& value,
                                const std::string& name);

// Row keys and values, which the HBase shell converts with Ruby's to_s: a
// string, or an integer written in decimal (put 't', 1, 'f:q', 2).
Result<std::string> ShellBytes(const std::string& command,
                               const ShellValue& value,
                               const std::string& name);

// An integer >= `min`.
Result<int64_t> ShellInteger(const std::string& command,
                             const ShellValue& value, const std::string& name,
                             int64_t min);

// An integer >= `min`, also written as a string of digits (create's
// VERSIONS => '3', as Java's Integer.valueOf reads it).
Result<int64_t> ShellNumber(const std::string& command, const ShellValue& value,
                            const std::string& name, int64_t min);

// A positive count capped at INT_MAX (VERSIONS, BATCH).
Result<int> ShellCount(const std::string& command, const ShellValue& value,
                       const std::string& name);

// true or false (bare words).
Result<bool> ShellBool(const std::string& command, const ShellValue& value,
                       const std::string& name);

// [MIN, MAX): a list of two integers.
Result<TimeRange> ShellTimeRange(const std::string& command,
                                 const ShellValue& value);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_ARGS_H_
