// Copyright (c) obkvlite authors.
//
// `obkv --store PATH put TABLE ROW FAMILY:QUALIFIER VALUE [--ts MS] [--json]`:
// writes one cell (the exec "put" op). ROW, QUALIFIER and VALUE are
// Bytes.toStringBinary text; without --ts the cell is stamped now.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "tools/cli/cli.h"
#include "tools/cli/column_text.h"
#include "tools/cli/exec/flag_request.h"

namespace obkvlite {
namespace cli {
namespace {

struct PutArgs {
  std::string table;
  std::string row;
  std::string column;
  std::string value;
  std::optional<int64_t> ts;
  bool json = false;
};

int RunPut(const PutArgs& args, CliContext& ctx) {
  Result<ColumnText> column = SplitColumnText(args.column, "FAMILY:QUALIFIER");
  if (!column.ok()) return ctx.Fail(column.status());
  nlohmann::json cell = {{"family", column->family},
                         {"qualifier", column->qualifier},
                         {"value", args.value}};
  if (args.ts) cell["ts"] = *args.ts;
  nlohmann::json request = {{"op", "put"},
                            {"table", args.table},
                            {"row", args.row},
                            {"cells", nlohmann::json::array({cell})}};
  return RunFlagRequest("put", request, StoreAccess::kWrite,
                        args.json ? OutputForm::kJson : OutputForm::kHuman,
                        ctx);
}

}  // namespace

void RegisterPutCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<PutArgs>();
  CLI::App* cmd = app.add_subcommand(
      "put",
      "Write one cell. ROW, QUALIFIER and VALUE are escaped as "
      "Bytes.toStringBinary (\\xHH for other bytes and the backslash).");
  cmd->add_option("TABLE", args->table, "Table name")->required();
  cmd->add_option("ROW", args->row, "Row key")->required();
  cmd->add_option("FAMILY:QUALIFIER", args->column, "Column")
      ->required()
      ->type_name("F:Q");
  cmd->add_option("VALUE", args->value, "Cell value")->required();
  cmd->add_option("--ts", args->ts, "Timestamp in ms (default: now)")
      ->type_name("MS");
  cmd->add_flag("--json", args->json, "Print the exec result line");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunPut(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
