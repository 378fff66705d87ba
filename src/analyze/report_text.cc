// Copyright (c) obkvlite authors.
//
// The terminal report of `obkv analyze`.

#include <cstdio>

#include "analyze/analyze_internal.h"

namespace obkvlite {

using analyze_internal::PartitionLabel;

namespace {

std::string Fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string Summary(const AnalysisReport& r) {
  std::string out = "table " + r.table + ", family " + r.family + ": " +
                    r.partitioning + "\n";
  out += "keys: " + std::to_string(r.keys) + " routed";
  if (r.skipped > 0) {
    out += ", " + std::to_string(r.skipped) + " skipped (over 1024 bytes)";
  }
  out += "; average " + Fixed(r.average, 1) + " per partition; max " +
         std::to_string(r.max) + " (" + Fixed(r.max_over_average, 2) +
         "x average)\n";
  const std::vector<int> hot = r.HotPartitions();
  out +=
      "HOT partitions (>= " + Fixed(r.hot_factor, 0) + "x average, seed 004): ";
  if (hot.empty()) out += "none";
  for (size_t i = 0; i < hot.size(); ++i) {
    out += (i > 0 ? ", " : "") +
           PartitionLabel(r.partitions[static_cast<size_t>(hot[i])]);
  }
  return out + "\n";
}

std::string PartitionTable(const AnalysisReport& r) {
  std::string out = "\npartition        keys    share   x avg\n";
  char line[128];
  for (const PartitionLoad& p : r.partitions) {
    const double share =
        r.keys > 0 ? static_cast<double>(p.keys) / static_cast<double>(r.keys)
                   : 0;
    std::snprintf(line, sizeof line, "%-9s %11lld %7.1f%% %7.2f%s\n",
                  PartitionLabel(p).c_str(), static_cast<long long>(p.keys),
                  share * 100.0, p.ratio, p.hot ? "  HOT" : "");
    out += line;
  }
  return out;
}

std::string Lints(const std::vector<Lint>& lints) {
  if (lints.empty()) return "\nlints: none\n";
  std::string out = "\nlints:\n";
  for (const Lint& l : lints) {
    out += "[" + std::string(LintSeverityName(l.severity)) + "] " + l.id +
           ": " + l.finding + "\n";
    out += "  why: " + l.reason + "\n";
    out += "  fix: " + l.fix + "\n";
    for (const std::string& c : l.citations) out += "  " + c + "\n";
  }
  return out;
}

}  // namespace

std::string RenderReportText(const AnalysisReport& report) {
  std::string out = Summary(report) + PartitionTable(report);
  if (report.balance) out += "\n" + FormatNodeBalance(*report.balance);
  out += Lints(report.lints);
  out += "\n" + RenderHeatmapText(report);
  return out;
}

}  // namespace obkvlite
