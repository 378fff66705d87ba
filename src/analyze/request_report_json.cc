// Copyright (c) obkvlite authors.
//
// The request report as one JSON object: `obkv stats --json` and the exec
// op "stats" print exactly this.

#include <nlohmann/json.hpp>

#include "analyze/report_json_parts.h"
#include "obkvlite/request_report.h"

namespace obkvlite {
namespace {

using Json = nlohmann::ordered_json;

void AddCounts(const RequestCounts& c, Json* out) {
  (*out)["reads"] = c.reads;
  (*out)["rows_read"] = c.rows_read;
  (*out)["cells_read"] = c.cells_read;
  (*out)["writes"] = c.writes;
  (*out)["cells_written"] = c.cells_written;
  (*out)["bytes_written"] = c.bytes_written;
  (*out)["deletes"] = c.deletes;
  (*out)["requests"] = c.requests();
}

Json PartitionsJson(const RequestReport& r) {
  Json out = Json::array();
  for (const PartitionRequests& p : r.partitions) {
    Json entry = {{"index", p.load.index},
                  {"name", p.load.name},
                  {"table", p.load.table}};
    AddCounts(p.counts, &entry);
    entry["share"] = p.share;
    entry["ratio"] = p.load.ratio;
    entry["hot"] = p.load.hot;
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace

std::string RenderRequestReportJson(const RequestReport& r) {
  Json out = {{"table", r.table},
              {"family", r.family},
              {"partitioning", r.partitioning},
              {"since", r.since_ms},
              {"until", r.until_ms}};
  Json total = Json::object();
  AddCounts(r.total, &total);
  out["total"] = std::move(total);
  out["average"] = r.average;
  out["stddev"] = r.stddev;
  out["max"] = r.max;
  out["max_over_average"] = r.max_over_average;
  out["hot_factor"] = r.hot_factor;
  out["hot"] = r.HotPartitions();
  out["partitions"] = PartitionsJson(r);
  if (r.balance) {
    out["nodes"] =
        analyze_internal::NodeBalanceJson(*r.balance, "requests_per_node");
  }
  out["heatmap"] = analyze_internal::HeatmapJson(r.heatmap);
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace obkvlite
