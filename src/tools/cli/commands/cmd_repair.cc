// Copyright (c) obkvlite authors.
//
// After a crash (doc/ddl-plans.md):
//   obkv [--store] STORE repair   finishes, or rolls back where that is
//       safe, every DDL change a crash left unfinished on a server store
//       (a writable open does this), printing one line per change, or
//       "nothing to repair". Exit 1 when one could not be repaired.
//   obkv [--store] STORE check    compares the catalog with what the engine
//       holds (Store::Check) and prints every difference, one line each,
//       then "N differences"; or "catalog and store agree (N tables)".
//       Exit 1 when it finds any. Read-only.
// STORE may be given after the command instead of --store.

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>
#include <string>

#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

int RunRepair(CliContext& ctx) {
  if (!ctx.RequireStore("repair")) return ctx.exit_code;
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kWrite);
  if (!store.ok()) return ctx.Fail(store.status());
  const std::vector<std::string>& lines = (*store)->info().repaired;
  if (lines.empty()) *ctx.out << "nothing to repair\n";
  int exit = kExitOk;
  for (const std::string& line : lines) {
    *ctx.out << line << "\n";
    if (line.rfind("could not", 0) == 0) exit = kExitError;
  }
  return exit;
}

int RunCheck(CliContext& ctx) {
  if (!ctx.RequireStore("check")) return ctx.exit_code;
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kRead);
  if (!store.ok()) return ctx.Fail(store.status());
  Result<std::vector<std::string>> diffs = (*store)->Check();
  if (!diffs.ok()) return ctx.Fail(diffs.status());
  for (const std::string& line : *diffs) *ctx.out << line << "\n";
  if (diffs->empty()) {
    *ctx.out << "catalog and store agree (" << (*store)->ListTables().size()
             << " tables)\n";
    return kExitOk;
  }
  *ctx.out << diffs->size()
           << (diffs->size() == 1 ? " difference\n" : " differences\n");
  return kExitError;
}

void Register(CLI::App& app, CliContext& ctx, const char* name,
              const char* help, int (*run)(CliContext&)) {
  auto store = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(name, help);
  cmd->add_option("STORE", *store, "Store (instead of --store)");
  cmd->callback([store, run, &ctx]() {
    if (!store->empty()) ctx.store_path = *store;
    ctx.exit_code = run(ctx);
  });
}

}  // namespace

void RegisterRepairCommands(CLI::App& app, CliContext& ctx) {
  Register(app, ctx, "repair",
           "Finish (or roll back) the DDL changes a crash left unfinished",
           RunRepair);
  Register(app, ctx, "check",
           "Compare the catalog with what the store really holds", RunCheck);
}

}  // namespace cli
}  // namespace obkvlite
