// Copyright (c) obkvlite authors.
//
// A table's life: `obkv --store PATH drop|disable|enable|exists|truncate
// TABLE [--ddl-only]`.
//   drop      drops the table and its cells (enabled or not)
//   disable   refuses reads and writes until enable (HBase's disable;
//             OceanBase's kv_attributes "State": "disable")
//   enable    allows them again
//   exists    prints "Table t does exist" or "... does not exist", exit 0
//             either way (as the HBase shell)
//   truncate  removes every cell, keeping families, partitions and bounds
// Each prints its result line, then the OceanBase statements of the change
// (change_output.h).

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"
#include "tools/cli/cli.h"
#include "tools/cli/commands/change_output.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

enum class StateCommand { kDrop, kDisable, kEnable, kExists, kTruncate };

struct StateArgs {
  std::string table;
  bool ddl_only = false;
};

int RunState(StateCommand command, const StateArgs& args, CliContext& ctx) {
  if (!ctx.RequireStore("table")) return ctx.exit_code;
  const bool reads = command == StateCommand::kExists || args.ddl_only;
  Result<std::unique_ptr<Store>> store =
      OpenStore(ctx, reads ? StoreAccess::kRead : StoreAccess::kWrite);
  if (!store.ok()) return ctx.Fail(store.status());
  Store& s = **store;
  if (command == StateCommand::kExists) {
    Result<bool> exists = s.TableExists(args.table);
    if (!exists.ok()) return ctx.Fail(exists.status());
    *ctx.out << "Table " << args.table << " does " << (*exists ? "" : "not ")
             << "exist\n";
    return kExitOk;
  }
  ChangeOptions options;
  options.dry_run = args.ddl_only;
  std::vector<std::string> ddl;
  options.oceanbase_ddl = &ddl;
  Status st;
  const char* done = "";
  switch (command) {
    case StateCommand::kDrop: {
      Result<Table*> table = s.GetTable(args.table);
      if (!table.ok()) return ctx.Fail(table.status());
      // The index tables go first, as the store drops them: each one's
      // tables, then its table group (OceanBase drops only an empty group).
      const TableSpec& spec = (*table)->spec();
      for (const IndexSpec& index : spec.indexes) {
        Result<TableSpec> own = IndexTableSpec(spec, index);
        if (!own.ok()) return ctx.Fail(own.status());
        for (std::string& stmt :
             ServerDropStatements(*own, DdlDialect::kOceanBase)) {
          ddl.push_back(std::move(stmt));
        }
      }
      for (std::string& stmt :
           ServerDropStatements(spec, DdlDialect::kOceanBase)) {
        ddl.push_back(std::move(stmt));
      }
      if (!args.ddl_only) st = s.DropTable(args.table);
      done = "dropped";
      break;
    }
    case StateCommand::kDisable:
      st = s.DisableTable(args.table, options);
      done = "disabled";
      break;
    case StateCommand::kEnable:
      st = s.EnableTable(args.table, options);
      done = "enabled";
      break;
    case StateCommand::kTruncate:
      st = s.TruncateTable(args.table, options);
      done = "truncated";
      break;
    case StateCommand::kExists:
      break;
  }
  if (!st.ok()) return ctx.Fail(st);
  if (!args.ddl_only) *ctx.out << done << " " << args.table << "\n";
  PrintOceanBaseStatements(ddl, args.ddl_only, *ctx.out);
  return kExitOk;
}

void Register(CLI::App& app, CliContext& ctx, const char* name,
              const char* help, StateCommand command) {
  auto args = std::make_shared<StateArgs>();
  CLI::App* cmd = app.add_subcommand(name, help);
  cmd->add_option("TABLE", args->table, "Table name")->required();
  if (command != StateCommand::kExists) AddDdlOnlyFlag(cmd, &args->ddl_only);
  cmd->callback([command, args, &ctx]() {
    ctx.exit_code = RunState(command, *args, ctx);
  });
}

}  // namespace

void RegisterTableStateCommands(CLI::App& app, CliContext& ctx) {
  Register(app, ctx, "drop", "Drop a table and all its cells",
           StateCommand::kDrop);
  Register(app, ctx, "disable",
           "Disable a table: reads and writes are refused until enable",
           StateCommand::kDisable);
  Register(app, ctx, "enable", "Enable a disabled table",
           StateCommand::kEnable);
  Register(app, ctx, "exists", "Tell whether a table exists",
           StateCommand::kExists);
  Register(app, ctx, "truncate",
           "Remove every cell, keeping families, partitions and bounds",
           StateCommand::kTruncate);
}

}  // namespace cli
}  // namespace obkvlite
