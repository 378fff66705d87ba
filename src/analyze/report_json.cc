// Copyright (c) obkvlite authors.
//
// The report of `obkv analyze --json`: one JSON object.

#include <nlohmann/json.hpp>

#include "analyze/analyze_internal.h"
#include "analyze/report_json_parts.h"

namespace obkvlite {
namespace {

using Json = nlohmann::ordered_json;

Json PartitionsJson(const AnalysisReport& r) {
  Json out = Json::array();
  for (const PartitionLoad& p : r.partitions) {
    out.push_back({{"partition", p.index},
                   {"name", p.name},
                   {"table", p.table},
                   {"keys", p.keys},
                   {"ratio", p.ratio},
                   {"hot", p.hot}});
  }
  return out;
}

Json LintsJson(const std::vector<Lint>& lints) {
  Json out = Json::array();
  for (const Lint& l : lints) {
    out.push_back({{"id", l.id},
                   {"severity", std::string(LintSeverityName(l.severity))},
                   {"finding", l.finding},
                   {"reason", l.reason},
                   {"fix", l.fix},
                   {"citations", l.citations}});
  }
  return out;
}

}  // namespace

std::string RenderReportJson(const AnalysisReport& r) {
  Json out = {{"table", r.table},
              {"family", r.family},
              {"partitioning", r.partitioning},
              {"keys", r.keys},
              {"skipped", r.skipped},
              {"average", r.average},
              {"max", r.max},
              {"max_over_average", r.max_over_average},
              {"hot_factor", r.hot_factor},
              {"hot", r.HotPartitions()},
              {"partitions", PartitionsJson(r)}};
  if (r.balance) {
    out["nodes"] =
        analyze_internal::NodeBalanceJson(*r.balance, "keys_per_node");
  }
  out["lints"] = LintsJson(r.lints);
  out["heatmap"] = analyze_internal::HeatmapJson(r.heatmap);
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace obkvlite
