// Copyright (c) obkvlite authors.
//
// Hot by data, hot by traffic, or both: the key report and the request
// report of one family side by side (`obkv analyze --requests`).

#include <cstdio>
#include <nlohmann/json.hpp>

#include "analyze/analyze_internal.h"
#include "obkvlite/request_report.h"

namespace obkvlite {
namespace {

std::string Labels(const std::vector<int>& indexes, const AnalysisReport& keys,
                   const RequestReport& requests) {
  if (indexes.empty()) return "none";
  std::string out;
  char buf[96];
  for (int i : indexes) {
    const size_t p = static_cast<size_t>(i);
    std::snprintf(buf, sizeof buf, " (keys %.2fx, requests %.2fx)",
                  keys.partitions[p].ratio, requests.partitions[p].load.ratio);
    out += (out.empty() ? "" : ", ") +
           analyze_internal::PartitionLabel(keys.partitions[p]) + buf;
  }
  return out;
}

}  // namespace

Result<HotComparison> CompareHotPartitions(const AnalysisReport& keys,
                                           const RequestReport& requests) {
  if (keys.partitions.size() != requests.partitions.size()) {
    return Status::InvalidArgument(
        "--requests: SPEC gives family '" + keys.family + "' " +
        std::to_string(keys.partitions.size()) +
        " partitions, the store's table " +
        std::to_string(requests.partitions.size()) +
        "; request counts are per the store's partitions");
  }
  HotComparison out;
  for (size_t i = 0; i < keys.partitions.size(); ++i) {
    const bool data = keys.partitions[i].hot;
    const bool traffic = requests.partitions[i].load.hot;
    const int index = static_cast<int>(i);
    if (data && traffic) {
      out.both.push_back(index);
    } else if (data) {
      out.by_data.push_back(index);
    } else if (traffic) {
      out.by_traffic.push_back(index);
    }
  }
  return out;
}

std::string RenderHotComparisonText(const HotComparison& c,
                                    const AnalysisReport& keys,
                                    const RequestReport& requests) {
  return "\nhot by data and traffic: " + Labels(c.both, keys, requests) +
         "\nhot by data only (keys >= " +
         std::to_string(static_cast<int>(keys.hot_factor)) +
         "x average): " + Labels(c.by_data, keys, requests) +
         "\nhot by traffic only (requests >= " +
         std::to_string(static_cast<int>(requests.hot_factor)) +
         "x average, seed 004): " + Labels(c.by_traffic, keys, requests) + "\n";
}

std::string RenderHotComparisonJson(const HotComparison& c,
                                    const AnalysisReport& keys,
                                    const RequestReport& requests) {
  using Json = nlohmann::ordered_json;
  Json out = {{"analysis", Json::parse(RenderReportJson(keys))},
              {"requests", Json::parse(RenderRequestReportJson(requests))},
              {"hot",
               {{"both", c.both},
                {"by_data", c.by_data},
                {"by_traffic", c.by_traffic}}}};
  return out.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace obkvlite
