// Copyright (c) obkvlite authors.
#include "tools/cli/compat_findings_text.h"

#include <nlohmann/json.hpp>
#include <sstream>

#include "obkvlite/request_report.h"

namespace obkvlite {
namespace cli {

std::string RenderFindingsText(const std::vector<CompatReportLine>& lines) {
  if (lines.empty()) {
    return "no findings: nothing this store served would be refused or "
           "answered differently by OBKV-HBase\n";
  }
  int64_t total = 0;
  for (const CompatReportLine& line : lines) total += line.count;
  std::ostringstream out;
  out << lines.size() << (lines.size() == 1 ? " finding" : " findings") << " ("
      << total << (total == 1 ? " operation" : " operations")
      << ") that OBKV-HBase would refuse or answer differently "
         "(doc/obkv-compat.md):\n";
  for (const CompatReportLine& line : lines) {
    out << (line.table.empty() ? "(store)" : line.table) << "  "
        << line.operation << "  " << line.rule << "  x" << line.count << "  ["
        << CompatSurfaceCounts(line) << "]  "
        << FormatTimeMs(line.first_seen_ms) << " .. "
        << FormatTimeMs(line.last_seen_ms) << "  " << line.reason
        << "; OBKV: " << line.obkv_error << "\n";
  }
  return out.str();
}

std::string RenderFindingsJson(const std::vector<CompatReportLine>& lines) {
  nlohmann::ordered_json findings = nlohmann::ordered_json::array();
  for (const CompatReportLine& line : lines) {
    nlohmann::ordered_json surfaces = nlohmann::ordered_json::object();
    for (const auto& [surface, count] : line.surfaces) {
      surfaces[surface] = count;
    }
    findings.push_back({{"table", line.table},
                        {"operation", line.operation},
                        {"rule", line.rule},
                        {"reason", line.reason},
                        {"obkv_error", line.obkv_error},
                        {"count", line.count},
                        {"surfaces", surfaces},
                        {"first_seen_ms", line.first_seen_ms},
                        {"last_seen_ms", line.last_seen_ms}});
  }
  nlohmann::ordered_json out = {{"findings", findings}};
  // Table names are bytes: replace what is not UTF-8 instead of throwing.
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace cli
}  // namespace obkvlite
