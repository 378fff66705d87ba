// Copyright (c) obkvlite authors.
//
// `obkv --store PATH spec TABLE`: prints the table's current spec, as the
// catalog holds it after every alter and partition change, as indented
// JSON. The output is a spec file: `obkv ddl` and `obkv route` take it as
// it is.

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

int RunSpec(const std::string& table_name, CliContext& ctx) {
  if (!ctx.RequireStore("spec")) return ctx.exit_code;
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kRead);
  if (!store.ok()) return ctx.Fail(store.status());
  Result<Table*> table = (*store)->GetTable(table_name);
  if (!table.ok()) return ctx.Fail(table.status());
  *ctx.out << nlohmann::json::parse((*table)->spec().json).dump(2) << "\n";
  return kExitOk;
}

}  // namespace

void RegisterSpecCommand(CLI::App& app, CliContext& ctx) {
  auto table = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "spec",
      "Print the table's current spec as JSON (a spec file for ddl, route "
      "and create)");
  cmd->add_option("TABLE", *table, "Table name")->required();
  cmd->callback([table, &ctx]() { ctx.exit_code = RunSpec(*table, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
