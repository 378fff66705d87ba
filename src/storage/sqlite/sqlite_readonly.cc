// Copyright (c) obkvlite authors.
#include "storage/sqlite/sqlite_readonly.h"

#include <sqlite3.h>

#include <cctype>
#include <initializer_list>
#include <string>
#include <vector>

#include "storage/sqlite/shards.h"

namespace obkvlite {
namespace storage {
namespace {

// Pragmas whose argument, if any, only names what to inspect.
constexpr std::string_view kInspectingPragmas[] = {
    "table_info",      "table_xinfo", "table_list",       "index_list",
    "index_info",      "index_xinfo", "foreign_key_list", "foreign_key_check",
    "integrity_check", "quick_check",
};

// Pragmas that read a setting without an argument and change it with one.
constexpr std::string_view kSettingPragmas[] = {
    "user_version",  "schema_version", "application_id", "journal_mode",
    "page_size",     "page_count",     "freelist_count", "encoding",
    "auto_vacuum",   "data_version",   "database_list",  "collation_list",
    "function_list", "module_list",    "pragma_list",    "compile_options",
    "foreign_keys",  "query_only",     "cache_size",     "busy_timeout",
};

std::string Lower(const char* text) {
  std::string out(text == nullptr ? "" : text);
  for (char& c : out) c = static_cast<char>(std::tolower(c));
  return out;
}

template <size_t N>
bool Contains(const std::string_view (&list)[N], const std::string& name) {
  for (std::string_view item : list) {
    if (item == name) return true;
  }
  return false;
}

bool PragmaOnlyReads(const char* name, const char* argument) {
  const std::string pragma = Lower(name);
  if (Contains(kInspectingPragmas, pragma)) return true;
  return argument == nullptr && Contains(kSettingPragmas, pragma);
}

const char* ActionName(int action) {
  switch (action) {
    case SQLITE_CREATE_INDEX:
    case SQLITE_CREATE_TEMP_INDEX:
      return "CREATE INDEX";
    case SQLITE_CREATE_TABLE:
    case SQLITE_CREATE_TEMP_TABLE:
      return "CREATE TABLE";
    case SQLITE_CREATE_TRIGGER:
    case SQLITE_CREATE_TEMP_TRIGGER:
      return "CREATE TRIGGER";
    case SQLITE_CREATE_VIEW:
    case SQLITE_CREATE_TEMP_VIEW:
      return "CREATE VIEW";
    case SQLITE_CREATE_VTABLE:
      return "CREATE VIRTUAL TABLE";
    case SQLITE_DROP_INDEX:
    case SQLITE_DROP_TEMP_INDEX:
      return "DROP INDEX";
    case SQLITE_DROP_TABLE:
    case SQLITE_DROP_TEMP_TABLE:
      return "DROP TABLE";
    case SQLITE_DROP_TRIGGER:
    case SQLITE_DROP_TEMP_TRIGGER:
      return "DROP TRIGGER";
    case SQLITE_DROP_VIEW:
    case SQLITE_DROP_TEMP_VIEW:
      return "DROP VIEW";
    case SQLITE_DROP_VTABLE:
      return "DROP VIRTUAL TABLE";
    case SQLITE_INSERT:
      return "INSERT into";
    case SQLITE_UPDATE:
      return "UPDATE of";
    case SQLITE_DELETE:
      return "DELETE from";
    case SQLITE_ALTER_TABLE:
      return "ALTER TABLE";
    case SQLITE_ATTACH:
      return "ATTACH";
    case SQLITE_DETACH:
      return "DETACH";
    case SQLITE_TRANSACTION:
      return "transaction";
    case SQLITE_SAVEPOINT:
      return "SAVEPOINT";
    case SQLITE_REINDEX:
      return "REINDEX";
    case SQLITE_ANALYZE:
      return "ANALYZE";
    case SQLITE_FUNCTION:
      return "function";
    default:
      return "action";
  }
}

std::string DenialText(int action, const char* a1, const char* a2) {
  // CREATE, DROP and ALTER first edit the schema table, and SQLite stops at
  // that first refusal.
  const bool row_edit = action == SQLITE_INSERT || action == SQLITE_UPDATE ||
                        action == SQLITE_DELETE;
  if (row_edit && a1 != nullptr &&
      std::string_view(a1).substr(0, 7) == "sqlite_") {
    return "a schema change";
  }
  if (action == SQLITE_PRAGMA) {
    std::string text = "PRAGMA " + std::string(a1 == nullptr ? "" : a1);
    if (a2 != nullptr) text += "=" + std::string(a2);
    return text;
  }
  // ALTER TABLE names the database in a1 and the table in a2; FUNCTION
  // names the function in a2.
  const char* object =
      (action == SQLITE_ALTER_TABLE || action == SQLITE_FUNCTION) ? a2 : a1;
  std::string text = ActionName(action);
  if (object != nullptr) text += " " + std::string(object);
  return text;
}

int Authorize(void* self, int action, const char* a1, const char* a2,
              const char* /*db*/, const char* /*trigger*/) {
  switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_RECURSIVE:
      return SQLITE_OK;
    case SQLITE_FUNCTION:
      if (Lower(a2) != "load_extension") return SQLITE_OK;
      break;
    case SQLITE_PRAGMA:
      if (PragmaOnlyReads(a1, a2)) return SQLITE_OK;
      break;
    default:
      break;
  }
  static_cast<ReadOnlySqlite*>(self)->Deny(DenialText(action, a1, a2));
  return SQLITE_DENY;
}

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

void StatementDeleter::operator()(sqlite3_stmt* stmt) const {
  sqlite3_finalize(stmt);
}

Result<std::unique_ptr<ReadOnlySqlite>> ReadOnlySqlite::Open(
    const std::string& path) {
  sqlite3* db = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
  if (rc != SQLITE_OK) {
    std::string message =
        db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close(db);
    return Status::IOError("cannot open store '" + path +
                           "' read-only: " + message);
  }
  std::unique_ptr<ReadOnlySqlite> self(new ReadOnlySqlite(db));
  sqlite3_busy_timeout(db, 5000);
  // A sharded store: its shards and the family views over them, set up
  // before the session is locked down.
  OBKV_ASSIGN_OR_RETURN(std::vector<std::string> setup,
                        storage::ShardedSessionStatements(path));
  for (const std::string& stmt : setup) {
    if (sqlite3_exec(db, stmt.c_str(), nullptr, nullptr, nullptr) !=
        SQLITE_OK) {
      return Status::IOError("cannot open store '" + path +
                             "' read-only: " + self->LastError());
    }
  }
  sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
  sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
  if (sqlite3_exec(db, "PRAGMA query_only = 1", nullptr, nullptr, nullptr) !=
      SQLITE_OK) {
    return Status::IOError("cannot open store '" + path +
                           "' read-only: " + self->LastError());
  }
  sqlite3_set_authorizer(db, &Authorize, self.get());
  return self;
}

ReadOnlySqlite::~ReadOnlySqlite() { sqlite3_close_v2(db_); }

void ReadOnlySqlite::Deny(std::string why) {
  if (denied_.empty()) denied_ = std::move(why);
}

std::string ReadOnlySqlite::LastError() const { return sqlite3_errmsg(db_); }

Result<StatementPtr> ReadOnlySqlite::PrepareNext(std::string_view* sql) {
  denied_.clear();
  sqlite3_stmt* raw = nullptr;
  const char* tail = nullptr;
  const int rc = sqlite3_prepare_v2(db_, sql->data(),
                                    static_cast<int>(sql->size()), &raw, &tail);
  StatementPtr stmt(raw);
  if (rc != SQLITE_OK) {
    if (!denied_.empty()) {
      return Status::NotSupported("not allowed: " + denied_ +
                                  " (obkv sql is read-only)");
    }
    return Status::InvalidArgument(LastError());
  }
  sql->remove_prefix(static_cast<size_t>(tail - sql->data()));
  if (stmt != nullptr && !sqlite3_stmt_readonly(stmt.get())) {
    return Status::NotSupported(
        "not allowed: a statement that writes (obkv sql is read-only)");
  }
  return stmt;
}

Status RunReadOnlySqlite(
    const std::string& path, std::string_view sql,
    const std::function<Status(const QueryResult&)>& each) {
  Result<std::unique_ptr<ReadOnlySqlite>> db = ReadOnlySqlite::Open(path);
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
