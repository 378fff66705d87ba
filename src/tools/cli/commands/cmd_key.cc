// Copyright (c) obkvlite authors.
//
// `obkv key`: builds a row key from the spec's "rowkey" section, or plans a
// salted range scan (seed 004's parallel scans), without a store.
//
//   obkv key SPEC.json user_id=u42 ts=1700000000000
//     -> 3f2a_u42_9223370336854775807
//   obkv key SPEC.json --plan-scan START STOP [--reversed]
//                      [--time-range A B] [--family F]
//     -> {"prefix":"00_","start":"00_START","stop":"00_STOP",
//         "partitions":[0]}                     (one line per bucket)
//
// Values, START and STOP are in Bytes.toStringBinary form. START and STOP
// bound the key without its salt; an empty STOP is unbounded.

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "obkvlite/bytes.h"
#include "obkvlite/router.h"
#include "obkvlite/rowkey.h"
#include "obkvlite/spec.h"
#include "tools/cli/cli.h"

namespace obkvlite {
namespace cli {
namespace {

struct KeyArgs {
  std::string spec_path;
  std::vector<std::string> values;  // name=value
  std::vector<std::string> plan;    // START STOP
  std::vector<int64_t> time_range;  // A B
  bool reversed = false;
  std::string family;
};

Result<RowkeyValues> ReadValues(const std::vector<std::string>& args) {
  RowkeyValues values;
  for (const std::string& arg : args) {
    const size_t eq = arg.find('=');
    if (eq == std::string::npos || eq == 0) {
      return Status::InvalidArgument("\"" + arg + "\": expected name=value");
    }
    const std::string name = arg.substr(0, eq);
    OBKV_ASSIGN_OR_RETURN(std::string value,
                          FromStringBinary(arg.substr(eq + 1), name));
    if (!values.emplace(name, std::move(value)).second) {
      return Status::InvalidArgument(name + ": given twice");
    }
  }
  return values;
}

Result<TimeRange> ReadTimeRange(const std::vector<int64_t>& v) {
  if (v.empty()) return TimeRange::All();
  if (v[0] < 0 || v[0] > v[1]) {
    return Status::InvalidArgument("--time-range: expected 0 <= A <= B, got " +
                                   std::to_string(v[0]) + " " +
                                   std::to_string(v[1]));
  }
  TimeRange t;
  t.min_ms = v[0];
  t.max_ms = v[1];
  return t;
}

int BuildKey(const KeyArgs& args, const RowkeySpec& rowkey, CliContext& ctx) {
  Result<RowkeyValues> values = ReadValues(args.values);
  if (!values.ok()) return ctx.Fail(values.status());
  Result<std::string> key = BuildRowkey(rowkey, *values);
  if (!key.ok()) return ctx.Fail(key.status());
  *ctx.out << ToStringBinary(*key) << "\n";
  return kExitOk;
}

int PlanScan(const KeyArgs& args, const TableSpec& spec, CliContext& ctx) {
  const FamilySpec* family = args.family.empty() ? &spec.families.front()
                                                 : spec.FindFamily(args.family);
  if (family == nullptr) {
    return ctx.Fail(Status::InvalidArgument("--family: no family '" +
                                            args.family + "' in table '" +
                                            spec.name + "'"));
  }
  Result<std::string> start = FromStringBinary(args.plan[0], "start");
  if (!start.ok()) return ctx.Fail(start.status());
  Result<std::string> stop = FromStringBinary(args.plan[1], "stop");
  if (!stop.ok()) return ctx.Fail(stop.status());
  Result<TimeRange> times = ReadTimeRange(args.time_range);
  if (!times.ok()) return ctx.Fail(times.status());
  const KeyRange unsalted = args.reversed ? KeyRange::Reversed(*start, *stop)
                                          : KeyRange::Forward(*start, *stop);
  Result<std::vector<SaltedScanRange>> plan =
      PlanSaltedScan(*spec.rowkey, unsalted, args.reversed);
  if (!plan.ok()) return ctx.Fail(plan.status());
  const PartitionRouter router(spec.name, *family);
  for (const SaltedScanRange& range : *plan) {
    nlohmann::ordered_json line;
    const std::string lo = ToStringBinary(range.keys.lo);
    const std::string hi =
        range.keys.hi_unbounded ? "" : ToStringBinary(range.keys.hi);
    line["prefix"] = ToStringBinary(range.prefix);
    line["start"] = args.reversed ? hi : lo;
    line["stop"] = args.reversed ? lo : hi;
    line["partitions"] = router.PruneScan(range.keys, *times);
    *ctx.out << line.dump(-1, ' ', false,
                          nlohmann::json::error_handler_t::replace)
             << "\n";
  }
  return kExitOk;
}

int RunKey(const KeyArgs& args, CliContext& ctx) {
  const bool planning = !args.plan.empty();
  if (planning && !args.values.empty()) {
    return ctx.Usage("key: give name=value pairs or --plan-scan, not both");
  }
  if (!planning && (args.reversed || !args.time_range.empty())) {
    return ctx.Usage("key: --reversed and --time-range need --plan-scan");
  }
  Result<TableSpec> spec = LoadTableSpecFile(args.spec_path);
  if (!spec.ok()) return ctx.Fail(spec.status());
  if (!spec->rowkey) {
    return ctx.Fail(Status::InvalidArgument(
        args.spec_path + ": no \"rowkey\" section to build keys from"));
  }
  return planning ? PlanScan(args, *spec, ctx)
                  : BuildKey(args, *spec->rowkey, ctx);
}

}  // namespace

void RegisterKeyCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<KeyArgs>();
  CLI::App* cmd = app.add_subcommand(
      "key",
      "Build a row key from the spec's \"rowkey\" section (salt, padding, "
      "reversal, reverse timestamps, buckets), or plan a salted range scan "
      "as one scan per bucket. No store needed.");
  cmd->add_option("SPEC", args->spec_path, "Table spec JSON file")->required();
  cmd->add_option("VALUES", args->values,
                  "name=value pairs, values in Bytes.toStringBinary form "
                  "(ints in decimal)")
      ->type_name("NAME=VALUE ...");
  cmd->add_option("--plan-scan", args->plan,
                  "Plan a scan of the unsalted keys from START (inclusive) "
                  "to STOP (exclusive; empty: unbounded): one JSON line per "
                  "bucket with its partitions")
      ->type_name("START STOP")
      ->expected(2)
      ->allow_extra_args(false);
  cmd->add_flag("--reversed", args->reversed,
                "Plan a reversed scan from START down to STOP");
  cmd->add_option("--time-range", args->time_range,
                  "Prune partitions to timestamps in [A, B)")
      ->type_name("A B")
      ->expected(2)
      ->allow_extra_args(false);
  cmd->add_option("--family", args->family,
                  "Family whose partitions to show (default: the first)")
      ->type_name("F");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunKey(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
