// Copyright (c) obkvlite authors.
#include "tools/bench/raw_sqlite_db.h"

#include <algorithm>

#include "layout/timestamp_codec.h"
#include "obkvlite/rowkey.h"

namespace obkvlite {
namespace bench {
namespace {

void BindBlob(sqlite3_stmt* stmt, int index, std::string_view bytes) {
  sqlite3_bind_blob(stmt, index, bytes.data(), static_cast<int>(bytes.size()),
                    SQLITE_STATIC);
}

}  // namespace

RawSqliteDb::~RawSqliteDb() {
  for (sqlite3_stmt* s : statements_) sqlite3_finalize(s);
  sqlite3_close(db_);
}

Status RawSqliteDb::Open(const std::string& path, const StoreOptions& options) {
  // One thread uses the connection: no per-call mutex, as the store's.
  if (sqlite3_open_v2(
          path.c_str(), &db_,
          SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
          nullptr) != SQLITE_OK) {
    return Status::IOError("raw: cannot open " + path);
  }
  sqlite3_busy_timeout(db_, options.busy_timeout_ms);
  // The store's settings, so both sides run on the same page size, cache,
  // mmap and durability.
  return Exec(
      "PRAGMA page_size=" + std::to_string(options.sqlite.page_size) +
      "; PRAGMA journal_mode=WAL; PRAGMA synchronous=" +
      (options.durability == Durability::kFull ? "FULL" : "NORMAL") +
      "; PRAGMA cache_size=-" + std::to_string(options.sqlite.cache_size_kib) +
      "; PRAGMA mmap_size=" + std::to_string(options.sqlite.mmap_size) + ";");
}

Status RawSqliteDb::Exec(const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    Status s = Status::IOError(std::string("raw: ") + (err ? err : "?"));
    sqlite3_free(err);
    return s;
  }
  return Status::OK();
}

Result<sqlite3_stmt*> RawSqliteDb::Prepare(const std::string& sql) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
    return Error();
  }
  statements_.push_back(stmt);
  return stmt;
}

Status RawSqliteDb::CreateCellTable(const std::string& table) {
  return Exec("CREATE TABLE \"" + table +
              "\" (K BLOB NOT NULL, Q BLOB NOT NULL, T INTEGER NOT NULL,"
              " V BLOB NOT NULL, PRIMARY KEY(K,Q,T)) WITHOUT ROWID;");
}

Result<CellStatements> RawSqliteDb::PrepareCellTable(const std::string& table) {
  const std::string quoted = "\"" + table + "\"";
  CellStatements s;
  OBKV_ASSIGN_OR_RETURN(s.insert, Prepare("INSERT OR REPLACE INTO " + quoted +
                                          "(K,Q,T,V) VALUES(?,?,?,?)"));
  OBKV_ASSIGN_OR_RETURN(s.get, Prepare("SELECT Q,T,V FROM " + quoted +
                                       " WHERE K=? ORDER BY Q,T"));
  OBKV_ASSIGN_OR_RETURN(s.scan, Prepare("SELECT K,Q,T,V FROM " + quoted +
                                        " WHERE K>=? ORDER BY K,Q,T"));
  OBKV_ASSIGN_OR_RETURN(s.newest,
                        Prepare("SELECT V,T FROM " + quoted +
                                " WHERE K=? AND Q=? ORDER BY T LIMIT 1"));
  return s;
}

Status RawSqliteDb::InsertCell(sqlite3_stmt* insert, std::string_view k,
                               std::string_view q, std::string_view v,
                               int64_t ts) {
  BindBlob(insert, 1, k);
  BindBlob(insert, 2, q);
  sqlite3_bind_int64(insert, 3, layout::EncodeTimestamp(ts));
  BindBlob(insert, 4, v);
  const int rc = sqlite3_step(insert);
  sqlite3_reset(insert);
  return rc == SQLITE_DONE ? Status::OK() : Error();
}

namespace {

std::string_view ColumnView(sqlite3_stmt* stmt, int col) {
  if (col < 0) return {};
  const void* p = sqlite3_column_blob(stmt, col);
  return {static_cast<const char*>(p),
          static_cast<size_t>(sqlite3_column_bytes(stmt, col))};
}

}  // namespace

CellColumns ReadCell(sqlite3_stmt* stmt, int k, int q, int t, int v) {
  CellColumns cell;
  cell.k = ColumnView(stmt, k);
  cell.q = ColumnView(stmt, q);
  cell.t = sqlite3_column_int64(stmt, t);
  cell.v = ColumnView(stmt, v);
  return cell;
}

Result<int> RawSqliteDb::GetRowCells(sqlite3_stmt* get, std::string_view key) {
  BindBlob(get, 1, key);
  int cells = 0;
  int rc;
  while ((rc = sqlite3_step(get)) == SQLITE_ROW) {
    // The whole cell, as a reader would (the row is the key asked for).
    cells += ReadCell(get, -1, 0, 1, 2).v.empty() ? 0 : 1;
  }
  sqlite3_reset(get);
  if (rc != SQLITE_DONE) return Error();
  return cells;
}

void RawSqliteDb::BindScanStart(sqlite3_stmt* scan, std::string_view start) {
  BindBlob(scan, 1, start);
}

Status RawSqliteDb::Error() const {
  return Status::IOError(std::string("raw: ") + sqlite3_errmsg(db_));
}

bool RowLimit::Admit(std::string_view key) {
  if (seen_ > 0 && key == last_) return true;
  if (seen_ == rows_) return false;
  last_.assign(key.data(), key.size());
  ++seen_;
  return true;
}

Result<int64_t> RawSqliteDb::IncrementCell(const CellStatements& table,
                                           std::string_view k,
                                           std::string_view q, int64_t delta,
                                           int64_t now_ms) {
  OBKV_RETURN_IF_ERROR(Exec("BEGIN IMMEDIATE"));
  BindBlob(table.newest, 1, k);
  BindBlob(table.newest, 2, q);
  int64_t value = 0;
  int64_t ts = now_ms;
  int rc = sqlite3_step(table.newest);
  if (rc == SQLITE_ROW) {
    Result<int64_t> old =
        DecodeBigEndian64(ReadCell(table.newest, -1, -1, 1, 0).v);
    if (old.ok()) value = *old;
    ts = std::max(
        now_ms,
        layout::DecodeTimestamp(sqlite3_column_int64(table.newest, 1)) + 1);
    rc = SQLITE_DONE;
  }
  sqlite3_reset(table.newest);
  Status st = rc == SQLITE_DONE ? Status::OK() : Error();
  const std::string bytes = EncodeBigEndian64(value + delta);
  if (st.ok()) st = InsertCell(table.insert, k, q, bytes, ts);
  if (st.ok()) st = Exec("COMMIT");
  if (!st.ok()) {
    (void)Exec("ROLLBACK");
    return st;
  }
  return value + delta;
}

}  // namespace bench
}  // namespace obkvlite
