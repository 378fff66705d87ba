// Copyright (c) obkvlite authors.
//
// `obkv --store PATH partition list|add|split|merge|drop|truncate|rehash|
// roll ...` (Store::ListPartitions, Store::ChangePartitions;
// doc/partitions.md):
//   list TABLE [--family F] [--json]       index, name, OceanBase's name,
//                                          lower and upper bound, cells,
//                                          stored bytes ("-" / null where
//                                          the engine cannot tell)
//   add TABLE BOUND                        a partition after the last one
//   split TABLE PARTITION BOUND            cut PARTITION at BOUND
//   merge TABLE PARTITION PARTITION        join two adjacent partitions
//   drop TABLE PARTITION                   remove it and its rows
//   truncate TABLE PARTITION               remove its rows
//   rehash TABLE COUNT                     rewrite every row into COUNT
//                                          KEY partitions (progress bar)
//   roll TABLE [--now MS]                  a time window's precreate and
//                                          expire
// Every change takes [--family F] and [--ddl-only]; PARTITION is a name
// as list shows it (p<i> on a file, the server's own on a server); BOUND
// is written like a spec bound (toStringBinary
// bytes for K, ms for G, or MAXVALUE). A change prints
//   split t: family f has 4 partitions, 3 rows moved
// then the OceanBase statements (change_output.h), and advice on stderr.

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "obkvlite/bytes.h"
#include "spec/partition_plan.h"
#include "tools/cli/cli.h"
#include "tools/cli/commands/change_output.h"
#include "tools/cli/open_store.h"
#include "tools/cli/text_table.h"
#include "tools/cli/transfer/progress.h"

namespace obkvlite {
namespace cli {
namespace {

struct PartitionArgs {
  std::string table;
  std::string family;
  std::string partition;                // a name (split, drop, truncate)
  std::vector<std::string> partitions;  // two names (merge)
  std::string bound;
  int count = 0;
  int64_t now_ms = 0;
  bool json = false;
  bool ddl_only = false;
};

// The family a bound is read for: --family, else the first family.
const FamilySpec* BoundFamily(const TableSpec& spec, const std::string& name) {
  if (name.empty()) return &spec.families.front();
  return spec.FindFamily(name);
}

std::string BoundCell(const PartitionInfo& p, bool lower, RangeColumn col) {
  if (!p.has_range) return "";
  if (lower && !p.has_lower) return "MINVALUE";
  return BoundSpecText(lower ? p.lower : p.upper, col);
}

int RunList(const PartitionArgs& args, Store& store, CliContext& ctx) {
  Result<Table*> table = store.GetTable(args.table);
  if (!table.ok()) return ctx.Fail(table.status());
  const TableSpec spec = (*table)->spec();
  const FamilySpec* family = BoundFamily(spec, args.family);
  if (family == nullptr) {
    return ctx.Fail(Status::InvalidArgument("--family: unknown family '" +
                                            args.family + "' in table '" +
                                            args.table + "'"));
  }
  PartitionListOptions options;
  options.sizes = true;
  Result<std::vector<PartitionInfo>> parts =
      store.ListPartitions(args.table, family->name, options);
  if (!parts.ok()) return ctx.Fail(parts.status());
  const RangeColumn col = family->partition.range_column;
  if (args.json) {
    nlohmann::json out = {{"table", args.table}, {"family", family->name}};
    nlohmann::json list = nlohmann::json::array();
    for (const PartitionInfo& p : *parts) {
      nlohmann::json j = {{"index", p.index},
                          {"name", p.name},
                          {"oceanbase_name", p.oceanbase_name},
                          {"cells", p.cells},
                          {"bytes", p.bytes >= 0 ? nlohmann::json(p.bytes)
                                                 : nlohmann::json(nullptr)}};
      if (p.has_range) {
        j["lower"] = p.has_lower ? nlohmann::json(BoundCell(p, true, col))
                                 : nlohmann::json(nullptr);
        j["upper"] = BoundCell(p, false, col);
      }
      list.push_back(std::move(j));
    }
    out["partitions"] = std::move(list);
    *ctx.out << out.dump() << "\n";
    return kExitOk;
  }
  std::vector<std::vector<std::string>> rows;
  for (const PartitionInfo& p : *parts) {
    rows.push_back({std::to_string(p.index), p.name, p.oceanbase_name,
                    BoundCell(p, true, col), BoundCell(p, false, col),
                    std::to_string(p.cells),
                    p.bytes >= 0 ? std::to_string(p.bytes) : "-"});
  }
  PrintTextTable(
      {"index", "name", "oceanbase", "lower", "upper", "cells", "bytes"}, rows,
      *ctx.out);
  return kExitOk;
}

int RunChange(PartitionOp op, const PartitionArgs& args, CliContext& ctx) {
  if (!ctx.RequireStore("partition")) return ctx.exit_code;
  Result<std::unique_ptr<Store>> store =
      OpenStore(ctx, args.ddl_only ? StoreAccess::kRead : StoreAccess::kWrite);
  if (!store.ok()) return ctx.Fail(store.status());
  Result<Table*> table = (*store)->GetTable(args.table);
  if (!table.ok()) return ctx.Fail(table.status());
  const TableSpec spec = (*table)->spec();
  PartitionChange change;
  change.op = op;
  change.family = args.family;
  change.count = args.count;
  change.now_ms = args.now_ms;
  change.dry_run = args.ddl_only;
  // By the names `partition list` shows; the store resolves them.
  change.partition_names = args.partitions;
  if (!args.partition.empty()) change.partition_names = {args.partition};
  if (op == PartitionOp::kAdd || op == PartitionOp::kSplit) {
    const FamilySpec* family = BoundFamily(spec, args.family);
    if (family == nullptr) {
      return ctx.Fail(Status::InvalidArgument("family: unknown family '" +
                                              args.family + "' in table '" +
                                              args.table + "'"));
    }
    Result<RangeBound> bound =
        ParseBoundText(args.bound, family->partition.range_column, "BOUND");
    if (!bound.ok()) return ctx.Fail(bound.status());
    change.bound = *bound;
  }
  const bool tty = ctx.err == &std::cerr && isatty(STDERR_FILENO) == 1;
  std::unique_ptr<Progress> progress;
  if (tty && !args.ddl_only) {
    progress = std::make_unique<Progress>(ctx.err, 0, SteadyClockMs);
    change.progress = [&progress](int64_t done, int64_t total) {
      progress->Update(done, done);
      (void)total;
    };
  }
  Result<PartitionChangeResult> result =
      (*store)->ChangePartitions(args.table, change);
  if (progress != nullptr)
    progress->Finish(0, result.ok() ? result->rows_moved : 0);
  if (!result.ok()) return ctx.Fail(result.status());
  for (const std::string& w : result->warnings) {
    *ctx.err << "warning: " << w << "\n";
  }
  if (!args.ddl_only) {
    *ctx.out << PartitionOpName(op) << " " << args.table << ":";
    if (!result->changed) {
      *ctx.out << " nothing to do\n";
    } else {
      bool first = true;
      for (const FamilySpec& f : result->spec.families) {
        if (!args.family.empty() && f.name != args.family) continue;
        *ctx.out << (first ? " " : ", ") << "family " << f.name << " has "
                 << f.partition.FirstLevelCount() << " partitions";
        first = false;
      }
      *ctx.out << ", " << result->rows_moved << " rows moved\n";
    }
  }
  PrintOceanBaseStatements(result->oceanbase_ddl, args.ddl_only, *ctx.out);
  return kExitOk;
}

CLI::App* AddChange(CLI::App* parent, CliContext& ctx, const char* name,
                    const char* help, PartitionOp op,
                    std::shared_ptr<PartitionArgs> args) {
  CLI::App* cmd = parent->add_subcommand(name, help);
  cmd->add_option("TABLE", args->table, "Table name")->required();
  cmd->add_option("--family", args->family,
                  "Change this family only (default: every family)");
  AddDdlOnlyFlag(cmd, &args->ddl_only);
  cmd->callback(
      [op, args, &ctx]() { ctx.exit_code = RunChange(op, *args, ctx); });
  return cmd;
}

}  // namespace

void RegisterPartitionCommand(CLI::App& app, CliContext& ctx) {
  CLI::App* partition = app.add_subcommand(
      "partition",
      "List and change a table's partitions (add, split, merge, drop, "
      "truncate, rehash, roll), each with its OceanBase DDL");
  partition->require_subcommand(1);

  auto list_args = std::make_shared<PartitionArgs>();
  CLI::App* list = partition->add_subcommand(
      "list",
      "Partitions with their bounds, stored cell counts and stored bytes");
  list->add_option("TABLE", list_args->table, "Table name")->required();
  list->add_option("--family", list_args->family,
                   "Family (default: the first)");
  list->add_flag("--json", list_args->json, "One JSON object");
  list->callback([list_args, &ctx]() {
    if (!ctx.RequireStore("partition list")) return;
    Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kRead);
    if (!store.ok()) {
      ctx.exit_code = ctx.Fail(store.status());
      return;
    }
    ctx.exit_code = RunList(*list_args, **store, ctx);
  });

  auto add = std::make_shared<PartitionArgs>();
  AddChange(partition, ctx, "add",
            "Append a range partition below BOUND after the last one",
            PartitionOp::kAdd, add)
      ->add_option("BOUND", add->bound, "Upper bound (or MAXVALUE)")
      ->required();

  auto split = std::make_shared<PartitionArgs>();
  CLI::App* split_cmd =
      AddChange(partition, ctx, "split",
                "Cut PARTITION at BOUND; rows at or above BOUND move to the "
                "new upper part",
                PartitionOp::kSplit, split);
  split_cmd
      ->add_option("PARTITION", split->partition,
                   "Partition name, as `partition list` shows it")
      ->required();
  split_cmd->add_option("BOUND", split->bound, "Bound inside PARTITION")
      ->required();

  auto merge = std::make_shared<PartitionArgs>();
  AddChange(partition, ctx, "merge", "Join two adjacent partitions",
            PartitionOp::kMerge, merge)
      ->add_option("PARTITIONS", merge->partitions,
                   "Two partition names, as `partition list` shows them")
      ->required()
      ->expected(2);

  auto drop = std::make_shared<PartitionArgs>();
  AddChange(partition, ctx, "drop",
            "Remove a partition and its rows; the next one takes its range",
            PartitionOp::kDrop, drop)
      ->add_option("PARTITION", drop->partition,
                   "Partition name, as `partition list` shows it")
      ->required();

  auto truncate = std::make_shared<PartitionArgs>();
  AddChange(partition, ctx, "truncate",
            "Remove a partition's rows, keeping its bounds",
            PartitionOp::kTruncate, truncate)
      ->add_option("PARTITION", truncate->partition,
                   "Partition name, as `partition list` shows it")
      ->required();

  auto rehash = std::make_shared<PartitionArgs>();
  AddChange(partition, ctx, "rehash",
            "Rewrite every row into COUNT KEY partitions", PartitionOp::kRehash,
            rehash)
      ->add_option("COUNT", rehash->count, "KEY partition count (1..8192)")
      ->required();

  auto roll = std::make_shared<PartitionArgs>();
  AddChange(partition, ctx, "roll",
            "Create a time window's next partitions and drop its expired "
            "ones",
            PartitionOp::kRoll, roll)
      ->add_option("--now", roll->now_ms, "Now in ms (default: the clock)");
}

}  // namespace cli
}  // namespace obkvlite
