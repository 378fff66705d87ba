// Copyright (c) obkvlite authors.
//
// `obkv --store PATH sql "SELECT ..." [--json]`: runs read-only SQL on the
// store file (readonly_sqlite.h explains how writes are refused) or on a
// server store (storage/mysql_query.h), e.g.
//   obkv --store s.db sql 'SELECT * FROM "t$f" LIMIT 3'
// Each statement's rows print as an aligned table with a header row, or
// with --json as one JSON array of objects per statement. BLOBs print in
// Bytes.toStringBinary form, NULL as NULL (null in JSON).

#include <sqlite3.h>

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/bytes.h"
#include "obkvlite/store.h"
#include "storage/mysql_query.h"
#include "tools/cli/cli.h"
#include "tools/cli/open_store.h"
#include "tools/cli/commands/readonly_sqlite.h"
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

// One column of a SQLite row as the printer's value.
QueryValue ValueOf(sqlite3_stmt* stmt, int col) {
  QueryValue v;
  switch (sqlite3_column_type(stmt, col)) {
    case SQLITE_NULL:
      return v;
    case SQLITE_INTEGER:
      v.kind = QueryValue::kInteger;
      break;
    case SQLITE_FLOAT:
      v.kind = QueryValue::kFloat;
      break;
    case SQLITE_BLOB: {
      v.kind = QueryValue::kBlob;
      const void* data = sqlite3_column_blob(stmt, col);
      v.bytes.assign(static_cast<const char*>(data),
                     static_cast<size_t>(sqlite3_column_bytes(stmt, col)));
      return v;
    }
    default:
      v.kind = QueryValue::kText;
      break;
  }
  // INTEGER, FLOAT (SQLite's own rendering) and TEXT.
  const unsigned char* text = sqlite3_column_text(stmt, col);
  v.bytes.assign(reinterpret_cast<const char*>(text),
                 static_cast<size_t>(sqlite3_column_bytes(stmt, col)));
  return v;
}

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

Status StepError(ReadOnlySqlite& db) {
  return Status::IOError("sql: " + db.LastError());
}

// Runs one statement on the store file and prints its rows.
Status RunStatement(sqlite3_stmt* stmt, const SqlArgs& args, ReadOnlySqlite& db,
                    std::ostream& out) {
  const int columns = sqlite3_column_count(stmt);
  storage::QueryResult result;
  for (int c = 0; c < columns; ++c) {
    const char* name = sqlite3_column_name(stmt, c);
    result.columns.emplace_back(name == nullptr ? "" : name);
  }
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    std::vector<QueryValue> row;
    for (int c = 0; c < columns; ++c) row.push_back(ValueOf(stmt, c));
    result.rows.push_back(std::move(row));
  }
  if (rc != SQLITE_DONE) return StepError(db);
  PrintResult(result, args, out);
  return Status::OK();
}

// A server store: one read-only statement (storage/mysql_query.h).
int RunServerSql(const SqlArgs& args, CliContext& ctx) {
  Result<storage::QueryResult> result =
      storage::RunReadOnlyQuery(ctx.store_path, args.query);
  if (!result.ok()) return ctx.Fail(result.status());
  PrintResult(*result, args, *ctx.out);
  return kExitOk;
}

int RunSql(const SqlArgs& args, CliContext& ctx) {
  if (!ctx.RequireStore("sql")) return ctx.exit_code;
  if (IsServerLocation(ctx.store_path)) return RunServerSql(args, ctx);
  Status exists = CheckStoreExists(ctx);
  if (!exists.ok()) return ctx.Fail(exists);
  Result<std::unique_ptr<ReadOnlySqlite>> db =
      ReadOnlySqlite::Open(ctx.store_path);
  if (!db.ok()) return ctx.Fail(db.status().WithPrefix("sql"));
  std::string_view rest = args.query;
  while (true) {
    Result<StatementPtr> stmt = (*db)->PrepareNext(&rest);
    if (!stmt.ok()) return ctx.Fail(stmt.status().WithPrefix("sql"));
    if (*stmt == nullptr) break;
    Status run = RunStatement(stmt->get(), args, **db, *ctx.out);
    if (!run.ok()) return ctx.Fail(run);
  }
  return kExitOk;
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
