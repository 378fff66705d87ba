// Copyright (c) obkvlite authors.
//
// The floor: hand-written SQLite on the same K/Q/T/V WITHOUT ROWID schema,
// same pragmas and batch size, prepared statements reused, blobs bound
// without copies (raw_sqlite_db.h), all in one table.

#include <string>

#include "layout/timestamp_codec.h"
#include "obkvlite/cell.h"
#include "tools/bench/bench_arm.h"
#include "tools/bench/raw_sqlite_db.h"

namespace obkvlite {
namespace bench {
namespace {

// What a raw arm does beyond raw's one connection.
enum class RawKind {
  kRaw,
  kOwningGets,       // "rawcells": each get copies its cells into a RowResult
  kReaderConnection  // "rawreader": scans on a second connection
};

class RawSqliteArm : public BenchArm {
 public:
  explicit RawSqliteArm(RawKind kind)
      : name_(kind == RawKind::kOwningGets         ? "rawcells"
              : kind == RawKind::kReaderConnection ? "rawreader"
                                                   : "raw"),
        owning_gets_(kind == RawKind::kOwningGets),
        reader_connection_(kind == RawKind::kReaderConnection) {}

  const std::string& name() const override { return name_; }

  Status Open(const std::string& dir, const StoreOptions& options) override {
    OBKV_RETURN_IF_ERROR(db_.Open(dir + "/raw.db", options));
    OBKV_RETURN_IF_ERROR(db_.CreateCellTable("t$f"));
    OBKV_ASSIGN_OR_RETURN(table_, db_.PrepareCellTable("t$f"));
    scan_db_ = &db_;
    scan_ = table_.scan;
    if (reader_connection_) {
      // As a store reads its scans: on a connection of their own, beside
      // the one that writes (and gets), each with its own mapping.
      OBKV_RETURN_IF_ERROR(reader_.Open(dir + "/raw.db", options));
      OBKV_ASSIGN_OR_RETURN(CellStatements read,
                            reader_.PrepareCellTable("t$f"));
      scan_db_ = &reader_;
      scan_ = read.scan;
    }
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
    if (owning_gets_) return GetOwningRow(key);
    return db_.GetRowCells(table_.get, key);
  }

  Result<int64_t> ScanRows(const std::string& start, int64_t rows) override {
    sqlite3_stmt* scan = scan_;
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
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return scan_db_->Error();
    return cells;
  }

  Status Update(const std::string& key, const std::string& qualifier,
                const std::string& value, int64_t ts) override {
    return db_.InsertCell(table_.insert, key, qualifier, value, ts);
  }

 private:
  // The row's cells copied into row_, its strings' memory reused.
  Result<int> GetOwningRow(const std::string& key) {
    sqlite3_stmt* get = table_.get;
    sqlite3_bind_blob(get, 1, key.data(), static_cast<int>(key.size()),
                      SQLITE_STATIC);
    size_t n = 0;
    int rc;
    row_.row = key;
    while ((rc = sqlite3_step(get)) == SQLITE_ROW) {
      const CellColumns c = ReadCell(get, -1, 0, 1, 2);
      if (n == row_.cells.size()) row_.cells.emplace_back();
      Cell& cell = row_.cells[n++];
      cell.row = key;
      cell.family = "f";
      cell.qualifier.assign(c.q.data(), c.q.size());
      cell.timestamp = layout::DecodeTimestamp(c.t);
      cell.value.assign(c.v.data(), c.v.size());
    }
    sqlite3_reset(get);
    row_.cells.resize(n);
    if (rc != SQLITE_DONE) return db_.Error();
    return static_cast<int>(n);
  }

  const std::string name_;
  const bool owning_gets_;
  const bool reader_connection_;
  RawSqliteDb db_;
  CellStatements table_;
  RawSqliteDb reader_;  // reader_connection_ only
  // The connection and statement scans run on: db_'s, or reader_'s.
  RawSqliteDb* scan_db_ = nullptr;
  sqlite3_stmt* scan_ = nullptr;
  RowResult row_;
};

}  // namespace

std::unique_ptr<BenchArm> NewRawSqliteArm() {
  return std::make_unique<RawSqliteArm>(RawKind::kRaw);
}

std::unique_ptr<BenchArm> NewRawCellsArm() {
  return std::make_unique<RawSqliteArm>(RawKind::kOwningGets);
}

std::unique_ptr<BenchArm> NewRawReaderArm() {
  return std::make_unique<RawSqliteArm>(RawKind::kReaderConnection);
}

}  // namespace bench
}  // namespace obkvlite
