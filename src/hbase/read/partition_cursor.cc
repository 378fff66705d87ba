// Copyright (c) obkvlite authors.
#include "hbase/read/partition_cursor.h"

#include <algorithm>

#include "hbase/layout_statements.h"

namespace obkvlite {
namespace {

// Pages grow from the connection's page_rows() to this many times it, so
// a short scan fetches little and a long one makes few round trips.
constexpr int64_t kMaxPageGrowth = 16;
// A scan limited to n rows first fetches the cells of n + 1 rows by the
// family's cells-per-row hint, within [page_rows, page_rows *
// kMaxPageGrowth]: the first cell of row n + 1 shows that row n is whole.
int64_t FirstPage(int64_t page_rows, int64_t row_limit, int64_t cells_per_row) {
  if (row_limit <= 0 || row_limit > page_rows * kMaxPageGrowth) {
    return row_limit <= 0 ? page_rows : page_rows * kMaxPageGrowth;
  }
  return std::min(std::max(page_rows, (row_limit + 1) * cells_per_row),
                  page_rows * kMaxPageGrowth);
}

}  // namespace

Result<std::unique_ptr<CellCursor>> PartitionCursor::OpenRange(
    storage::Connection* conn, const std::string& table, const KeyRange& keys,
    layout::TBounds times, layout::ScanOrder order, int family_index,
    int partition, bool paged, int64_t row_limit, layout::ReadShape shape,
    CellsPerRowHint* cells_per_row) {
  std::unique_ptr<PartitionCursor> cursor(
      new PartitionCursor(conn, table, family_index, partition));
  cursor->shape_ = shape;
  cursor->row_limit_ = row_limit;
  cursor->cells_per_row_ = cells_per_row;
  cursor->keys_ = keys;
  cursor->times_ = times;
  cursor->order_ = order;
  cursor->lo_ = keys.lo_inclusive ? layout::LoBound::kInclusive
                                  : layout::LoBound::kExclusive;
  cursor->hi_ = keys.hi_unbounded   ? layout::HiBound::kNone
                : keys.hi_inclusive ? layout::HiBound::kInclusive
                                    : layout::HiBound::kExclusive;
  cursor->page_limit_ =
      paged && conn->page_rows() > 0
          ? FirstPage(conn->page_rows(), row_limit,
                      cells_per_row != nullptr ? cells_per_row->get()
                                               : CellsPerRowHint::kInitial)
          : 0;
  OBKV_ASSIGN_OR_RETURN(
      cursor->stmt_,
      NormalStatement(
          conn, table,
          layout::NormalScanKind(cursor->lo_, cursor->hi_, order,
                                 cursor->page_limit_ > 0 ? layout::Page::kFirst
                                                         : layout::Page::kAll,
                                 shape)));
  cursor->SetColumns();
  cursor->BindRange();
  cursor->NextInTurn();
  if (!cursor->status().ok()) return cursor->status();
  cursor->SetStreams();
  return std::unique_ptr<CellCursor>(std::move(cursor));
}

void PartitionCursor::StartPoint(const std::string& table, int family_index,
                                 int partition, layout::ReadShape shape) {
  Finish();
  status_ = Status::OK();
  table_.assign(table);
  family_index_ = family_index;
  partition_ = partition;
  shape_ = shape;
  // A point cursor is never paged.
  page_limit_ = 0;
  row_limit_ = 0;
  next_qualifier_ = 0;
  versions_ = 0;
  column_limit_ = 0;
}

bool PartitionCursor::UsePointStatement(int kind) {
  Result<storage::Statement*> stmt = NormalStatement(conn_, table_, kind);
  if (!stmt.ok()) {
    status_ = stmt.status();
    return false;
  }
  stmt_ = *stmt;
  return true;
}

Status PartitionCursor::StartColumns(const std::string& table,
                                     std::string_view row,
                                     const std::vector<std::string>& qualifiers,
                                     layout::TBounds times, int family_index,
                                     int partition, bool lock_rows,
                                     layout::ReadShape shape,
                                     int64_t versions) {
  StartPoint(table, family_index, partition, shape);
  versions_ = versions;
  // A server sends (and, FOR UPDATE, locks) every row the statement
  // selects, though the cursor steps to `versions` of them: say LIMIT.
  // Hundreds of versions of a hot counter otherwise travel, and are
  // locked, for every increment. SQLite steps no further than asked.
  column_limit_ = versions > 0 && conn_->page_rows() > 0 ? versions : 0;
  if (!UsePointStatement(
          layout::NormalGetColumnKind(column_limit_ > 0, lock_rows, shape))) {
    return status_;
  }
  mode_ = Mode::kColumns;
  if (qualifiers.size() > 1) {
    // One statement per qualifier: they need one snapshot.
    status_ = conn_->TakeSnapshot();
    if (!status_.ok()) {
      Finish();
      return status_;
    }
  }
  keys_.lo.assign(row.data(), row.size());
  row_ = keys_.lo;
  qualifiers_ = qualifiers;
  times_ = times;
  SetColumns();
  BindRange();
  if (qualifiers_.empty()) {
    Finish();
  } else {
    BindNextQualifier();
    NextInTurn();
  }
  return status_;
}

Status PartitionCursor::StartRow(const std::string& table, std::string_view row,
                                 layout::TBounds times, int family_index,
                                 int partition, layout::ReadShape shape) {
  StartPoint(table, family_index, partition, shape);
  if (!UsePointStatement(layout::NormalGetRowKind(shape))) return status_;
  mode_ = Mode::kRow;
  row_ = row;
  times_ = times;
  SetColumns();
  BindRange();
  NextInTurn();
  SetStreams();
  return status_;
}

PartitionCursor::~PartitionCursor() { Finish(); }

void PartitionCursor::SetColumns() {
  // A column get reads T and V only (K and Q are the ones it bound), a row
  // get Q, T and V (K is the one it bound).
  switch (mode_) {
    case Mode::kColumns:
      col_k_ = col_q_ = -1;
      col_v_ = shape_.values ? layout::kGetColV : -1;
      col_t_ = layout::kGetColT;
      col_ttl_ = shape_.cell_ttl ? layout::TtlColumn(1, shape_) : -1;
      return;
    case Mode::kRow:
      col_k_ = -1;
      col_q_ = layout::kGetRowQ;
      col_v_ = shape_.values ? layout::kGetRowV : -1;
      col_t_ = layout::kGetRowT;
      col_ttl_ = shape_.cell_ttl ? layout::TtlColumn(2, shape_) : -1;
      return;
    case Mode::kRange:
      col_k_ = layout::kColK;
      col_q_ = layout::kColQ;
      col_v_ = shape_.values ? layout::kColV : -1;
      col_t_ = layout::kColT;
      col_ttl_ = shape_.cell_ttl ? layout::TtlColumn(3, shape_) : -1;
      return;
  }
}

void PartitionCursor::BindRange() {
  if (mode_ != Mode::kRange) {
    stmt_->BindBlob(1, row_);
  } else {
    stmt_->BindBlob(1, keys_.lo);
    if (!keys_.hi_unbounded) stmt_->BindBlob(2, keys_.hi);
  }
  if (!shape_.all_times) {
    stmt_->BindInt(3, times_.lo_exclusive);
    stmt_->BindInt(4, times_.hi_inclusive);
  }
  if (page_limit_ > 0) stmt_->BindInt(5, page_limit_);
  if (column_limit_ > 0) stmt_->BindInt(5, column_limit_);
  if (shape_.cell_ttl) stmt_->BindInt(9, times_.now_ms);
  page_rows_read_ = 0;
}

bool PartitionCursor::StartLazyPage(storage::RowColumns* row) {
  // A page of n cells holds n rows at most.
  if (row_limit_ <= 0 || row_limit_ >= stmt_->result_rows() ||
      mode_ != Mode::kRange ||
      !stmt_->LastResultBlob(layout::kColK, &page_last_k_)) {
    return false;
  }
  // The statement moved: the current row's views again.
  const auto blob = [&](int col) {
    return col >= 0 ? stmt_->ColumnBlob(col) : std::string_view();
  };
  row->a = blob(col_k_);
  row->b = blob(col_q_);
  row->c = blob(col_v_);
  row->integer = stmt_->ColumnInt(col_t_);
  // One row over the whole page: it may go on past it.
  if (row->a == page_last_k_) return false;
  lazy_ = true;
  rows_seen_ = 1;
  row_k_.assign(row->a.data(), row->a.size());
  return true;
}

bool PartitionCursor::LazyRowMayPassPage(std::string_view k) {
  if (k == row_k_) return false;
  if (++rows_seen_ > row_limit_) {
    // The read takes no cell of this row: the page ends it, one snapshot.
    lazy_ = false;
    if (cells_per_row_ != nullptr) {
      cells_per_row_->Observe(page_rows_read_, row_limit_);
    }
    return false;
  }
  if (k != page_last_k_) {
    row_k_.assign(k.data(), k.size());
    return false;
  }
  lazy_ = false;
  if (cells_per_row_ != nullptr) cells_per_row_->Grow();
  return true;
}

bool PartitionCursor::RestartAtPageLastRow() {
  stmt_->Reset();
  if (order_ == layout::ScanOrder::kForward) {
    keys_.lo = page_last_k_;
    keys_.lo_inclusive = true;
    lo_ = layout::LoBound::kInclusive;
  } else {
    keys_.hi = page_last_k_;
    keys_.hi_inclusive = true;
    keys_.hi_unbounded = false;
    hi_ = layout::HiBound::kInclusive;
  }
  return OpenNextPage(layout::Page::kFirst);
}

bool PartitionCursor::OpenNextPage(layout::Page page) {
  Result<storage::Statement*> next = NormalStatement(
      conn_, table_, layout::NormalScanKind(lo_, hi_, order_, page, shape_));
  if (!next.ok()) {
    status_ = next.status();
    return false;
  }
  stmt_ = *next;
  page_limit_ = std::min(page_limit_ * 2, conn_->page_rows() * kMaxPageGrowth);
  BindRange();
  return true;
}

void PartitionCursor::BindNextQualifier() {
  stmt_->BindBlob(2, qualifiers_[next_qualifier_++]);
  qualifier_cells_ = 0;
}

void PartitionCursor::SetStreams() {
  streams_ = valid_ && page_limit_ == 0 && mode_ != Mode::kColumns;
}

void PartitionCursor::EndStream(storage::StepCode rc) {
  if (rc != storage::StepCode::kDone) status_ = stmt_->error();
  Finish();
}

void PartitionCursor::Finish() {
  valid_ = false;
  streams_ = false;
  lazy_ = false;
  if (stmt_ != nullptr) stmt_->Reset();  // the cached statement is free again
  stmt_ = nullptr;
}

void PartitionCursor::RememberLast() {
  last_k_.assign(key().data(), key().size());
  last_q_.assign(qualifier().data(), qualifier().size());
  last_t_ = t();
}

bool PartitionCursor::NextPage() {
  if (page_limit_ == 0 || page_rows_read_ < page_limit_) return false;
  stmt_->Reset();
  if (!OpenNextPage(layout::Page::kAfter)) return false;
  stmt_->BindBlob(6, last_k_);
  stmt_->BindBlob(7, last_q_);
  stmt_->BindInt(8, last_t_);
  return true;
}

void PartitionCursor::NextInTurn() {
  if (stmt_ == nullptr) return;
  if (valid_ && page_limit_ > 0 && page_rows_read_ == page_limit_) {
    RememberLast();
  }
  while (true) {
    storage::RowColumns row;
    // A qualifier that gave its newest `versions_` cells is done: the rest
    // are never stepped to.
    const storage::StepCode rc =
        mode_ == Mode::kColumns && versions_ > 0 &&
                qualifier_cells_ >= versions_
            ? storage::StepCode::kDone
            : stmt_->AdvanceRow(col_k_, col_q_, col_v_, col_t_, &row);
    if (rc == storage::StepCode::kRow) {
      ++qualifier_cells_;
      if (page_rows_read_ == 0 && page_limit_ > 0 &&
          conn_->snapshot_pending() && stmt_->result_rows() >= page_limit_ &&
          !StartLazyPage(&row)) {
        // The read runs without a snapshot (kReadOnDemand), and more pages
        // follow: take one, and read this page again inside it.
        status_ = conn_->TakeSnapshot();
        if (!status_.ok()) {
          Finish();
          return;
        }
        stmt_->Reset();
        BindRange();
        continue;
      }
      if (lazy_ && page_rows_read_ > 0 && LazyRowMayPassPage(row.a)) {
        // The page's last row, which the read takes and which may go on
        // past the page: it and the rows after it come from one snapshot,
        // taken now (the rows before came whole from the page's).
        status_ = conn_->TakeSnapshot();
        if (!status_.ok() || !RestartAtPageLastRow()) {
          Finish();
          return;
        }
        continue;
      }
      cell_.a = mode_ == Mode::kRange ? row.a : row_;
      cell_.b =
          mode_ == Mode::kColumns ? qualifiers_[next_qualifier_ - 1] : row.b;
      cell_.c = row.c;
      cell_.integer = row.integer;
      valid_ = true;
      ++page_rows_read_;
      return;
    }
    if (rc != storage::StepCode::kDone) {
      status_ = stmt_->error();
      Finish();
      return;
    }
    if (NextPage()) continue;
    if (!status_.ok()) {
      Finish();
      return;
    }
    if (mode_ != Mode::kColumns || next_qualifier_ >= qualifiers_.size()) {
      Finish();
      return;
    }
    stmt_->Reset();
    BindNextQualifier();
  }
}

}  // namespace obkvlite
