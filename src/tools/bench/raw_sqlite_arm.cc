// Copyright (c) obkvlite authors.
//
// The floor: hand-written SQLite on the same K/Q/T/V WITHOUT ROWID schema,
// same pragmas and batch size, prepared statements reused, blobs bound
// without copies.

#include <sqlite3.h>

#include <string>

#include "layout/timestamp_codec.h"
#include "obkvlite/options.h"
#include "tools/bench/bench_arm.h"

namespace obkvlite {
namespace bench {
namespace {

class RawSqliteArm : public BenchArm {
 public:
  ~RawSqliteArm() override {
    for (sqlite3_stmt* s : {insert_, get_, scan_}) sqlite3_finalize(s);
    sqlite3_close(db_);
  }

  const std::string& name() const override { return name_; }

  Status Open(const std::string& dir, const StoreOptions& options) override {
    // One thread uses the connection: no per-call mutex, as the store's.
    if (sqlite3_open_v2(
            (dir + "/raw.db").c_str(), &db_,
            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
            nullptr) != SQLITE_OK) {
      return Status::IOError("raw: cannot open");
    }
    // The store's settings, so both sides run on the same page size, cache
    // and durability.
    OBKV_RETURN_IF_ERROR(Exec(
        ("PRAGMA page_size=" + std::to_string(options.page_size) +
         "; PRAGMA journal_mode=WAL; PRAGMA synchronous=" +
         (options.durability == Durability::kFull ? "FULL" : "NORMAL") +
         "; PRAGMA cache_size=-" + std::to_string(options.cache_size_kib) + ";")
            .c_str()));
    OBKV_RETURN_IF_ERROR(
        Exec("CREATE TABLE \"t$f\" (K BLOB NOT NULL, Q BLOB NOT NULL,"
             " T INTEGER NOT NULL, V BLOB NOT NULL, PRIMARY KEY(K,Q,T))"
             " WITHOUT ROWID;"));
    OBKV_RETURN_IF_ERROR(Prepare(
        "INSERT OR REPLACE INTO \"t$f\"(K,Q,T,V) VALUES(?,?,?,?)", &insert_));
    OBKV_RETURN_IF_ERROR(
        Prepare("SELECT Q,T,V FROM \"t$f\" WHERE K=? ORDER BY Q,T", &get_));
    return Prepare("SELECT K,Q,T,V FROM \"t$f\" WHERE K>=? ORDER BY K,Q,T",
                   &scan_);
  }

  Status Load(const RowBatch& batch) override {
    OBKV_RETURN_IF_ERROR(Exec("BEGIN"));
    for (size_t r = 0; r < batch.keys.size(); ++r) {
      for (int q = 0; q < kQualifiers; ++q) {
        OBKV_RETURN_IF_ERROR(Insert(batch.keys[r], batch.qualifiers[q],
                                    batch.values[r * kQualifiers + q],
                                    batch.ts));
      }
    }
    return Exec("COMMIT");
  }

  Result<int> GetRow(const std::string& key) override {
    sqlite3_bind_blob(get_, 1, key.data(), static_cast<int>(key.size()),
                      SQLITE_STATIC);
    int cells = 0;
    while (sqlite3_step(get_) == SQLITE_ROW) {
      // Touch the value as a reader would.
      cells += sqlite3_column_bytes(get_, 2) > 0 ? 1 : 0;
    }
    sqlite3_reset(get_);
    return cells;
  }

  Result<int64_t> ScanRows(const std::string& start, int64_t rows) override {
    sqlite3_bind_blob(scan_, 1, start.data(), static_cast<int>(start.size()),
                      SQLITE_STATIC);
    int64_t cells = 0;
    int64_t seen = 0;
    std::string last;
    while (sqlite3_step(scan_) == SQLITE_ROW) {
      const char* k = static_cast<const char*>(sqlite3_column_blob(scan_, 0));
      const int n = sqlite3_column_bytes(scan_, 0);
      if (seen == 0 || last.compare(0, std::string::npos, k, n) != 0) {
        if (seen == rows) break;
        last.assign(k, n);
        ++seen;
      }
      cells += sqlite3_column_bytes(scan_, 3) > 0 ? 1 : 0;
    }
    sqlite3_reset(scan_);
    return cells;
  }

  Status Update(const std::string& key, const std::string& qualifier,
                const std::string& value, int64_t ts) override {
    return Insert(key, qualifier, value, ts);
  }

 private:
  Status Exec(const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
      Status s = Status::IOError(std::string("raw: ") + (err ? err : "?"));
      sqlite3_free(err);
      return s;
    }
    return Status::OK();
  }

  Status Prepare(const char* sql, sqlite3_stmt** stmt) {
    if (sqlite3_prepare_v2(db_, sql, -1, stmt, nullptr) != SQLITE_OK) {
      return Status::IOError(std::string("raw: ") + sqlite3_errmsg(db_));
    }
    return Status::OK();
  }

  Status Insert(const std::string& k, const std::string& q,
                const std::string& v, int64_t ts) {
    sqlite3_bind_blob(insert_, 1, k.data(), static_cast<int>(k.size()),
                      SQLITE_STATIC);
    sqlite3_bind_blob(insert_, 2, q.data(), static_cast<int>(q.size()),
                      SQLITE_STATIC);
    sqlite3_bind_int64(insert_, 3, layout::EncodeTimestamp(ts));
    sqlite3_bind_blob(insert_, 4, v.data(), static_cast<int>(v.size()),
                      SQLITE_STATIC);
    const int rc = sqlite3_step(insert_);
    sqlite3_reset(insert_);
    if (rc != SQLITE_DONE) {
      return Status::IOError(std::string("raw: ") + sqlite3_errmsg(db_));
    }
    return Status::OK();
  }

  std::string name_ = "raw";
  sqlite3* db_ = nullptr;
  sqlite3_stmt* insert_ = nullptr;
  sqlite3_stmt* get_ = nullptr;
  sqlite3_stmt* scan_ = nullptr;
};

}  // namespace

std::unique_ptr<BenchArm> NewRawSqliteArm() {
  return std::make_unique<RawSqliteArm>();
}

}  // namespace bench
}  // namespace obkvlite
