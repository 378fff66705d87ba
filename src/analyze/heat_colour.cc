// Copyright (c) obkvlite authors.
//
// The heatmap colour scale: log-scaled, black for no keys, through dark
// red, red and orange to pale yellow. Every channel is non-decreasing along
// the ramp, so any brightness measure is monotonic in the count.

#include <cmath>
#include <cstdio>

#include "analyze/analyze_internal.h"

namespace obkvlite {
namespace analyze_internal {
namespace {

struct Stop {
  double t;
  int r, g, b;
};

constexpr Stop kRamp[] = {{0.00, 0, 0, 0},
                          {0.25, 110, 0, 20},
                          {0.50, 200, 30, 20},
                          {0.75, 250, 140, 20},
                          {1.00, 255, 250, 200}};

// 0 for no keys, log1p(count) / log1p(max) otherwise.
double Scale(int64_t count, int64_t max) {
  if (count <= 0 || max <= 0) return 0;
  return std::log1p(static_cast<double>(count)) /
         std::log1p(static_cast<double>(max));
}

int Lerp(int a, int b, double f) {
  return static_cast<int>(std::lround(a + (b - a) * f));
}

}  // namespace

std::string RampColour(double t) {
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  size_t i = 1;
  while (i + 1 < std::size(kRamp) && t > kRamp[i].t) ++i;
  const Stop& a = kRamp[i - 1];
  const Stop& b = kRamp[i];
  const double f = (t - a.t) / (b.t - a.t);
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", Lerp(a.r, b.r, f),
                Lerp(a.g, b.g, f), Lerp(a.b, b.b, f));
  return buf;
}

std::string HeatColour(int64_t count, int64_t max) {
  return RampColour(Scale(count, max));
}

int HeatLevel(int64_t count, int64_t max, int levels) {
  if (count <= 0) return 0;
  const int level =
      1 + static_cast<int>(std::floor(Scale(count, max) * (levels - 1) - 1e-9));
  return level < 1 ? 1 : (level > levels - 1 ? levels - 1 : level);
}

}  // namespace analyze_internal
}  // namespace obkvlite
