// Copyright (c) obkvlite authors.
#include "tools/cli/cli.h"

#include <CLI/CLI.hpp>
#include <iostream>

namespace obkvlite {
namespace cli {

int CliContext::Fail(const Status& status) {
  *err << "obkv: " << status.message() << "\n";
  exit_code = kExitError;
  return exit_code;
}

int CliContext::Usage(const std::string& message) {
  *err << "obkv: " << message << "\n";
  exit_code = kExitUsage;
  return exit_code;
}

bool CliContext::RequireStore(const char* command) {
  if (!store_path.empty()) return true;
  Usage(std::string(command) + ": --store PATH is required");
  return false;
}

int RunObkv(int argc, const char* const* argv, std::istream& in,
            std::ostream& out, std::ostream& err) {
  CliContext ctx;
  ctx.in = &in;
  ctx.out = &out;
  ctx.err = &err;

  CLI::App app{
      "obkv: HBase tables with OceanBase OBKV-HBase's layout, routing and "
      "DDL, in SQLite or on a MySQL-protocol server (OceanBase, MariaDB)",
      "obkv"};
  app.option_defaults()->always_capture_default();
  app.add_option("--store", ctx.store_path,
                 "The store (needed by the data commands): a SQLite file "
                 "PATH (with its shards, if any), or a database on a "
                 "MySQL-protocol server, "
                 "'mysql://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
                 "[?socket=PATH]'");
  app.add_option("--stats-bucket-ms", ctx.stats_bucket_ms,
                 "Width of the request-statistics time buckets the commands "
                 "of this run count into, in ms (default 60000; obkv stats)")
      ->type_name("MS")
      ->check(CLI::Range(int64_t{1000}, int64_t{86400000}));
  app.require_subcommand(1);
  app.fallthrough();

  RegisterDdlCommand(app, ctx);
  RegisterRouteCommand(app, ctx);
  RegisterKeyCommand(app, ctx);
  RegisterAnalyzeCommand(app, ctx);
  RegisterStatsCommand(app, ctx);
  RegisterAdviseCommand(app, ctx);
  RegisterCreateCommand(app, ctx);
  RegisterPutCommand(app, ctx);
  RegisterGetCommand(app, ctx);
  RegisterScanCommand(app, ctx);
  RegisterDeleteCommand(app, ctx);
  RegisterDescribeCommand(app, ctx);
  RegisterListCommand(app, ctx);
  RegisterCountCommand(app, ctx);
  RegisterPurgeCommand(app, ctx);
  RegisterSqlCommand(app, ctx);
  RegisterExecCommand(app, ctx);
  RegisterLoadCommand(app, ctx);
  RegisterExportCommand(app, ctx);
  RegisterShellCommand(app, ctx);
  RegisterCopyCommand(app, ctx);
  RegisterSpecCommand(app, ctx);
  RegisterTableStateCommands(app, ctx);
  RegisterAlterCommand(app, ctx);
  RegisterPartitionCommand(app, ctx);
  RegisterNamespaceCommand(app, ctx);
  RegisterIndexCommand(app, ctx);
  RegisterThriftCommand(app, ctx);
  RegisterRestCommand(app, ctx);
  RegisterRepairCommands(app, ctx);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, out, err);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e, out, err);
  } catch (const CLI::ParseError& e) {
    // CLI11 would only say "A subcommand is required"; name the word.
    if (app.get_subcommands().empty() && !app.remaining().empty()) {
      return ctx.Usage("unknown command '" + app.remaining().front() +
                       "' (obkv --help lists the commands)");
    }
    app.exit(e, out, err);
    return kExitUsage;
  }
  return ctx.exit_code;
}

}  // namespace cli
}  // namespace obkvlite
