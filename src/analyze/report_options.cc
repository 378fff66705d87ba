// Copyright (c) obkvlite authors.
//
// The option and family checks shared by the key analyzer and the request
// report.

#include "analyze/analyze_internal.h"

namespace obkvlite {
namespace analyze_internal {

Status CheckReportOptions(int nodes, int time_buckets, double hot_factor) {
  if (nodes < 0) {
    return Status::InvalidArgument("nodes: must not be negative, got " +
                                   std::to_string(nodes));
  }
  if (time_buckets < 1 || time_buckets > 1000) {
    return Status::InvalidArgument(
        "time_buckets: must be between 1 and 1000, got " +
        std::to_string(time_buckets));
  }
  if (!(hot_factor > 0)) {
    return Status::InvalidArgument("hot_factor: must be above 0, got " +
                                   std::to_string(hot_factor));
  }
  return Status::OK();
}

Result<const FamilySpec*> FindReportFamily(const TableSpec& spec,
                                           std::string_view family) {
  if (spec.families.empty()) {
    return Status::InvalidArgument("family: table '" + spec.name +
                                   "' has no families");
  }
  const FamilySpec* f =
      family.empty() ? &spec.families.front() : spec.FindFamily(family);
  if (f == nullptr) {
    return Status::InvalidArgument("family: no family '" + std::string(family) +
                                   "' in table '" + spec.name + "'");
  }
  return f;
}

}  // namespace analyze_internal
}  // namespace obkvlite
