// Copyright (c) obkvlite authors.
//
// `obkv --store PATH create [--shards N] SPEC.json`: creates the table of a
// spec in the store (creating the store file when missing, spread over N
// files with --shards; doc/shards.md), through the sqlite DDL of
// obkvlite/ddl.h. Spec warnings go to stderr.

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>
#include <string>

#include "obkvlite/spec.h"
#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

int RunCreate(const std::string& spec_path, int shards, CliContext& ctx) {
  if (!ctx.RequireStore("create")) return ctx.exit_code;
  Result<TableSpec> spec = LoadTableSpecFile(spec_path);
  if (!spec.ok()) return ctx.Fail(spec.status());
  for (const std::string& w : spec->warnings) {
    *ctx.err << "obkv: warning: " << w << "\n";
  }
  Result<std::unique_ptr<Store>> store =
      OpenStore(ctx, StoreAccess::kCreate, shards);
  if (!store.ok()) return ctx.Fail(store.status());
  Status created = (*store)->CreateTable(*spec);
  if (!created.ok()) return ctx.Fail(created);
  int tables = 0;
  for (const FamilySpec& family : spec->families) {
    tables += family.partition.PhysicalCount();
  }
  *ctx.out << "created table " << spec->name << ": " << spec->families.size()
           << (spec->families.size() == 1 ? " family, " : " families, ")
           << tables;
  const StoreInfo& info = (*store)->info();
  if (IsServerLocation(info.location)) {
    // The server routes rows to the partitions of one relation per family.
    *ctx.out << (tables == 1 ? " partition" : " partitions") << " on "
             << info.engine << " " << info.version << "\n";
  } else {
    *ctx.out << (tables == 1 ? " partition table\n" : " partition tables\n");
  }
  return kExitOk;
}

}  // namespace

void RegisterCreateCommand(CLI::App& app, CliContext& ctx) {
  auto spec_path = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "create",
      "Create the table of a spec in the store (the store file or server "
      "database is created when missing): one SQLite table per partition "
      "and a \"table$family\" view, or on a server one partitioned "
      "table$family relation per family; and the catalog entry");
  auto shards = std::make_shared<int>(0);
  cmd->add_option("SPEC", *spec_path, "Table spec JSON file")->required();
  cmd->add_option("--shards", *shards,
                  "Spread a new store's partitions over N SQLite files, one "
                  "writer each (1-64; an existing store keeps its count)");
  cmd->callback([spec_path, shards, &ctx]() {
    ctx.exit_code = RunCreate(*spec_path, *shards, ctx);
  });
}

}  // namespace cli
}  // namespace obkvlite
