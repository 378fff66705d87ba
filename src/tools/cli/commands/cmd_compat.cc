// Copyright (c) obkvlite authors.
//
// `obkv --store S compat [--json] [--check] [--reset]`: what the store's
// clients did that OBKV-HBase would refuse or answer differently
// (obkvlite/compat.h, doc/obkv-compat.md), from every process that served
// the store under the default profile: one line per (table, operation,
// reference row) with its count, surfaces, first and last seen. --check
// exits 1 when there is any finding (a build step fails on it); --reset
// removes them.

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>

#include "obkvlite/store.h"
#include "tools/cli/cli.h"
#include "tools/cli/compat_findings_text.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

struct CompatArgs {
  bool json = false;
  bool check = false;
  bool reset = false;
};

int RunCompat(const CompatArgs& args, CliContext& ctx) {
  if (!ctx.RequireStore("compat")) return ctx.exit_code;
  Result<std::unique_ptr<Store>> store =
      OpenStore(ctx, args.reset ? StoreAccess::kWrite : StoreAccess::kRead);
  if (!store.ok()) return ctx.Fail(store.status());
  if (args.reset) {
    Status st = (*store)->ResetCompatFindings();
    if (!st.ok()) return ctx.Fail(st);
    *ctx.out << "compat findings reset\n";
    return kExitOk;
  }
  Result<std::vector<CompatFinding>> findings = (*store)->CompatFindings();
  if (!findings.ok()) return ctx.Fail(findings.status());
  const std::vector<CompatReportLine> lines =
      SummarizeCompatFindings(*findings);
  *ctx.out << (args.json ? RenderFindingsJson(lines) + "\n"
                         : RenderFindingsText(lines));
  return args.check && !lines.empty() ? kExitError : kExitOk;
}

}  // namespace

void RegisterCompatCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<CompatArgs>();
  CLI::App* cmd = app.add_subcommand(
      "compat",
      "What the store's clients did that OBKV-HBase would refuse or answer "
      "differently (findings of the default --compat hbase profile, from "
      "every process; doc/obkv-compat.md): per table, operation and "
      "reference row, with counts, surfaces, first and last seen");
  cmd->add_flag("--json", args->json, "Print the findings as one JSON object");
  cmd->add_flag("--check", args->check,
                "Exit with status 1 when there is any finding");
  cmd->add_flag("--reset", args->reset, "Remove every finding");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunCompat(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
