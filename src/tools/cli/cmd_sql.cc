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
#include "tools/cli/readonly_sqlite.h"
#include "tools/cli/text_table.h"

namespace obkvlite {
namespace cli {
namespace {

using nlohmann::ordered_json;

struct SqlArgs {
  std::string query;
  bool json = false;
};

std::string BlobText(sqlite3_stmt* stmt, int col) {
  const void* data = sqlite3_column_blob(stmt, col);
  const int size = sqlite3_column_bytes(stmt, col);
  if (data == nullptr) return "";
  return ToStringBinary(std::string_view(static_cast<const char*>(data), size));
}

std::string TextOf(sqlite3_stmt* stmt, int col) {
  const unsigned char* text = sqlite3_column_text(stmt, col);
  const int size = sqlite3_column_bytes(stmt, col);
  if (text == nullptr) return "";
  return std::string(reinterpret_cast<const char*>(text), size);
}

std::string CellText(sqlite3_stmt* stmt, int col) {
  switch (sqlite3_column_type(stmt, col)) {
    case SQLITE_NULL:
      return "NULL";
    case SQLITE_BLOB:
      return BlobText(stmt, col);
    default:  // INTEGER, FLOAT (SQLite's own rendering) and TEXT
      return TextOf(stmt, col);
  }
}

ordered_json CellJson(sqlite3_stmt* stmt, int col) {
  switch (sqlite3_column_type(stmt, col)) {
    case SQLITE_NULL:
      return nullptr;
    case SQLITE_INTEGER:
      return static_cast<int64_t>(sqlite3_column_int64(stmt, col));
    case SQLITE_FLOAT:
      return sqlite3_column_double(stmt, col);
    case SQLITE_BLOB:
      return BlobText(stmt, col);
    default:
      return TextOf(stmt, col);
  }
}

Status StepError(ReadOnlySqlite& db) {
  return Status::IOError("sql: " + db.LastError());
}

// Runs one statement and prints its rows, if it has columns.
Status RunStatement(sqlite3_stmt* stmt, const SqlArgs& args, ReadOnlySqlite& db,
                    std::ostream& out) {
  const int columns = sqlite3_column_count(stmt);
  std::vector<std::string> header;
  for (int c = 0; c < columns; ++c) {
    const char* name = sqlite3_column_name(stmt, c);
    header.emplace_back(name == nullptr ? "" : name);
  }
  std::vector<std::vector<std::string>> rows;
  ordered_json objects = ordered_json::array();
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    if (args.json) {
      ordered_json object = ordered_json::object();
      for (int c = 0; c < columns; ++c) object[header[c]] = CellJson(stmt, c);
      objects.push_back(std::move(object));
    } else {
      std::vector<std::string> row;
      for (int c = 0; c < columns; ++c) row.push_back(CellText(stmt, c));
      rows.push_back(std::move(row));
    }
  }
  if (rc != SQLITE_DONE) return StepError(db);
  if (columns == 0) return Status::OK();
  if (args.json) {
    out << objects.dump(-1, ' ', false, ordered_json::error_handler_t::replace)
        << "\n";
  } else {
    PrintTextTable(header, rows, out);
  }
  return Status::OK();
}

// A server store: one read-only statement (storage/mysql_query.h).
int RunServerSql(const SqlArgs& args, CliContext& ctx) {
  Result<storage::QueryResult> result =
      storage::RunReadOnlyQuery(ctx.store_path, args.query);
  if (!result.ok()) return ctx.Fail(result.status());
  const std::vector<std::string>& header = result->columns;
  if (args.json) {
    ordered_json objects = ordered_json::array();
    for (const std::vector<storage::QueryValue>& row : result->rows) {
      ordered_json object = ordered_json::object();
      for (size_t c = 0; c < header.size(); ++c) {
        const storage::QueryValue& v = row[c];
        switch (v.kind) {
          case storage::QueryValue::kNull:
            object[header[c]] = nullptr;
            break;
          case storage::QueryValue::kInteger:
            object[header[c]] = std::stoll(v.bytes);
            break;
          case storage::QueryValue::kFloat:
            object[header[c]] = std::stod(v.bytes);
            break;
          case storage::QueryValue::kBlob:
            object[header[c]] = ToStringBinary(v.bytes);
            break;
          case storage::QueryValue::kText:
            object[header[c]] = v.bytes;
            break;
        }
      }
      objects.push_back(std::move(object));
    }
    *ctx.out << objects.dump(-1, ' ', false,
                             ordered_json::error_handler_t::replace)
             << "\n";
    return kExitOk;
  }
  std::vector<std::vector<std::string>> rows;
  for (const std::vector<storage::QueryValue>& row : result->rows) {
    std::vector<std::string> cells;
    for (const storage::QueryValue& v : row) {
      cells.push_back(v.kind == storage::QueryValue::kNull ? "NULL"
                      : v.kind == storage::QueryValue::kBlob
                          ? ToStringBinary(v.bytes)
                          : v.bytes);
    }
    rows.push_back(std::move(cells));
  }
  if (!header.empty()) PrintTextTable(header, rows, *ctx.out);
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
