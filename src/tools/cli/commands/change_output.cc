// Copyright (c) obkvlite authors.
#include "tools/cli/commands/change_output.h"

#include <CLI/CLI.hpp>
#include <ostream>

namespace obkvlite {
namespace cli {

void PrintOceanBaseStatements(const std::vector<std::string>& statements,
                              bool ddl_only, std::ostream& out) {
  if (statements.empty()) return;
  if (!ddl_only) out << "-- OceanBase: the same change on a cluster\n";
  for (const std::string& s : statements) out << s;
}

CLI::Option* AddDdlOnlyFlag(CLI::App* cmd, bool* ddl_only) {
  return cmd->add_flag(
      "--ddl-only", *ddl_only,
      "Print the OceanBase statements of the change and change nothing");
}

}  // namespace cli
}  // namespace obkvlite
