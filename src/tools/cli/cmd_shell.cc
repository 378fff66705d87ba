// Copyright (c) obkvlite authors.
//
// `obkv --store PATH shell`: an interactive shell that accepts HBase shell
// syntax (shell_parser.h, shell_session.h), one command per line, from a
// terminal or piped stdin. On a terminal it prompts "obkv:001> "; piped,
// it prints only the commands' output. The store file is created when
// missing (so `create` works on a new store). A failing line prints
// "ERROR: line N: <message>" on stderr and the shell goes on; the exit
// code is 1 when any line failed. `exit` or `quit` (or end of input)
// ends the session.

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"
#include "tools/cli/shell_parser.h"
#include "tools/cli/shell_session.h"

namespace obkvlite {
namespace cli {
namespace {

std::string Prompt(int line) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "obkv:%03d> ", line);
  return buf;
}

int RunShell(CliContext& ctx) {
  if (!ctx.RequireStore("shell")) return ctx.exit_code;
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kCreate);
  if (!store.ok()) return ctx.Fail(store.status());
  const bool interactive = ctx.in == &std::cin && isatty(STDIN_FILENO) == 1;
  ShellSession session(store->get(), ctx.out);
  int failures = 0;
  int number = 0;
  std::string line;
  for (;;) {
    if (interactive) *ctx.out << Prompt(number + 1) << std::flush;
    if (!std::getline(*ctx.in, line)) break;
    ++number;
    Result<ShellCommand> command = ParseShellLine(line);
    if (command.ok() && (command->name == "exit" || command->name == "quit")) {
      break;
    }
    Status st = command.ok() ? session.Run(*command) : command.status();
    ctx.out->flush();
    if (!st.ok()) {
      ++failures;
      *ctx.err << "ERROR: line " << number << ": " << st.message() << "\n"
               << std::flush;
    }
  }
  if (interactive && !*ctx.in) *ctx.out << "\n";
  return failures == 0 ? kExitOk : kExitError;
}

}  // namespace

void RegisterShellCommand(CLI::App& app, CliContext& ctx) {
  CLI::App* cmd = app.add_subcommand(
      "shell",
      "Interactive shell with HBase shell syntax, e.g. put 't','r','f:q','v' "
      "| scan 't', {STARTROW => 'a', LIMIT => 10} | get 't','r',{COLUMN => "
      "'f:q', VERSIONS => 3}. Commands: create, put, get, scan, delete, "
      "deleteall, count, describe, list, truncate, help, exit. Reads a "
      "terminal or piped stdin; a failing line prints ERROR: line N and the "
      "exit code is 1.");
  cmd->callback([&ctx]() { ctx.exit_code = RunShell(ctx); });
}

}  // namespace cli
}  // namespace obkvlite
