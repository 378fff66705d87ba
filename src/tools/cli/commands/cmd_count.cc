// Copyright (c) obkvlite authors.
//
// `obkv --store PATH count TABLE [--per-family]`: the rows and cells a full
// scan sees (every visible version: TimeToLive and MaxVersions applied),
//   t: 3 rows, 7 cells
// and with --per-family one more line per family:
//   family f: 3 rows, 5 cells
// Counting streams through a Scanner (count_cells.h).

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "tools/cli/cli.h"
#include "tools/cli/count_cells.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

struct CountArgs {
  std::string table;
  bool per_family = false;
};

std::string FormatCounts(const CellCounts& counts) {
  return std::to_string(counts.rows) + " rows, " +
         std::to_string(counts.cells) + " cells";
}

int RunCount(const CountArgs& args, CliContext& ctx) {
  if (!ctx.RequireStore("count")) return ctx.exit_code;
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kRead);
  if (!store.ok()) return ctx.Fail(store.status());
  Result<Table*> table = (*store)->GetTable(args.table);
  if (!table.ok()) return ctx.Fail(table.status());
  Result<CellCounts> total = CountCells(**table, {});
  if (!total.ok()) return ctx.Fail(total.status());
  *ctx.out << args.table << ": " << FormatCounts(*total) << "\n";
  if (!args.per_family) return kExitOk;
  for (const FamilySpec& family : (*table)->spec().families) {
    Result<CellCounts> counts = CountCells(**table, {family.name});
    if (!counts.ok()) return ctx.Fail(counts.status());
    *ctx.out << "family " << family.name << ": " << FormatCounts(*counts)
             << "\n";
  }
  return kExitOk;
}

}  // namespace

void RegisterCountCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<CountArgs>();
  CLI::App* cmd = app.add_subcommand(
      "count",
      "Count the rows and cells of a table (every visible version; "
      "TimeToLive and MaxVersions applied)");
  cmd->add_option("TABLE", args->table, "Table name")->required();
  cmd->add_flag("--per-family", args->per_family,
                "Also count each family on its own");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunCount(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
