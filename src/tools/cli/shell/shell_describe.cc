// Copyright (c) obkvlite authors.
#include "tools/cli/shell/shell_describe.h"

#include <map>

#include "ddl/partitioning_text.h"
#include "tools/cli/hbase_ttl.h"

namespace obkvlite {
namespace cli {
namespace {

std::string Attr(const std::string& key, const std::string& value) {
  return key + " => '" + value + "'";
}

// METADATA => {'k' => 'v', ...}.
std::string MapAttr(const std::string& key,
                    const std::map<std::string, std::string>& map) {
  std::string out = key + " => {";
  bool first = true;
  for (const auto& [k, v] : map) {
    out += (first ? "'" : ", '") + k + "' => '" + v + "'";
    first = false;
  }
  return out + "}";
}

// ", BLOOMFILTER => 'ROW', ..., METADATA => {...}, CONFIGURATION => {...}".
std::string AttributesText(const HBaseAttributes& a) {
  std::string out;
  for (const auto& [key, value] : a.values) out += ", " + Attr(key, value);
  if (!a.metadata.empty()) out += ", " + MapAttr("METADATA", a.metadata);
  if (!a.configuration.empty()) {
    out += ", " + MapAttr("CONFIGURATION", a.configuration);
  }
  return out;
}

// "  NOTE => 'no effect in obkvlite or OBKV-HBase: A, B'\n", or "".
std::string NoteLine(const HBaseAttributes& a) {
  if (a.empty()) return "";
  std::string names;
  auto add = [&names](const std::string& name) {
    names += (names.empty() ? "" : ", ") + name;
  };
  for (const auto& entry : a.values) add(entry.first);
  if (!a.metadata.empty()) add("METADATA");
  if (!a.configuration.empty()) add("CONFIGURATION");
  return "  " + Attr("NOTE", "no effect in obkvlite or OBKV-HBase: " + names) +
         "\n";
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
  if (f.cell_ttl) out += ", " + Attr("CELL_TTL", "true");
  out += AttributesText(f.hbase_attributes) + "}\n";
  out += "  " +
         Attr("PARTITIONING",
              PartitioningText(f.partition, PartitioningDetail::kBounds)) +
         ", " + Attr("TABLES", std::to_string(f.partition.PhysicalCount())) +
         "\n";
  return out + NoteLine(f.hbase_attributes);
}

}  // namespace

std::string DescribeTable(const TableSpec& spec) {
  std::string out = "Table " + spec.name + " is " +
                    (spec.disabled ? "DISABLED" : "ENABLED") + "\n" + spec.name;
  if (spec.layout == Layout::kTimeseries) out += ", {LAYOUT => 'timeseries'}";
  if (!spec.hbase_attributes.empty()) {
    // AttributesText starts with ", ".
    out += ", {TABLE_ATTRIBUTES => {" +
           AttributesText(spec.hbase_attributes).substr(2) + "}}";
  }
  out += "\n" + NoteLine(spec.hbase_attributes);
  out += "COLUMN FAMILIES DESCRIPTION\n";
  for (const FamilySpec& f : spec.families) out += FamilyLine(spec, f);
  out += std::to_string(spec.families.size()) + " row(s)\n";
  return out;
}

}  // namespace cli
}  // namespace obkvlite
