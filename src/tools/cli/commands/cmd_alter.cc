// Copyright (c) obkvlite authors.
//
// `obkv --store PATH alter TABLE [--spec FILE] [--add-family F]
// [--delete-family F] [--family F] [--ttl SECONDS|FOREVER] [--versions N]
// [--ddl-only]` (Store::AlterTable): the table becomes FILE's spec, or its
// current spec with one family added (with --ttl and --versions), deleted,
// or changed (--family with --ttl and --versions). Prints
//   altered t
// and the OceanBase statements of the change (change_output.h).

#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "tools/cli/alter_spec.h"
#include "tools/cli/cli.h"
#include "tools/cli/commands/change_output.h"
#include "tools/cli/hbase_ttl.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

struct AlterArgs {
  std::string table;
  std::string spec_file;
  std::string add_family;
  std::string delete_family;
  std::string family;
  std::string ttl;
  std::optional<int64_t> versions;
  bool ddl_only = false;
};

// The family members --ttl and --versions set.
Result<nlohmann::json> FamilyMembers(const AlterArgs& args,
                                     const std::string& name) {
  nlohmann::json family = {{"name", name}};
  if (!args.ttl.empty()) {
    Result<int64_t> ttl = ParseHBaseTtl(args.ttl);
    if (!ttl.ok()) return ttl.status().WithPrefix("--ttl");
    if (*ttl != kHBaseForever && *ttl <= 0) {
      return Status::InvalidArgument("--ttl: must be positive, got '" +
                                     args.ttl + "'");
    }
    family["ttl_seconds"] =
        *ttl == kHBaseForever ? nlohmann::json(nullptr) : nlohmann::json(*ttl);
  }
  if (args.versions) family["max_versions"] = *args.versions;
  return family;
}

Result<TableSpec> NewSpec(const AlterArgs& args, const TableSpec& current) {
  const int given = !args.spec_file.empty() + !args.add_family.empty() +
                    !args.delete_family.empty() + !args.family.empty();
  if (given != 1) {
    return Status::InvalidArgument(
        "alter: give exactly one of --spec, --add-family, --delete-family "
        "and --family");
  }
  if (!args.spec_file.empty()) return LoadTableSpecFile(args.spec_file);
  FamilyAlter alter;
  if (!args.delete_family.empty()) {
    alter.remove = true;
    alter.family = {{"name", args.delete_family}};
  } else {
    const std::string& name =
        args.add_family.empty() ? args.family : args.add_family;
    const bool exists = current.FindFamily(name) != nullptr;
    if (!args.add_family.empty() && exists) {
      return Status::InvalidArgument("--add-family: table '" + current.name +
                                     "' already has family '" + name + "'");
    }
    if (!args.family.empty() && !exists) {
      return Status::InvalidArgument("--family: table '" + current.name +
                                     "' has no family '" + name +
                                     "' (use --add-family)");
    }
    OBKV_ASSIGN_OR_RETURN(alter.family, FamilyMembers(args, name));
  }
  return AlteredSpec(current, {alter});
}

int RunAlter(const AlterArgs& args, CliContext& ctx) {
  if (!ctx.RequireStore("alter")) return ctx.exit_code;
  Result<std::unique_ptr<Store>> store = OpenStore(
      ctx, args.ddl_only ? StoreAccess::kRead : StoreAccess::kWrite);
  if (!store.ok()) return ctx.Fail(store.status());
  Result<Table*> table = (*store)->GetTable(args.table);
  if (!table.ok()) return ctx.Fail(table.status());
  Result<TableSpec> spec = NewSpec(args, (*table)->spec());
  if (!spec.ok()) return ctx.Fail(spec.status());
  ChangeOptions options;
  options.dry_run = args.ddl_only;
  std::vector<std::string> ddl;
  options.oceanbase_ddl = &ddl;
  Status st = (*store)->AlterTable(*spec, options);
  if (!st.ok()) return ctx.Fail(st);
  if (!args.ddl_only) *ctx.out << "altered " << args.table << "\n";
  PrintOceanBaseStatements(ddl, args.ddl_only, *ctx.out);
  return kExitOk;
}

}  // namespace

void RegisterAlterCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<AlterArgs>();
  CLI::App* cmd = app.add_subcommand(
      "alter",
      "Change a table's families: add, delete, or change TTL and "
      "MaxVersions (or give its whole new spec)");
  cmd->add_option("TABLE", args->table, "Table name")->required();
  cmd->add_option("--spec", args->spec_file,
                  "The table's new spec (same name, layout and partitions)");
  cmd->add_option("--add-family", args->add_family, "Add this family");
  cmd->add_option("--delete-family", args->delete_family,
                  "Delete this family and its cells");
  cmd->add_option("--family", args->family,
                  "Change this family's --ttl and --versions");
  cmd->add_option("--ttl", args->ttl,
                  "TimeToLive in seconds, FOREVER, or HBase's '1 DAY 2 HOURS'");
  cmd->add_option("--versions", args->versions, "MaxVersions")
      ->check(CLI::Range(int64_t{1}, int64_t{2147483647}));
  AddDdlOnlyFlag(cmd, &args->ddl_only);
  cmd->callback([args, &ctx]() { ctx.exit_code = RunAlter(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
