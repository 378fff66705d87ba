// Copyright (c) obkvlite authors.
//
// `obkv --store PATH exec`: JSON-lines operations on stdin, one JSON result
// per line on stdout (DESIGN §5; the request fields are documented in
// exec_request.h, the results in exec_response.h). A bad line gets an error
// result and the next line still runs. Blank lines are skipped. Each result
// is flushed at once, so a script can talk to obkv through a pipe.
// Exit code: 0 when every line succeeded, 1 otherwise.

#include <CLI/CLI.hpp>
#include <istream>
#include <memory>
#include <ostream>
#include <string>

#include "obkvlite/compat.h"
#include "tools/cli/cli.h"
#include "tools/cli/exec/exec_executor.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

bool IsBlank(const std::string& line) {
  return line.find_first_not_of(" \t\r") == std::string::npos;
}

int RunExec(CliContext& ctx) {
  if (!ctx.RequireStore("exec")) return ctx.exit_code;
  ScopedCompatSurface surface("exec");
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kWrite);
  if (!store.ok()) return ctx.Fail(store.status());
  bool all_ok = true;
  std::string line;
  while (std::getline(*ctx.in, line)) {
    if (IsBlank(line)) continue;
    bool ok = false;
    *ctx.out << RunExecLine(**store, line, &ok) << "\n" << std::flush;
    all_ok = all_ok && ok;
  }
  return all_ok ? kExitOk : kExitError;
}

}  // namespace

void RegisterExecCommand(CLI::App& app, CliContext& ctx) {
  CLI::App* cmd = app.add_subcommand(
      "exec",
      "Run JSON-lines operations from stdin (put, get, scan, delete, "
      "increment, append, check_and_mutate, batch), one JSON result per "
      "line");
  cmd->footer(
      "Example:\n"
      "  {\"op\":\"put\",\"table\":\"t\",\"row\":\"r1\",\"cells\":"
      "[{\"family\":\"f\",\"qualifier\":\"q\",\"value\":\"v\",\"ts\":100}]}\n"
      "  {\"op\":\"get\",\"table\":\"t\",\"row\":\"r1\",\"columns\":"
      "[\"f:q\"],\"max_versions\":3,\"time_range\":[0,200]}\n"
      "  -> {\"ok\":true}\n"
      "  -> {\"ok\":true,\"cells\":[{\"row\":\"r1\",\"family\":\"f\","
      "\"qualifier\":\"q\",\"ts\":100,\"value\":\"v\"}]}\n"
      "Rows, qualifiers and values are Bytes.toStringBinary text (\\xHH for "
      "other bytes and the backslash, written \"\\\\x00\" inside JSON). A bad "
      "line gets {\"ok\":false,\"error\":{\"code\":...,\"message\":...}} "
      "and the next line still runs; blank lines are skipped. Exit code: 0 "
      "if every line succeeded, else 1.");
  cmd->callback([&ctx]() { ctx.exit_code = RunExec(ctx); });
}

}  // namespace cli
}  // namespace obkvlite
