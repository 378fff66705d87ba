// Copyright (c) obkvlite authors.
//
// The HBase shell commands `obkv shell` refuses, each with its reason
// (doc/shell-commands.md lists every command of HBase 2's shell with its
// status): HBase's cluster tools, replication, quotas, security and
// region server groups have nothing here to act on, and a few commands are
// not done yet. A refused command is an error naming it and the reason,
// instead of "unknown command".
//
// Thread safety: pure function.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SHELL_REFUSED_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SHELL_REFUSED_H_

#include <string_view>

namespace obkvlite {
namespace cli {

// Why `command` is refused, or nullptr when it is not an HBase command the
// shell refuses.
const char* RefusedCommandReason(std::string_view command);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SHELL_REFUSED_H_
