// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_compat.h"

#include <string_view>

namespace obkvlite {
namespace cli {
namespace {

struct CommandRule {
  const char* command;
  const char* rule;
  bool names_table;  // its first argument is the table
};

// OHAdmin (doc/obkv-compat.md section 5): table DDL behind the tenant
// switch (C-46); pattern forms (C-55), namespaces (C-50), listing (C-51),
// schema changes (C-52), regions (C-53), snapshots and cluster status
// (C-54) refused by the client.
constexpr CommandRule kRules[] = {
    {"create", "C-46", true},
    {"drop", "C-46", true},
    {"enable", "C-46", true},
    {"disable", "C-46", true},
    {"drop_all", "C-55", false},
    {"enable_all", "C-55", false},
    {"disable_all", "C-55", false},
    {"create_namespace", "C-50", false},
    {"alter_namespace", "C-50", false},
    {"drop_namespace", "C-50", false},
    {"describe_namespace", "C-50", false},
    {"list_namespace", "C-50", false},
    {"list_namespace_tables", "C-50", false},
    {"list", "C-51", false},
    {"alter", "C-52", true},
    {"alter_async", "C-52", true},
    {"alter_status", "C-52", true},
    {"truncate", "C-52", true},
    {"truncate_preserve", "C-52", true},
    {"split", "C-53", true},
    {"flush", "C-53", true},
    {"compact", "C-53", true},
    {"major_compact", "C-53", true},
    {"list_regions", "C-53", true},
    {"snapshot", "C-54", true},
    {"list_snapshots", "C-54", false},
    {"status", "C-54", false},
};

// create with SPLITS, SPLITS_FILE or NUMREGIONS: a pre-split createTable.
bool PreSplit(const ShellCommand& command) {
  for (const ShellValue& arg : command.args) {
    if (arg.kind != ShellValue::Kind::kMap) continue;
    for (const auto& [key, value] : arg.entries) {
      if (key == "SPLITS" || key == "SPLITS_FILE" || key == "NUMREGIONS") {
        return true;
      }
    }
  }
  return false;
}

}  // namespace

ShellCompat ShellCompatRule(const ShellCommand& command) {
  ShellCompat out;
  if (!command.receiver.empty()) return out;  // a table object's method
  for (const CommandRule& r : kRules) {
    if (command.name != r.command) continue;
    out.rule = command.name == "create" && PreSplit(command) ? "C-48" : r.rule;
    if (r.names_table && !command.args.empty() &&
        command.args[0].kind == ShellValue::Kind::kString) {
      out.table = command.args[0].text;
    }
  }
  return out;
}

}  // namespace cli
}  // namespace obkvlite
