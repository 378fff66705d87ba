// Copyright (c) obkvlite authors.
#include "tools/cli/cli.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <map>

#include "obkvlite/compat.h"

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
  app.add_option("--compat", ctx.compat,
                 "Compatibility profile of this run (doc/obkv-compat.md): "
                 "hbase behaves as Apache HBase and records what OBKV-HBase "
                 "would refuse or answer differently (obkv compat lists it); "
                 "obkv refuses it as OBKV-HBase does")
      ->transform(CLI::CheckedTransformer(
          std::map<std::string, CompatProfile>{{"hbase", CompatProfile::kHBase},
                                               {"obkv", CompatProfile::kObkv}},
          CLI::ignore_case))
      ->type_name("hbase|obkv")
      ->default_str("hbase");
  app.add_flag("--obkv-admin-ddl", ctx.obkv_admin_ddl,
               "The OceanBase cluster has _enable_kv_hbase_admin_ddl on: "
               "HBase admin DDL (create, delete, enable, disable a table) "
               "through a gateway or the shell is neither refused nor "
               "recorded");
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
  RegisterCompatCommand(app, ctx);

  // Operations of commands that set no surface of their own are the CLI's.
  ScopedCompatSurface surface("cli");
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
