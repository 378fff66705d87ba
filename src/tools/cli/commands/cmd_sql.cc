// Copyright (c) obkvlite authors.
//
// `obkv --store PATH sql "SELECT ..." [--json]`: runs read-only SQL on the
// store file or on a server store (storage/readonly_query.h explains how
// each engine refuses writes), e.g.
//   obkv --store s.db sql 'SELECT * FROM "t$f" LIMIT 3'
// Each statement's rows print as an aligned table with a header row, or
// with --json as one JSON array of objects per statement. BLOBs print in
// Bytes.toStringBinary form, NULL as NULL (null in JSON).

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/bytes.h"
#include "obkvlite/store.h"
#include "storage/open/readonly_query.h"
#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"
#include "tools/cli/text_table.h"

namespace obkvlite {
namespace cli {
namespace {

using nlohmann::ordered_json;

struct SqlArgs {
  std::string query;
  bool json = false;
};

using storage::QueryValue;

std::string CellText(const QueryValue& v) {
  switch (v.kind) {
    case QueryValue::kNull:
      return "NULL";
    case QueryValue::kBlob:
      return ToStringBinary(v.bytes);
    default:
      return v.bytes;
  }
}

ordered_json CellJson(const QueryValue& v) {
  switch (v.kind) {
    case QueryValue::kNull:
      return nullptr;
    case QueryValue::kInteger:
      return static_cast<int64_t>(std::stoll(v.bytes));
    case QueryValue::kFloat:
      return std::stod(v.bytes);
    case QueryValue::kBlob:
      return ToStringBinary(v.bytes);
    default:
      return v.bytes;
  }
}

// Prints one statement's rows, if it has columns: an aligned table with a
// header row, or with --json an array of objects. The one printer of both
// engines.
void PrintResult(const storage::QueryResult& result, const SqlArgs& args,
                 std::ostream& out) {
  const std::vector<std::string>& header = result.columns;
  if (header.empty()) return;
  if (args.json) {
    ordered_json objects = ordered_json::array();
    for (const std::vector<QueryValue>& row : result.rows) {
      ordered_json object = ordered_json::object();
      for (size_t c = 0; c < header.size(); ++c) {
        object[header[c]] = CellJson(row[c]);
      }
      objects.push_back(std::move(object));
    }
    out << objects.dump(-1, ' ', false, ordered_json::error_handler_t::replace)
        << "\n";
    return;
  }
  std::vector<std::vector<std::string>> rows;
  for (const std::vector<QueryValue>& row : result.rows) {
    std::vector<std::string> cells;
    for (const QueryValue& v : row) cells.push_back(CellText(v));
    rows.push_back(std::move(cells));
  }
  PrintTextTable(header, rows, out);
}

int RunSql(const SqlArgs& args, CliContext& ctx) {
  if (!ctx.RequireStore("sql")) return ctx.exit_code;
  if (!IsServerLocation(ctx.store_path)) {
    Status exists = CheckStoreExists(ctx);
    if (!exists.ok()) return ctx.Fail(exists);
  }
  Status run = storage::RunReadOnlySql(ctx.store_path, args.query,
                                       [&](const storage::QueryResult& result) {
                                         PrintResult(result, args, *ctx.out);
                                         return Status::OK();
                                       });
  return run.ok() ? kExitOk : ctx.Fail(run);
}

}  // namespace

void RegisterSqlCommand(CLI::App& app, CliContext& ctx) {
  auto args = std::make_shared<SqlArgs>();
  CLI::App* cmd = app.add_subcommand(
      "sql",
      "Run read-only SQL on the store, e.g. 'SELECT * FROM \"t$f\"' (every "
      "cell of family f; \"t$f$p3\" is one partition of a store file). "
      "Writes, ATTACH and writing pragmas are refused. On a server store: "
      "one SELECT, WITH or EXPLAIN statement in a READ ONLY transaction. "
      "BLOBs print as \\xHH-escaped text.");
  cmd->add_option("QUERY", args->query, "SQL: one or more statements")
      ->required();
  cmd->add_flag("--json", args->json,
                "Print a JSON array of objects per statement");
  cmd->callback([args, &ctx]() { ctx.exit_code = RunSql(*args, ctx); });
}

}  // namespace cli
}  // namespace obkvlite
