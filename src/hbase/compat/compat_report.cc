// Copyright (c) obkvlite authors.
//
// SummarizeCompatFindings (obkvlite/compat.h): the findings per (table,
// operation, rule), with each rule's reason and OBKV error
// (compat_rules.h).

#include <algorithm>
#include <map>
#include <tuple>

#include "hbase/compat/compat_rules.h"
#include "obkvlite/compat.h"

namespace obkvlite {

std::vector<CompatReportLine> SummarizeCompatFindings(
    const std::vector<CompatFinding>& findings) {
  std::map<std::tuple<std::string, std::string, std::string>, CompatReportLine>
      merged;
  for (const CompatFinding& f : findings) {
    CompatReportLine& line = merged[{f.table, f.operation, f.rule}];
    if (line.count == 0) {
      line.table = f.table;
      line.operation = f.operation;
      line.rule = f.rule;
      const compat::Rule* rule = compat::FindRule(f.rule);
      line.reason = rule != nullptr ? rule->what : "(a row this build lacks)";
      line.obkv_error = rule != nullptr ? rule->error : "";
      line.first_seen_ms = f.first_seen_ms;
      line.last_seen_ms = f.last_seen_ms;
    } else {
      line.first_seen_ms = std::min(line.first_seen_ms, f.first_seen_ms);
      line.last_seen_ms = std::max(line.last_seen_ms, f.last_seen_ms);
    }
    line.count += f.count;
    line.surfaces[f.surface] += f.count;
  }
  std::vector<CompatReportLine> out;
  out.reserve(merged.size());
  for (auto& [key, line] : merged) out.push_back(std::move(line));
  return out;
}

std::string CompatSurfaceCounts(const CompatReportLine& line) {
  std::string out;
  for (const auto& [surface, count] : line.surfaces) {
    if (!out.empty()) out += ", ";
    out += surface + " " + std::to_string(count);
  }
  return out;
}

}  // namespace obkvlite
