// Copyright (c) obkvlite authors.
#include "tools/cli/exec/exec_stats.h"

#include <limits>

#include "obkvlite/request_report.h"
#include "tools/cli/exec/exec_fields.h"
#include "tools/cli/stats_report.h"

namespace obkvlite {
namespace cli {

Result<ExecResponse> RunExecStats(Store& store, const std::string& table,
                                  const ExecStats& stats) {
  StatsRequest request;
  request.table = table;
  request.family = stats.family;
  request.since_ms = stats.since_ms;
  request.until_ms = stats.until_ms;
  request.nodes = stats.nodes;
  OBKV_ASSIGN_OR_RETURN(RequestReport report,
                        LoadStatsReport(&store, request, ""));
  return ExecResponse::Stats(RenderRequestReportJson(report));
}

}  // namespace cli
}  // namespace obkvlite
