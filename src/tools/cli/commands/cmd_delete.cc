// Copyright (c) obkvlite authors.
//
// `obkv --store PATH delete TABLE ROW [--column F:Q | --family F]
//      [--type column|columns|family|family_version|row] [--ts MS] [--json]`:
// the exec "delete" op. Deletes are physical (DESIGN §4). Without --type:
// --column deletes all versions of the column (columns), --family the whole
// family (family), neither the whole row (row); with --ts only versions
// <= MS (exactly MS for column and family_version).

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

struct DeleteArgs {
  std::string table;
  std::string row;
  std::optional<std::string> column;
  std::optional<std::string> family;
  std::optional<std::string> type;
  std::optional<int64_t> ts;
  bool json = false;
};

int RunDelete(const DeleteArgs& args, CliContext& ctx) {
  nlohmann::json request = {
      {"op", "delete"}, {"table", args.table}, {"row", args.row}};
  if (args.column) {
    Result<ColumnText> column = SplitColumnText(*args.column, "--column");
    if (!column.ok()) return ctx.Fail(column.status());
    request["family"] = column->family;
    request["qualifier"] = column->qualifier;
  }
  if (args.family) request["family"] = *args.family;
  if (args.type) request["type"] = *args.type;
  if (args.ts) request["ts"] = *args.ts;
  return RunFlagRequest("delete", request, StoreAccess::kWrite,
                        args.json ? OutputForm::kJson : OutputForm::kHuman,
                        ctx);
}

}  // namespace

void RegisterDeleteCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<DeleteArgs>();
  CLI::App* cmd = app.add_subcommand(
      "delete",
      "Delete cells physically: a column, a family or the whole row. Without "
      "--type: --column deletes all its versions, --family the family, "
      "neither the row.");
  cmd->add_option("TABLE", args->table, "Table name")->required();
  cmd->add_option("ROW", args->row, "Row key, escaped as \\xHH")->required();
  CLI::Option* column =
      cmd->add_option("--column", args->column,
                      "The column FAMILY:QUALIFIER (types column, columns)")
          ->type_name("F:Q");
  cmd->add_option("--family", args->family,
                  "The family (types family, family_version)")
      ->type_name("F")
      ->excludes(column);
  cmd->add_option("--type", args->type,
                  "column (latest version, or exactly --ts) | columns "
                  "(versions <= --ts) | family (versions <= --ts) | "
                  "family_version (exactly --ts) | row")
      ->type_name("TYPE");
  cmd->add_option("--ts", args->ts, "Timestamp in ms")->type_name("MS");
  cmd->add_flag("--json", args->json, "Print the exec result line");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunDelete(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
