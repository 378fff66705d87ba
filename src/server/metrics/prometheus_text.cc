// Copyright (c) obkvlite authors.
#include "server/metrics/prometheus_text.h"

#include <cstdio>
#include <map>
#include <tuple>
#include <vector>

#include "obkvlite/bytes.h"
#include "obkvlite/hot_keys.h"
#include "server/metrics/operation_metrics.h"

namespace obkvlite {
namespace metrics {
namespace {

// Keys per (table, type) on /metrics (the HELP text says 10): a bound on
// the label cardinality.
constexpr int kMetricsHotKeys = 10;

std::string Double(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

void Header(std::string* out, const std::string& name, const char* type,
            const char* help) {
  *out +=
      "# HELP " + name + " " + help + "\n# TYPE " + name + " " + type + "\n";
}

struct PartitionKey {
  std::string table, family;
  int partition;
  bool operator<(const PartitionKey& o) const {
    return std::tie(table, family, partition) <
           std::tie(o.table, o.family, o.partition);
  }
};

}  // namespace

std::string EscapeLabelValue(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '"') {
      out += "\\\"";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

std::string RenderPrometheus(Store* store, const RequestMetrics& metrics,
                             const ServerGauges& gauges) {
  const StoreInfo& info = store->info();
  const std::string engine = "engine=\"" + EscapeLabelValue(info.engine) + "\"";
  std::string out;
  Header(&out, "obkv_store_info", "gauge",
         "The store's engine and its version (always 1).");
  out += "obkv_store_info{" + engine + ",version=\"" +
         EscapeLabelValue(info.version) + "\"} 1\n";

  std::map<PartitionKey, RequestCounts> counts;
  int64_t errors = 0;
  for (const std::string& table : store->ListTables()) {
    Result<std::vector<RequestStatsBucket>> buckets =
        store->RequestStats(table, RequestStatsQuery());
    if (!buckets.ok()) {
      ++errors;
      continue;
    }
    for (const RequestStatsBucket& b : *buckets) {
      counts[{table, b.family, b.partition}] += b.counts;
    }
  }
  auto labels = [&engine](const PartitionKey& k) {
    return engine + ",table=\"" + EscapeLabelValue(k.table) + "\",family=\"" +
           EscapeLabelValue(k.family) + "\",partition=\"" +
           std::to_string(k.partition) + "\"";
  };
  Header(&out, "obkv_partition_requests_total", "counter",
         "Requests each partition served, by kind (read, write, delete).");
  for (const auto& [k, c] : counts) {
    const std::string l = labels(k);
    out += "obkv_partition_requests_total{" + l + ",kind=\"read\"} " +
           std::to_string(c.reads) + "\n";
    out += "obkv_partition_requests_total{" + l + ",kind=\"write\"} " +
           std::to_string(c.writes) + "\n";
    out += "obkv_partition_requests_total{" + l + ",kind=\"delete\"} " +
           std::to_string(c.deletes) + "\n";
  }
  Header(&out, "obkv_partition_cells_total", "counter",
         "Cells each partition returned (read) or stored (written).");
  for (const auto& [k, c] : counts) {
    const std::string l = labels(k);
    out += "obkv_partition_cells_total{" + l + ",kind=\"read\"} " +
           std::to_string(c.cells_read) + "\n";
    out += "obkv_partition_cells_total{" + l + ",kind=\"written\"} " +
           std::to_string(c.cells_written) + "\n";
  }
  Header(&out, "obkv_partition_bytes_written_total", "counter",
         "Row key, qualifier and value bytes written to each partition.");
  for (const auto& [k, c] : counts) {
    out += "obkv_partition_bytes_written_total{" + labels(k) + "} " +
           std::to_string(c.bytes_written) + "\n";
  }
  Header(&out, "obkv_hotkey_requests_total", "counter",
         "Requests of each table's hottest row keys, by OBKV hot-key type "
         "(the top 10 per type; an upper bound, at most obkv_hotkey_error "
         "above the true count).");
  std::string hot_errors;
  for (const std::string& table : store->ListTables()) {
    Result<std::vector<HotKeyStats>> hot =
        store->HotKeys(table, kMetricsHotKeys);
    if (!hot.ok()) {
      ++errors;
      continue;
    }
    for (const HotKeyStats& stats : *hot) {
      const std::string l = engine + ",table=\"" + EscapeLabelValue(table) +
                            "\",type=\"" + HotKeyTypeName(stats.type) + "\"";
      for (const HotKey& key : stats.keys) {
        out += "obkv_hotkey_requests_total{" + l + ",key=\"" +
               EscapeLabelValue(ToStringBinary(key.row)) + "\"} " +
               std::to_string(key.count) + "\n";
      }
      hot_errors +=
          "obkv_hotkey_error{" + l + "} " + std::to_string(stats.floor) + "\n";
    }
  }
  Header(&out, "obkv_hotkey_error", "gauge",
         "Most a listed hot key's count exceeds its true count, and most "
         "requests a key not listed had, per table and type.");
  out += hot_errors;
  Header(&out, "obkv_compat_findings_total", "counter",
         "Operations OBKV-HBase would refuse or answer differently, by "
         "table, operation and doc/obkv-compat.md row (obkv compat).");
  Result<std::vector<CompatFinding>> findings = store->CompatFindings();
  if (findings.ok()) {
    for (const CompatReportLine& line : SummarizeCompatFindings(*findings)) {
      out += "obkv_compat_findings_total{" + engine + ",table=\"" +
             EscapeLabelValue(line.table) + "\",operation=\"" +
             EscapeLabelValue(line.operation) + "\",rule=\"" + line.rule +
             "\"} " + std::to_string(line.count) + "\n";
    }
  } else {
    ++errors;
  }
  Result<std::vector<OperationStatsLine>> operations = store->OperationStats();
  if (operations.ok()) {
    AppendOperationHistograms(*operations, engine, &out);
  } else {
    ++errors;
  }
  const GroupCommitStats group = store->group_commit_stats();
  Header(&out, "obkv_group_commits_total", "counter",
         "Transactions group commit ran, a group of one write included "
         "(doc/durability.md).");
  out += "obkv_group_commits_total{" + engine + "} " +
         std::to_string(group.groups) + "\n";
  Header(&out, "obkv_group_commit_writes_total", "counter",
         "Writes those transactions committed; over "
         "obkv_group_commits_total, the mean group.");
  out += "obkv_group_commit_writes_total{" + engine + "} " +
         std::to_string(group.writes) + "\n";
  Header(&out, "obkv_group_commit_largest", "gauge",
         "Writes in the largest group since the store opened.");
  out += "obkv_group_commit_largest{" + engine + "} " +
         std::to_string(group.largest) + "\n";
  Header(&out, "obkv_metrics_errors_total", "counter",
         "Tables whose statistics could not be read for this scrape.");
  out += "obkv_metrics_errors_total " + std::to_string(errors) + "\n";

  const std::map<std::string, OperationStats> ops = metrics.Operations();
  const std::string g = std::string("obkv_") + gauges.gateway + "_";
  const bool http = std::string(gauges.gateway) == "rest";
  Header(&out, g + "requests_total", "counter",
         http ? "HTTP requests answered, by operation and status code."
              : "Calls answered, by method and code (200, or the HTTP "
                "status HBase's REST gateway gives the same failure).");
  for (const auto& [name, op] : ops) {
    for (const auto& [code, n] : op.by_status) {
      out += g + "requests_total{operation=\"" + name + "\",code=\"" +
             std::to_string(code) + "\"} " + std::to_string(n) + "\n";
    }
  }
  Header(&out, g + "request_duration_seconds", "histogram",
         "Time to answer a request, by operation.");
  for (const auto& [name, op] : ops) {
    int64_t cumulative = 0;
    for (size_t b = 0; b <= kLatencyBuckets.size(); ++b) {
      cumulative += op.buckets[b];
      const std::string le =
          b < kLatencyBuckets.size() ? Double(kLatencyBuckets[b]) : "+Inf";
      out += g + "request_duration_seconds_bucket{operation=\"" + name +
             "\",le=\"" + le + "\"} " + std::to_string(cumulative) + "\n";
    }
    out += g + "request_duration_seconds_sum{operation=\"" + name + "\"} " +
           Double(op.seconds_sum) + "\n";
    out += g + "request_duration_seconds_count{operation=\"" + name + "\"} " +
           std::to_string(op.count) + "\n";
  }
  Header(&out, g + "open_scanners", "gauge", "Scanners open now.");
  out += g + "open_scanners{" + engine + "} " +
         std::to_string(gauges.open_scanners) + "\n";
  Header(&out, g + "expired_scanners_total", "counter",
         "Scanners closed because they sat idle.");
  out += g + "expired_scanners_total " +
         std::to_string(gauges.expired_scanners) + "\n";
  Header(&out, g + "connections", "gauge",
         http ? "HTTP connections being served now."
              : "Connections being served now.");
  out += g + "connections " + std::to_string(metrics.connections()) + "\n";
  Header(&out, g + "uptime_seconds", "gauge",
         "Seconds since the server started.");
  out += g + "uptime_seconds " + Double(metrics.UptimeSeconds()) + "\n";
  return out;
}

}  // namespace metrics
}  // namespace obkvlite
