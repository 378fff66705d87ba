// Copyright (c) obkvlite authors.
//
// `obkv --store PATH stats TABLE [--family F] [--since T] [--until T]
//  [--json] [--svg OUT.svg] [--nodes N] [--time-buckets N] [--reset]`:
// the requests each partition served (obkvlite/request_stats.h), read
// from the store's obkv_stats table: per partition reads, writes, deletes,
// share, x average and HOT at >= 3x the average (seed 004); the spread
// (stddev, max/avg; seed 002); node balance (seed 003); and with --svg the
// request heatmap (partitions x time buckets). --reset zeroes the table's
// statistics (of one family with --family). T is ms since the epoch or
// ISO-8601 UTC (2024-10-15T08:30:00Z); buckets starting in [since, until)
// are shown.
//
// `obkv --store PATH stats TABLE --keys [--top N] [--json]`: the table's
// hot keys instead (obkvlite/hot_keys.h): per type (query, insert, delete,
// update) its N highest row keys (default 10) with their counts and error
// bound (tools/cli/hot_keys_report.h). --reset without --family zeroes
// them with the request statistics.
//
// `obkv --store PATH stats --ops [--json] [--reset]`: the store's operation
// statistics instead (obkvlite/operation_stats.h, OBKV-HBase's monitoring
// set): per surface and operation the count, average, p99 and p999
// response time (tools/cli/operation_stats_report.h); no TABLE. --reset
// zeroes them.

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>
#include <string>

#include "obkvlite/request_report.h"
#include "obkvlite/store.h"
#include "tools/cli/cli.h"
#include "tools/cli/hot_keys_report.h"
#include "tools/cli/open_store.h"
#include "tools/cli/operation_stats_report.h"
#include "tools/cli/stats_report.h"
#include "tools/cli/svg_file.h"

namespace obkvlite {
namespace cli {
namespace {

struct StatsArgs {
  std::string table;
  std::string family;
  std::string since;
  std::string until;
  bool json = false;
  std::string svg_path;
  int nodes = 0;
  int time_buckets = 60;
  bool reset = false;
  bool ops = false;
  bool keys = false;
  int top = 0;  // --top; 0: not given (10)
};

Result<StatsRequest> MakeRequest(const StatsArgs& args) {
  StatsRequest request;
  request.table = args.table;
  request.family = args.family;
  request.nodes = args.nodes;
  request.time_buckets = args.time_buckets;
  if (!args.since.empty()) {
    OBKV_ASSIGN_OR_RETURN(request.since_ms, ParseTimeMs(args.since, "--since"));
  }
  if (!args.until.empty()) {
    OBKV_ASSIGN_OR_RETURN(request.until_ms, ParseTimeMs(args.until, "--until"));
  }
  return request;
}

// --ops: the operation statistics.
int RunOperationStats(const StatsArgs& args, CliContext& ctx) {
  if (!args.table.empty() || !args.family.empty() || !args.since.empty() ||
      !args.until.empty() || !args.svg_path.empty() || args.nodes != 0) {
    return ctx.Fail(Status::InvalidArgument(
        "--ops: the operation statistics are the store's: no TABLE, "
        "--family, --since, --until, --svg or --nodes"));
  }
  Result<std::unique_ptr<Store>> store =
      OpenStore(ctx, args.reset ? StoreAccess::kWrite : StoreAccess::kRead);
  if (!store.ok()) return ctx.Fail(store.status());
  if (args.reset) {
    Status st = (*store)->ResetOperationStats();
    if (!st.ok()) return ctx.Fail(st);
    *ctx.out << "operation stats reset\n";
    return kExitOk;
  }
  Result<std::vector<OperationStatsLine>> lines = (*store)->OperationStats();
  if (!lines.ok()) return ctx.Fail(lines.status());
  if (args.json) {
    *ctx.out << RenderOperationStatsJson(*lines) << "\n";
  } else {
    *ctx.out << RenderOperationStatsText(*lines);
  }
  return kExitOk;
}

// TABLE --keys: the table's hot keys.
int RunHotKeys(const StatsArgs& args, CliContext& ctx) {
  if (!args.family.empty() || !args.since.empty() || !args.until.empty() ||
      !args.svg_path.empty() || args.nodes != 0 || args.reset) {
    return ctx.Fail(Status::InvalidArgument(
        "--keys: hot keys are the table's since its statistics were last "
        "reset: no --family, --since, --until, --svg, --nodes or --reset"));
  }
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kRead);
  if (!store.ok()) return ctx.Fail(store.status());
  Result<std::vector<HotKeyStats>> stats =
      (*store)->HotKeys(args.table, args.top > 0 ? args.top : 10);
  if (!stats.ok()) return ctx.Fail(stats.status());
  if (args.json) {
    *ctx.out << RenderHotKeysJson(args.table, *stats) << "\n";
  } else {
    *ctx.out << RenderHotKeysText(*stats);
  }
  return kExitOk;
}

int RunStats(const StatsArgs& args, CliContext& ctx) {
  if (!ctx.RequireStore("stats")) return ctx.exit_code;
  if (args.ops && args.keys) {
    return ctx.Fail(Status::InvalidArgument("--keys: not with --ops"));
  }
  if (args.top > 0 && !args.keys) {
    return ctx.Fail(Status::InvalidArgument("--top: only with --keys"));
  }
  if (args.ops) return RunOperationStats(args, ctx);
  if (args.table.empty()) {
    return ctx.Fail(
        Status::InvalidArgument("stats: TABLE is required (or --ops)"));
  }
  if (args.keys) return RunHotKeys(args, ctx);
  Result<StatsRequest> request = MakeRequest(args);
  if (!request.ok()) return ctx.Fail(request.status());
  Result<std::unique_ptr<Store>> store =
      OpenStore(ctx, args.reset ? StoreAccess::kWrite : StoreAccess::kRead);
  if (!store.ok()) return ctx.Fail(store.status());
  if (args.reset) {
    Result<Table*> table = (*store)->GetTable(args.table);
    if (!table.ok()) return ctx.Fail(table.status());
    if (!args.family.empty() &&
        (*table)->spec().FindFamily(args.family) == nullptr) {
      return ctx.Fail(Status::InvalidArgument("--family: table '" + args.table +
                                              "' has no family '" +
                                              args.family + "'"));
    }
    Status st = (*store)->ResetRequestStats(args.table, args.family);
    if (!st.ok()) return ctx.Fail(st);
    *ctx.out << "request stats of " << args.table
             << (args.family.empty() ? "" : ":" + args.family) << " reset\n";
    return kExitOk;
  }
  Result<RequestReport> report = LoadStatsReport(store->get(), *request, "--");
  if (!report.ok()) return ctx.Fail(report.status());
  if (!args.svg_path.empty()) {
    Status written = WriteSvgFile(args.svg_path,
                                  RenderRequestHeatmapSvg(*report), "--svg: ");
    if (!written.ok()) return ctx.Fail(written);
  }
  if (args.json) {
    *ctx.out << RenderRequestReportJson(*report) << "\n";
  } else {
    *ctx.out << RenderRequestReportText(*report);
    if (!args.svg_path.empty()) {
      *ctx.out << "\nrequest heatmap SVG: " << args.svg_path << "\n";
    }
  }
  return kExitOk;
}

}  // namespace

void RegisterStatsCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<StatsArgs>();
  CLI::App* cmd = app.add_subcommand(
      "stats",
      "Workload heat from real traffic: the read, write and delete requests "
      "each partition served (counted by every process that opened the "
      "store writable, per 1-minute bucket), share, x average, HOT "
      "partitions (>= 3x average, seed 004), the spread (stddev, max/avg, "
      "seed 002), node balance, and a request heatmap (--svg)");
  cmd->add_option("TABLE", args->table, "Table (not with --ops)");
  cmd->add_flag("--ops", args->ops,
                "Show the store's operation statistics instead: per surface "
                "and operation the count, average, p99 and p999 response "
                "time (OBKV-HBase's monitoring set, doc/monitoring.md)");
  cmd->add_flag("--keys", args->keys,
                "Show the table's hot keys instead: per type (query, insert, "
                "delete, update) the row keys requests addressed most, with "
                "their counts and error bound (OBKV's "
                "GV$OB_KV_HOTKEY_STAT)");
  cmd->add_option("--top", args->top,
                  "Hot keys per type with --keys (default 10)")
      ->type_name("N")
      ->check(CLI::Range(1, kHotKeyCapacity));
  cmd->add_option("--family", args->family,
                  "Family to report (default: the first)")
      ->type_name("F");
  cmd->add_option("--since", args->since,
                  "First bucket: ms since the epoch or ISO-8601 UTC "
                  "(2024-10-15T08:30:00Z)")
      ->type_name("T");
  cmd->add_option("--until", args->until,
                  "End (exclusive) of the buckets: ms or ISO-8601 UTC")
      ->type_name("T");
  cmd->add_flag("--json", args->json,
                "Print the report as one JSON object (as exec's \"stats\")");
  cmd->add_option("--svg", args->svg_path,
                  "Write the request heatmap (partitions x time buckets) as "
                  "SVG")
      ->type_name("OUT.svg");
  cmd->add_option("--nodes", args->nodes,
                  "Show the balance over N nodes (OceanBase keeps node "
                  "partition counts within 1)")
      ->type_name("N")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--time-buckets", args->time_buckets,
                  "Heatmap columns at most (buckets merge beyond it)")
      ->type_name("N")
      ->check(CLI::Range(1, 1000));
  cmd->add_flag("--reset", args->reset,
                "Zero the table's request statistics (one family with "
                "--family), or with --ops the operation statistics");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunStats(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
