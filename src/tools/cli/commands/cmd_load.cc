// Copyright (c) obkvlite authors.
//
// `obkv --store PATH load TABLE FILE [--format tsv|csv] [--columns SPEC
//      [--separator C]] [--batch N] [--quiet]`: imports cell lines
// (cell_line.h: row, family:qualifier, ts, value; bytes as \xHH) or, with
// --columns, HBase ImportTsv rows (import_columns.h: importtsv.columns and
// importtsv.separator) into a table, validate-all-then-write
// (load_cells.h): a bad record names FILE:LINE and writes nothing. FILE "-"
// reads stdin, spooled to a temporary file for the second pass. On a
// terminal a progress bar with rows/s and ETA goes to stderr; --quiet
// silences it. Prints "loaded N cells into TABLE". A FILE that cannot seek
// (a named pipe) is spooled too.

#include <stdlib.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "obkvlite/bytes.h"
#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"
#include "tools/cli/transfer/load_cells.h"

namespace obkvlite {
namespace cli {
namespace {

struct LoadArgs {
  std::string table;
  std::string file;
  std::string format = "tsv";
  std::optional<std::string> columns;
  std::optional<std::string> separator;
  int batch = 1000;
  bool quiet = false;
};

// A temporary file that removes itself.
class SpoolFile {
 public:
  ~SpoolFile() {
    if (!path_.empty()) std::filesystem::remove(path_);
  }
  // Copies `in` into the file and opens it for reading.
  Result<std::fstream*> Fill(std::istream& in) {
    std::string templ =
        (std::filesystem::temp_directory_path() / "obkv_load_XXXXXX").string();
    const int fd = mkstemp(templ.data());
    if (fd < 0) return Status::IOError("cannot create a temporary file");
    close(fd);
    path_ = templ;
    {
      std::ofstream out(path_, std::ios::binary);
      out << in.rdbuf();
      if (!out.good()) return Status::IOError("cannot spool stdin to " + path_);
    }
    file_.open(path_, std::ios::in | std::ios::binary);
    return &file_;
  }

 private:
  std::string path_;
  std::fstream file_;
};

// ImportTsv's importtsv.separator: one byte, given as is or as \xHH.
Result<char> ParseSeparator(const LoadArgs& args, CellFormat format) {
  constexpr std::string_view kField = "--separator";
  if (!args.columns) {
    return Status::InvalidArgument(
        "--separator: only with --columns (cell lines are separated by TAB, "
        "or by commas with --format csv)");
  }
  if (format == CellFormat::kCsv) {
    return Status::InvalidArgument(
        "--separator: not with --format csv (csv fields are separated by "
        "commas)");
  }
  OBKV_ASSIGN_OR_RETURN(const std::string bytes,
                        FromStringBinary(*args.separator, kField));
  if (bytes.size() != 1) {
    return Status::InvalidArgument(
        "--separator: must be one byte (write a control byte as \\xHH), "
        "got '" +
        *args.separator + "'");
  }
  if (bytes[0] == '\n' || bytes[0] == '\r') {
    return Status::InvalidArgument(
        "--separator: must not be a line break (records are lines)");
  }
  return bytes[0];
}

int RunLoad(const LoadArgs& args, CliContext& ctx) {
  if (!ctx.RequireStore("load")) return ctx.exit_code;
  LoadOptions options;
  Result<CellFormat> format = ParseCellFormat(args.format, "--format");
  if (!format.ok()) return ctx.Usage(format.status().message());
  if (args.batch < 1) {
    return ctx.Usage("--batch: must be at least 1, got " +
                     std::to_string(args.batch));
  }
  options.format = *format;
  options.batch_size = args.batch;
  if (args.columns) {
    Result<ImportColumns> columns = ImportColumns::Parse(*args.columns);
    if (!columns.ok()) return ctx.Usage(columns.status().message());
    options.columns = std::move(columns).value();
  }
  if (args.separator) {
    Result<char> separator = ParseSeparator(args, *format);
    if (!separator.ok()) return ctx.Usage(separator.status().message());
    options.separator = *separator;
  }

  std::ifstream file;
  SpoolFile spool;
  std::istream* in = nullptr;
  int64_t total_bytes = 0;
  if (args.file == "-") {
    options.name = "stdin";
    Result<std::fstream*> spooled = spool.Fill(*ctx.in);
    if (!spooled.ok()) return ctx.Fail(spooled.status());
    in = *spooled;
  } else {
    options.name = args.file;
    file.open(args.file, std::ios::binary);
    if (!file.is_open()) {
      return ctx.Fail(Status::NotFound("cannot open '" + args.file + "'"));
    }
    in = &file;
  }
  in->seekg(0, std::ios::end);
  if (in->fail()) {
    // A pipe given by name (/dev/stdin, <(...)): spool it like stdin.
    file.clear();
    Result<std::fstream*> spooled = spool.Fill(file);
    if (!spooled.ok()) return ctx.Fail(spooled.status());
    in = *spooled;
    in->seekg(0, std::ios::end);
  }
  total_bytes = in->tellg();
  in->seekg(0);

  Result<std::unique_ptr<Store>> store = OpenStore(ctx, StoreAccess::kWrite);
  if (!store.ok()) return ctx.Fail(store.status());
  Result<Table*> table = (*store)->GetTable(args.table);
  if (!table.ok()) return ctx.Fail(table.status());

  // The bar is drawn only on a real terminal.
  const bool tty = ctx.err == &std::cerr && isatty(STDERR_FILENO) == 1;
  Progress progress(tty && !args.quiet ? ctx.err : nullptr, total_bytes,
                    SteadyClockMs);
  options.now_ms = (*store)->NowMs();
  Result<int64_t> loaded = LoadCells(**table, *in, options, &progress);
  if (!loaded.ok()) return ctx.Fail(loaded.status());
  progress.Finish(total_bytes, *loaded);
  *ctx.out << "loaded " << *loaded << (*loaded == 1 ? " cell" : " cells")
           << " into " << args.table << "\n";
  return kExitOk;
}

}  // namespace

void RegisterLoadCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<LoadArgs>();
  CLI::App* cmd = app.add_subcommand(
      "load",
      "Import cells from TSV/CSV lines: row, family:qualifier, ts (ms; empty "
      "= now), value, with bytes escaped as \\xHH; or, with --columns, rows "
      "as HBase's ImportTsv reads them. Every record is checked before "
      "anything is written: a bad one names FILE:LINE and leaves the store "
      "unchanged.");
  cmd->add_option("TABLE", args->table, "Table name")->required();
  cmd->add_option("FILE", args->file, "Input file, or - for stdin")->required();
  cmd->add_option("--format", args->format,
                  "tsv or csv (RFC 4180: quoted fields may span lines)")
      ->type_name("FMT");
  cmd->add_option("--columns", args->columns,
                  "ImportTsv's importtsv.columns: one entry per field, "
                  "HBASE_ROW_KEY once, HBASE_TS_KEY (ms) at most once, the "
                  "others family:qualifier or family (empty qualifier); "
                  "fields are raw bytes, one Put per row")
      ->type_name("SPEC");
  cmd->add_option("--separator", args->separator,
                  "With --columns and tsv: the field separator, one byte "
                  "(ImportTsv's importtsv.separator; default TAB)")
      ->type_name("C");
  cmd->add_option("--batch", args->batch, "Records per transaction")
      ->type_name("N");
  cmd->add_flag("--quiet,-q", args->quiet,
                "No progress bar (it is drawn only when stderr is a "
                "terminal)");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunLoad(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
