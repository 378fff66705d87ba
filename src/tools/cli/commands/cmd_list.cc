// Copyright (c) obkvlite authors.
//
// `obkv --store PATH list`: the store's tables, one name per line,
// ascending.

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>
#include <string>

#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

int RunList(CliContext& ctx) {
  if (!ctx.RequireStore("list")) return ctx.exit_code;
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kRead);
  if (!store.ok()) return ctx.Fail(store.status());
  for (const std::string& name : (*store)->ListTables()) {
    *ctx.out << name << "\n";
  }
  return kExitOk;
}

}  // namespace

void RegisterListCommand(CLI::App& app, CliContext& ctx) {
  CLI::App* cmd = app.add_subcommand(
      "list", "List the store's tables, one per line, ascending");
  cmd->callback([&ctx]() { ctx.exit_code = RunList(ctx); });
}

}  // namespace cli
}  // namespace obkvlite
