// Copyright (c) obkvlite authors.
#include "hbase/timeseries/timeseries_request.h"

#include <set>

namespace obkvlite {

Status TimeseriesUnsupported(const std::string& what) {
  return Status::NotSupported(what + ": not supported for timeseries families");
}

Status CheckTimeseriesRead(const TableSchema& schema,
                           const std::vector<std::string>& families,
                           const std::vector<Column>& columns,
                           const std::string& filter, bool reversed,
                           int batch) {
  if (!filter.empty()) return TimeseriesUnsupported("filter");
  if (reversed) return TimeseriesUnsupported("reversed");
  if (batch != 0) return TimeseriesUnsupported("batch");
  std::set<std::string> named(families.begin(), families.end());
  for (const Column& c : columns) named.insert(c.family);
  if (named.size() > 1) {
    return TimeseriesUnsupported(
        "families: a request spanning several families");
  }
  if (named.empty() && schema.families().size() > 1) {
    return TimeseriesUnsupported(
        "families: a request without a family on a multi-family table "
        "(name one family)");
  }
  return Status::OK();
}

}  // namespace obkvlite
