// Copyright (c) obkvlite authors.
#include "hbase/timeseries/timeseries_clock.h"

#include <algorithm>
#include <map>
#include <mutex>

namespace obkvlite {

int64_t NextTimeseriesWriteMs(const std::string& store_path, int64_t now_ms,
                              int64_t span) {
  static std::mutex* mu = new std::mutex;
  static auto* last = new std::map<std::string, int64_t>;
  std::lock_guard<std::mutex> lock(*mu);
  auto it = last->find(store_path);
  if (it == last->end()) {
    it = last->emplace(store_path, now_ms - 1).first;
  }
  const int64_t first = std::max(now_ms, it->second + 1);
  it->second = first + std::max<int64_t>(span, 1) - 1;
  return first;
}

}  // namespace obkvlite
