// Copyright (c) obkvlite authors.
//
// list_regions 'TABLE'[, 'SERVER' | {SERVER_NAME => 'S'}[, ['COLUMN', ...]]]
// as the HBase shell prints it (list_regions.rb): one row per region, here
// per first-level partition of the table (Store::ListPartitions, the data
// `obkv partition list` prints), each column right-aligned in
// " %Ns |" with N the larger of its default width and its longest value:
//    SERVER_NAME |  REGION_NAME |  START_KEY |    END_KEY |  SIZE |   REQ |
//   ...
//    2 rows
// The values, where a region's concept differs here:
//   SERVER_NAME  the store's location (the store is the one server, as in
//                status)
//   REGION_NAME  "TABLE,START_KEY,pN": HBase's "table,startKey,regionId"
//                with the partition's name as the id
//   START_KEY, END_KEY  the range bounds (toStringBinary for K, ms for G),
//                empty for the first / last region as in HBase; empty for
//                KEY (hash) partitions, which hold no key range
//   SIZE         "-": obkvlite keeps no store file size per partition
//   REQ          the partition's requests (reads, writes and deletes)
//                from the request statistics (stats_report.h), added up
//                over the families' relations (a get of two families
//                counts in each)
//   LOCALITY     1.0: the store's data is all local to its one server
// A disabled table is refused as in HBase ("Table t must be enabled.").

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "obkvlite/partition_change.h"
#include "spec/partition_plan.h"
#include "tools/cli/shell/shell_args.h"
#include "tools/cli/shell/shell_session.h"
#include "tools/cli/stats_report.h"

namespace obkvlite {
namespace cli {
namespace {

// list_regions.rb's columns and their default widths, in its order.
constexpr std::pair<const char*, size_t> kRegionColumns[] = {
    {"SERVER_NAME", 12}, {"REGION_NAME", 12}, {"START_KEY", 10},
    {"END_KEY", 10},     {"SIZE", 5},         {"REQ", 5},
    {"LOCALITY", 10}};

constexpr const char* kColumnNames =
    "SERVER_NAME, REGION_NAME, START_KEY, END_KEY, SIZE, REQ, LOCALITY";

// "name" upper-cased, for list_regions.rb's casecmp.
std::string Upper(std::string text) {
  for (char& ch : text) {
    if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
  }
  return text;
}

// The column indexes asked for (all of them without a list), in the
// order given.
Result<std::vector<size_t>> RegionColumns(const ShellCommand& c) {
  std::vector<size_t> out;
  if (c.args.size() < 3) {
    for (size_t i = 0; i < std::size(kRegionColumns); ++i) out.push_back(i);
    return out;
  }
  const ShellValue& cols = c.args[2];
  if (cols.kind != ShellValue::Kind::kList) {
    // list_regions.rb: "#{cols} must be an array of strings. ..."
    const std::string text =
        cols.kind == ShellValue::Kind::kString ? cols.text : cols.Describe();
    return ShellError(c.name, text +
                                  " must be an array of strings. Possible "
                                  "values are " +
                                  kColumnNames + ".");
  }
  for (const ShellValue& col : cols.items) {
    OBKV_ASSIGN_OR_RETURN(std::string name, ShellString(c.name, col, "COLUMN"));
    size_t i = 0;
    while (i < std::size(kRegionColumns) &&
           Upper(name) != kRegionColumns[i].first) {
      ++i;
    }
    if (i == std::size(kRegionColumns)) {
      return ShellError(c.name, name +
                                    " is not a valid column. Possible values "
                                    "are " +
                                    kColumnNames + ".");
    }
    if (std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
  }
  return out;
}

// The server name prefix to keep (list_regions.rb: a string, or a map's
// SERVER_NAME); empty keeps every region.
Result<std::string> ServerFilter(const ShellCommand& c) {
  if (c.args.size() < 2) return std::string();
  const ShellValue& options = c.args[1];
  if (options.kind != ShellValue::Kind::kMap) {
    return ShellString(c.name, options, "SERVER_NAME");
  }
  std::string server;
  for (const auto& [key, value] : options.entries) {
    if (key != "SERVER_NAME") {
      return ShellError(c.name, "unknown option " + key +
                                    " (SERVER_NAME is the one option here; "
                                    "every region's LOCALITY is 1.0)");
    }
    OBKV_ASSIGN_OR_RETURN(server, ShellString(c.name, value, key));
  }
  return server;
}

}  // namespace

Status ShellSession::ListRegions(const ShellCommand& c) {
  OBKV_RETURN_IF_ERROR(ShellArity(
      c, 1, 3, "'TABLE'[, 'SERVER_NAME' | {SERVER_NAME => 'S'}[, [COLUMNS]]]"));
  OBKV_ASSIGN_OR_RETURN(std::vector<size_t> columns, RegionColumns(c));
  OBKV_ASSIGN_OR_RETURN(std::string server_prefix, ServerFilter(c));
  OBKV_ASSIGN_OR_RETURN(Table * table, TableArg(c));
  const TableSpec spec = table->spec();
  if (spec.disabled) {
    return ShellError(c.name, "Table " + spec.name + " must be enabled.");
  }
  // The families share the table group's partitioning: the first family's
  // partitions are the regions, the requests of every family add up.
  const FamilySpec& first = spec.families.front();
  PartitionListOptions with_sizes;
  with_sizes.sizes = true;
  Result<std::vector<PartitionInfo>> parts =
      store_->ListPartitions(spec.name, first.name, with_sizes);
  if (!parts.ok()) return parts.status().WithPrefix(c.name);
  // SIZE: the stored bytes of every family's partition of that name, in
  // whole MB (getStorefileSizeMB); unknown (-1) when an engine cannot tell.
  std::map<std::string, int64_t> bytes;
  for (const PartitionInfo& p : *parts) bytes[p.name] = p.bytes;
  for (size_t f = 1; f < spec.families.size(); ++f) {
    Result<std::vector<PartitionInfo>> more =
        store_->ListPartitions(spec.name, spec.families[f].name, with_sizes);
    if (!more.ok()) return more.status().WithPrefix(c.name);
    for (const PartitionInfo& p : *more) {
      int64_t& total = bytes[p.name];
      total = total < 0 || p.bytes < 0 ? -1 : total + p.bytes;
    }
  }
  std::map<std::string, int64_t> requests;  // by first-level name ("p3")
  for (const FamilySpec& family : spec.families) {
    StatsRequest request;
    request.table = spec.name;
    request.family = family.name;
    Result<RequestReport> report = LoadStatsReport(store_, request, "");
    if (!report.ok()) return report.status().WithPrefix(c.name);
    for (const PartitionRequests& p : report->partitions) {
      const std::string& name = p.load.name;
      requests[name.substr(0, name.find('s'))] +=
          p.counts.reads + p.counts.writes + p.counts.deletes;
    }
  }
  const std::string server = store_->info().location;
  const RangeColumn col = first.partition.range_column;
  std::vector<std::vector<std::string>> rows;
  // list_regions.rb keeps the regions whose server name starts with it.
  const bool on_server =
      server.compare(0, server_prefix.size(), server_prefix) == 0;
  for (const PartitionInfo& p : *parts) {
    if (!on_server) break;
    const std::string start =
        p.has_range && p.has_lower ? BoundSpecText(p.lower, col) : "";
    const std::string end =
        p.has_range && !p.upper.is_maxvalue ? BoundSpecText(p.upper, col) : "";
    const std::string name = p.name.empty() ? "p0" : p.name;
    const int64_t size = bytes[p.name];
    rows.push_back({server, spec.name + "," + start + "," + name, start, end,
                    size < 0 ? "-" : std::to_string(size / (1024 * 1024)),
                    std::to_string(requests[p.name]), "1.0"});
  }
  std::vector<size_t> widths;
  for (size_t i : columns) {
    size_t w = kRegionColumns[i].second;
    for (const auto& row : rows) w = std::max(w, row[i].size());
    widths.push_back(w);
  }
  auto line = [&](auto cell) {
    std::string out;
    for (size_t k = 0; k < columns.size(); ++k) {
      const std::string text = cell(columns[k], widths[k]);
      out += " " +
             std::string(widths[k] - std::min(widths[k], text.size()), ' ') +
             text + " |";
    }
    *out_ << out << "\n";
  };
  line([](size_t i, size_t) { return std::string(kRegionColumns[i].first); });
  line([](size_t, size_t w) { return std::string(w, '-'); });
  for (const auto& row : rows) {
    line([&](size_t i, size_t) { return row[i]; });
  }
  *out_ << " " << rows.size() << " rows\n";
  return Status::OK();
}

}  // namespace cli
}  // namespace obkvlite
