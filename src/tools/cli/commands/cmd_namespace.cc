// Copyright (c) obkvlite authors.
//
// `obkv --store PATH namespace list|create|drop [NAME]` (Store's
// namespaces; doc/store-format.md): list prints every namespace, one a
// line (default and hbase always); create and drop print "created ns1" /
// "dropped ns1" and the OceanBase statement of the change, `CREATE
// DATABASE` / `DROP DATABASE` (a namespace is a database there).

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>
#include <string>

#include "ddl/sql_quote.h"
#include "obkvlite/ddl.h"
#include "tools/cli/cli.h"
#include "tools/cli/commands/change_output.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

enum class NamespaceCommand { kList, kCreate, kDrop };

int RunNamespace(NamespaceCommand command, const std::string& name,
                 bool ddl_only, CliContext& ctx) {
  if (!ctx.RequireStore("namespace")) return ctx.exit_code;
  const bool reads = command == NamespaceCommand::kList || ddl_only;
  // A namespace may be the first thing a new store gets (as a table may be
  // with `create`).
  const StoreAccess access = reads ? StoreAccess::kRead
                             : command == NamespaceCommand::kCreate
                                 ? StoreAccess::kCreate
                                 : StoreAccess::kWrite;
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, access);
  if (!store.ok()) return ctx.Fail(store.status());
  if (command == NamespaceCommand::kList) {
    Result<std::vector<std::string>> names = (*store)->ListNamespaces();
    if (!names.ok()) return ctx.Fail(names.status());
    for (const std::string& n : *names) *ctx.out << n << "\n";
    return kExitOk;
  }
  const bool create = command == NamespaceCommand::kCreate;
  if (!ddl_only) {
    Status st = create ? (*store)->CreateNamespace(name)
                       : (*store)->DropNamespace(name);
    if (!st.ok()) return ctx.Fail(st);
    *ctx.out << (create ? "created " : "dropped ") << name << "\n";
  }
  const std::string stmt = std::string(create ? "CREATE DATABASE IF NOT EXISTS "
                                              : "DROP DATABASE IF EXISTS ") +
                           QuoteMysqlIdentifier(name) + ";\n";
  PrintOceanBaseStatements({stmt}, ddl_only, *ctx.out);
  return kExitOk;
}

}  // namespace

void RegisterNamespaceCommand(CLI::App& app, CliContext& ctx) {
  CLI::App* ns = app.add_subcommand(
      "namespace",
      "List, create and drop namespaces (tables 'ns:t'; a database on "
      "OceanBase)");
  ns->require_subcommand(1);
  ns->add_subcommand("list", "Every namespace, one a line")
      ->callback([&ctx]() {
        ctx.exit_code = RunNamespace(NamespaceCommand::kList, "", false, ctx);
      });
  for (const auto& [verb, help, command] :
       {std::tuple<const char*, const char*, NamespaceCommand>{
            "create", "Create a namespace", NamespaceCommand::kCreate},
        {"drop", "Drop an empty namespace", NamespaceCommand::kDrop}}) {
    auto name = std::make_shared<std::string>();
    auto ddl_only = std::make_shared<bool>(false);
    CLI::App* cmd = ns->add_subcommand(verb, help);
    cmd->add_option("NAME", *name, "Namespace")->required();
    AddDdlOnlyFlag(cmd, ddl_only.get());
    const NamespaceCommand c = command;
    cmd->callback([c, name, ddl_only, &ctx]() {
      ctx.exit_code = RunNamespace(c, *name, *ddl_only, ctx);
    });
  }
}

}  // namespace cli
}  // namespace obkvlite
