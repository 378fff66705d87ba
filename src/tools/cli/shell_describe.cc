// Copyright (c) obkvlite authors.
#include "tools/cli/shell_describe.h"

#include "tools/cli/partitioning_text.h"

namespace obkvlite {
namespace cli {
namespace {

// "1 DAY" / "2 DAYS".
std::string Unit(int64_t n, const char* unit) {
  return std::to_string(n) + " " + unit + (n == 1 ? "" : "S");
}

std::string Attr(const std::string& key, const std::string& value) {
  return key + " => '" + value + "'";
}

std::string FamilyLine(const TableSpec& spec, const FamilySpec& f) {
  const int64_t kAllVersions = 2147483647;  // HBase's Integer.MAX_VALUE
  std::string out = "{" + Attr("NAME", f.name);
  out += ", " +
         Attr("VERSIONS", std::to_string(f.max_versions > 0 ? f.max_versions
                                                            : kAllVersions));
  out += ", " + Attr("TTL", HumanReadableTtl(f.ttl_seconds));
  out +=
      ", " + Attr("VALUE_TYPE",
                  spec.layout == Layout::kTimeseries ? "json"
                  : f.longblob
                      ? "longblob"
                      : "varbinary(" + std::to_string(f.value_max_bytes) + ")");
  out += "}\n";
  out += "  " + Attr("PARTITIONING", PartitioningText(f.partition)) + ", " +
         Attr("TABLES", std::to_string(f.partition.PhysicalCount())) + "\n";
  return out;
}

}  // namespace

std::string HumanReadableTtl(int64_t seconds) {
  if (seconds <= 0) return "FOREVER";
  if (seconds < 60) return Unit(seconds, "SECOND");
  const int64_t parts[] = {seconds / 86400, seconds / 3600 % 24,
                           seconds / 60 % 60, seconds % 60};
  const char* units[] = {"DAY", "HOUR", "MINUTE", "SECOND"};
  std::string inner;
  for (int i = 0; i < 4; ++i) {
    if (parts[i] == 0) continue;
    if (!inner.empty()) inner += " ";
    inner += Unit(parts[i], units[i]);
  }
  return std::to_string(seconds) + " SECONDS (" + inner + ")";
}

std::string DescribeTable(const TableSpec& spec) {
  std::string out = "Table " + spec.name + " is ENABLED\n" + spec.name;
  if (spec.layout == Layout::kTimeseries) out += ", {LAYOUT => 'timeseries'}";
  out += "\nCOLUMN FAMILIES DESCRIPTION\n";
  for (const FamilySpec& f : spec.families) out += FamilyLine(spec, f);
  out += std::to_string(spec.families.size()) + " row(s)\n";
  return out;
}

}  // namespace cli
}  // namespace obkvlite
