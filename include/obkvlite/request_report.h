// Copyright (c) obkvlite authors.
//
// The request report (`obkv stats`, exec op "stats", `analyze
// --requests`): a family's request statistics (obkvlite/request_stats.h)
// turned into hotspot figures from real traffic, as seed 004 §4 reads a
// region server's request counts:
//
//   - per partition: reads, writes, deletes (requests = all three), rows
//     and cells read, cells and bytes written; its share of the requests,
//     requests / average, and HOT at >= 3x the average;
//   - the spread (seed 002 §4.1): standard deviation and max/avg of the
//     requests per partition;
//   - node balance under OceanBase's placement (node partition counts
//     differ by at most 1; seed 003), with requests per node;
//   - a heatmap of partitions x time buckets of requests, drawn by the same
//     renderer as the key heatmap (RenderRequestHeatmapSvg).
//
// Every partition of the family has an entry, idle ones included.
//
// Thread safety: plain values and pure functions.

#ifndef OBKVLITE_REQUEST_REPORT_H_
#define OBKVLITE_REQUEST_REPORT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/analyze.h"
#include "obkvlite/request_stats.h"
#include "obkvlite/spec.h"
#include "obkvlite/status.h"

namespace obkvlite {

struct PartitionRequests {
  // index, name ("p3"), table ("t$f$p3"); keys holds the requests, ratio
  // is requests / average and hot says ratio >= hot factor.
  PartitionLoad load;
  RequestCounts counts;
  double share = 0;  // requests / all requests of the family
};

struct RequestReport {
  std::string table;
  std::string family;
  std::string partitioning;  // e.g. "KEY(K) PARTITIONS 97"
  int64_t since_ms = 0;      // the buckets selected: [since_ms, until_ms)
  int64_t until_ms = 0;
  RequestCounts total;
  double average = 0;  // requests per partition
  double stddev = 0;   // population standard deviation of the requests
  int64_t max = 0;
  double max_over_average = 0;
  double hot_factor = 3.0;
  std::vector<PartitionRequests> partitions;  // by index, every partition
  // keys_per_node / load_imbalance hold requests per node.
  std::optional<NodeBalance> balance;
  // Requests per partition and time bucket (by_time; empty without
  // requests).
  Heatmap heatmap;

  // Indexes of the HOT partitions, ascending.
  std::vector<int> HotPartitions() const;
};

struct RequestReportOptions {
  int nodes = 0;  // 0: no node balance
  double hot_factor = 3.0;
  int time_buckets = 60;  // heatmap columns at most, 1..1000
  // The statistics' bucket width, the narrowest heatmap column; 0: the
  // greatest common divisor of the buckets' distances (one minute with one
  // bucket).
  int64_t bucket_ms = 0;
  int64_t since_ms = 0;          // echoed in the report
  int64_t until_ms = INT64_MAX;  // echoed in the report
};

// The report of family `family` (the first when empty) of `spec` over
// `buckets` (Store::RequestStats; buckets of other families are ignored).
// Errors: unknown family, nodes < 0, time_buckets outside 1..1000,
// hot_factor not above 0, a bucket's partition outside the family's.
Result<RequestReport> BuildRequestReport(
    const TableSpec& spec, std::string_view family,
    const std::vector<RequestStatsBucket>& buckets,
    const RequestReportOptions& options);

// Partitions hot by data (AnalysisReport: keys per partition), by traffic
// (RequestReport: requests per partition), or both (`obkv analyze
// --requests`). Indexes ascending.
struct HotComparison {
  std::vector<int> by_data;     // hot by data only
  std::vector<int> by_traffic;  // hot by traffic only
  std::vector<int> both;
};

// Compares the two reports of one family. InvalidArgument naming
// "--requests" when they do not count the same partitions (a SPEC that
// partitions differently from the store).
Result<HotComparison> CompareHotPartitions(const AnalysisReport& keys,
                                           const RequestReport& requests);

// "hot by data and traffic: p3; by data only: none; by traffic only: p5"
// with each partition's keys and requests x average.
std::string RenderHotComparisonText(const HotComparison& comparison,
                                    const AnalysisReport& keys,
                                    const RequestReport& requests);

// {"analysis": RenderReportJson, "requests": RenderRequestReportJson,
//  "hot": {"both": [...], "by_data": [...], "by_traffic": [...]}}
std::string RenderHotComparisonJson(const HotComparison& comparison,
                                    const AnalysisReport& keys,
                                    const RequestReport& requests);

// A time for a report's since/until: integer ms since the epoch, or
// ISO-8601 UTC: "2024-10-15", "2024-10-15T08:30", "2024-10-15T08:30:00",
// with optional ".mmm" and a "Z" (or "+00:00") suffix. Anything else is an
// InvalidArgument naming `field`.
Result<int64_t> ParseTimeMs(std::string_view text, std::string_view field);

// `ms` since the epoch as ISO-8601 UTC, "2024-10-15T08:30:00Z" (with
// ".mmm" when not a whole second): what ParseTimeMs reads back.
std::string FormatTimeMs(int64_t ms);

// Terminal text: summary, spread, partition table, node balance.
std::string RenderRequestReportText(const RequestReport& report);
// One JSON object (one line): {"table", "family", "partitioning", "since",
// "until", totals, "average", "stddev", "max", "max_over_average",
// "hot_factor", "hot": [indexes], "partitions": [{"index", "name",
// "reads", "rows_read", "cells_read", "writes", "cells_written",
// "bytes_written", "deletes", "requests", "share", "ratio", "hot"}],
// "nodes" (with node balance), "heatmap"}.
std::string RenderRequestReportJson(const RequestReport& report);
// The request heatmap as SVG: the key heatmap's renderer
// (RenderHeatmapSvg), rows partitions, columns time buckets, colour
// requests per cell; HOT partitions marked.
std::string RenderRequestHeatmapSvg(const RequestReport& report);

}  // namespace obkvlite

#endif  // OBKVLITE_REQUEST_REPORT_H_
