// Copyright (c) obkvlite authors.
//
// How the lifecycle commands (spec, drop, disable, enable, alter, truncate,
// partition ...) print the OceanBase statements of a change: with
// --ddl-only the statements alone (a script for a cluster); otherwise the
// command's result line first, then
//   -- OceanBase: the same change on a cluster
// and the statements. Nothing is printed for a change without statements.
//
// Thread safety: pure functions.

#ifndef OBKVLITE_TOOLS_CLI_COMMANDS_CHANGE_OUTPUT_H_
#define OBKVLITE_TOOLS_CLI_COMMANDS_CHANGE_OUTPUT_H_

#include <iosfwd>
#include <string>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace obkvlite {
namespace cli {

void PrintOceanBaseStatements(const std::vector<std::string>& statements,
                              bool ddl_only, std::ostream& out);

// Adds the --ddl-only flag to a lifecycle command.
CLI::Option* AddDdlOnlyFlag(CLI::App* cmd, bool* ddl_only);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_COMMANDS_CHANGE_OUTPUT_H_
