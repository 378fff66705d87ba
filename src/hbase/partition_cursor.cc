// Copyright (c) obkvlite authors.
#include "hbase/partition_cursor.h"

namespace obkvlite {

using layout::NormalSql;
using storage::SqliteStatement;

namespace {

Result<SqliteStatement*> CachedStatement(storage::Connection* conn,
                                         const std::string& table, int kind) {
  return conn->statements()->Get(table, kind,
                                 [&] { return NormalSql(kind, table); });
}

}  // namespace

Result<std::unique_ptr<CellCursor>> PartitionCursor::OpenRange(
    storage::Connection* conn, const std::string& table, const KeyRange& keys,
    layout::TBounds times, layout::ScanOrder order, int family_index,
    int partition) {
  const layout::LoBound lo = keys.lo_inclusive ? layout::LoBound::kInclusive
                                               : layout::LoBound::kExclusive;
  const layout::HiBound hi = keys.hi_unbounded   ? layout::HiBound::kNone
                             : keys.hi_inclusive ? layout::HiBound::kInclusive
                                                 : layout::HiBound::kExclusive;
  OBKV_ASSIGN_OR_RETURN(
      SqliteStatement * stmt,
      CachedStatement(conn, table, layout::NormalScanKind(lo, hi, order)));
  std::unique_ptr<PartitionCursor> cursor(
      new PartitionCursor(stmt, family_index, partition));
  cursor->keys_ = keys;
  stmt->BindBlob(1, cursor->keys_.lo);
  if (!keys.hi_unbounded) stmt->BindBlob(2, cursor->keys_.hi);
  stmt->BindInt(3, times.lo_exclusive);
  stmt->BindInt(4, times.hi_inclusive);
  cursor->Next();
  if (!cursor->status().ok()) return cursor->status();
  return std::unique_ptr<CellCursor>(std::move(cursor));
}

Result<std::unique_ptr<CellCursor>> PartitionCursor::OpenColumns(
    storage::Connection* conn, const std::string& table, std::string_view row,
    const std::vector<std::string>& qualifiers, layout::TBounds times,
    int family_index, int partition) {
  OBKV_ASSIGN_OR_RETURN(SqliteStatement * stmt,
                        CachedStatement(conn, table, layout::kNormalGetColumn));
  std::unique_ptr<PartitionCursor> cursor(
      new PartitionCursor(stmt, family_index, partition));
  cursor->columns_mode_ = true;
  cursor->keys_.lo = std::string(row);
  cursor->qualifiers_ = qualifiers;
  stmt->BindBlob(1, cursor->keys_.lo);
  stmt->BindInt(3, times.lo_exclusive);
  stmt->BindInt(4, times.hi_inclusive);
  if (cursor->qualifiers_.empty()) {
    cursor->Finish();
  } else {
    cursor->BindNextQualifier();
    cursor->Next();
  }
  if (!cursor->status().ok()) return cursor->status();
  return std::unique_ptr<CellCursor>(std::move(cursor));
}

PartitionCursor::~PartitionCursor() { Finish(); }

void PartitionCursor::BindNextQualifier() {
  stmt_->BindBlob(2, qualifiers_[next_qualifier_++]);
}

void PartitionCursor::Finish() {
  valid_ = false;
  if (stmt_ != nullptr) stmt_->Reset();  // the cached statement is free again
  stmt_ = nullptr;
}

void PartitionCursor::Next() {
  if (stmt_ == nullptr) return;
  while (true) {
    const int rc = stmt_->StepRc();
    if (rc == SQLITE_ROW) {
      key_ = stmt_->ColumnBlob(layout::kColK);
      qualifier_ = stmt_->ColumnBlob(layout::kColQ);
      t_ = stmt_->ColumnInt(layout::kColT);
      value_ = stmt_->ColumnBlob(layout::kColV);
      valid_ = true;
      return;
    }
    if (rc != SQLITE_DONE) {
      status_ = stmt_->Error(rc);
      Finish();
      return;
    }
    if (!columns_mode_ || next_qualifier_ >= qualifiers_.size()) {
      Finish();
      return;
    }
    stmt_->Reset();
    BindNextQualifier();
  }
}

}  // namespace obkvlite
