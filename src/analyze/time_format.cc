// Copyright (c) obkvlite authors.
//
// Timestamps and durations for heatmap axes.

#include <cstdio>
#include <ctime>

#include "analyze/analyze_internal.h"

namespace obkvlite {
namespace analyze_internal {

std::string FormatUtcMs(int64_t ms) {
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[40];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  std::string out(buf);
  if (ms % 1000 != 0) {
    std::snprintf(buf, sizeof buf, ".%03d", static_cast<int>(ms % 1000));
    out += buf;
  }
  return out + "Z";
}

std::string FormatDurationMs(int64_t ms) {
  struct Unit {
    int64_t ms;
    const char* name;
  };
  static constexpr Unit kUnits[] = {
      {86400000, "d"}, {3600000, "h"}, {60000, "m"}, {1000, "s"}};
  for (const Unit& u : kUnits) {
    if (ms >= u.ms && ms % u.ms == 0) return std::to_string(ms / u.ms) + u.name;
  }
  return std::to_string(ms) + "ms";
}

}  // namespace analyze_internal
}  // namespace obkvlite
