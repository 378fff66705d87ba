// Copyright (c) obkvlite authors.
//
// The exec op "stats": {"op":"stats","table":"t","family":"f","since":T,
// "until":T,"nodes":3} (all but op and table optional; T is ms or an
// ISO-8601 UTC string) -> {"ok":true,"stats":{...}}, the object `obkv
// stats --json` prints (RenderRequestReportJson over stats_report.h).
//
// Thread safety: as the Store.

#ifndef OBKVLITE_TOOLS_CLI_EXEC_EXEC_STATS_H_
#define OBKVLITE_TOOLS_CLI_EXEC_EXEC_STATS_H_

#include <string>

#include "obkvlite/store.h"
#include "spec/json_fields.h"
#include "tools/cli/exec/exec_request.h"
#include "tools/cli/exec/exec_response.h"

namespace obkvlite {
namespace cli {

// The op's fields; errors name them ("since: ...").
Result<ExecStats> ParseExecStats(const JsonFields& f);

// The report of `table`.
Result<ExecResponse> RunExecStats(Store& store, const std::string& table,
                                  const ExecStats& stats);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_EXEC_EXEC_STATS_H_
