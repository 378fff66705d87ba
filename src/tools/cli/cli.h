// Copyright (c) obkvlite authors.
//
// The `obkv` command line as a library function, so tests run it in-process.
// Each command lives in its own cmd_<name>.cc and registers itself on the
// CLI11 app through a Register<Name>Command function declared here.
//
// Thread safety: RunObkv may run concurrently with distinct streams.

#ifndef OBKVLITE_TOOLS_CLI_CLI_H_
#define OBKVLITE_TOOLS_CLI_CLI_H_

#include <cstdint>
#include <iosfwd>
#include <string>

#include "obkvlite/compat.h"
#include "obkvlite/status.h"

namespace CLI {
class App;
}

namespace obkvlite {
namespace cli {

// Exit codes of obkv.
inline constexpr int kExitOk = 0;
inline constexpr int kExitError = 1;  // the operation failed (bad input...)
inline constexpr int kExitUsage = 2;  // bad command line

// What every command sees: streams and the global options.
struct CliContext {
  std::istream* in = nullptr;
  std::ostream* out = nullptr;
  std::ostream* err = nullptr;
  std::string store_path;  // --store PATH; empty when not given
  // --stats-bucket-ms MS: StoreOptions::request_stats_bucket_ms of the
  // stores this run opens; 0: the default (one minute).
  int64_t stats_bucket_ms = 0;
  // --compat hbase|obkv: StoreOptions::compat of the stores this run opens.
  CompatProfile compat = CompatProfile::kHBase;
  // --obkv-admin-ddl: StoreOptions::obkv_admin_ddl of those stores.
  bool obkv_admin_ddl = false;
  int exit_code = kExitOk;

  // Prints "obkv: <status message>" to err and returns kExitError.
  int Fail(const Status& status);
  // Prints "obkv: <message>" to err and returns kExitUsage.
  int Usage(const std::string& message);
  // Returns kExitUsage with a message when --store was not given.
  bool RequireStore(const char* command);
};

// Runs obkv with argv (argv[0] is the program name) and returns the exit
// code. Nothing is written to std::cout or std::cerr directly.
int RunObkv(int argc, const char* const* argv, std::istream& in,
            std::ostream& out, std::ostream& err);

// Command registration; each is defined in cmd_<name>.cc.
void RegisterDdlCommand(CLI::App& app, CliContext& ctx);
void RegisterRouteCommand(CLI::App& app, CliContext& ctx);
void RegisterKeyCommand(CLI::App& app, CliContext& ctx);
void RegisterAnalyzeCommand(CLI::App& app, CliContext& ctx);
void RegisterStatsCommand(CLI::App& app, CliContext& ctx);
void RegisterAdviseCommand(CLI::App& app, CliContext& ctx);
void RegisterCreateCommand(CLI::App& app, CliContext& ctx);
void RegisterPutCommand(CLI::App& app, CliContext& ctx);
void RegisterGetCommand(CLI::App& app, CliContext& ctx);
void RegisterScanCommand(CLI::App& app, CliContext& ctx);
void RegisterDeleteCommand(CLI::App& app, CliContext& ctx);
void RegisterDescribeCommand(CLI::App& app, CliContext& ctx);
void RegisterListCommand(CLI::App& app, CliContext& ctx);
void RegisterCountCommand(CLI::App& app, CliContext& ctx);
void RegisterPurgeCommand(CLI::App& app, CliContext& ctx);
void RegisterSqlCommand(CLI::App& app, CliContext& ctx);
void RegisterExecCommand(CLI::App& app, CliContext& ctx);
void RegisterLoadCommand(CLI::App& app, CliContext& ctx);
void RegisterExportCommand(CLI::App& app, CliContext& ctx);
void RegisterShellCommand(CLI::App& app, CliContext& ctx);
void RegisterCopyCommand(CLI::App& app, CliContext& ctx);
void RegisterSpecCommand(CLI::App& app, CliContext& ctx);
void RegisterTableStateCommands(CLI::App& app, CliContext& ctx);
void RegisterAlterCommand(CLI::App& app, CliContext& ctx);
void RegisterPartitionCommand(CLI::App& app, CliContext& ctx);
void RegisterNamespaceCommand(CLI::App& app, CliContext& ctx);
void RegisterIndexCommand(CLI::App& app, CliContext& ctx);
void RegisterThriftCommand(CLI::App& app, CliContext& ctx);
void RegisterRestCommand(CLI::App& app, CliContext& ctx);
void RegisterRepairCommands(CLI::App& app, CliContext& ctx);  // cmd_repair.cc
void RegisterCompatCommand(CLI::App& app, CliContext& ctx);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_CLI_H_
