// Copyright (c) obkvlite authors.
#include "server/web/ui_pages.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <vector>

#include "obkvlite/analyze.h"
#include "obkvlite/bytes.h"
#include "obkvlite/ddl.h"
#include "obkvlite/hot_keys.h"
#include "obkvlite/request_report.h"
#include "server/common/percent_decode.h"
#include "server/common/server_version.h"
#include "util/xml_escape.h"

namespace obkvlite {
namespace web {
namespace {

using server::HttpResponse;

constexpr const char* kStyle =
    "body{font-family:sans-serif;margin:1.5em;color:#222}"
    // A table or figure wider than the window scrolls by itself: the page
    // keeps its width, and an SVG its size (shrunk, its text was 5 px at
    // 600 px).
    "table{border-collapse:collapse;margin:.5em 0 1.5em;display:block;"
    "overflow-x:auto;max-width:100%}"
    "th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left}"
    "td.n{text-align:right;font-variant-numeric:tabular-nums}"
    "th{background:#f0f0f0}"
    "tr.hot td{background:#e6f7ff}"
    "span.hot{color:#fff;background:#00b4ff;font-weight:bold;"
    "padding:0 .35em;border-radius:3px}"
    "pre{background:#f7f7f7;border:1px solid #ddd;padding:.6em;"
    "overflow-x:auto}"
    "nav a{margin-right:1em}"
    "figure{margin:0 0 1.5em;overflow-x:auto}figure svg{max-width:none}";

std::string Page(const UiContext& ctx, const std::string& title,
                 const std::string& body) {
  return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<meta http-equiv=\"refresh\" content=\"" +
         std::to_string(ctx.refresh_seconds) + "\"><title>" + XmlEscape(title) +
         "</title><style>" + kStyle +
         "</style></head><body><nav><a href=\"/ui\">Tables</a>"
         "<a href=\"/ui/status\">Status</a><a href=\"/metrics\">Metrics</a>"
         "</nav><h1>" +
         XmlEscape(title) + "</h1>" + body + "</body></html>";
}

HttpResponse Html(int status, std::string html) {
  HttpResponse r;
  r.status = status;
  r.content_type = "text/html; charset=utf-8";
  r.body = std::move(html);
  return r;
}

std::string Td(const std::string& text) {
  return "<td>" + XmlEscape(text) + "</td>";
}
std::string TdNum(int64_t v) {
  return "<td class=\"n\">" + std::to_string(v) + "</td>";
}
std::string TdNum(double v, const char* format) {
  char buf[48];
  std::snprintf(buf, sizeof buf, format, v);
  return std::string("<td class=\"n\">") + buf + "</td>";
}

std::string BoundText(const RangeBound& b, RangeColumn column) {
  if (b.is_maxvalue) return "MAXVALUE";
  return column == RangeColumn::kG ? std::to_string(b.ts_ms)
                                   : ToStringBinary(b.key);
}

// An SVG document as an inline element: without its XML declaration.
std::string InlineSvg(const std::string& svg) {
  const size_t at = svg.find("<svg");
  return at == std::string::npos ? svg : svg.substr(at);
}

Result<RequestReport> FamilyReport(Store* store, const TableSpec& spec,
                                   const std::string& family) {
  RequestStatsQuery query;
  query.family = family;
  OBKV_ASSIGN_OR_RETURN(std::vector<RequestStatsBucket> buckets,
                        store->RequestStats(spec.name, query));
  return BuildRequestReport(spec, family, buckets, RequestReportOptions());
}

int64_t StoredCells(const std::vector<PartitionInfo>& parts) {
  int64_t n = 0;
  for (const PartitionInfo& p : parts) n += p.cells;
  return n;
}

// The partitions' stored bytes added up; -1 when one is unknown.
int64_t StoredBytes(const std::vector<PartitionInfo>& parts) {
  int64_t n = 0;
  for (const PartitionInfo& p : parts) {
    if (p.bytes < 0) return -1;
    n += p.bytes;
  }
  return n;
}

// A stored size: the number, or "?" where the engine cannot tell.
std::string TdBytes(int64_t bytes) {
  return bytes >= 0 ? TdNum(bytes) : "<td class=\"n\">?</td>";
}

PartitionListOptions WithSizes() {
  PartitionListOptions options;
  options.sizes = true;
  return options;
}

// The store's compatibility findings (obkvlite/compat.h): what OBKV-HBase
// would refuse or answer differently, as `obkv compat` lists it.
std::string CompatSection(const UiContext& ctx) {
  std::string body =
      "<h2>OBKV-HBase compatibility findings</h2><table id=\"compat\"><tr>"
      "<th>Table</th><th>Operation</th><th>Rule</th><th>Count</th>"
      "<th>Surfaces</th><th>Last seen</th><th>Reason</th><th>OBKV</th></tr>";
  Result<std::vector<CompatFinding>> findings = ctx.store->CompatFindings();
  if (!findings.ok()) {
    return body + "</table><p>" + XmlEscape(findings.status().ToString()) +
           "</p>";
  }
  const std::vector<CompatReportLine> lines =
      SummarizeCompatFindings(*findings);
  for (const CompatReportLine& line : lines) {
    body += "<tr class=\"finding\">" + Td(line.table) + Td(line.operation) +
            Td(line.rule) + TdNum(line.count) + Td(CompatSurfaceCounts(line)) +
            Td(FormatTimeMs(line.last_seen_ms)) + Td(line.reason) +
            Td(line.obkv_error) + "</tr>";
  }
  body += "</table>";
  if (lines.empty()) {
    body +=
        "<p id=\"compat-none\">No findings: nothing this store served "
        "would be refused or answered differently by OBKV-HBase.</p>";
  }
  return body;
}

HttpResponse IndexPage(const UiContext& ctx) {
  const StoreInfo& info = ctx.store->info();
  std::string body = "<table id=\"store\">";
  body += "<tr><th>Engine</th>" + Td(info.engine) + "</tr>";
  body += "<tr><th>Engine version</th>" + Td(info.version) + "</tr>";
  body += "<tr><th>Server</th>" + Td("obkvlite " + server::ObkvliteVersion()) +
          "</tr>";
  body += "<tr><th>Store</th>" + Td(info.location) + "</tr>";
  body += "<tr><th>Listening</th>" + Td(ctx.listen) + "</tr>";
  body += "<tr><th>Mode</th>" + Td(ctx.read_only ? "read-only" : "read-write") +
          "</tr></table>";
  body +=
      "<h2>Tables</h2><table id=\"tables\"><tr><th>Table</th><th>Family</th>"
      "<th>Partitioning</th><th>Partitions</th><th>Cells</th><th>Bytes</th>"
      "</tr>";
  for (const std::string& name : ctx.store->ListTables()) {
    Result<Table*> table = ctx.store->GetTable(name);
    if (!table.ok()) continue;
    const TableSpec& spec = (*table)->spec();
    for (const FamilySpec& f : spec.families) {
      Result<std::vector<PartitionInfo>> parts =
          ctx.store->ListPartitions(name, f.name, WithSizes());
      Result<RequestReport> report =
          BuildRequestReport(spec, f.name, {}, RequestReportOptions());
      body += "<tr class=\"table\" data-table=\"" + XmlEscape(name) +
              "\"><td><a href=\"/ui/table/" + XmlEscape(name) + "\">" +
              XmlEscape(name) + "</a></td>" + Td(f.name) +
              Td(report.ok() ? report->partitioning : "") +
              TdNum(static_cast<int64_t>(f.partition.PhysicalCount())) +
              (parts.ok()
                   ? TdNum(StoredCells(*parts)) + TdBytes(StoredBytes(*parts))
                   : Td("?") + Td("?")) +
              "</tr>";
    }
  }
  body += "</table>";
  body += CompatSection(ctx);
  return Html(200, Page(ctx, "obkvlite store", body));
}

// The key heatmap of `family`: its stored row keys through the key
// analyzer, each once at the time of its newest cell, from the first
// cells stored (at most the context's limit; `*read` counts them, `*keys`
// the distinct row keys among them).
std::string KeyHeatmap(const UiContext& ctx, const TableSpec& spec,
                       const std::string& family, int64_t* read,
                       int64_t* keys) {
  Result<std::unique_ptr<KeyAnalyzer>> analyzer =
      KeyAnalyzer::Create(spec, family, AnalyzeOptions());
  if (!analyzer.ok()) return "";
  const int64_t limit = ctx.key_heatmap_max_cells;
  // A row's cells come together (each partition in row key order).
  std::string key;
  int64_t newest = 0;
  bool pending = false;
  auto add_pending = [&] {
    // A key the analyzer cannot route is skipped; the picture shows the
    // others.
    if (pending) (*analyzer)->Add(key, newest).ok();
    if (pending) ++*keys;
    pending = false;
  };
  Status st = ctx.store->ForEachStoredRow(spec.name, family,
                                          [&](const StoredRow& row) -> Status {
                                            if (*read >= limit)
                                              return Status::Busy("limit");
                                            ++*read;
                                            const int64_t ts = -row.t;
                                            if (pending && row.key == key) {
                                              newest = std::max(newest, ts);
                                              return Status::OK();
                                            }
                                            add_pending();
                                            key = row.key;
                                            newest = ts;
                                            pending = true;
                                            return Status::OK();
                                          });
  if (!st.ok() && *read < limit) return "";
  add_pending();
  return RenderHeatmapSvg((*analyzer)->Finish());
}

std::string FamilySection(const UiContext& ctx, const TableSpec& spec,
                          const FamilySpec& family) {
  std::string out = "<h2 id=\"family-" + XmlEscape(family.name) + "\">Family " +
                    XmlEscape(family.name) + "</h2>";
  Result<RequestReport> report = FamilyReport(ctx.store, spec, family.name);
  Result<std::vector<PartitionInfo>> parts =
      ctx.store->ListPartitions(spec.name, family.name, WithSizes());
  if (!report.ok() || !parts.ok()) {
    return out + "<p class=\"error\">" +
           XmlEscape(
               (report.ok() ? parts.status() : report.status()).ToString()) +
           "</p>";
  }
  const PartitionSpec& ps = family.partition;
  const int subparts = ps.SubpartitionCount();
  char summary[160];
  std::snprintf(summary, sizeof summary,
                "%" PRId64
                " requests; average %.1f per partition, max/avg "
                "%.2f; HOT at &gt;= %.0fx the average",
                report->total.requests(), report->average,
                report->max_over_average, report->hot_factor);
  out += "<p>" + XmlEscape(report->partitioning) + ". " + summary + ".</p>";
  out += "<table class=\"partitions\" data-family=\"" + XmlEscape(family.name) +
         "\"><tr><th>Partition</th><th>Table</th><th>Bounds</th>"
         "<th>Cells stored</th><th>Bytes "
         "stored</th><th>Reads</th><th>Writes</th><th>Deletes</th>"
         "<th>Cells read</th><th>Cells written</th><th>Share</th>"
         "<th>x avg</th><th></th></tr>";
  for (const PartitionRequests& p : report->partitions) {
    const int first = p.load.index / std::max(1, subparts);
    const PartitionInfo* info =
        first < static_cast<int>(parts->size()) ? &(*parts)[first] : nullptr;
    std::string bounds;
    if (info != nullptr && info->has_range) {
      bounds = "[" +
               (info->has_lower ? BoundText(info->lower, ps.range_column)
                                : std::string("MINVALUE")) +
               ", " + BoundText(info->upper, ps.range_column) + ")";
    }
    out += "<tr class=\"partition" + std::string(p.load.hot ? " hot" : "") +
           "\" data-partition=\"" + std::to_string(p.load.index) + "\"" +
           (p.load.hot ? " data-hot=\"true\"" : "") + ">" +
           Td(p.load.name.empty() ? "(one table)" : p.load.name) +
           Td(p.load.table) + Td(bounds) +
           (subparts == 1 && info != nullptr
                ? TdNum(info->cells) + TdBytes(info->bytes)
                : Td("") + Td("")) +
           TdNum(p.counts.reads) + TdNum(p.counts.writes) +
           TdNum(p.counts.deletes) + TdNum(p.counts.cells_read) +
           TdNum(p.counts.cells_written) + TdNum(p.share * 100, "%.1f%%") +
           TdNum(p.load.ratio, "%.2f") + "<td>" +
           (p.load.hot ? "<span class=\"hot\">HOT</span>" : "") + "</td></tr>";
  }
  out += "</table>";
  out +=
      "<figure class=\"heatmap requests\"><figcaption>Requests per "
      "partition over time</figcaption>" +
      InlineSvg(RenderRequestHeatmapSvg(*report)) + "</figure>";
  int64_t read = 0;
  int64_t key_count = 0;
  const std::string keys =
      KeyHeatmap(ctx, spec, family.name, &read, &key_count);
  if (!keys.empty()) {
    out +=
        "<figure class=\"heatmap keys\"><figcaption>Stored row keys per "
        "partition, each at the time of its newest cell (" +
        std::to_string(key_count) + " keys in " + std::to_string(read) +
        (read >= ctx.key_heatmap_max_cells ? " cells, the first ones"
                                           : " cells") +
        ")</figcaption>" + InlineSvg(keys) + "</figure>";
  }
  return out;
}

// The table's hot keys (obkvlite/hot_keys.h): the 10 highest counts per
// type, as `obkv stats TABLE --keys` lists them.
std::string HotKeySection(const UiContext& ctx, const std::string& table) {
  std::string body =
      "<h2>Hot keys</h2><table id=\"hotkeys\"><tr><th>Type</th><th>Rank</th>"
      "<th>Row</th><th>Requests</th><th>Error</th></tr>";
  Result<std::vector<HotKeyStats>> hot = ctx.store->HotKeys(table, 10);
  if (!hot.ok()) {
    return body + "</table><p>" + XmlEscape(hot.status().ToString()) + "</p>";
  }
  std::string totals;
  for (const HotKeyStats& stats : *hot) {
    int rank = 0;
    for (const HotKey& key : stats.keys) {
      body += "<tr class=\"hotkey\">" + Td(HotKeyTypeObkvName(stats.type)) +
              TdNum(++rank) + Td(ToStringBinary(key.row)) + TdNum(key.count) +
              TdNum(key.error) + "</tr>";
    }
    totals += "<li>" + std::string(HotKeyTypeObkvName(stats.type)) + ": " +
              std::to_string(stats.requests) +
              " requests; a key not listed had at most " +
              std::to_string(stats.floor) + "</li>";
  }
  return body + "</table><ul id=\"hotkey-totals\">" + totals + "</ul>";
}

HttpResponse TablePage(const UiContext& ctx, const std::string& name) {
  Result<Table*> table = ctx.store->GetTable(name);
  if (!table.ok()) {
    return Html(table.status().IsNotFound() ? 404 : 503,
                Page(ctx, "Table " + name,
                     "<p>" + XmlEscape(table.status().ToString()) + "</p>"));
  }
  const TableSpec& spec = (*table)->spec();
  std::string body =
      "<p>" + std::string(spec.disabled ? "DISABLED" : "ENABLED") +
      ", layout " +
      (spec.layout == Layout::kTimeseries ? "timeseries" : "normal") + ", " +
      std::to_string(spec.families.size()) + " families.</p>";
  for (const FamilySpec& f : spec.families) body += FamilySection(ctx, spec, f);
  body += HotKeySection(ctx, spec.name);
  std::string pretty = spec.json;
  try {
    pretty = nlohmann::json::parse(spec.json).dump(2);
  } catch (const nlohmann::json::exception&) {
  }
  body += "<h2>Spec</h2><pre id=\"spec\">" + XmlEscape(pretty) + "</pre>";
  body += "<h2>OceanBase DDL</h2><pre id=\"ddl\">" +
          XmlEscape(GenerateDdl(spec, DdlDialect::kOceanBase)) + "</pre>";
  return Html(200, Page(ctx, "Table " + name, body));
}

HttpResponse StatusPage(const UiContext& ctx) {
  const metrics::RequestMetrics& m = *ctx.metrics;
  std::string body = "<table id=\"server\">";
  body += "<tr><th>Uptime</th>" + TdNum(m.UptimeSeconds(), "%.0f s") + "</tr>";
  body += "<tr><th>Open scanners</th>" +
          TdNum(static_cast<int64_t>(ctx.open_scanners)) + "</tr>";
  body +=
      "<tr><th>Expired scanners</th>" + TdNum(ctx.expired_scanners) + "</tr>";
  body += "<tr><th>Connections</th>" + TdNum(m.connections()) + "</tr></table>";
  body +=
      "<h2>Requests by kind</h2><table id=\"kinds\"><tr><th>Kind</th>"
      "<th>Requests</th><th>Per second (last minute)</th></tr>";
  const auto rates = m.RatesPerSecond();
  const auto totals = m.TotalsByKind();
  for (int k = 0; k < metrics::kRequestKinds; ++k) {
    const char* kind =
        metrics::RequestKindName(static_cast<metrics::RequestKind>(k));
    body += "<tr data-kind=\"" + std::string(kind) + "\">" + Td(kind) +
            TdNum(totals[k]) + TdNum(rates[k], "%.2f") + "</tr>";
  }
  body +=
      "</table><h2>Operations</h2><table id=\"operations\"><tr>"
      "<th>Operation</th><th>Requests</th><th>Errors (4xx/5xx)</th>"
      "<th>Mean latency</th></tr>";
  for (const auto& [name, op] : m.Operations()) {
    int64_t errors = 0;
    for (const auto& [status, n] : op.by_status) {
      if (status >= 400) errors += n;
    }
    body += "<tr>" + Td(name) + TdNum(op.count) + TdNum(errors) +
            TdNum(op.count > 0 ? op.seconds_sum / op.count * 1000 : 0.0,
                  "%.3f ms") +
            "</tr>";
  }
  body += "</table>";
  return Html(200, Page(ctx, "obkvlite server status", body));
}

}  // namespace

bool IsUiPath(const std::string& path) {
  return path == "/ui" || path.compare(0, 4, "/ui/") == 0;
}

HttpResponse RenderUiPage(const UiContext& ctx, const std::string& method,
                          const std::string& path) {
  if (method != "GET" && method != "HEAD") {
    return HttpResponse::Text(405, "Method not allowed");
  }
  if (path == "/ui" || path == "/ui/") return IndexPage(ctx);
  if (path == "/ui/status") return StatusPage(ctx);
  const std::string prefix = "/ui/table/";
  if (path.compare(0, prefix.size(), prefix) == 0 &&
      path.size() > prefix.size()) {
    Result<std::string> name =
        server::PercentDecode(path.substr(prefix.size()), "table", false);
    if (!name.ok())
      return HttpResponse::Text(400, "Bad request: " + name.status().message());
    return TablePage(ctx, *name);
  }
  return Html(404, Page(ctx, "Not found", "<p>No such page.</p>"));
}

}  // namespace web
}  // namespace obkvlite
