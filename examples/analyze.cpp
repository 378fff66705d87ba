// Copyright (c) obkvlite authors.
//
// Hotspot analysis before deployment: route two key designs through a
// RANGE-on-K table and compare. The first 1000 sequential order ids
// ("order:000000", ...) all land in the first range partition; reversing
// the digits spreads them evenly.
//
//   example_analyze   (needs no store; an argument is ignored)

#include <obkvlite/analyze.h>
#include <obkvlite/spec.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace {

// Routes `count` keys made by `make_key` and returns the report.
template <typename MakeKey>
obkvlite::Result<obkvlite::AnalysisReport> Analyze(
    const obkvlite::TableSpec& spec, int count, MakeKey make_key) {
  obkvlite::AnalyzeOptions options;
  options.nodes = 3;  // as in seed 003's balance example
  auto analyzer = obkvlite::KeyAnalyzer::Create(spec, "", options);
  if (!analyzer.ok()) return analyzer.status();
  for (int i = 0; i < count; ++i) {
    obkvlite::Status added = (*analyzer)->Add(make_key(i), std::nullopt);
    if (!added.ok()) return added;
  }
  return (*analyzer)->Finish();
}

std::string Padded(int i) {
  std::string n = std::to_string(i);
  return std::string(6 - n.size(), '0') + n;
}

}  // namespace

int main() {
  // Range on K split at the digit of the order number.
  auto spec = obkvlite::ParseTableSpec(R"({
    "table": "orders", "families": [{"name": "f"}],
    "partition": {"strategy": "range", "column": "K",
                  "bounds": ["order:2", "order:4", "order:6", "order:8",
                             "MAXVALUE"]}})");
  if (!spec.ok()) {
    std::fprintf(stderr, "spec: %s\n", spec.status().message().c_str());
    return 1;
  }

  // Design 1: the first 1000 order ids as they are written, all in p0.
  auto sequential =
      Analyze(*spec, 1000, [](int i) { return "order:" + Padded(i); });
  // Design 2: the same ids reversed, so the last digit leads.
  auto reversed = Analyze(*spec, 1000, [](int i) {
    std::string id = Padded(i);
    std::reverse(id.begin(), id.end());
    return "order:" + id;
  });
  if (!sequential.ok() || !reversed.ok()) return 1;

  std::printf("sequential ids: max/avg %.2f, hot partitions %zu\n",
              sequential->max_over_average, sequential->HotPartitions().size());
  std::printf("reversed ids:   max/avg %.2f, hot partitions %zu\n",
              reversed->max_over_average, reversed->HotPartitions().size());
  // The full terminal report: partition table, node balance, lints, heatmap.
  std::printf("\n%s", obkvlite::RenderReportText(*sequential).c_str());

  const bool ok = sequential->HotPartitions().size() == 1 &&
                  reversed->HotPartitions().empty();
  return ok ? 0 : 1;
}
