// Copyright (c) obkvlite authors.
//
// `obkv route`: where a row or a scan goes, without a store (DESIGN §5).
//
//   obkv route SPEC.json ROWKEY [--ts MS] [--family F]
//     -> {"family":"f","partition":69,"table":"t$f$p69"}
//   obkv route SPEC.json --scan START STOP [--time-range A B] [--family F]
//                        [--reversed]
//     -> {"family":"f","partitions":[0,3],"tables":["t$f$p0","t$f$p3"]}
//
// ROWKEY, START and STOP are in Bytes.toStringBinary form; an empty STOP
// (or, reversed, an empty START) is unbounded. The first family is used
// unless --family names another.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "obkvlite/bytes.h"
#include "obkvlite/router.h"
#include "obkvlite/spec.h"
#include "tools/cli/cli.h"

namespace obkvlite {
namespace cli {
namespace {

struct RouteArgs {
  std::string spec_path;
  std::string rowkey;
  bool has_rowkey = false;
  std::optional<int64_t> ts;
  std::string family;
  std::vector<std::string> scan;    // START STOP
  std::vector<int64_t> time_range;  // A B
  bool reversed = false;
};

std::string Dump(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Checks the mode-dependent combinations CLI11 cannot express.
std::optional<std::string> CheckUsage(const RouteArgs& args) {
  const bool scan = !args.scan.empty();
  if (scan && args.has_rowkey) {
    return "route: give either ROWKEY or --scan START STOP, not both";
  }
  if (!scan && !args.has_rowkey) {
    return "route: ROWKEY or --scan START STOP is required";
  }
  if (scan && args.ts.has_value()) {
    return "route: --ts applies to ROWKEY; use --time-range with --scan";
  }
  if (!scan && !args.time_range.empty()) {
    return "route: --time-range needs --scan";
  }
  if (!scan && args.reversed) return "route: --reversed needs --scan";
  return std::nullopt;
}

Result<TimeRange> ReadTimeRange(const std::vector<int64_t>& values) {
  if (values.empty()) return TimeRange::All();
  if (values[0] < 0) {
    return Status::InvalidArgument(
        "--time-range: min must not be negative, got " +
        std::to_string(values[0]));
  }
  if (values[0] > values[1]) {
    return Status::InvalidArgument(
        "--time-range: min " + std::to_string(values[0]) +
        " is greater than max " + std::to_string(values[1]));
  }
  TimeRange range;
  range.min_ms = values[0];
  range.max_ms = values[1];
  return range;
}

int RouteRow(const RouteArgs& args, const PartitionRouter& router,
             const std::string& family, CliContext& ctx) {
  Result<std::string> rowkey = FromStringBinary(args.rowkey, "rowkey");
  if (!rowkey.ok()) return ctx.Fail(rowkey.status());
  Result<int> index = router.Route(*rowkey, args.ts);
  if (!index.ok()) return ctx.Fail(index.status());
  nlohmann::ordered_json line;
  line["family"] = family;
  line["partition"] = *index;
  line["table"] = router.PartitionTableName(*index);
  *ctx.out << Dump(line) << "\n";
  return kExitOk;
}

int RouteScan(const RouteArgs& args, const PartitionRouter& router,
              const std::string& family, CliContext& ctx) {
  Result<std::string> start = FromStringBinary(args.scan[0], "start");
  if (!start.ok()) return ctx.Fail(start.status());
  Result<std::string> stop = FromStringBinary(args.scan[1], "stop");
  if (!stop.ok()) return ctx.Fail(stop.status());
  Result<TimeRange> times = ReadTimeRange(args.time_range);
  if (!times.ok()) return ctx.Fail(times.status());
  const KeyRange keys = args.reversed ? KeyRange::Reversed(*start, *stop)
                                      : KeyRange::Forward(*start, *stop);
  const std::vector<int> partitions = router.PruneScan(keys, *times);
  nlohmann::ordered_json line;
  line["family"] = family;
  line["partitions"] = nlohmann::ordered_json::array();
  line["tables"] = nlohmann::ordered_json::array();
  for (int p : partitions) {
    line["partitions"].push_back(p);
    line["tables"].push_back(router.PartitionTableName(p));
  }
  *ctx.out << Dump(line) << "\n";
  return kExitOk;
}

int RunRoute(const RouteArgs& args, CliContext& ctx) {
  if (std::optional<std::string> usage = CheckUsage(args)) {
    return ctx.Usage(*usage);
  }
  Result<TableSpec> spec = LoadTableSpecFile(args.spec_path);
  if (!spec.ok()) return ctx.Fail(spec.status());
  const FamilySpec* family = nullptr;
  if (args.family.empty()) {
    if (spec->families.empty()) {
      return ctx.Fail(Status::InvalidArgument("--family: table '" + spec->name +
                                              "' has no families"));
    }
    family = &spec->families.front();
  } else {
    family = spec->FindFamily(args.family);
    if (family == nullptr) {
      return ctx.Fail(Status::InvalidArgument("--family: no family '" +
                                              args.family + "' in table '" +
                                              spec->name + "'"));
    }
  }
  const PartitionRouter router(spec->name, *family);
  return args.scan.empty() ? RouteRow(args, router, family->name, ctx)
                           : RouteScan(args, router, family->name, ctx);
}

}  // namespace

void RegisterRouteCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<RouteArgs>();
  CLI::App* cmd = app.add_subcommand(
      "route",
      "Show the partition a row goes to, or the partitions a scan visits "
      "(no store needed). Prints one JSON line.");
  cmd->add_option("SPEC", args->spec_path, "Table spec JSON file")->required();
  cmd->add_option("ROWKEY", args->rowkey,
                  "Row key, escaped as Bytes.toStringBinary (\\xHH)")
      ->type_name("BYTES");
  cmd->add_option("--ts", args->ts,
                  "Timestamp in ms; required when the family partitions on "
                  "G (range on time)")
      ->type_name("MS");
  cmd->add_option("--family", args->family,
                  "Family to route (default: the first)")
      ->type_name("F");
  cmd->add_option("--scan", args->scan,
                  "Route a scan from START (inclusive) to STOP (exclusive); "
                  "an empty STOP is unbounded")
      ->type_name("START STOP")
      ->expected(2)
      ->allow_extra_args(false);
  cmd->add_option("--time-range", args->time_range,
                  "Scan only timestamps in [A, B) (prunes ranges on G)")
      ->type_name("A B")
      ->expected(2)
      ->allow_extra_args(false);
  cmd->add_flag("--reversed", args->reversed,
                "Reversed scan: from START (inclusive) down to STOP "
                "(exclusive)");
  cmd->callback([args, cmd, &ctx]() {
    args->has_rowkey = cmd->count("ROWKEY") > 0;
    ctx.exit_code = RunRoute(*args, ctx);
  });
}

}  // namespace cli
}  // namespace obkvlite
