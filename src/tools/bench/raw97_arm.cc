// Copyright (c) obkvlite authors.
//
// The partitioned floor (arm raw97): hand-written SQLite over the 97 KEY
// partition tables of arm key97, holding the same data: each row is in the
// table the library's router picks (PartitionRouter on key97's spec), with
// the raw arm's schema, pragmas and statements (raw_sqlite_db.h), in one
// file. A load is one transaction per batch; a get routes its key and
// runs one statement; a scan runs the 97 tables' `K >= ?` statements and
// merges them with a binary heap by (K, Q, T), stopping at its row limit.

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "obkvlite/router.h"
#include "obkvlite/spec.h"
#include "tools/bench/bench_arm.h"
#include "tools/bench/raw_sqlite_db.h"

namespace obkvlite {
namespace bench {
namespace {

// One partition's scan statement and its current cell.
struct Cursor {
  sqlite3_stmt* stmt = nullptr;
  std::string_view k, q, v;  // valid until the next step of stmt
  int64_t t = 0;          // the stored (negated) timestamp
};

// Steps `c`; false at its end (or on an error, which `rc` then holds).
bool Step(Cursor* c, int* rc) {
  *rc = sqlite3_step(c->stmt);
  if (*rc != SQLITE_ROW) return false;
  // The whole cell, as a reader would.
  const CellColumns cell = ReadCell(c->stmt, 0, 1, 2, 3);
  c->k = cell.k;
  c->q = cell.q;
  c->v = cell.v;
  c->t = cell.t;
  return true;
}

// (K, Q, T) order of two cursors' cells, in unsigned byte order as SQLite's
// BLOB collation.
bool CellLess(const Cursor& a, const Cursor& b) {
  if (int c = a.k.compare(b.k)) return c < 0;
  if (int c = a.q.compare(b.q)) return c < 0;
  return a.t < b.t;
}

class Raw97Arm : public BenchArm {
 public:
  const std::string& name() const override { return name_; }

  Status Open(const std::string& dir, const StoreOptions& options) override {
    OBKV_ASSIGN_OR_RETURN(TableSpec spec,
                          ParseTableSpec(BenchSpecJson("key97")));
    router_.emplace(spec.name, spec.families[0]);
    OBKV_RETURN_IF_ERROR(db_.Open(dir + "/raw97.db", options));
    const int n = router_->partition_count();
    OBKV_RETURN_IF_ERROR(db_.Exec("BEGIN"));
    for (int p = 0; p < n; ++p) {
      OBKV_RETURN_IF_ERROR(db_.CreateCellTable(router_->PartitionTableName(p)));
    }
    OBKV_RETURN_IF_ERROR(db_.Exec("COMMIT"));
    tables_.resize(n);
    cursors_.resize(n);
    for (int p = 0; p < n; ++p) {
      OBKV_ASSIGN_OR_RETURN(
          tables_[p], db_.PrepareCellTable(router_->PartitionTableName(p)));
      cursors_[p].stmt = tables_[p].scan;
    }
    return Status::OK();
  }

  Status Load(const RowBatch& batch) override {
    OBKV_RETURN_IF_ERROR(db_.Exec("BEGIN"));
    for (size_t r = 0; r < batch.keys.size(); ++r) {
      OBKV_ASSIGN_OR_RETURN(int p, router_->Route(batch.keys[r], batch.ts));
      for (int q = 0; q < kQualifiers; ++q) {
        OBKV_RETURN_IF_ERROR(db_.InsertCell(
            tables_[p].insert, batch.keys[r], batch.qualifiers[q],
            batch.values[r * kQualifiers + q], batch.ts));
      }
    }
    return db_.Exec("COMMIT");
  }

  Result<int> GetRow(const std::string& key) override {
    OBKV_ASSIGN_OR_RETURN(int p, router_->Route(key, std::nullopt));
    return db_.GetRowCells(tables_[p].get, key);
  }

  Result<int64_t> ScanRows(const std::string& start, int64_t rows) override {
    // A min-heap of cursor indexes by their cells' (K, Q, T).
    auto greater = [this](int a, int b) {
      return CellLess(cursors_[b], cursors_[a]);
    };
    heap_.clear();
    int rc = SQLITE_DONE;
    for (size_t p = 0; p < cursors_.size(); ++p) {
      RawSqliteDb::BindScanStart(cursors_[p].stmt, start);
      if (Step(&cursors_[p], &rc)) heap_.push_back(static_cast<int>(p));
      if (rc != SQLITE_ROW && rc != SQLITE_DONE) break;
    }
    std::make_heap(heap_.begin(), heap_.end(), greater);
    int64_t cells = 0;
    RowLimit limit(rows);
    while (!heap_.empty() && (rc == SQLITE_ROW || rc == SQLITE_DONE)) {
      std::pop_heap(heap_.begin(), heap_.end(), greater);
      Cursor& c = cursors_[heap_.back()];
      if (!limit.Admit(c.k)) break;
      cells += c.v.empty() ? 0 : 1;
      if (Step(&c, &rc)) {
        std::push_heap(heap_.begin(), heap_.end(), greater);
      } else {
        heap_.pop_back();
      }
    }
    const bool failed = rc != SQLITE_ROW && rc != SQLITE_DONE;
    Status error = failed ? db_.Error() : Status::OK();
    for (Cursor& c : cursors_) sqlite3_reset(c.stmt);
    OBKV_RETURN_IF_ERROR(error);
    return cells;
  }

  Status Update(const std::string& key, const std::string& qualifier,
                const std::string& value, int64_t ts) override {
    OBKV_ASSIGN_OR_RETURN(int p, router_->Route(key, ts));
    return db_.InsertCell(tables_[p].insert, key, qualifier, value, ts);
  }

 private:
  std::string name_ = "raw97";
  std::optional<PartitionRouter> router_;  // key97's, set by Open
  RawSqliteDb db_;
  std::vector<CellStatements> tables_;  // by partition index
  std::vector<Cursor> cursors_;         // by partition index
  std::vector<int> heap_;               // cursor indexes
};

}  // namespace

std::unique_ptr<BenchArm> NewRaw97Arm() { return std::make_unique<Raw97Arm>(); }

}  // namespace bench
}  // namespace obkvlite
