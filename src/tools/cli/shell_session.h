// Copyright (c) obkvlite authors.
//
// ShellSession: runs the commands of `obkv shell` (shell_parser.h) against
// one store, printing as the HBase shell does:
//   create 't', 'f1', {NAME => 'f2', VERSIONS => 3, TTL => 3600},
//          SPLITS => ['a', 'm'] | NUMREGIONS => 7 | PARTITION => '{json}'
//   put 't', 'r', 'f:q', 'v'[, TS]
//   get 't', 'r'[, 'f:q' | ['f:q', 'f'] | {COLUMN => .., VERSIONS => n,
//          TIMESTAMP => ts, TIMERANGE => [a, b], FILTER => "..."}]
//   scan 't'[, {STARTROW, STOPROW, ROWPREFIXFILTER, LIMIT, COLUMNS,
//          VERSIONS, TIMERANGE, FILTER, REVERSED, BATCH}]
//   delete 't', 'r', 'f:q'[, TS]        (versions <= TS; all without TS)
//   deleteall 't', 'r'[, 'f:q' | 'f'][, TS]
//   count 't' | describe 't' | list | truncate 't' | help
// Put, delete and deleteall go through the exec executor (exec_executor.h)
// with typed requests, so they validate and write exactly as `obkv exec`;
// every write is atomic. Errors name the command and the argument or the
// request field, e.g. "put: row: 1025 bytes, limit 1024".
//
// REQUIRED: the store and the stream outlive the session.
// Thread safety: one session per thread.

#ifndef OBKVLITE_TOOLS_CLI_SHELL_SESSION_H_
#define OBKVLITE_TOOLS_CLI_SHELL_SESSION_H_

#include <iosfwd>
#include <string>

#include "obkvlite/status.h"
#include "obkvlite/store.h"
#include "tools/cli/exec_request.h"
#include "tools/cli/shell_parser.h"

namespace obkvlite {
namespace cli {

class ShellSession {
 public:
  ShellSession(Store* store, std::ostream* out) : store_(store), out_(out) {}

  // Runs one parsed command; an empty command does nothing.
  Status Run(const ShellCommand& command);

 private:
  // shell_data.cc
  Status Put(const ShellCommand& c);
  Status Get(const ShellCommand& c);
  Status Scan(const ShellCommand& c);
  Status Delete(const ShellCommand& c);
  Status DeleteAll(const ShellCommand& c);
  Status Count(const ShellCommand& c);
  // shell_admin.cc
  Status Create(const ShellCommand& c);
  Status Describe(const ShellCommand& c);
  Status List(const ShellCommand& c);
  Status Truncate(const ShellCommand& c);
  Status Help(const ShellCommand& c);

  // Executes a typed exec request; cells are printed by `print`.
  Status Execute(const std::string& command, ExecRequest request);

  Store* store_;
  std::ostream* out_;
};

// The usage lines `help` prints, one per command.
const char* ShellHelpText();

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_SHELL_SESSION_H_
