// Copyright (c) obkvlite authors.
//
// `obkv --store PATH shell [FILE] [-n] [--create]`: a shell that accepts
// HBase shell syntax (shell_parser.h, shell_session.h), from a terminal,
// piped stdin or FILE. Statements may span lines (an open bracket or a
// trailing ',' continues them, shell_reader.h) and ';' separates them. On
// a terminal it prompts "obkv:001> " ("obkv:002* " on a continuation
// line); otherwise it prints only the commands' output. A failing
// statement prints "ERROR: line N: <message>" on stderr; the shell goes on,
// or with -n (--non-interactive, as HBase's) stops there. The exit code is
// 1 when any statement failed. `exit` or `quit` (or the end of the input)
// ends the session; FILE's end ends it too.
//
// As HBase's IRB session, each command that returns a value is followed
// by "=> VALUE" (`=> ["t1"]`); with -n, as HBase's -n, by none.
// `-D hbase.shell.timestamp.format.epoch=true` (HBase's own key, given as
// HBase's -Dkey=value) prints cell timestamps as epoch milliseconds instead
// of ISO-8601 local date-times.
//
// The store must exist, as for every command but `create`; --create makes
// a missing one (a new store is empty until `create 't', 'f'`).

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cctype>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "obkvlite/compat.h"
#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"
#include "tools/cli/shell/line_editor.h"
#include "tools/cli/shell/shell_parser.h"
#include "tools/cli/shell/shell_reader.h"
#include "tools/cli/shell/shell_session.h"

namespace obkvlite {
namespace cli {
namespace {

struct ShellArgs {
  std::string file;
  bool non_interactive = false;
  bool create = false;
  std::vector<std::string> defines;  // -D key=value
};

// HBase's hbase.shell.timestamp.format.epoch (HConstants
// SHELL_TIMESTAMP_FORMAT_EPOCH_KEY); the one configuration key -D takes.
constexpr const char* kTimestampEpochKey = "hbase.shell.timestamp.format.epoch";

// The session's options from the arguments; an unknown -D key or a value
// other than true/false is an InvalidArgument naming it.
Result<ShellOptions> ReadShellOptions(const ShellArgs& args) {
  ShellOptions options;
  options.return_values = !args.non_interactive;
  for (const std::string& define : args.defines) {
    const size_t eq = define.find('=');
    const std::string key = define.substr(0, eq);
    const std::string value =
        eq == std::string::npos ? "" : define.substr(eq + 1);
    if (key != kTimestampEpochKey) {
      return Status::InvalidArgument("shell -D: unknown key '" + key +
                                     "' (the one key is " + kTimestampEpochKey +
                                     ")");
    }
    // Hadoop's Configuration.getBoolean: "true" or "false", any case.
    std::string lower;
    for (char ch : value) lower += static_cast<char>(std::tolower(ch));
    if (lower != "true" && lower != "false") {
      return Status::InvalidArgument("shell -D " + key + ": '" + value +
                                     "' is not true or false");
    }
    options.timestamp_epoch = lower == "true";
  }
  return options;
}

int RunShell(const ShellArgs& args, CliContext& ctx) {
  ScopedCompatSurface surface("shell");
  if (!ctx.RequireStore("shell")) return ctx.exit_code;
  Result<ShellOptions> options = ReadShellOptions(args);
  if (!options.ok()) return ctx.Fail(options.status());
  if (!args.create) {
    Status exists = CheckStoreExists(ctx, "shell --create");
    if (!exists.ok()) return ctx.Fail(exists);
  }
  Result<std::unique_ptr<Store>> store =
      OpenStore(ctx, args.create ? StoreAccess::kCreate : StoreAccess::kWrite);
  if (!store.ok()) return ctx.Fail(store.status());
  std::ifstream file;
  std::istream* in = ctx.in;
  if (!args.file.empty()) {
    file.open(args.file);
    if (!file) return ctx.Fail(Status::IOError(args.file + ": cannot open"));
    in = &file;
  }
  const bool interactive =
      in == &std::cin && in == ctx.in && isatty(STDIN_FILENO) == 1;
  ShellSession session(store->get(), ctx.out, *options);
  // On a terminal, lines are edited (line_editor.h): history, completion
  // of command and table names, Ctrl-C dropping the statement typed.
  std::unique_ptr<LineEditor> editor;
  if (interactive && isatty(STDOUT_FILENO) == 1 && ctx.out == &std::cout) {
    Store* s = store->get();
    editor = std::make_unique<LineEditor>(DefaultHistoryFile(), [s] {
      std::vector<std::string> words = ShellSession::CommandList();
      for (const std::string& t : s->ListTables()) words.push_back(t);
      return words;
    });
  }
  ShellReader reader(in, interactive ? ctx.out : nullptr, editor.get());
  session.set_input(&reader);  // disable_all's y/n (Ruby's gets)
  int failures = 0;
  auto report = [&](size_t line, const Status& st) {
    ++failures;
    *ctx.err << "ERROR: line " << line << ": " << st.message() << "\n"
             << std::flush;
    return !args.non_interactive;  // go on?
  };
  std::string text;
  size_t first = 0;
  bool done = false;
  while (!done && reader.Next(&text, &first)) {
    size_t error_line = 1;
    Result<std::vector<ShellCommand>> commands =
        ParseShellInput(text, &error_line);
    if (!commands.ok()) {
      done = !report(first + error_line - 1, commands.status());
      continue;
    }
    for (const ShellCommand& command : *commands) {
      if (ShellSession::IsExit(command)) {
        done = true;
        break;
      }
      Status st = session.Run(command);
      ctx.out->flush();
      if (!st.ok() && !report(first + command.line - 1, st)) {
        done = true;
        break;
      }
    }
  }
  if (interactive && !done) *ctx.out << "\n";
  return failures == 0 ? kExitOk : kExitError;
}

}  // namespace

void RegisterShellCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<ShellArgs>();
  CLI::App* cmd = app.add_subcommand(
      "shell",
      "Shell with HBase shell syntax, e.g. put 't','r','f:q','v' | scan 't', "
      "{STARTROW => 'a', LIMIT => 10} | get 't','r',{COLUMN => 'f:q', "
      "VERSIONS => 3}. Commands: " +
          ShellSession::CommandNames() +
          "; help 'scan' describes one. Reads a terminal, piped stdin or "
          "FILE; statements may span lines and ';' separates them. A "
          "failing statement prints ERROR: line N and the exit code is 1.");
  cmd->add_option("FILE", args->file, "Read the statements from FILE");
  cmd->add_flag("-n,--non-interactive", args->non_interactive,
                "Stop at the first failing statement (as hbase shell -n)");
  cmd->add_option("-D", args->defines,
                  "key=value: hbase.shell.timestamp.format.epoch=true prints "
                  "timestamps as epoch ms (as hbase shell -D)");
  cmd->add_flag("--create", args->create,
                "Create the store file when it does not exist");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunShell(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
