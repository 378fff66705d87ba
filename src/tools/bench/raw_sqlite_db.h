// Copyright (c) obkvlite authors.
//
// Hand-written SQLite for obkv-bench's floors (arms raw and raw97, and the
// raw side of --create-partitions): one connection opened with the store's
// settings, and cell tables in the store's physical layout (K/Q/T/V WITHOUT
// ROWID, DESIGN §2) with their prepared statements. Every SQL text of the
// raw SQLite side is here, once.
//
// Statements are prepared once and reused (sqlite3_reset); blobs are bound
// without copies (SQLITE_STATIC), so a bound string must outlive the step.
// Thread safety: a RawSqliteDb and its statements are used by one thread
// at a time (the connection is opened without SQLite's mutex).

#ifndef OBKVLITE_TOOLS_BENCH_RAW_SQLITE_DB_H_
#define OBKVLITE_TOOLS_BENCH_RAW_SQLITE_DB_H_

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/options.h"
#include "obkvlite/status.h"

namespace obkvlite {
namespace bench {

// The prepared statements of one cell table; owned by its RawSqliteDb.
struct CellStatements {
  sqlite3_stmt* insert = nullptr;  // INSERT OR REPLACE (K, Q, T, V)
  sqlite3_stmt* get = nullptr;     // Q, T, V of K = ?1, in (Q, T) order
  sqlite3_stmt* scan = nullptr;    // K, Q, T, V from K >= ?1, in (K, Q, T)
  sqlite3_stmt* newest = nullptr;  // V, T of K = ?1, Q = ?2, newest first
};

class RawSqliteDb {
 public:
  RawSqliteDb() = default;
  RawSqliteDb(const RawSqliteDb&) = delete;
  RawSqliteDb& operator=(const RawSqliteDb&) = delete;
  // Finalizes every statement Prepare made, then closes the connection.
  ~RawSqliteDb();

  // Opens (creating) the file `path` with the store's page size, WAL
  // journal, synchronous level of options.durability, page cache
  // (cache_size_kib), mmap size (mmap_size) and busy timeout
  // (busy_timeout_ms), as a store file has them.
  Status Open(const std::string& path, const StoreOptions& options);

  Status Exec(const std::string& sql);
  // A statement owned by the connection (finalized with it).
  Result<sqlite3_stmt*> Prepare(const std::string& sql);

  // Creates cell table `table` (no quotes in the name).
  Status CreateCellTable(const std::string& table);
  // Prepares the statements of cell table `table`.
  Result<CellStatements> PrepareCellTable(const std::string& table);

  // Writes cell (k, q, ts) = v with `insert` of a CellStatements; ts is
  // the HBase timestamp, stored negated as the store does.
  Status InsertCell(sqlite3_stmt* insert, std::string_view k,
                    std::string_view q, std::string_view v, int64_t ts);
  // Reads row `key` with `get` of a CellStatements, touching each value as
  // a reader would; returns its cell count.
  Result<int> GetRowCells(sqlite3_stmt* get, std::string_view key);
  // Binds `start` to `scan` of a CellStatements (after a reset).
  static void BindScanStart(sqlite3_stmt* scan, std::string_view start);
  // Adds `delta` to the counter (k, q), read with `newest` and written with
  // `insert` of a CellStatements at max(now_ms, old + 1), in one
  // BEGIN IMMEDIATE transaction, as an Increment does; returns the new
  // value.
  Result<int64_t> IncrementCell(const CellStatements& table, std::string_view k,
                                std::string_view q, int64_t delta,
                                int64_t now_ms);

  // IOError "raw: <SQLite's message>".
  Status Error() const;

 private:
  sqlite3* db_ = nullptr;
  std::vector<sqlite3_stmt*> statements_;
};

// One cell of a result row as any reader of cells reads it: views of K (a
// column number < 0 reads nothing), Q and V, and T; valid until the next
// step of the statement. Nothing is copied.
struct CellColumns {
  std::string_view k, q, v;
  int64_t t = 0;
};
CellColumns ReadCell(sqlite3_stmt* stmt, int k, int q, int t, int v);

// The row limit of a scan: cells arrive in key order, and the cells of the
// first `rows` distinct keys are admitted.
class RowLimit {
 public:
  explicit RowLimit(int64_t rows) : rows_(rows) {}
  // Whether a cell of row `key` (keys non-decreasing over calls) is within
  // the limit; once false, stays false for later keys.
  bool Admit(std::string_view key);

 private:
  int64_t rows_;
  int64_t seen_ = 0;
  std::string last_;
};

}  // namespace bench
}  // namespace obkvlite

#endif  // OBKVLITE_TOOLS_BENCH_RAW_SQLITE_DB_H_
