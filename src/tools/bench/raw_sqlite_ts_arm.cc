// Copyright (c) obkvlite authors.
//
// Arm "rawts", the floor of the timeseries arm: hand-written SQLite on the
// timeseries table the store creates (K/T/S/V WITHOUT ROWID, one JSON
// document of a row's cells per (K, T), DESIGN §2), with the store's
// pragmas and batch size. A batch is one transaction that encodes each
// row's document (layout::AppendTimeseriesValue, as the store does) and
// inserts it at one write time S per batch, with a statement prepared once
// and blobs bound without copies: only the work a timeseries put cannot
// avoid. Its reads count kQualifiers cells per document without parsing
// it, as the rawmariadbts arm does, so they are no floor for the reads.

#include <sqlite3.h>

#include <string>
#include <vector>

#include "ddl/sqlite_family_ddl.h"
#include "layout/timeseries_value.h"
#include "layout/timestamp_codec.h"
#include "obkvlite/spec.h"
#include "tools/bench/bench_arm.h"
#include "tools/bench/raw_sqlite_db.h"

namespace obkvlite {
namespace bench {
namespace {

class RawSqliteTsArm : public BenchArm {
 public:
  const std::string& name() const override { return name_; }

  Status Open(const std::string& dir, const StoreOptions& options) override {
    OBKV_RETURN_IF_ERROR(db_.Open(dir + "/rawts.db", options));
    OBKV_ASSIGN_OR_RETURN(TableSpec spec,
                          ParseTableSpec(BenchSpecJson("timeseries")));
    OBKV_RETURN_IF_ERROR(db_.Exec(
        SqlitePartitionTableDdl(spec, spec.families[0], "\"t$f\"")));
    OBKV_ASSIGN_OR_RETURN(
        insert_,
        db_.Prepare("INSERT INTO \"t$f\" (K, T, S, V) VALUES (?1, ?2, ?3, ?4)"));
    OBKV_ASSIGN_OR_RETURN(
        get_, db_.Prepare("SELECT V FROM \"t$f\" WHERE K = ?1 ORDER BY T, S"));
    OBKV_ASSIGN_OR_RETURN(scan_, db_.Prepare("SELECT K, V FROM \"t$f\" WHERE "
                                             "K >= ?1 ORDER BY K, T, S"));
    return Status::OK();
  }

  Status Load(const RowBatch& batch) override {
    OBKV_RETURN_IF_ERROR(db_.Exec("BEGIN"));
    const int64_t s = layout::EncodeTimestamp(++write_ms_);
    for (size_t r = 0; r < batch.keys.size(); ++r) {
      doc_.clear();
      AppendRowDocument(batch, r, &members_, &doc_);
      OBKV_RETURN_IF_ERROR(Insert(batch.keys[r], batch.ts, s));
    }
    return db_.Exec("COMMIT");
  }

  Result<int> GetRow(const std::string& key) override {
    sqlite3_bind_blob(get_, 1, key.data(), static_cast<int>(key.size()),
                      SQLITE_STATIC);
    int cells = 0;
    int rc;
    while ((rc = sqlite3_step(get_)) == SQLITE_ROW) {
      cells += sqlite3_column_bytes(get_, 0) > 0 ? kQualifiers : 0;
    }
    sqlite3_reset(get_);
    if (rc != SQLITE_DONE) return db_.Error();
    return cells;
  }

  Result<int64_t> ScanRows(const std::string& start, int64_t rows) override {
    sqlite3_bind_blob(scan_, 1, start.data(), static_cast<int>(start.size()),
                      SQLITE_STATIC);
    int64_t cells = 0;
    RowLimit limit(rows);
    int rc;
    while ((rc = sqlite3_step(scan_)) == SQLITE_ROW) {
      const std::string_view k(
          static_cast<const char*>(sqlite3_column_blob(scan_, 0)),
          static_cast<size_t>(sqlite3_column_bytes(scan_, 0)));
      if (!limit.Admit(k)) break;
      cells += sqlite3_column_bytes(scan_, 1) > 0 ? kQualifiers : 0;
    }
    sqlite3_reset(scan_);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return db_.Error();
    return cells;
  }

  Status Update(const std::string& key, const std::string& qualifier,
                const std::string& value, int64_t ts) override {
    // A new document of the one cell, at the next write time.
    doc_.clear();
    layout::AppendTimeseriesValue({{qualifier, value}}, &doc_);
    return Insert(key, ts, layout::EncodeTimestamp(++write_ms_));
  }

 private:
  // Inserts doc_ as (key, ts, s).
  Status Insert(const std::string& key, int64_t ts, int64_t s) {
    sqlite3_bind_blob(insert_, 1, key.data(), static_cast<int>(key.size()),
                      SQLITE_STATIC);
    sqlite3_bind_int64(insert_, 2, layout::EncodeTimestamp(ts));
    sqlite3_bind_int64(insert_, 3, s);
    sqlite3_bind_text(insert_, 4, doc_.data(), static_cast<int>(doc_.size()),
                      SQLITE_STATIC);
    const int rc = sqlite3_step(insert_);
    sqlite3_reset(insert_);
    return rc == SQLITE_DONE ? Status::OK() : db_.Error();
  }

  const std::string name_ = "rawts";
  RawSqliteDb db_;
  sqlite3_stmt* insert_ = nullptr;
  sqlite3_stmt* get_ = nullptr;
  sqlite3_stmt* scan_ = nullptr;
  int64_t write_ms_ = 0;  // S of the last write, from 1
  std::vector<layout::TimeseriesMember> members_;
  std::string doc_;
};

}  // namespace

std::unique_ptr<BenchArm> NewRawSqliteTsArm() {
  return std::make_unique<RawSqliteTsArm>();
}

}  // namespace bench
}  // namespace obkvlite
