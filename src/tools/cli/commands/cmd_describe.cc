// Copyright (c) obkvlite authors.
//
// `obkv --store PATH describe TABLE [--json]`: the table's spec as stored
// in the catalog, and the engine the store runs on (never a password).
// Human form:
//   engine     sqlite 3.40.1
//   store      /path/store.db
//   table      t
//   layout     normal
//   family     f
//     relation             t$f
//     TimeToLive           3600 s
//     MaxVersions          3
//     value type           varbinary(1048576)
//     partitioning         KEY(K) PARTITIONS 97, hash oceanbase
//     physical partitions  97
// --json prints the canonical spec JSON instead.

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>
#include <string>

#include "ddl/partitioning_text.h"
#include "obkvlite/spec.h"
#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

struct DescribeArgs {
  std::string table;
  bool json = false;
};

std::string Line(const std::string& indent, const std::string& label,
                 const std::string& value, size_t width) {
  std::string out = indent + label;
  out.append(width > label.size() ? width - label.size() : 1, ' ');
  return out + value + "\n";
}

void PrintFamily(const TableSpec& spec, const FamilySpec& f,
                 std::ostream& out) {
  constexpr size_t kWidth = 21;
  out << Line("", "family", f.name, 11);
  out << Line("  ", "relation", FamilyRelationName(spec, f), kWidth);
  out << Line("  ", "TimeToLive",
              f.ttl_seconds > 0 ? std::to_string(f.ttl_seconds) + " s" : "none",
              kWidth);
  out << Line("  ", "MaxVersions",
              f.max_versions > 0 ? std::to_string(f.max_versions) : "none",
              kWidth);
  out << Line("  ", "value type",
              f.longblob
                  ? "longblob"
                  : "varbinary(" + std::to_string(f.value_max_bytes) + ")",
              kWidth);
  out << Line("  ", "partitioning",
              PartitioningText(f.partition, PartitioningDetail::kBounds),
              kWidth);
  out << Line("  ", "physical partitions",
              std::to_string(f.partition.PhysicalCount()), kWidth);
}

int RunDescribe(const DescribeArgs& args, CliContext& ctx) {
  if (!ctx.RequireStore("describe")) return ctx.exit_code;
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kRead);
  if (!store.ok()) return ctx.Fail(store.status());
  Result<Table*> table = (*store)->GetTable(args.table);
  if (!table.ok()) return ctx.Fail(table.status());
  const TableSpec& spec = (*table)->spec();
  if (args.json) {
    *ctx.out << spec.json << "\n";
    return kExitOk;
  }
  const StoreInfo& info = (*store)->info();
  *ctx.out << Line("", "engine", info.engine + " " + info.version, 11);
  *ctx.out << Line("", "store", info.location, 11);
  *ctx.out << Line("", "table", spec.name, 11);
  *ctx.out << Line("", "layout",
                   spec.layout == Layout::kTimeseries ? "timeseries" : "normal",
                   11);
  for (const FamilySpec& family : spec.families) {
    PrintFamily(spec, family, *ctx.out);
  }
  return kExitOk;
}

}  // namespace

void RegisterDescribeCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<DescribeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "describe",
      "Show a table's spec: families, TimeToLive, MaxVersions, value type, "
      "partitioning and physical partition count");
  cmd->add_option("TABLE", args->table, "Table name")->required();
  cmd->add_flag("--json", args->json, "Print the canonical spec JSON");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunDescribe(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
