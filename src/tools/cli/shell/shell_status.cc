// Copyright (c) obkvlite authors.
//
// status ['summary' | 'simple' | 'detailed'], as the HBase shell prints it
// (admin.rb status), with the store as the one live server and each
// partition of each family as a region:
//   status             1 active master, 0 backup masters, 1 servers, 0 dead,
//                      14.0000 average load
//   status 'detailed'  per region (partition) its read and write request
//                      counts, from the request statistics (stats_report.h):
//       "t$f$p3":
//           readRequestsCount=1000, writeRequestsCount=2, ...
// writeRequestsCount counts writes and deletes, as HBase's does.

#include <ostream>
#include <string>
#include <vector>

#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_session.h"
#include "tools/cli/stats_report.h"

namespace obkvlite {
namespace cli {

Status ShellSession::ClusterStatus(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(
      ShellArity(c, 0, 1, "['summary' | 'simple' | 'detailed']"));
  std::string format = "summary";
  if (c.args.size() == 1) {
    OBKV_ASSIGN_OR_RETURN(format, ShellString(c.name, c.args[0], "FORMAT"));
  }
  if (format != "summary" && format != "simple" && format != "detailed") {
    return ShellError(c.name,
                      "FORMAT must be 'summary', 'simple' or "
                      "'detailed', got '" +
                          format + "'");
  }
  // Every family of every table, its report (all buckets).
  std::vector<RequestReport> reports;
  int64_t regions = 0, reads = 0, writes = 0;
  for (const std::string& name : store_->ListTables()) {
    Result<Table*> table = store_->GetTable(name);
    if (!table.ok()) return table.status().WithPrefix(c.name);
    for (const FamilySpec& family : (*table)->spec().families) {
      StatsRequest request;
      request.table = name;
      request.family = family.name;
      Result<RequestReport> report = LoadStatsReport(store_, request, "");
      if (!report.ok()) return report.status().WithPrefix(c.name);
      regions += static_cast<int64_t>(report->partitions.size());
      reads += report->total.reads;
      writes += report->total.writes + report->total.deletes;
      reports.push_back(std::move(report).value());
    }
  }
  const StoreInfo& info = store_->info();
  if (format == "summary") {
    *out_ << "1 active master, 0 backup masters, 1 servers, 0 dead, " << regions
          << ".0000 average load\n";
    return Status::OK();
  }
  if (format == "detailed") {
    *out_ << "version obkvlite (" << info.engine << " " << info.version
          << ")\n0 regionsInTransition\n";
  }
  *out_ << "active master: " << info.location << "\n0 backup masters\n"
        << "1 live servers\n    " << info.location << "\n"
        << "        requestsPerSecond=0.0, numberOfOnlineRegions=" << regions
        << ", readRequestsCount=" << reads << ", writeRequestsCount=" << writes
        << "\n";
  if (format == "detailed") {
    for (const RequestReport& report : reports) {
      for (const PartitionRequests& p : report.partitions) {
        const RequestCounts& n = p.counts;
        *out_ << "        \"" << p.load.table << "\":\n"
              << "            readRequestsCount=" << n.reads
              << ", writeRequestsCount=" << n.writes + n.deletes
              << ", rowsRead=" << n.rows_read << ", cellsRead=" << n.cells_read
              << ", cellsWritten=" << n.cells_written
              << ", bytesWritten=" << n.bytes_written
              << ", deletes=" << n.deletes << (p.load.hot ? ", HOT" : "")
              << "\n";
      }
    }
  }
  *out_ << "0 dead servers\n";
  if (format == "simple") {
    *out_ << "Aggregate load: 0, regions: " << regions << "\n";
  }
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
