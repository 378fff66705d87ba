// Copyright (c) obkvlite authors.
//
// `obkv --store PATH purge TABLE`: physically removes the cells hidden by a
// family's TimeToLive and the versions beyond its MaxVersions (Table::Purge)
// and prints the counts:
//   purged t: 3 expired cells, 2 excess versions

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>
#include <string>

#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"
#include "tools/cli/purge_line.h"

namespace obkvlite {
namespace cli {
namespace {

int RunPurge(const std::string& table_name, CliContext& ctx) {
  if (!ctx.RequireStore("purge")) return ctx.exit_code;
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kWrite);
  if (!store.ok()) return ctx.Fail(store.status());
  Result<Table*> table = (*store)->GetTable(table_name);
  if (!table.ok()) return ctx.Fail(table.status());
  Result<PurgeStats> stats = (*table)->Purge();
  if (!stats.ok()) return ctx.Fail(stats.status());
  *ctx.out << PurgeLine(table_name, *stats);
  return kExitOk;
}

}  // namespace

void RegisterPurgeCommand(CLI::App& app, CliContext& ctx) {
  auto table = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "purge",
      "Physically remove cells past their family's TimeToLive and versions "
      "beyond its MaxVersions; prints the counts");
  cmd->add_option("TABLE", *table, "Table name")->required();
  cmd->callback([table, &ctx]() { ctx.exit_code = RunPurge(*table, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
