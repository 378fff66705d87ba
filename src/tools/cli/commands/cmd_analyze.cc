// Copyright (c) obkvlite authors.
//
// `obkv analyze SPEC (--keys FILE | --store PATH [--table T]) [--nodes N]
//  [--svg OUT.svg] [--json] [--family F] [--time-buckets N] [--requests]`:
// routes every
// key through the partitions SPEC gives the family and reports
// per-partition counts, max/avg, HOT partitions, node balance, lints and a
// heatmap.
//
// Keys come from FILE ("-" for stdin; one Bytes.toStringBinary key a line,
// optionally TAB and a ts in ms, in the order written), or from a store:
// every visible cell of the family in table T (default: SPEC's table),
// taken in timestamp order as the writes happened. SPEC may partition
// differently from the store, to try a new design on existing data.
// --requests (with --store) adds the table's request statistics (`obkv
// stats`) and names the partitions hot by data, by traffic, or both.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <fstream>
#include <istream>
#include <limits>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "obkvlite/analyze.h"
#include "obkvlite/bytes.h"
#include "obkvlite/request_report.h"
#include "obkvlite/spec.h"
#include "obkvlite/store.h"
#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"
#include "tools/cli/stats_report.h"
#include "tools/cli/svg_file.h"

namespace obkvlite {
namespace cli {
namespace {

struct AnalyzeArgs {
  std::string spec_path;
  std::string keys_path;
  int nodes = 0;
  std::string svg_path;
  bool json = false;
  std::string family;
  std::string table;  // store table; default: the spec's
  int time_buckets = 24;
  bool requests = false;  // --requests
};

Status ReadKeys(const AnalyzeArgs& args, CliContext& ctx,
                KeyAnalyzer* analyzer) {
  if (args.keys_path == "-") {
    return AnalyzeKeysStream(*ctx.in, "stdin", analyzer);
  }
  std::ifstream in(args.keys_path, std::ios::binary);
  if (!in) return Status::IOError(args.keys_path + ": cannot open keys file");
  return AnalyzeKeysStream(in, args.keys_path, analyzer);
}

// Every visible cell of the family, fed in timestamp order (one
// (ts, row) pair per cell is held to sort them).
Status ReadStore(const AnalyzeArgs& args, const TableSpec& spec,
                 CliContext& ctx, KeyAnalyzer* analyzer) {
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Store> store,
                        OpenStore(ctx, StoreAccess::kRead));
  const std::string name = args.table.empty() ? spec.name : args.table;
  OBKV_ASSIGN_OR_RETURN(Table * table, store->GetTable(name));
  const std::string family =
      args.family.empty() ? spec.families.front().name : args.family;
  if (table->spec().FindFamily(family) == nullptr) {
    return Status::InvalidArgument("--family: table '" + name +
                                   "' in the store has no family '" + family +
                                   "'");
  }
  Scan scan;
  scan.max_versions = std::numeric_limits<int>::max();
  scan.families = {family};
  OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                        table->GetScanner(scan));
  std::vector<std::pair<int64_t, std::string>> writes;
  RowResult row;
  while (scanner->Next(&row)) {
    for (const Cell& cell : row.cells) {
      writes.emplace_back(cell.timestamp, cell.row);
    }
  }
  OBKV_RETURN_IF_ERROR(scanner->status());
  std::stable_sort(
      writes.begin(), writes.end(),
      [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [ts, key] : writes) {
    OBKV_RETURN_IF_ERROR(
        analyzer->Add(key, ts).WithPrefix("row '" + ToStringBinary(key) + "'"));
  }
  return Status::OK();
}

// The key report next to the store table's request report, and which
// partitions are hot by data, by traffic, or both.
int PrintWithRequests(const AnalyzeArgs& args, const TableSpec& spec,
                      const AnalysisReport& keys, CliContext& ctx) {
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kRead);
  if (!store.ok()) return ctx.Fail(store.status());
  StatsRequest request;
  request.table = args.table.empty() ? spec.name : args.table;
  request.family = keys.family;
  request.nodes = args.nodes;
  Result<RequestReport> requests = LoadStatsReport(store->get(), request, "--");
  if (!requests.ok()) return ctx.Fail(requests.status());
  Result<HotComparison> hot = CompareHotPartitions(keys, *requests);
  if (!hot.ok()) return ctx.Fail(hot.status());
  if (args.json) {
    *ctx.out << RenderHotComparisonJson(*hot, keys, *requests) << "\n";
    return kExitOk;
  }
  *ctx.out << RenderReportText(keys) << "\nrequests (obkv stats):\n"
           << RenderRequestReportText(*requests)
           << RenderHotComparisonText(*hot, keys, *requests);
  if (!args.svg_path.empty()) {
    *ctx.out << "\nheatmap SVG: " << args.svg_path << "\n";
  }
  return kExitOk;
}

int RunAnalyze(const AnalyzeArgs& args, CliContext& ctx) {
  if (args.keys_path.empty() && ctx.store_path.empty()) {
    return ctx.Usage("analyze: --keys FILE (or --store PATH) is required");
  }
  if (!args.keys_path.empty() && !ctx.store_path.empty()) {
    return ctx.Usage("analyze: give --keys or --store, not both");
  }
  if (!args.table.empty() && ctx.store_path.empty()) {
    return ctx.Usage("analyze: --table needs --store PATH");
  }
  if (args.requests && ctx.store_path.empty()) {
    return ctx.Usage("analyze: --requests needs --store PATH");
  }
  Result<TableSpec> spec = LoadTableSpecFile(args.spec_path);
  if (!spec.ok()) return ctx.Fail(spec.status());
  for (const std::string& w : spec->warnings) {
    *ctx.err << "obkv: warning: " << w << "\n";
  }
  AnalyzeOptions options;
  options.nodes = args.nodes;
  options.time_buckets = args.time_buckets;
  Result<std::unique_ptr<KeyAnalyzer>> analyzer =
      KeyAnalyzer::Create(*spec, args.family, options);
  if (!analyzer.ok()) return ctx.Fail(analyzer.status());
  Status st = ctx.store_path.empty()
                  ? ReadKeys(args, ctx, analyzer->get())
                  : ReadStore(args, *spec, ctx, analyzer->get());
  if (!st.ok()) return ctx.Fail(st);
  const AnalysisReport report = (*analyzer)->Finish();
  if (!args.svg_path.empty()) {
    Status written = WriteSvgFile(args.svg_path, RenderHeatmapSvg(report), "");
    if (!written.ok()) return ctx.Fail(written);
  }
  if (args.requests) return PrintWithRequests(args, *spec, report, ctx);
  if (args.json) {
    *ctx.out << RenderReportJson(report) << "\n";
  } else {
    *ctx.out << RenderReportText(report);
    if (!args.svg_path.empty()) {
      *ctx.out << "\nheatmap SVG: " << args.svg_path << "\n";
    }
  }
  return kExitOk;
}

}  // namespace

void RegisterAnalyzeCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<AnalyzeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "analyze",
      "Hotspot report for row keys before you deploy: keys per partition, "
      "max/avg, HOT partitions (>= 3x average), node balance, lints citing "
      "the rowkey-design seeds, and a heatmap (text, or SVG with --svg). "
      "Keys come from --keys FILE or from a store (--store PATH)");
  cmd->add_option("SPEC", args->spec_path, "Table spec JSON file")->required();
  cmd->add_option("--keys", args->keys_path,
                  "Keys file ('-' for stdin): one key a line in "
                  "Bytes.toStringBinary form, optionally TAB and a ts in ms, "
                  "in the order they are written")
      ->type_name("FILE");
  cmd->add_option("--nodes", args->nodes,
                  "Show the balance over N nodes (OceanBase keeps node "
                  "partition counts within 1)")
      ->type_name("N")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--svg", args->svg_path,
                  "Write the heatmap (partitions x time buckets) as SVG")
      ->type_name("OUT.svg");
  cmd->add_flag("--json", args->json, "Print the report as one JSON object");
  cmd->add_option("--family", args->family,
                  "Family to analyze (default: the first)")
      ->type_name("F");
  cmd->add_option("--table", args->table,
                  "With --store: the store table whose rows to analyze "
                  "(default: SPEC's table)")
      ->type_name("T");
  cmd->add_option("--time-buckets", args->time_buckets,
                  "Heatmap columns (time buckets, or input-order buckets "
                  "without a ts column)")
      ->type_name("N")
      ->check(CLI::Range(1, 1000));
  cmd->add_flag("--requests", args->requests,
                "With --store: add the table's request statistics (obkv "
                "stats) and name the partitions hot by data, by traffic, or "
                "both");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunAnalyze(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
