// Copyright (c) obkvlite authors.
//
// The shell's admin commands judged by the compatibility profile
// (obkvlite/compat.h): which row of doc/obkv-compat.md each command falls
// under when OBKV-HBase's Admin would run it. Data commands (put, get,
// scan, ...) are judged by the table they run on.
//
// Thread safety: pure function.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_COMPAT_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_COMPAT_H_

#include <string>

#include "tools/cli/shell/shell_parser.h"

namespace obkvlite {
namespace cli {

struct ShellCompat {
  const char* rule = nullptr;  // "C-46"; nullptr: OBKV runs it as HBase
  std::string table;           // the table it acts on; "" when store-wide
};

// How `command` is judged.
ShellCompat ShellCompatRule(const ShellCommand& command);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_COMPAT_H_
