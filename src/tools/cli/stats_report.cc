// Copyright (c) obkvlite authors.
#include "tools/cli/stats_report.h"

#include <vector>

namespace obkvlite {
namespace cli {

Result<RequestReport> LoadStatsReport(Store* store, const StatsRequest& request,
                                      const std::string& field_prefix) {
  OBKV_ASSIGN_OR_RETURN(Table * table, store->GetTable(request.table));
  const TableSpec& spec = table->spec();
  const std::string family =
      request.family.empty() ? spec.families.front().name : request.family;
  if (spec.FindFamily(family) == nullptr) {
    return Status::InvalidArgument(field_prefix + "family: table '" +
                                   spec.name + "' has no family '" + family +
                                   "'");
  }
  if (request.since_ms > request.until_ms) {
    return Status::InvalidArgument(
        field_prefix + "since: " + std::to_string(request.since_ms) +
        " is after " + field_prefix + "until " +
        std::to_string(request.until_ms));
  }
  RequestStatsQuery query;
  query.family = family;
  query.since_ms = request.since_ms;
  query.until_ms = request.until_ms;
  OBKV_ASSIGN_OR_RETURN(std::vector<RequestStatsBucket> buckets,
                        store->RequestStats(spec.name, query));
  RequestReportOptions options;
  options.nodes = request.nodes;
  options.time_buckets = request.time_buckets;
  options.since_ms = request.since_ms;
  options.until_ms = request.until_ms;
  return BuildRequestReport(spec, family, buckets, options);
}

}  // namespace cli
}  // namespace obkvlite
