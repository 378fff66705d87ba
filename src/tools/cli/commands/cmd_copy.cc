// Copyright (c) obkvlite authors.
//
// `obkv copy SOURCE DEST [TABLE...]`: copies tables between any two stores
// (a file or a mysql:// URI each; doc/engines.md), e.g. a store file to an
// OceanBase tenant and back. Each table is created in DEST from SOURCE's
// catalog spec, its stored rows are streamed in batches
// (Store::CopyTableTo: the K/Q/T/V rows arrive unchanged), a progress line
// is drawn on a terminal, and at the end the rows and cells DEST returns
// for each family are checked against SOURCE's. No TABLE: every table of
// SOURCE.
//   copied table t: 1200 stored rows; 1200 cells in 2 families verified

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "obkvlite/options.h"
#include "obkvlite/spec.h"
#include "obkvlite/store.h"
#include "tools/cli/cli.h"
#include "tools/cli/count_cells.h"
#include "tools/cli/transfer/progress.h"

namespace obkvlite {
namespace cli {
namespace {

struct CopyArgs {
  std::string source;
  std::string dest;
  std::vector<std::string> tables;
  int batch_rows = 1000;
};

Result<std::unique_ptr<Store>> OpenLocation(const std::string& location,
                                            bool create) {
  StoreOptions options;
  options.read_only = !create;
  options.create_if_missing = create;
  return Store::Open(options, location);
}

// Cells of `family`, as reads return them (one family per count: a
// timeseries table reads one family per request).
Result<CellCounts> Visible(Store* store, const std::string& table,
                           const std::string& family) {
  OBKV_ASSIGN_OR_RETURN(Table * t, store->GetTable(table));
  return CountCells(*t, {family});
}

Status CopyOne(Store* source, Store* dest, const std::string& table,
               int batch_rows, CliContext& ctx) {
  const bool tty = ctx.err == &std::cerr && isatty(STDERR_FILENO) == 1;
  Progress progress(tty ? ctx.err : nullptr, 0, SteadyClockMs);
  CopyOptions options;
  options.batch_rows = batch_rows;
  options.progress = [&](int64_t rows) { progress.Update(0, rows); };
  OBKV_ASSIGN_OR_RETURN(int64_t rows,
                        source->CopyTableTo(table, dest, options));
  progress.Finish(0, rows);
  OBKV_ASSIGN_OR_RETURN(Table * source_table, source->GetTable(table));
  int64_t cells = 0;
  const std::vector<FamilySpec>& families = source_table->spec().families;
  for (const FamilySpec& family : families) {
    OBKV_ASSIGN_OR_RETURN(CellCounts from, Visible(source, table, family.name));
    OBKV_ASSIGN_OR_RETURN(CellCounts to, Visible(dest, table, family.name));
    if (from.rows != to.rows || from.cells != to.cells) {
      return Status::Corruption(
          "copy " + table + ": family " + family.name +
          ": the source returns " + std::to_string(from.rows) + " rows, " +
          std::to_string(from.cells) + " cells; the destination " +
          std::to_string(to.rows) + " rows, " + std::to_string(to.cells) +
          " cells");
    }
    cells += to.cells;
  }
  *ctx.out << "copied table " << table << ": " << rows << " stored rows; "
           << cells << " cells in " << families.size()
           << (families.size() == 1 ? " family" : " families") << " verified\n";
  return Status::OK();
}

int RunCopy(const CopyArgs& args, CliContext& ctx) {
  if (args.batch_rows < 1) {
    return ctx.Usage("--batch: must be at least 1; got " +
                     std::to_string(args.batch_rows));
  }
  Result<std::unique_ptr<Store>> source = OpenLocation(args.source, false);
  if (!source.ok()) return ctx.Fail(source.status().WithPrefix("SOURCE"));
  Result<std::unique_ptr<Store>> dest = OpenLocation(args.dest, true);
  if (!dest.ok()) return ctx.Fail(dest.status().WithPrefix("DEST"));
  if ((*source)->info().location == (*dest)->info().location) {
    return ctx.Usage("copy: SOURCE and DEST are the same store");
  }
  std::vector<std::string> tables = args.tables;
  if (tables.empty()) tables = (*source)->ListTables();
  for (const std::string& table : tables) {
    Status st =
        CopyOne(source->get(), dest->get(), table, args.batch_rows, ctx);
    if (!st.ok()) return ctx.Fail(st);
  }
  return kExitOk;
}

}  // namespace

void RegisterCopyCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<CopyArgs>();
  CLI::App* cmd = app.add_subcommand(
      "copy",
      "Copy tables between two stores (files or mysql:// URIs): create each "
      "in DEST from SOURCE's spec, stream its stored rows in batches, "
      "verify row and cell counts");
  cmd->add_option("SOURCE", args->source, "Store to read (file or URI)")
      ->required();
  cmd->add_option("DEST", args->dest, "Store to write (created when missing)")
      ->required();
  cmd->add_option("TABLE", args->tables, "Tables to copy (default: all)");
  cmd->add_option("--batch", args->batch_rows,
                  "Rows per destination transaction (default 1000)");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunCopy(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
