// Copyright (c) obkvlite authors.
//
// `obkv --store PATH export TABLE [--format tsv|csv | --dialect
//      oceanbase|mysql]`: the reverse of load. With --format (default tsv)
// every visible cell (all versions; TimeToLive and MaxVersions applied)
// as a cell line (cell_line.h), so `export | load` copies a table. With
// --dialect the DDL and INSERTs of the exact physical rows (sql_dump.h),
// ready to load into OceanBase (or MariaDB with mysql).

#include <CLI/CLI.hpp>
#include <limits>
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "obkvlite/ddl.h"
#include "tools/cli/cli.h"
#include "tools/cli/count_cells.h"
#include "tools/cli/open_store.h"
#include "tools/cli/transfer/cell_line.h"
#include "tools/cli/transfer/sql_dump.h"

namespace obkvlite {
namespace cli {
namespace {

struct ExportArgs {
  std::string table;
  std::optional<std::string> format;
  std::optional<std::string> dialect;
};

// Every cell, rows ascending; a timeseries table of several families is
// written family by family (FamilyScans), which load reads the same.
Status ExportLines(Table& table, CellFormat format, std::ostream& out) {
  Scan all;
  all.max_versions = std::numeric_limits<int>::max();
  for (const Scan& scan : FamilyScans(table.spec(), all)) {
    OBKV_ASSIGN_OR_RETURN(std::unique_ptr<Scanner> scanner,
                          table.GetScanner(scan));
    RowResult row;
    while (scanner->Next(&row)) {
      for (const Cell& cell : row.cells) {
        out << FormatCellLine(cell, format) << "\n";
      }
    }
    OBKV_RETURN_IF_ERROR(scanner->status());
  }
  return Status::OK();
}

int RunExport(const ExportArgs& args, CliContext& ctx) {
  if (!ctx.RequireStore("export")) return ctx.exit_code;
  Result<CellFormat> format =
      ParseCellFormat(args.format.value_or("tsv"), "--format");
  if (!format.ok()) return ctx.Usage(format.status().message());
  std::optional<DdlDialect> dialect;
  if (args.dialect) {
    Result<DdlDialect> d = ParseDdlDialect(*args.dialect, "--dialect");
    if (!d.ok()) return ctx.Usage(d.status().message());
    if (*d == DdlDialect::kSqlite) {
      return ctx.Usage("--dialect: must be oceanbase or mysql, got 'sqlite'");
    }
    dialect = *d;
  }
  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kRead);
  if (!store.ok()) return ctx.Fail(store.status());
  Result<Table*> table = (*store)->GetTable(args.table);
  if (!table.ok()) return ctx.Fail(table.status());
  if (dialect) {
    Result<int64_t> rows =
        WriteSqlDump(store->get(), (*table)->spec(), *dialect, *ctx.out);
    if (!rows.ok()) return ctx.Fail(rows.status());
    return kExitOk;
  }
  Status st = ExportLines(**table, *format, *ctx.out);
  if (!st.ok()) return ctx.Fail(st);
  return kExitOk;
}

}  // namespace

void RegisterExportCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<ExportArgs>();
  CLI::App* cmd = app.add_subcommand(
      "export",
      "Write a table to stdout: every visible cell as TSV/CSV lines (row, "
      "family:qualifier, ts, value; the format load reads), or with "
      "--dialect the DDL and INSERTs of the exact K/Q/T/V rows (T negated, "
      "bytes as hex literals) for OceanBase or MariaDB/MySQL");
  cmd->add_option("TABLE", args->table, "Table name")->required();
  CLI::Option* format =
      cmd->add_option("--format", args->format, "tsv (default) or csv")
          ->type_name("FMT");
  cmd->add_option("--dialect", args->dialect,
                  "oceanbase or mysql: write SQL instead of lines")
      ->type_name("DIALECT")
      ->excludes(format);
  cmd->callback([args, &ctx]() { ctx.exit_code = RunExport(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
