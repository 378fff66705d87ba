// Copyright (c) obkvlite authors.
//
// The terminal report of `obkv stats`.

#include <cstdio>

#include "analyze/analyze_internal.h"
#include "obkvlite/request_report.h"

namespace obkvlite {
namespace {

using analyze_internal::PartitionLabel;

std::string Summary(const RequestReport& r) {
  char line[256];
  std::string out = "table " + r.table + ", family " + r.family + ": " +
                    r.partitioning + "\n";
  std::snprintf(line, sizeof line,
                "requests: %lld (reads %lld, writes %lld, deletes %lld); "
                "rows read %lld, cells read %lld, cells written %lld, bytes "
                "written %lld\n",
                static_cast<long long>(r.total.requests()),
                static_cast<long long>(r.total.reads),
                static_cast<long long>(r.total.writes),
                static_cast<long long>(r.total.deletes),
                static_cast<long long>(r.total.rows_read),
                static_cast<long long>(r.total.cells_read),
                static_cast<long long>(r.total.cells_written),
                static_cast<long long>(r.total.bytes_written));
  out += line;
  std::snprintf(line, sizeof line,
                "spread (seed 002): average %.1f per partition, stddev %.1f, "
                "max %lld (%.2fx average)\n",
                r.average, r.stddev, static_cast<long long>(r.max),
                r.max_over_average);
  out += line;
  const std::vector<int> hot = r.HotPartitions();
  std::snprintf(line, sizeof line,
                "HOT partitions (>= %.0fx average, seed 004): ", r.hot_factor);
  out += line;
  if (hot.empty()) out += "none";
  for (size_t i = 0; i < hot.size(); ++i) {
    out += (i > 0 ? ", " : "") +
           PartitionLabel(r.partitions[static_cast<size_t>(hot[i])].load);
  }
  return out + "\n";
}

std::string PartitionTable(const RequestReport& r) {
  std::string out =
      "\npartition   requests    share   x avg      reads     writes    "
      "deletes  cells read  cells written  bytes written\n";
  char line[256];
  for (const PartitionRequests& p : r.partitions) {
    std::snprintf(line, sizeof line,
                  "%-9s %10lld %7.1f%% %7.2f %10lld %10lld %10lld %11lld "
                  "%14lld %14lld%s\n",
                  PartitionLabel(p.load).c_str(),
                  static_cast<long long>(p.load.keys), p.share * 100.0,
                  p.load.ratio, static_cast<long long>(p.counts.reads),
                  static_cast<long long>(p.counts.writes),
                  static_cast<long long>(p.counts.deletes),
                  static_cast<long long>(p.counts.cells_read),
                  static_cast<long long>(p.counts.cells_written),
                  static_cast<long long>(p.counts.bytes_written),
                  p.load.hot ? "  HOT" : "");
    out += line;
  }
  return out;
}

}  // namespace

std::string RenderRequestReportText(const RequestReport& report) {
  std::string out = Summary(report) + PartitionTable(report);
  if (report.balance) {
    out += "\n" + FormatNodeBalance(*report.balance, "requests");
  }
  return out;
}

}  // namespace obkvlite
