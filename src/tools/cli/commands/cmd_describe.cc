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
// On a server store each family also shows what the server really has
// (information_schema.PARTITIONS), which can differ from the spec: MariaDB
// has no KEY on a prefix of K, so a virtual-prefix KEY table is plain KEY
// there:
//     server partitioning  KEY(`K`) PARTITIONS 97
// --json prints the canonical spec JSON instead.

#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "ddl/partitioning_text.h"
#include "ddl/server_partitions_sql.h"
#include "obkvlite/spec.h"
#include "obkvlite/store.h"
#include "storage/open/readonly_query.h"
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

// A partitioning expression as the spec's text writes it: the server quotes
// its column names ("K" or `K`); the columns are K, T and K_PREFIX.
std::string Unquoted(std::string expression) {
  std::string out;
  for (char c : expression) {
    if (c != '"' && c != '`') out += c;
  }
  return out;
}

// The server's partitioning of `relation`, as PARTITION BY text.
Result<std::string> ServerPartitioning(const std::string& location,
                                       const std::string& relation) {
  std::string text = "missing on the server";
  OBKV_RETURN_IF_ERROR(storage::RunReadOnlySql(
      location, ServerPartitioningSql(relation),
      [&](const storage::QueryResult& result) {
        if (result.rows.empty()) return Status::OK();
        const std::vector<storage::QueryValue>& row = result.rows[0];
        if (row[0].kind == storage::QueryValue::kNull) {
          text = "none";
          return Status::OK();
        }
        text = row[0].bytes + "(" + Unquoted(row[1].bytes) + ") PARTITIONS " +
               row[2].bytes;
        if (row[3].kind != storage::QueryValue::kNull) {
          const long long parts = std::stoll(row[2].bytes);
          const long long subs = std::stoll(row[5].bytes);
          text += " SUBPARTITION BY " + row[3].bytes + "(" +
                  Unquoted(row[4].bytes) +
                  ") SUBPARTITIONS " +
                  std::to_string(parts > 0 ? subs / parts : 0);
        }
        return Status::OK();
      }));
  return text;
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
    if (IsServerLocation(ctx.store_path)) {
      Result<std::string> server =
          ServerPartitioning(ctx.store_path, FamilyRelationName(spec, family));
      if (!server.ok()) return ctx.Fail(server.status());
      *ctx.out << Line("  ", "server partitioning", *server, 21);
    }
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
