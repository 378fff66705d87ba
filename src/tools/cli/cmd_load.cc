// Copyright (c) obkvlite authors.
//
// `obkv --store PATH load TABLE FILE [--format tsv|csv] [--batch N]
//      [--quiet]`: imports cell lines (cell_line.h: row, family:qualifier,
// ts, value; bytes as \xHH) into a table, validate-all-then-write
// (load_cells.h): a bad line names FILE:LINE and writes nothing. FILE "-"
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
#include <string>

#include "tools/cli/cli.h"
#include "tools/cli/load_cells.h"
#include "tools/cli/open_store.h"

namespace obkvlite {
namespace cli {
namespace {

struct LoadArgs {
  std::string table;
  std::string file;
  std::string format = "tsv";
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
      "= now), value, with bytes escaped as \\xHH. Every line is checked "
      "before anything is written: a bad line names FILE:LINE and leaves "
      "the store unchanged.");
  cmd->add_option("TABLE", args->table, "Table name")->required();
  cmd->add_option("FILE", args->file, "Input file, or - for stdin")->required();
  cmd->add_option("--format", args->format, "tsv or csv")->type_name("FMT");
  cmd->add_option("--batch", args->batch, "Lines per transaction")
      ->type_name("N");
  cmd->add_flag("--quiet,-q", args->quiet,
                "No progress bar (it is drawn only when stderr is a "
                "terminal)");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunLoad(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
