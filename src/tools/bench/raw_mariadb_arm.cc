// Copyright (c) obkvlite authors.
//
// The server floor: hand-written SQL over MariaDB Connector/C on the table
// the mariadb arm uses (the mysql dialect's "t$f", created by the same
// DDL), with the same statement shapes a careful user writes: prepared
// statements on the binary protocol, 32-row upserts in one transaction
// per batch, a row read by K, and a range read with LIMIT
// (raw_mariadb_db.h).
//
// Arm "rawmariadbts" is the same on the timeseries arm's table (K, T, S,
// V): a row's kQualifiers cells are one JSON document, written in 32-row
// plain INSERTs at one S per batch, the floor of arm mariadbts' puts. Its
// reads count kQualifiers cells per document without parsing V (and an
// update's one-cell document as kQualifiers too), so only its put figure
// is a floor.

#include <memory>
#include <string>
#include <vector>

#include "layout/timeseries_value.h"
#include "layout/timestamp_codec.h"
#include "tools/bench/bench_arm.h"
#include "tools/bench/raw_mariadb_db.h"

namespace obkvlite {
namespace bench {
namespace {

class RawMariadbArm : public BenchArm {
 public:
  explicit RawMariadbArm(bool timeseries)
      : timeseries_(timeseries),
        name_(timeseries ? "rawmariadbts" : "rawmariadb") {}

  ~RawMariadbArm() override {
    db_.reset();  // its connection first
    if (!database_.empty()) DropBenchServerDatabase(database_);
  }

  const std::string& name() const override { return name_; }

  Status Open(const std::string& dir, const StoreOptions&) override {
    database_ = BenchServerDatabase(name_, dir);
    db_ = std::make_unique<RawMariadbDb>();
    OBKV_RETURN_IF_ERROR(db_->Connect(name_, database_, /*create=*/true));
    OBKV_RETURN_IF_ERROR(db_->CreateTable(timeseries_));
    return db_->PrepareStatements(timeseries_);
  }

  Status Load(const RowBatch& batch) override {
    if (timeseries_) return LoadDocuments(batch);
    OBKV_RETURN_IF_ERROR(db_->Query("START TRANSACTION"));
    OBKV_RETURN_IF_ERROR(db_->UpsertBatch(batch));
    return db_->Query("COMMIT");
  }

  // One document per row, V the JSON of its kQualifiers cells, S one
  // write time per batch (s_, bound where the normal table's Q goes).
  Status LoadDocuments(const RowBatch& batch) {
    OBKV_RETURN_IF_ERROR(db_->Query("START TRANSACTION"));
    s_ = layout::EncodeTimestamp(++write_ms_);
    const std::string s;  // unused: Upsert binds s_
    std::vector<std::string> docs(batch.keys.size());
    std::vector<layout::TimeseriesMember> members;
    for (size_t r = 0; r < batch.keys.size(); ++r) {
      AppendRowDocument(batch, r, &members, &docs[r]);
    }
    std::vector<const std::string*> k, q, v;
    for (size_t r = 0; r < batch.keys.size(); ++r) {
      k.push_back(&batch.keys[r]);
      q.push_back(&s);
      v.push_back(&docs[r]);
    }
    OBKV_RETURN_IF_ERROR(
        db_->UpsertAll(k, q, v, layout::EncodeTimestamp(batch.ts), s_));
    return db_->Query("COMMIT");
  }

  Result<int> GetRow(const std::string& key) override {
    int cells = 0;
    const int per_row = timeseries_ ? kQualifiers : 1;
    OBKV_RETURN_IF_ERROR(db_->Get(key, [&](RawMariadbDb::Column* cols) {
      cells += cols[2].length > 0 ? per_row : 0;
      return true;
    }));
    return cells;
  }

  Result<int64_t> ScanRows(const std::string& start, int64_t rows) override {
    // The raw reader knows the shape: kQualifiers cells per row.
    const int per_row = timeseries_ ? kQualifiers : 1;
    const int64_t limit = rows == INT64_MAX || timeseries_
                              ? rows
                              : rows * static_cast<int64_t>(kQualifiers);
    int64_t cells = 0;
    OBKV_RETURN_IF_ERROR(
        db_->Scan(start, limit, [&](RawMariadbDb::Column* cols) {
          cells += cols[3].length > 0 ? per_row : 0;
          return true;
        }));
    return cells;
  }

  Status Update(const std::string& key, const std::string& qualifier,
                const std::string& value, int64_t ts) override {
    const std::string* k = &key;
    const std::string* q = &qualifier;
    const std::string* v = &value;
    std::string doc;
    if (timeseries_) {
      // A new document of the one cell, at the next write time.
      s_ = layout::EncodeTimestamp(++write_ms_);
      layout::AppendTimeseriesValue({{qualifier, value}}, &doc);
      v = &doc;
    }
    return db_->Upsert(1, &k, &q, &v, layout::EncodeTimestamp(ts), s_);
  }

 private:
  const bool timeseries_;
  const std::string name_;
  int64_t write_ms_ = 1;  // the timeseries write time of the last write
  long long s_ = 0;       // its S, bound in the normal table's Q place
  std::string database_;
  std::unique_ptr<RawMariadbDb> db_;
};

}  // namespace

std::unique_ptr<BenchArm> NewRawMariadbArm(bool timeseries) {
  return std::make_unique<RawMariadbArm>(timeseries);
}

}  // namespace bench
}  // namespace obkvlite
