// Copyright (c) obkvlite authors.
//
// The request report of one family of a store table (obkvlite/
// request_report.h over Store::RequestStats): what `obkv stats`, the exec
// op "stats", `analyze --requests` and the shell's `status 'detailed'`
// show. One place reads the statistics and builds the report, so all of
// them show the same figures.
//
// Thread safety: as the Store.

#ifndef OBKVLITE_TOOLS_CLI_STATS_REPORT_H_
#define OBKVLITE_TOOLS_CLI_STATS_REPORT_H_

#include <cstdint>
#include <limits>
#include <string>

#include "obkvlite/request_report.h"
#include "obkvlite/status.h"
#include "obkvlite/store.h"

namespace obkvlite {
namespace cli {

struct StatsRequest {
  std::string table;
  std::string family;  // empty: the table's first family
  int64_t since_ms = 0;
  int64_t until_ms = std::numeric_limits<int64_t>::max();
  int nodes = 0;
  int time_buckets = 60;
};

// Errors name the field: "table" (NotFound), "family", "since"/"until".
// `field_prefix` ("--" for the command line, "" for exec) leads the names.
Result<RequestReport> LoadStatsReport(Store* store, const StatsRequest& request,
                                      const std::string& field_prefix);

}  // namespace cli
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_CLI_STATS_REPORT_H_
