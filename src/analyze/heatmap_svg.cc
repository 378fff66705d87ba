// Copyright (c) obkvlite authors.
//
// The heatmap as SVG, in the manner of Bigtable's Key Visualizer: rows are
// partitions (the key space), columns are time buckets, colour is keys (or
// requests) per cell on a log scale. HOT partitions get a cyan outline, bar
// and label; the legend shows the scale and the HOT rule. The one
// renderer of both heatmaps: keys (RenderHeatmapSvg) and requests
// (request_report_svg.cc), each handing it a HeatmapPicture.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

#include "analyze/analyze_internal.h"
#include "util/xml_escape.h"

namespace obkvlite {

using analyze_internal::FormatDurationMs;
using analyze_internal::FormatUtcMs;
using analyze_internal::HeatColour;
using analyze_internal::PartitionLabel;
using analyze_internal::RampColour;

namespace {

constexpr int kLeft = 96;
constexpr int kTop = 52;
constexpr int kRight = 48;
constexpr int kBottom = 112;
constexpr int kLegendSteps = 10;
constexpr const char* kHotColour = "#00b4ff";

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

struct SvgLayout {
  int cw = 0;  // cell width
  int ch = 0;  // cell height
  int grid_w = 0;
  int grid_h = 0;
  int width = 0;
  int height = 0;
};

// The width of `chars` characters of monospace text at `px` pixels: the
// advance of DejaVu Sans Mono (and of most monospace faces) is 0.602em;
// 0.62em leaves room for a wider substitute.
int TextWidth(size_t chars, double px) {
  return static_cast<int>(std::ceil(static_cast<double>(chars) * px * 0.62));
}

std::string ColumnText(const Heatmap& map, int b) {
  if (!map.by_time) {
    return "keys " + std::to_string(b * map.keys_per_bucket + 1) + "-" +
           std::to_string((b + 1) * map.keys_per_bucket);
  }
  return FormatUtcMs(map.start_ms + b * map.bucket_ms);
}

using analyze_internal::HeatmapPicture;

// The texts whose length decides the picture's width (MakeLayout).
std::string HeadingText(const HeatmapPicture& r) {
  return r.name + ": " + r.heading;
}

std::string SubheadingText(const HeatmapPicture& r) {
  const Heatmap& map = *r.map;
  const std::string columns =
      map.by_time ? "time buckets of " + FormatDurationMs(map.bucket_ms)
                  : "buckets of " + std::to_string(map.keys_per_bucket) +
                        " keys in input order";
  return r.summary + "; rows: partitions, columns: " + columns;
}

std::string HotLabelText(const PartitionLoad& p) {
  return "HOT " + PartitionLabel(p);
}

std::string LegendHotText(const HeatmapPicture& r) {
  return "HOT: at least " + Num(r.hot_factor) + "x the average " + r.unit +
         " per partition (seed 004)";
}

// The first and last time-axis labels.
std::pair<std::string, std::string> AxisTexts(const Heatmap& map) {
  if (!map.by_time) return {"first key", "last key"};
  return {FormatUtcMs(map.start_ms),
          FormatUtcMs(map.start_ms + map.buckets * map.bucket_ms)};
}

// True when both axis labels fit under the grid, one at each end; else
// they share one line from the grid's left edge.
bool AxisFitsGrid(const Heatmap& map, const SvgLayout& l) {
  const auto [first, last] = AxisTexts(map);
  return TextWidth(first.size() + last.size() + 2, 11) <= l.grid_w;
}

std::string AxisLineText(const Heatmap& map) {
  const auto [first, last] = AxisTexts(map);
  return first + " to " + last;
}

constexpr int kLegendWidth = kLegendSteps * 24;

// The grid and the canvas: wide enough for every text, with kRight to
// spare on the right.
SvgLayout MakeLayout(const HeatmapPicture& r) {
  const Heatmap& map = *r.map;
  SvgLayout l;
  l.cw = std::clamp(720 / std::max(1, map.buckets), 4, 40);
  l.ch = std::clamp(560 / std::max(1, map.partitions), 2, 16);
  l.grid_w = map.buckets * l.cw;
  l.grid_h = map.partitions * l.ch;
  int right = std::max(kLeft + l.grid_w + kRight, 640);
  auto fit = [&right](int text_right) {
    right = std::max(right, text_right + kRight / 2);
  };
  fit(kLeft + TextWidth(HeadingText(r).size(), 13));
  fit(kLeft + TextWidth(SubheadingText(r).size(), 11));
  for (const PartitionLoad& p : *r.rows) {
    if (p.hot)
      fit(kLeft + l.grid_w + 6 + TextWidth(HotLabelText(p).size(), 11));
  }
  if (!AxisFitsGrid(map, l)) {
    fit(kLeft + TextWidth(AxisLineText(map).size(), 11));
  }
  fit(kLeft + kLegendWidth + 54 + TextWidth(LegendHotText(r).size(), 11));
  l.width = right;
  l.height = kTop + l.grid_h + kBottom;
  return l;
}

std::string Header(const HeatmapPicture& r, const SvgLayout& l) {
  const std::string w = std::to_string(l.width);
  const std::string h = std::to_string(l.height);
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
         w + "\" height=\"" + h + "\" viewBox=\"0 0 " + w + " " + h +
         "\" font-family=\"monospace\" font-size=\"11\">\n"
         "<title>obkv " +
         XmlEscape(r.kind + ": " + r.name) +
         "</title>\n"
         "<rect class=\"background\" x=\"0\" y=\"0\" width=\"" +
         w + "\" height=\"" + h +
         "\" fill=\"#ffffff\"/>\n"
         "<text class=\"heading\" x=\"" +
         std::to_string(kLeft) +
         "\" y=\"20\" font-size=\"13\" font-weight=\"bold\">" +
         XmlEscape(HeadingText(r)) +
         "</text>\n"
         "<text class=\"subheading\" x=\"" +
         std::to_string(kLeft) + "\" y=\"38\">" + XmlEscape(SubheadingText(r)) +
         "</text>\n";
}

std::string Cells(const HeatmapPicture& r, const SvgLayout& l) {
  const Heatmap& map = *r.map;
  const int64_t max = map.max();
  std::string out = "<g class=\"cells\">\n";
  for (const PartitionLoad& p : *r.rows) {
    for (int b = 0; b < map.buckets; ++b) {
      const int64_t c = map.at(p.index, b);
      out += "<rect class=\"cell\" x=\"" + std::to_string(kLeft + b * l.cw) +
             "\" y=\"" + std::to_string(kTop + p.index * l.ch) + "\" width=\"" +
             std::to_string(l.cw) + "\" height=\"" + std::to_string(l.ch) +
             "\" fill=\"" + HeatColour(c, max) + "\" data-partition=\"" +
             std::to_string(p.index) + "\" data-bucket=\"" + std::to_string(b) +
             "\" data-count=\"" + std::to_string(c) + "\"><title>" +
             XmlEscape(PartitionLabel(p) + ", " + ColumnText(map, b) + ": " +
                    std::to_string(c) + " " + r.unit) +
             "</title></rect>\n";
    }
  }
  return out + "</g>\n";
}

std::string RowLabels(const HeatmapPicture& r, const SvgLayout& l) {
  const int step = l.ch >= 10 ? 1 : (12 + l.ch - 1) / l.ch;
  std::string out = "<g class=\"partition-labels\" text-anchor=\"end\">\n";
  for (const PartitionLoad& p : *r.rows) {
    if (p.index % step != 0) continue;
    out += "<text x=\"" + std::to_string(kLeft - 10) + "\" y=\"" +
           std::to_string(kTop + p.index * l.ch + l.ch / 2 + 4) + "\">" +
           XmlEscape(PartitionLabel(p)) + "</text>\n";
  }
  return out + "</g>\n";
}

std::string HotMarks(const HeatmapPicture& r, const SvgLayout& l) {
  std::string out = "<g class=\"hot\">\n";
  for (const PartitionLoad& p : *r.rows) {
    if (!p.hot) continue;
    const std::string y = std::to_string(kTop + p.index * l.ch);
    out +=
        "<rect class=\"hot-row\" data-partition=\"" + std::to_string(p.index) +
        "\" x=\"" + std::to_string(kLeft) + "\" y=\"" + y + "\" width=\"" +
        std::to_string(l.grid_w) + "\" height=\"" + std::to_string(l.ch) +
        "\" fill=\"none\" stroke=\"" + kHotColour + "\" stroke-width=\"2\"/>\n";
    out += "<rect class=\"hot-marker\" x=\"" + std::to_string(kLeft - 7) +
           "\" y=\"" + y + "\" width=\"4\" height=\"" + std::to_string(l.ch) +
           "\" fill=\"" + kHotColour + "\"/>\n";
    out += "<text class=\"hot-label\" x=\"" +
           std::to_string(kLeft + l.grid_w + 6) + "\" y=\"" +
           std::to_string(kTop + p.index * l.ch + l.ch / 2 + 4) + "\" fill=\"" +
           kHotColour + "\" font-weight=\"bold\">" + XmlEscape(HotLabelText(p)) +
           "</text>\n";
  }
  return out + "</g>\n";
}

std::string Axis(const HeatmapPicture& r, const SvgLayout& l) {
  const Heatmap& map = *r.map;
  const std::string y = std::to_string(kTop + l.grid_h + 16);
  if (!AxisFitsGrid(map, l)) {
    return "<g class=\"time-axis\">\n<text x=\"" + std::to_string(kLeft) +
           "\" y=\"" + y + "\">" + XmlEscape(AxisLineText(map)) +
           "</text>\n</g>\n";
  }
  const auto [first, last] = AxisTexts(map);
  return "<g class=\"time-axis\">\n<text x=\"" + std::to_string(kLeft) +
         "\" y=\"" + y + "\">" + XmlEscape(first) + "</text>\n<text x=\"" +
         std::to_string(kLeft + l.grid_w) + "\" y=\"" + y +
         "\" text-anchor=\"end\">" + XmlEscape(last) + "</text>\n</g>\n";
}

std::string Legend(const HeatmapPicture& r, const SvgLayout& l) {
  const int64_t max = r.map->max();
  const int top = kTop + l.grid_h + 40;
  std::string out = "<g class=\"legend\">\n";
  out += "<text x=\"" + std::to_string(kLeft) + "\" y=\"" +
         std::to_string(top - 6) + "\">" + XmlEscape(r.unit) +
         " per cell (log scale)</text>\n";
  for (int i = 0; i < kLegendSteps; ++i) {
    // Step i shows the colour of the count at fraction i/9 of the log scale.
    const double t = static_cast<double>(i) / (kLegendSteps - 1);
    const int64_t count =
        i == 0 ? 0
               : static_cast<int64_t>(std::llround(
                     std::expm1(t * std::log1p(static_cast<double>(max)))));
    out += "<rect class=\"legend-step\" x=\"" + std::to_string(kLeft + i * 24) +
           "\" y=\"" + std::to_string(top) +
           "\" width=\"24\" height=\"12\" fill=\"" + RampColour(t) +
           "\" stroke=\"#888888\" stroke-width=\"0.5\" data-count=\"" +
           std::to_string(count) + "\"/>\n";
  }
  const std::string label_y = std::to_string(top + 26);
  out += "<text x=\"" + std::to_string(kLeft) + "\" y=\"" + label_y +
         "\">0</text>\n<text x=\"" + std::to_string(kLeft + kLegendWidth) +
         "\" y=\"" + label_y + "\" text-anchor=\"end\">" + std::to_string(max) +
         "</text>\n";
  out += "<rect class=\"legend-hot\" x=\"" +
         std::to_string(kLeft + kLegendWidth + 24) + "\" y=\"" +
         std::to_string(top) +
         "\" width=\"24\" height=\"12\" fill=\"none\" "
         "stroke=\"" +
         kHotColour + "\" stroke-width=\"2\"/>\n";
  out += "<text x=\"" + std::to_string(kLeft + kLegendWidth + 54) + "\" y=\"" +
         std::to_string(top + 10) + "\">" + XmlEscape(LegendHotText(r)) +
         "</text>\n";
  return out + "</g>\n";
}

}  // namespace

namespace analyze_internal {

std::string RenderHeatmapPicture(const HeatmapPicture& picture) {
  const SvgLayout layout = MakeLayout(picture);
  return Header(picture, layout) + Cells(picture, layout) +
         RowLabels(picture, layout) + HotMarks(picture, layout) +
         Axis(picture, layout) + Legend(picture, layout) + "</svg>\n";
}

}  // namespace analyze_internal

std::string RenderHeatmapSvg(const AnalysisReport& report) {
  HeatmapPicture picture;
  picture.map = &report.heatmap;
  picture.rows = &report.partitions;
  picture.kind = "analyze";
  picture.name = report.table + "$" + report.family;
  picture.heading = report.partitioning;
  picture.summary = std::to_string(report.keys) + " keys, max/avg " +
                    Num(report.max_over_average);
  picture.unit = "keys";
  picture.hot_factor = report.hot_factor;
  return analyze_internal::RenderHeatmapPicture(picture);
}

}  // namespace obkvlite
