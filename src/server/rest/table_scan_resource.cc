// Copyright (c) obkvlite authors.
//
// HBase REST's stateless table scan, GET /T/PREFIX* (TableResource's
// scanspec, answered by TableScanResource), with HBase's query parameters:
//   startrow, endrow  the rows [startrow, endrow); startrow "" starts at
//                     the prefix
//   column            repeated: "f" a family, "f:q" a column, "f:" the
//                     empty qualifier (spaces around it trimmed)
//   maxversions       versions a column returns (1)
//   batchsize         cells a row part holds at most (<= 0: whole rows)
//   starttime, endtime  the time range [starttime, endtime) (0, Long.MAX)
//   reversed          "true" (any case) scans downward (false)
//   filter            a filter-language string ("" none)
//   limit             results (rows, or row parts with batchsize) at most;
//                     none at all when <= 0 (Integer.MAX_VALUE)
//   cacheblocks       read by HBase's block cache only: no effect here
// The rows are those with the path's prefix. HBase 2.x adds its
// PrefixFilter only beside a ?filter, so without one its scan runs on
// past the prefix to endrow; here the path's prefix always bounds it.
// The answer holds at most RestOptions::max_response_cells cells (400
// past it, as a row GET). With batchsize, the parts of one row are merged
// into one Row of the CellSet, as the scanner resource's batches are;
// HBase's TableScanResource writes each part as a Row of its own.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/common/column_rules.h"
#include "server/rest/cell_set.h"
#include "server/rest/json_body.h"
#include "server/rest/rest_handlers.h"
#include "util/ascii_case.h"

namespace obkvlite {
namespace rest {
namespace {

constexpr int64_t kIntMin = std::numeric_limits<int32_t>::min();
constexpr int64_t kIntMax = std::numeric_limits<int32_t>::max();
constexpr int64_t kLongMax = std::numeric_limits<int64_t>::max();

// Rows per CellSet of the protobuf stream (hbase.rest.scan.fetchsize).
constexpr size_t kFetchSize = 10;

// Query parameter `name` as an integer in [min, max], `fallback` without it.
Result<int64_t> IntParam(const RestContext& ctx, const char* name,
                         int64_t fallback, int64_t min, int64_t max) {
  std::optional<std::string> v = ctx.target.Param(name);
  if (!v) return fallback;
  return ParseIntText(*v, name, min, max);
}

// Query parameter `name` as Java's Boolean.valueOf reads it.
bool BoolParam(const RestContext& ctx, const char* name) {
  std::optional<std::string> v = ctx.target.Param(name);
  return v && AsciiLower(*v) == "true";
}

std::string_view Trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// The scan the path and the query parameters ask for, and in *limit the
// results to return at most.
Result<Scan> TableScanOf(const RestContext& ctx, const TableSpec& spec,
                         int64_t* limit) {
  Scan scan;
  scan.prefix = ctx.target.row.row;
  scan.start_row = ctx.target.Param("startrow").value_or("");
  scan.stop_row = ctx.target.Param("endrow").value_or("");
  OBKV_ASSIGN_OR_RETURN(int64_t versions,
                        IntParam(ctx, "maxversions", 1, 1, kIntMax));
  scan.max_versions = static_cast<int>(versions);
  OBKV_ASSIGN_OR_RETURN(int64_t batch,
                        IntParam(ctx, "batchsize", -1, kIntMin, kIntMax));
  scan.batch = static_cast<int>(std::max<int64_t>(batch, 0));
  OBKV_ASSIGN_OR_RETURN(scan.time_range.min_ms,
                        IntParam(ctx, "starttime", 0, 0, kLongMax));
  OBKV_ASSIGN_OR_RETURN(scan.time_range.max_ms,
                        IntParam(ctx, "endtime", kLongMax, 0, kLongMax));
  if (scan.time_range.max_ms < scan.time_range.min_ms) {
    return Status::InvalidArgument("endtime: must be at least starttime (" +
                                   std::to_string(scan.time_range.min_ms) +
                                   "), got " +
                                   std::to_string(scan.time_range.max_ms));
  }
  for (const std::string& raw : ctx.target.Params("column")) {
    const std::string_view text = Trimmed(raw);
    if (text.empty()) continue;  // HBase skips an empty column
    OBKV_ASSIGN_OR_RETURN(ColumnSpec column,
                          ParseColumnSpec(text, "column", false));
    OBKV_RETURN_IF_ERROR(
        server::AddToProjection(spec, column, &scan.families, &scan.columns));
  }
  scan.reversed = BoolParam(ctx, "reversed");
  scan.filter = ctx.target.Param("filter").value_or("");
  OBKV_ASSIGN_OR_RETURN(*limit,
                        IntParam(ctx, "limit", kIntMax, kIntMin, kIntMax));
  return scan;
}

// ProtobufStreamingOutput: kFetchSize rows per CellSet, each written after
// Bytes.toBytes((short) size); no rows, no bytes.
std::string ProtobufStream(const std::vector<RowResult>& rows) {
  std::string out;
  for (size_t first = 0; first < rows.size(); first += kFetchSize) {
    const size_t last = std::min(first + kFetchSize, rows.size());
    const std::string chunk = RenderCellSet(
        MediaType::kProtobuf,
        std::vector<RowResult>(rows.begin() + first, rows.begin() + last));
    out += static_cast<char>((chunk.size() >> 8) & 0xff);
    out += static_cast<char>(chunk.size() & 0xff);
    out += chunk;
  }
  return out;
}

}  // namespace

HttpResponse GetTableScan(const RestContext& ctx) {
  HttpResponse refused;
  std::optional<MediaType> type = ResponseType(ctx, kCellTypes, &refused);
  if (!type) return refused;
  Result<Table*> table = TargetTable(ctx);
  if (!table.ok()) return ErrorResponse(table.status());
  int64_t limit = 0;
  Result<Scan> scan = TableScanOf(ctx, (*table)->spec(), &limit);
  if (!scan.ok()) return ErrorResponse(ctx, "scan", scan.status());
  std::vector<RowResult> rows;
  if (limit > 0) {
    Result<std::unique_ptr<Scanner>> scanner = (*table)->GetScanner(*scan);
    if (!scanner.ok()) return ErrorResponse(ctx, "scan", scanner.status());
    const int64_t max_cells = ctx.options.max_response_cells;
    int64_t cells = 0;
    RowResult row;
    while (static_cast<int64_t>(rows.size()) < limit &&
           (*scanner)->Next(&row)) {
      cells += static_cast<int64_t>(row.cells.size());
      if (cells > max_cells) return ErrorResponse(TooManyCells(max_cells));
      rows.push_back(std::move(row));
    }
    if (!(*scanner)->status().ok()) {
      return ErrorResponse(ctx, "scan", (*scanner)->status());
    }
  }
  if (*type == MediaType::kProtobuf) {
    return Body(*type, ProtobufStream(rows));
  }
  return Body(*type, RenderCellSet(*type, rows));
}

}  // namespace rest
}  // namespace obkvlite
