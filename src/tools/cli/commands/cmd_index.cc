// Copyright (c) obkvlite authors.
//
// `obkv --store PATH index check TABLE [NAME]`: compares the secondary
// indexes of TABLE (or index NAME) with the main table (Table::CheckIndex)
// and prints the counts and the first few keys of missing and stale
// entries; exits 1 when it finds any:
//   index users_by_email: 1000 entries, 1000 expected, 0 missing, 0 stale
// `obkv --store PATH index rebuild TABLE [NAME] [--batch N]`: writes the
// indexes anew from the main table (Table::RebuildIndex), N rows per
// transaction, with a progress bar on a terminal.

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <string>

#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"
#include "tools/cli/transfer/progress.h"

namespace obkvlite {
namespace cli {
namespace {

struct IndexArgs {
  std::string table;
  std::string index;  // empty: every index
  int batch_rows = 1000;
};

int RunCheck(const IndexArgs& args, CliContext& ctx) {
  if (!ctx.RequireStore("index check")) return ctx.exit_code;
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kRead);
  if (!store.ok()) return ctx.Fail(store.status());
  Result<Table*> table = (*store)->GetTable(args.table);
  if (!table.ok()) return ctx.Fail(table.status());
  Result<IndexCheckReport> report = (*table)->CheckIndex(args.index);
  if (!report.ok()) return ctx.Fail(report.status());
  *ctx.out << "index " << report->index << ": " << report->entries
           << " entries, " << report->expected << " expected, "
           << report->missing << " missing, " << report->stale << " stale\n";
  for (const std::string& key : report->missing_keys) {
    *ctx.out << "missing " << key << "\n";
  }
  for (const std::string& key : report->stale_keys) {
    *ctx.out << "stale " << key << "\n";
  }
  return report->clean() ? kExitOk : kExitError;
}

int RunRebuild(const IndexArgs& args, CliContext& ctx) {
  if (!ctx.RequireStore("index rebuild")) return ctx.exit_code;
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kWrite);
  if (!store.ok()) return ctx.Fail(store.status());
  Result<Table*> table = (*store)->GetTable(args.table);
  if (!table.ok()) return ctx.Fail(table.status());
  const bool tty = ctx.err == &std::cerr && isatty(STDERR_FILENO) == 1;
  int64_t known_total = 0;
  Progress progress(tty ? ctx.err : nullptr, 0, SteadyClockMs);
  IndexRebuildOptions options;
  options.batch_rows = args.batch_rows;
  options.progress = [&](int64_t done, int64_t total) {
    known_total = total;
    progress.Update(done, done);
  };
  Result<int64_t> rows = (*table)->RebuildIndex(args.index, options);
  progress.Finish(known_total, rows.ok() ? *rows : 0);
  if (!rows.ok()) return ctx.Fail(rows.status());
  *ctx.out << "rebuilt the indexes of " << args.table
           << (args.index.empty() ? "" : " (" + args.index + ")") << " from "
           << *rows << " rows\n";
  return kExitOk;
}

}  // namespace

void RegisterIndexCommand(CLI::App& app, CliContext& ctx) {
  CLI::App* index = app.add_subcommand(
      "index", "Check or rebuild a table's secondary index tables");
  index->require_subcommand(1);
  auto check = std::make_shared<IndexArgs>();
  CLI::App* c = index->add_subcommand(
      "check",
      "Compare the indexes with the main table: counts and the first keys "
      "of missing and stale entries; exit 1 when there are any");
  c->add_option("TABLE", check->table, "Table name")->required();
  c->add_option("NAME", check->index, "Index (default: every index)");
  c->callback([check, &ctx]() { ctx.exit_code = RunCheck(*check, ctx); });
  auto rebuild = std::make_shared<IndexArgs>();
  CLI::App* r = index->add_subcommand(
      "rebuild", "Write the indexes anew from the main table, in batches");
  r->add_option("TABLE", rebuild->table, "Table name")->required();
  r->add_option("NAME", rebuild->index, "Index (default: every index)");
  r->add_option("--batch", rebuild->batch_rows,
                "Main rows per transaction (default 1000)")
      ->type_name("N")
      ->check(CLI::Range(1, 1000000));
  r->callback([rebuild, &ctx]() { ctx.exit_code = RunRebuild(*rebuild, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
