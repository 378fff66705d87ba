// Copyright (c) obkvlite authors.
//
// `obkv ddl SPEC.json [--dialect oceanbase|mysql|sqlite]`: prints the DDL of
// a table spec. Warnings (non-prime partition counts...) go to stderr.

#include <CLI/CLI.hpp>
#include <ostream>

#include "obkvlite/ddl.h"
#include "obkvlite/spec.h"
#include "tools/cli/cli.h"

namespace obkvlite {
namespace cli {
namespace {

struct DdlArgs {
  std::string spec_path;
  std::string dialect = "oceanbase";
};

int RunDdl(const DdlArgs& args, CliContext& ctx) {
  Result<DdlDialect> dialect = ParseDdlDialect(args.dialect, "--dialect");
  if (!dialect.ok()) return ctx.Usage(dialect.status().message());
  Result<TableSpec> spec = LoadTableSpecFile(args.spec_path);
  if (!spec.ok()) return ctx.Fail(spec.status());
  for (const std::string& w : spec->warnings) {
    *ctx.err << "obkv: warning: " << w << "\n";
  }
  *ctx.out << GenerateDdl(*spec, *dialect);
  return kExitOk;
}

}  // namespace

void RegisterDdlCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<DdlArgs>();
  CLI::App* cmd = app.add_subcommand(
      "ddl",
      "Print the DDL of a table spec: oceanbase (default; TABLEGROUP, "
      "kv_attributes, PARTITION BY as in OBKV-HBase), mysql (oceanbase "
      "without TABLEGROUP and kv_attributes) or sqlite (what the store runs)");
  cmd->add_option("SPEC", args->spec_path, "Table spec JSON file")->required();
  cmd->add_option("--dialect", args->dialect,
                  "oceanbase | mysql | sqlite");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunDdl(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
