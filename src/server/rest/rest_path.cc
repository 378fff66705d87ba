// Copyright (c) obkvlite authors.
#include "server/rest/rest_path.h"

#include <limits>

namespace obkvlite {
namespace rest {
namespace {

// Splits `text` at every `sep`.
std::vector<std::string_view> Split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    const size_t at = text.find(sep, start);
    if (at == std::string_view::npos) {
      parts.push_back(text.substr(start));
      return parts;
    }
    parts.push_back(text.substr(start, at - start));
    start = at + 1;
  }
}

// A non-negative decimal timestamp.
Result<int64_t> ParseTimestamp(std::string_view text, std::string_view field) {
  if (text.empty() || text.size() > 19) {
    return Status::InvalidArgument(std::string(field) +
                                   ": expected a timestamp in ms, got '" +
                                   std::string(text.substr(0, 40)) + "'");
  }
  int64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') {
      return Status::InvalidArgument(std::string(field) +
                                     ": expected a timestamp in ms, got '" +
                                     std::string(text.substr(0, 40)) + "'");
    }
    if (v > (std::numeric_limits<int64_t>::max() - (c - '0')) / 10) {
      return Status::InvalidArgument(std::string(field) +
                                     ": timestamp out of range");
    }
    v = v * 10 + (c - '0');
  }
  if (v == std::numeric_limits<int64_t>::max()) {
    return Status::InvalidArgument(std::string(field) +
                                   ": timestamp out of range");
  }
  return v;
}

Status ParseColumns(std::string_view raw, bool decode, RowSpec* spec) {
  const std::vector<std::string_view> parts = Split(raw, ',');
  for (size_t i = 0; i < parts.size(); ++i) {
    if (parts[i].empty()) continue;  // "f:a,,f:b" and a trailing ','
    OBKV_ASSIGN_OR_RETURN(
        ColumnSpec column,
        ParseColumnSpec(parts[i], "columns[" + std::to_string(i) + "]",
                        decode));
    spec->columns.push_back(std::move(column));
  }
  return Status::OK();
}

Status ParseTimestamps(std::string_view raw, RowSpec* spec) {
  const size_t comma = raw.find(',');
  if (comma == std::string_view::npos) {
    OBKV_ASSIGN_OR_RETURN(spec->timestamp, ParseTimestamp(raw, "timestamp"));
    return Status::OK();
  }
  OBKV_ASSIGN_OR_RETURN(int64_t start,
                        ParseTimestamp(raw.substr(0, comma), "start time"));
  OBKV_ASSIGN_OR_RETURN(int64_t end,
                        ParseTimestamp(raw.substr(comma + 1), "end time"));
  if (start >= end) {
    return Status::InvalidArgument("time range: start " +
                                   std::to_string(start) +
                                   " is not before end " + std::to_string(end));
  }
  spec->start_ts = start;
  spec->end_ts = end;
  return Status::OK();
}

// The row segment and what follows it: COLS, then TS or START,END.
Status ParseRowSegments(const std::vector<std::string_view>& segs, size_t first,
                        bool decode, RowSpec* spec) {
  std::string_view raw_row = segs[first];
  if (!raw_row.empty() && raw_row.back() == '*') {
    spec->prefix_glob = true;
    raw_row.remove_suffix(1);
  }
  if (decode) {
    OBKV_ASSIGN_OR_RETURN(spec->row, PercentDecode(raw_row, "row", false));
  } else {
    spec->row = std::string(raw_row);
  }
  if (spec->row.empty() && !spec->prefix_glob) {
    return Status::InvalidArgument("row: empty row key");
  }
  if (segs.size() > first + 1) {
    OBKV_RETURN_IF_ERROR(ParseColumns(segs[first + 1], decode, spec));
  }
  if (segs.size() > first + 2) {
    OBKV_RETURN_IF_ERROR(ParseTimestamps(segs[first + 2], spec));
  }
  if (segs.size() > first + 3) {
    return Status::InvalidArgument(
        "path: unexpected segment after the timestamps: '" +
        std::string(segs[first + 3].substr(0, 40)) + "'");
  }
  return Status::OK();
}

Status ParseQuery(std::string_view query, RestTarget* target) {
  if (query.empty()) return Status::OK();
  for (std::string_view pair : Split(query, '&')) {
    if (pair.empty()) continue;
    const size_t eq = pair.find('=');
    OBKV_ASSIGN_OR_RETURN(std::string name,
                          PercentDecode(pair.substr(0, eq), "query", true));
    std::string value;
    if (eq != std::string_view::npos) {
      OBKV_ASSIGN_OR_RETURN(
          value, PercentDecode(pair.substr(eq + 1),
                               "query parameter '" + name + "'", true));
    }
    target->query.emplace_back(std::move(name), std::move(value));
  }
  return Status::OK();
}

}  // namespace

std::optional<std::string> RestTarget::Param(std::string_view name) const {
  for (const auto& p : query) {
    if (p.first == name) return p.second;
  }
  return std::nullopt;
}

std::vector<std::string> RestTarget::Params(std::string_view name) const {
  std::vector<std::string> out;
  for (const auto& p : query) {
    if (p.first == name) out.push_back(p.second);
  }
  return out;
}

Result<ColumnSpec> ParseColumnSpec(std::string_view raw, std::string_view field,
                                   bool decode) {
  // HBase's RowSpec URL-decodes the whole column, then splits it at the
  // first ':', so an encoded ':' ("cf%3Aq", as node-hbase, Python's
  // quote(safe='') and Java's URLEncoder send it) separates too.
  std::string decoded;
  if (decode) {
    OBKV_ASSIGN_OR_RETURN(decoded,
                          PercentDecode(raw, std::string(field), false));
    raw = decoded;
  }
  ColumnSpec column;
  const server::ColumnParts parts = server::SplitColumnName(raw);
  column.family = std::string(parts.family);
  if (column.family.empty()) {
    return Status::InvalidArgument(std::string(field) + ": empty family in '" +
                                   std::string(raw.substr(0, 40)) + "'");
  }
  column.whole_family = !parts.has_colon;
  column.qualifier = std::string(parts.qualifier);
  return column;
}

Result<RestTarget> ParseRestTarget(std::string_view target) {
  RestTarget out;
  if (target.empty() || target.front() != '/') {
    return Status::InvalidArgument("path: must start with '/'");
  }
  const size_t qmark = target.find('?');
  std::string_view path = target.substr(0, qmark);
  if (qmark != std::string_view::npos) {
    OBKV_RETURN_IF_ERROR(ParseQuery(target.substr(qmark + 1), &out));
  }
  path.remove_prefix(1);
  std::vector<std::string_view> segs;
  if (!path.empty()) segs = Split(path, '/');
  // "/t/row/" is "/t/row"; "/version/" is "/version".
  while (!segs.empty() && segs.back().empty()) segs.pop_back();
  if (segs.empty()) {
    out.resource = RestResource::kTableList;
    return out;
  }
  if (segs[0] == "version" && segs.size() <= 2) {
    if (segs.size() == 1 || segs[1] == "rest") {
      out.resource = RestResource::kVersion;
      return out;
    }
    if (segs[1] == "cluster") {
      out.resource = RestResource::kClusterVersion;
      return out;
    }
  }
  if (segs[0] == "status" && segs.size() == 2 && segs[1] == "cluster") {
    out.resource = RestResource::kClusterStatus;
    return out;
  }
  if (segs[0] == "namespaces" && segs.size() <= 3) {
    if (segs.size() == 1) {
      out.resource = RestResource::kNamespaces;
      return out;
    }
    OBKV_ASSIGN_OR_RETURN(out.name, PercentDecode(segs[1], "namespace", false));
    if (segs.size() == 2) {
      out.resource = RestResource::kNamespace;
      return out;
    }
    if (segs[2] == "tables") {
      out.resource = RestResource::kNamespaceTables;
      return out;
    }
    return Status::InvalidArgument("path: unknown namespace resource '" +
                                   std::string(segs[2].substr(0, 40)) + "'");
  }
  OBKV_ASSIGN_OR_RETURN(out.table, PercentDecode(segs[0], "table", false));
  if (out.table.empty()) return Status::InvalidArgument("table: empty name");
  if (segs.size() == 1) {
    out.resource = RestResource::kTable;
    return out;
  }
  const std::string_view second = segs[1];
  if (segs.size() == 2) {
    if (second == "schema")
      out.resource = RestResource::kSchema;
    else if (second == "exists")
      out.resource = RestResource::kExists;
    else if (second == "regions")
      out.resource = RestResource::kRegions;
    else if (second == "multiget")
      out.resource = RestResource::kMultiget;
    else if (second == "scanner")
      out.resource = RestResource::kScanners;
    if (out.resource != RestResource::kTableList) return out;
  }
  if (second == "scanner" && segs.size() == 3) {
    out.resource = RestResource::kScanner;
    OBKV_ASSIGN_OR_RETURN(out.name, PercentDecode(segs[2], "scanner", false));
    return out;
  }
  OBKV_RETURN_IF_ERROR(ParseRowSegments(segs, 1, true, &out.row));
  // HBase routes a path ending in '*' to TableScanResource, and one with
  // segments after a glob row to RowResource (suffix globbing).
  out.resource = out.row.prefix_glob && segs.size() == 2
                     ? RestResource::kTableScan
                     : RestResource::kRow;
  return out;
}

Result<RowSpec> ParseMultigetRow(std::string_view value) {
  RowSpec spec;
  const std::vector<std::string_view> segs = Split(value, '/');
  OBKV_RETURN_IF_ERROR(ParseRowSegments(segs, 0, false, &spec));
  if (spec.prefix_glob) {
    // A multiget names rows; '*' is part of the key.
    spec.row += '*';
    spec.prefix_glob = false;
  }
  return spec;
}

}  // namespace rest
}  // namespace obkvlite
