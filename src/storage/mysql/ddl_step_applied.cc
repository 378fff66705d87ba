// Copyright (c) obkvlite authors.
#include "storage/mysql/ddl_step_applied.h"

#include <algorithm>
#include <memory>
#include <string_view>
#include <vector>

#include "ddl/server_partitions_sql.h"
#include "ddl/sql_quote.h"
#include "storage/first_column.h"
#include "util/ascii_case.h"

namespace obkvlite {
namespace storage {
namespace {

// Where the statement starts: after the "-- " note lines.
size_t StatementStart(const std::string& sql) {
  size_t at = 0;
  while (sql.compare(at, 3, "-- ") == 0) {
    const size_t eol = sql.find('\n', at);
    if (eol == std::string::npos) return sql.size();
    at = eol + 1;
  }
  return at;
}

// Every `name` in `text`, in order (UnquoteIdentifierAt).
std::vector<std::string> Backticked(std::string_view text) {
  std::vector<std::string> out;
  size_t at = text.find('`');
  size_t end = 0;
  while (at != std::string_view::npos) {
    std::optional<std::string> name = UnquoteIdentifierAt(text, at, &end);
    if (!name) break;
    out.push_back(std::move(*name));
    at = text.find('`', end);
  }
  return out;
}

// The names after each "PARTITION `" of `text` (definitions' names).
std::vector<std::string> DefinedPartitions(std::string_view text) {
  std::vector<std::string> out;
  constexpr std::string_view kPartition = "PARTITION `";
  size_t at = text.find(kPartition);
  while (at != std::string_view::npos) {
    const size_t start = at + kPartition.size();
    const size_t close = text.find('`', start);
    if (close == std::string_view::npos) break;
    out.emplace_back(text.substr(start, close - start));
    at = text.find(kPartition, close);
  }
  return out;
}

bool Has(const std::vector<std::string>& names, const std::string& name) {
  // Partition names compare without case on every server.
  return std::any_of(names.begin(), names.end(), [&](const std::string& n) {
    return EqualsIgnoreAsciiCase(n, name);
  });
}

// Whether the table the name `parts` (TableNameAt: `t` or `db`.`t`)
// names exists.
Result<bool> TableExists(Connection* conn,
                         const std::vector<std::string>& parts) {
  const std::string schema = parts.size() == 2 ? parts[0] : std::string();
  const std::string& table = parts.back();
  OBKV_ASSIGN_OR_RETURN(
      std::vector<std::string> found,
      FirstColumn(conn,
                  "SELECT TABLE_NAME FROM information_schema.TABLES "
                  "WHERE TABLE_SCHEMA = " +
                      (schema.empty() ? std::string("DATABASE()")
                                      : QuoteSqlString(schema)) +
                      " AND TABLE_NAME = " + QuoteSqlString(table)));
  return !found.empty();
}

}  // namespace

Result<bool> DdlStepApplied(Connection* conn, const std::string& sql) {
  const std::string_view stmt =
      std::string_view(sql).substr(StatementStart(sql));
  constexpr std::string_view kCreate = "CREATE TABLE ";
  constexpr std::string_view kAlter = "ALTER TABLE ";
  size_t end = 0;
  if (stmt.rfind(kCreate, 0) == 0) {
    const std::vector<std::string> table =
        TableNameAt(stmt, kCreate.size(), &end);
    if (table.empty() || stmt.compare(end, 2, " (") != 0) return false;
    return TableExists(conn, table);
  }
  if (stmt.rfind(kAlter, 0) != 0 || stmt.compare(kAlter.size(), 1, "`") != 0) {
    return false;
  }
  const std::vector<std::string> table = TableNameAt(stmt, kAlter.size(), &end);
  if (table.empty() || end >= stmt.size()) return false;
  const size_t table_end = end;
  const std::string_view action = stmt.substr(table_end + 1);
  constexpr std::string_view kDrop = "DROP PARTITION ";
  constexpr std::string_view kAdd = "ADD PARTITION ";
  constexpr std::string_view kReorganize = "REORGANIZE PARTITION ";
  std::vector<std::string> gone, added;
  if (action.rfind(kDrop, 0) == 0) {
    gone = Backticked(action.substr(kDrop.size()));
  } else if (action.rfind(kAdd, 0) == 0) {
    added = DefinedPartitions(action);
  } else if (action.rfind(kReorganize, 0) == 0) {
    const size_t into = action.find(" INTO ");
    if (into == std::string_view::npos) return false;
    gone = Backticked(
        action.substr(kReorganize.size(), into - kReorganize.size()));
    added = DefinedPartitions(action.substr(into));
  } else {
    return false;  // idempotent, or not a step of a plan
  }
  OBKV_ASSIGN_OR_RETURN(std::vector<std::string> have,
                        FirstColumn(conn, PartitionNamesSql(table.back())));
  for (const std::string& name : gone) {
    if (Has(have, name)) return false;
  }
  for (const std::string& name : added) {
    if (!Has(have, name)) return false;
  }
  return true;
}

std::string ResumedDdlStep(const std::string& sql) {
  const size_t start = StatementStart(sql);
  for (const auto& [form, resumed] :
       {std::pair<std::string_view, std::string_view>{
            "CREATE TABLEGROUP ", "CREATE TABLEGROUP IF NOT EXISTS "},
        {"DROP TABLEGROUP ", "DROP TABLEGROUP IF EXISTS "}}) {
    if (sql.compare(start, form.size(), form) == 0 &&
        sql.compare(start, resumed.size(), resumed) != 0) {
      return sql.substr(0, start) + std::string(resumed) +
             sql.substr(start + form.size());
    }
  }
  return sql;
}

}  // namespace storage
}  // namespace obkvlite
