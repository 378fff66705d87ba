// Copyright (c) obkvlite authors.
//
// `obkv advise`: how many partitions (seed 003), and HBase pre-split points.
//
//   obkv advise --data-size 24T [--replicas 3] [--growth 50T] [--nodes N]
//     -> partitions needed at 100 GB per partition per replica, and the
//        recommended prime from 23, 59, 97, 193, 389, 997
//   obkv advise --split hex|decimal|uniform [--regions N]
//               [--first-row R] [--last-row R]
//     -> RegionSplitter's split points, one a line (a SPLITS_FILE)
//
// With both, the split uses the recommended count unless --regions is
// given. --json prints one JSON object instead.

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>

#include "obkvlite/advise.h"
#include "obkvlite/analyze.h"
#include "obkvlite/bytes.h"
#include "tools/cli/cli.h"

namespace obkvlite {
namespace cli {
namespace {

using Json = nlohmann::ordered_json;

struct AdviseArgs {
  std::string data_size;
  int replicas = 3;
  std::string growth;
  int nodes = 0;
  std::string split;
  int regions = 0;
  std::optional<std::string> first_row;
  std::optional<std::string> last_row;
  bool json = false;
};

std::string SplitName(SplitAlgorithm a) {
  switch (a) {
    case SplitAlgorithm::kHexString:
      return "HexStringSplit";
    case SplitAlgorithm::kDecimalString:
      return "DecimalStringSplit";
    case SplitAlgorithm::kUniform:
      return "UniformSplit";
  }
  return "";
}

Result<PartitionAdvice> Size(const AdviseArgs& args) {
  OBKV_ASSIGN_OR_RETURN(uint64_t data,
                        ParseDataSize(args.data_size, "--data-size"));
  std::optional<uint64_t> growth;
  if (!args.growth.empty()) {
    OBKV_ASSIGN_OR_RETURN(growth, ParseDataSize(args.growth, "--growth"));
  }
  return AdvisePartitions(data, args.replicas, growth);
}

std::string SizingText(const PartitionAdvice& a) {
  std::string out = "data: " + FormatDataSize(a.data_bytes);
  if (a.growth_bytes) {
    out += " now, " + FormatDataSize(*a.growth_bytes) + " planned";
  }
  out += " on " + std::to_string(a.replicas) +
         " replicas = " + FormatDataSize(a.per_replica_bytes) + " per replica";
  if (a.growth_bytes) out += " (sized for the planned size)";
  out += "\npartitions needed: " + std::to_string(a.needed) +
         " (at most 100G per partition per replica, seed 003)\n";
  out += "recommended: " + std::to_string(a.recommended) +
         " partitions (the nearest of 23, 59, 97, 193, 389, 997 at or above "
         "the need)\n";
  for (const std::string& w : a.warnings) out += "warning: " + w + "\n";
  return out;
}

Json SizingJson(const PartitionAdvice& a) {
  Json j = {{"data_bytes", a.data_bytes}};
  if (a.growth_bytes) j["growth_bytes"] = *a.growth_bytes;
  j["replicas"] = a.replicas;
  j["basis_bytes"] = a.basis_bytes;
  j["per_replica_bytes"] = a.per_replica_bytes;
  j["needed"] = a.needed;
  j["recommended"] = a.recommended;
  j["warnings"] = a.warnings;
  return j;
}

int RunAdvise(const AdviseArgs& args, CliContext& ctx) {
  if (args.data_size.empty() && args.split.empty()) {
    return ctx.Usage(
        "advise: --data-size SIZE or --split ALGORITHM is "
        "required");
  }
  if (args.data_size.empty() && (!args.growth.empty() || args.nodes > 0)) {
    return ctx.Usage("advise: --growth and --nodes need --data-size");
  }
  Json json;
  std::string text;
  std::optional<PartitionAdvice> advice;
  if (!args.data_size.empty()) {
    Result<PartitionAdvice> a = Size(args);
    if (!a.ok()) return ctx.Fail(a.status());
    advice = *a;
    json = SizingJson(*a);
    text = SizingText(*a);
    if (args.nodes > 0) {
      const NodeBalance b = BalanceNodes(a->recommended, args.nodes, {});
      json["nodes"] = {{"nodes", b.nodes},
                       {"partitions_per_node", b.partitions_per_node},
                       {"partition_imbalance", b.partition_imbalance}};
      text += FormatNodeBalance(b);
    }
  }
  if (!args.split.empty()) {
    Result<SplitAlgorithm> algorithm =
        ParseSplitAlgorithm(args.split, "--split");
    if (!algorithm.ok()) return ctx.Usage(algorithm.status().message());
    SplitOptions options;
    options.algorithm = *algorithm;
    options.regions = args.regions > 0 ? args.regions
                      : advice         ? advice->recommended
                                       : 0;
    if (options.regions == 0) {
      return ctx.Usage("advise: --split needs --regions N (or --data-size)");
    }
    options.first_row = args.first_row;
    options.last_row = args.last_row;
    Result<std::vector<std::string>> points = ComputeSplitPoints(options);
    if (!points.ok()) return ctx.Fail(points.status());
    Json list = Json::array();
    if (advice) {
      text += "split points (" + SplitName(*algorithm) + ", " +
              std::to_string(options.regions) + " regions):\n";
    }
    for (const std::string& p : *points) {
      list.push_back(ToStringBinary(p));
      text += ToStringBinary(p) + "\n";
    }
    json["split"] = {{"algorithm", SplitName(*algorithm)},
                     {"regions", options.regions},
                     {"points", std::move(list)}};
  }
  if (args.json) {
    *ctx.out << json.dump(-1, ' ', false, Json::error_handler_t::replace)
             << "\n";
  } else {
    *ctx.out << text;
  }
  return kExitOk;
}

}  // namespace

void RegisterAdviseCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<AdviseArgs>();
  CLI::App* cmd = app.add_subcommand(
      "advise",
      "Partition count for a data size (seed 003: at most 100 GB per "
      "partition per replica, then a prime from 23, 59, 97, 193, 389, 997), "
      "and HBase pre-split points as RegionSplitter computes them");
  cmd->add_option("--data-size", args->data_size,
                  "Total stored size over all replicas: 24T, 500G, 1.5TB, "
                  "2TiB (K/M/G/T/P are powers of 1000)")
      ->type_name("SIZE");
  cmd->add_option("--replicas", args->replicas, "Number of replicas")
      ->type_name("N")
      ->check(CLI::Range(1, 16));
  cmd->add_option("--growth", args->growth,
                  "The size expected later (e.g. within a year); partitions "
                  "are sized for it, since changing the count is a DDL")
      ->type_name("SIZE");
  cmd->add_option("--nodes", args->nodes,
                  "Show how the recommended partitions balance over N nodes")
      ->type_name("N")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--split", args->split,
                  "Print HBase pre-split points: hex (HexStringSplit), "
                  "decimal (DecimalStringSplit) or uniform (UniformSplit)")
      ->type_name("ALGORITHM");
  cmd->add_option("--regions", args->regions,
                  "Number of regions to split into (default: the recommended "
                  "partition count)")
      ->type_name("N");
  cmd->add_option("--first-row", args->first_row,
                  "RegionSplitter's first row (hex or decimal digits; "
                  "escaped bytes for uniform)")
      ->type_name("ROW");
  cmd->add_option("--last-row", args->last_row,
                  "RegionSplitter's last row (hex or decimal digits; escaped "
                  "bytes for uniform)")
      ->type_name("ROW");
  cmd->add_flag("--json", args->json, "Print one JSON object");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunAdvise(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
