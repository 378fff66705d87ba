// Copyright (c) obkvlite authors.
#include "hbase/read/timeseries_doc_cursor.h"

#include <algorithm>

#include "hbase/layout_statements.h"
#include "layout/timeseries_layout.h"

namespace obkvlite {
namespace {

// Pages grow from the connection's page_rows() to this many times it.
constexpr int64_t kMaxPageGrowth = 16;

}  // namespace

DocCursor& DocCursor::operator=(DocCursor&& other) noexcept {
  if (this == &other) return *this;
  Close();
  conn_ = other.conn_;
  table_ = std::move(other.table_);
  keys_ = other.keys_;
  times_ = other.times_;
  hi_ = other.hi_;
  stmt_ = std::exchange(other.stmt_, nullptr);
  valid_ = std::exchange(other.valid_, false);
  page_limit_ = other.page_limit_;
  page_rows_read_ = other.page_rows_read_;
  last_k_ = std::move(other.last_k_);
  last_t_ = other.last_t_;
  last_s_ = other.last_s_;
  return *this;
}

Status DocCursor::Open(storage::Connection* conn, std::string table,
                       const KeyRange* keys, layout::TBounds times,
                       bool paged) {
  conn_ = conn;
  table_ = std::move(table);
  keys_ = keys;
  times_ = times;
  hi_ = keys->hi_unbounded ? 2 : (keys->hi_inclusive ? 1 : 0);
  page_limit_ = paged ? conn->page_rows() : 0;
  OBKV_RETURN_IF_ERROR(Start(static_cast<int>(
      page_limit_ > 0 ? layout::Page::kFirst : layout::Page::kAll)));
  return Next();
}

Status DocCursor::Start(int page_number) {
  const auto page = static_cast<layout::Page>(page_number);
  if (stmt_ != nullptr) stmt_->Reset();
  OBKV_ASSIGN_OR_RETURN(
      stmt_, TimeseriesStatement(conn_, table_,
                                 layout::TimeseriesScanKind(
                                     !keys_->lo_inclusive, hi_, page)));
  stmt_->BindBlob(1, keys_->lo);
  if (hi_ != 2) stmt_->BindBlob(2, keys_->hi);
  stmt_->BindInt(3, times_.lo_exclusive);
  stmt_->BindInt(4, times_.hi_inclusive);
  if (page != layout::Page::kAll) stmt_->BindInt(5, page_limit_);
  if (page == layout::Page::kAfter) {
    stmt_->BindBlob(6, last_k_);
    stmt_->BindInt(7, last_t_);
    stmt_->BindInt(8, last_s_);
  }
  page_rows_read_ = 0;
  return Status::OK();
}

Status DocCursor::Next() {
  if (stmt_ == nullptr) return Status::OK();
  if (valid_ && page_limit_ > 0 && page_rows_read_ == page_limit_) {
    last_k_.assign(key());
    last_t_ = t();
    last_s_ = s();
  }
  while (true) {
    const storage::StepCode rc = stmt_->Advance();
    valid_ = rc == storage::StepCode::kRow;
    if (valid_ && page_rows_read_ == 0 && page_limit_ > 0 &&
        conn_->snapshot_pending() && stmt_->result_rows() >= page_limit_) {
      // The read runs without a snapshot (Transaction::kReadOnDemand), and
      // more pages follow: take one, and read this page again inside it.
      OBKV_RETURN_IF_ERROR(conn_->TakeSnapshot());
      OBKV_RETURN_IF_ERROR(Start(static_cast<int>(layout::Page::kFirst)));
      continue;
    }
    if (valid_) {
      ++page_rows_read_;
      return Status::OK();
    }
    if (rc == storage::StepCode::kError) {
      Status st = stmt_->error();
      Close();
      return st;
    }
    if (page_limit_ == 0 || page_rows_read_ < page_limit_) return Status::OK();
    page_limit_ =
        std::min(page_limit_ * 2, conn_->page_rows() * kMaxPageGrowth);
    OBKV_RETURN_IF_ERROR(Start(static_cast<int>(layout::Page::kAfter)));
  }
}

std::string_view DocCursor::key() const {
  return stmt_->ColumnBlob(layout::kTsColK);
}
int64_t DocCursor::t() const { return stmt_->ColumnInt(layout::kTsColT); }
int64_t DocCursor::s() const { return stmt_->ColumnInt(layout::kTsColS); }
std::string_view DocCursor::value() const {
  return stmt_->ColumnText(layout::kTsColV);
}

void DocCursor::Close() {
  valid_ = false;
  if (stmt_ != nullptr) stmt_->Reset();
  stmt_ = nullptr;
}

}  // namespace obkvlite
