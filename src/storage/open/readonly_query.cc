// Copyright (c) obkvlite authors.
#include "storage/open/readonly_query.h"

#include <sqlite3.h>

#include "storage/mysql/mysql_query.h"
#include "storage/mysql/mysql_uri.h"
#include "storage/sqlite/sqlite_readonly.h"

namespace obkvlite {
namespace storage {
namespace {

// One column of a SQLite row.
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

// Every row of one statement of the store file.
Result<QueryResult> RunStatement(sqlite3_stmt* stmt, ReadOnlySqlite& db) {
  const int columns = sqlite3_column_count(stmt);
  QueryResult result;
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
  if (rc != SQLITE_DONE) return Status::IOError("sql: " + db.LastError());
  return result;
}

}  // namespace

Status RunReadOnlySql(const std::string& location, std::string_view sql,
                      const std::function<Status(const QueryResult&)>& each) {
  if (HasMysqlScheme(location)) {
    OBKV_ASSIGN_OR_RETURN(QueryResult result, RunReadOnlyQuery(location, sql));
    return each(result);
  }
  Result<std::unique_ptr<ReadOnlySqlite>> db = ReadOnlySqlite::Open(location);
  if (!db.ok()) return db.status().WithPrefix("sql");
  std::string_view rest = sql;
  while (true) {
    Result<StatementPtr> stmt = (*db)->PrepareNext(&rest);
    if (!stmt.ok()) return stmt.status().WithPrefix("sql");
    if (*stmt == nullptr) return Status::OK();
    OBKV_ASSIGN_OR_RETURN(QueryResult result, RunStatement(stmt->get(), **db));
    OBKV_RETURN_IF_ERROR(each(result));
  }
}

}  // namespace storage
}  // namespace obkvlite
