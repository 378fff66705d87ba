// Copyright (c) obkvlite authors.
//
// The flag forms of put, get, scan and delete build an exec request (JSON,
// DESIGN §5) from their arguments and run it here, so they share the exec
// parser's validation and the executor. Output: the exec result line with
// --json, otherwise the cells one per line (print_cells.h; a scan streams,
// so a scan that fails midway has printed the cells read so far); put and
// delete print nothing on success.
//
// Thread safety: as the streams in ctx.

#ifndef OBKVLITE_TOOLS_CLI_EXEC_FLAG_REQUEST_H_
#define OBKVLITE_TOOLS_CLI_EXEC_FLAG_REQUEST_H_

#include <nlohmann/json.hpp>

#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {

enum class OutputForm { kHuman, kJson };

// Returns the exit code: kExitUsage without --store, kExitError (and
// "obkv: <message>" on err) when parsing or the operation fails.
int RunFlagRequest(const char* command, const nlohmann::json& request,
                   StoreAccess access, OutputForm form, CliContext& ctx);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_EXEC_FLAG_REQUEST_H_
