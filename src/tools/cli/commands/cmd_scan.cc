// Copyright (c) obkvlite authors.
//
// `obkv --store PATH scan TABLE [--start S] [--stop S] [--prefix P]
//      [--reversed] [--limit N] [--batch N] [--versions N]
//      [--time-range A B] [--column F:Q]... [--family F]... [--filter F]
//      [--json]`: the cells of a row range (the exec "scan" op), in row,
// family, qualifier order, newest first; one per line.
// `obkv --store PATH scan TABLE --index NAME --value V | --prefix P
//      [--limit N] [--versions N] [--column F:Q]... [--family F]...`: the
// rows whose indexed value is V (or starts with P) through the secondary
// index NAME (the exec "index_scan" op), in index order.

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

struct ScanArgs {
  std::string table;
  std::optional<std::string> start;
  std::optional<std::string> stop;
  std::optional<std::string> prefix;
  bool reversed = false;
  std::optional<int64_t> limit;
  std::optional<int64_t> batch;
  std::optional<std::string> index;
  std::optional<std::string> value;
  ReadFlags read;
};

int RunScan(const ScanArgs& args, CliContext& ctx) {
  if (args.index) {
    nlohmann::json request = {
        {"op", "index_scan"}, {"table", args.table}, {"index", *args.index}};
    if (args.value) request["value"] = *args.value;
    if (args.prefix) request["prefix"] = *args.prefix;
    if (args.limit) request["limit"] = *args.limit;
    // Flags of a row-range scan reach the parser, which names them.
    if (args.start) request["start"] = *args.start;
    if (args.stop) request["stop"] = *args.stop;
    if (args.reversed) request["reversed"] = true;
    if (args.batch) request["batch"] = *args.batch;
    AddReadFields(args.read, &request);
    return RunFlagRequest("scan", request, StoreAccess::kRead,
                          args.read.form(), ctx);
  }
  if (args.value) {
    *ctx.err << "scan: --value needs --index\n";
    return 2;
  }
  nlohmann::json request = {{"op", "scan"}, {"table", args.table}};
  if (args.start) request["start"] = *args.start;
  if (args.stop) request["stop"] = *args.stop;
  if (args.prefix) request["prefix"] = *args.prefix;
  if (args.reversed) request["reversed"] = true;
  if (args.limit) request["limit"] = *args.limit;
  if (args.batch) request["batch"] = *args.batch;
  AddReadFields(args.read, &request);
  return RunFlagRequest("scan", request, StoreAccess::kRead, args.read.form(),
                        ctx);
}

}  // namespace

void RegisterScanCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<ScanArgs>();
  CLI::App* cmd = app.add_subcommand(
      "scan",
      "Print the cells of a row range, one per line: row  family:qualifier  "
      "@ts  value (rows ascending, or descending with --reversed; bytes "
      "escaped as \\xHH)");
  cmd->add_option("TABLE", args->table, "Table name")->required();
  cmd->add_option("--start", args->start,
                  "First row (inclusive); reversed: the highest row")
      ->type_name("ROW");
  cmd->add_option("--stop", args->stop,
                  "Row to stop before (exclusive); reversed: the lowest")
      ->type_name("ROW");
  cmd->add_option("--prefix", args->prefix, "Only rows starting with P")
      ->type_name("P");
  cmd->add_flag("--reversed", args->reversed, "Rows in descending order");
  cmd->add_option("--limit", args->limit, "At most N rows (0 = all)")
      ->type_name("N");
  cmd->add_option("--batch", args->batch,
                  "At most N cells per result (0 = whole rows)")
      ->type_name("N");
  cmd->add_option("--index", args->index,
                  "Read through the secondary index NAME (with --value or "
                  "--prefix): rows in index order")
      ->type_name("NAME");
  cmd->add_option("--value", args->value,
                  "With --index: rows whose indexed value is V")
      ->type_name("V");
  AddReadFlags(cmd, &args->read);
  cmd->callback([args, &ctx]() { ctx.exit_code = RunScan(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
