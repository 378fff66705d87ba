// Copyright (c) obkvlite authors.
//
// `obkv --store PATH get TABLE ROW [--column F:Q]... [--family F]...
//      [--versions N] [--time-range A B] [--ts MS] [--filter F] [--json]`:
// the cells of one row (the exec "get" op), one per line as
// "row  family:qualifier  @ts  value".

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "tools/cli/cli.h"
#include "tools/cli/commands/read_flags.h"
#include "tools/cli/exec/flag_request.h"

namespace obkvlite {
namespace cli {
namespace {

struct GetArgs {
  std::string table;
  std::string row;
  std::optional<int64_t> ts;
  ReadFlags read;
};

int RunGet(const GetArgs& args, CliContext& ctx) {
  nlohmann::json request = {
      {"op", "get"}, {"table", args.table}, {"row", args.row}};
  AddReadFields(args.read, &request);
  if (args.ts) request["ts"] = *args.ts;
  return RunFlagRequest("get", request, StoreAccess::kRead, args.read.form(),
                        ctx);
}

}  // namespace

void RegisterGetCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<GetArgs>();
  CLI::App* cmd = app.add_subcommand(
      "get",
      "Print the cells of one row, one per line: row  family:qualifier  @ts  "
      "value (bytes escaped as \\xHH)");
  cmd->add_option("TABLE", args->table, "Table name")->required();
  cmd->add_option("ROW", args->row, "Row key, escaped as \\xHH")->required();
  AddReadFlags(cmd, &args->read);
  cmd->add_option("--ts", args->ts,
                  "Only the version with exactly this timestamp (ms)")
      ->type_name("MS")
      ->excludes("--time-range");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunGet(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
