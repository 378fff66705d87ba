// Copyright (c) obkvlite authors.
//
// The floor: hand-written SQLite on the same K/Q/T/V WITHOUT ROWID schema,
// same pragmas and batch size, prepared statements reused, blobs bound
// without copies (raw_sqlite_db.h), all in one table.

#include <string>

#include "tools/bench/bench_arm.h"
#include "tools/bench/raw_sqlite_db.h"

namespace obkvlite {
namespace bench {
namespace {

class RawSqliteArm : public BenchArm {
 public:
  const std::string& name() const override { return name_; }

  Status Open(const std::string& dir, const StoreOptions& options) override {
    OBKV_RETURN_IF_ERROR(db_.Open(dir + "/raw.db", options));
    OBKV_RETURN_IF_ERROR(db_.CreateCellTable("t$f"));
    OBKV_ASSIGN_OR_RETURN(table_, db_.PrepareCellTable("t$f"));
    return Status::OK();
  }

  Status Load(const RowBatch& batch) override {
    OBKV_RETURN_IF_ERROR(db_.Exec("BEGIN"));
    for (size_t r = 0; r < batch.keys.size(); ++r) {
      for (int q = 0; q < kQualifiers; ++q) {
        OBKV_RETURN_IF_ERROR(
            db_.InsertCell(table_.insert, batch.keys[r], batch.qualifiers[q],
                           batch.values[r * kQualifiers + q], batch.ts));
      }
    }
    return db_.Exec("COMMIT");
  }

  Result<int> GetRow(const std::string& key) override {
    return db_.GetRowCells(table_.get, key);
  }

  Result<int64_t> ScanRows(const std::string& start, int64_t rows) override {
    sqlite3_stmt* scan = table_.scan;
    RawSqliteDb::BindScanStart(scan, start);
    int64_t cells = 0;
    RowLimit limit(rows);
    int rc;
    while ((rc = sqlite3_step(scan)) == SQLITE_ROW) {
      // The whole cell, as a reader would.
      const CellColumns cell = ReadCell(scan, 0, 1, 2, 3);
      if (!limit.Admit(cell.k)) break;
      cells += cell.v.empty() ? 0 : 1;
    }
    sqlite3_reset(scan);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return db_.Error();
    return cells;
  }

  Status Update(const std::string& key, const std::string& qualifier,
                const std::string& value, int64_t ts) override {
    return db_.InsertCell(table_.insert, key, qualifier, value, ts);
  }

 private:
  std::string name_ = "raw";
  RawSqliteDb db_;
  CellStatements table_;
};

}  // namespace

std::unique_ptr<BenchArm> NewRawSqliteArm() {
  return std::make_unique<RawSqliteArm>();
}

}  // namespace bench
}  // namespace obkvlite
