// Copyright (c) obkvlite authors.
#include "hbase/read/normal_scanner.h"

#include "hbase/api_guard.h"
#include "hbase/read/shard_stream.h"

namespace obkvlite {

Result<std::unique_ptr<Scanner>> NormalScanner::Open(
    StoreContext* ctx, ReadPlan plan, std::unique_ptr<ScanCounter> counter,
    int64_t now_ms) {
  std::unique_ptr<NormalScanner> scanner(new NormalScanner(std::move(plan)));
  if (ReadsShardsInParallel(*ctx, *scanner->plan_)) {
    // The shards' threads hold their own leases and snapshots.
    scanner->reader_ =
        std::make_unique<RowReader>(scanner->plan_.get(), nullptr);
    OBKV_RETURN_IF_ERROR(
        OpenShardScan(ctx, scanner->plan_.get(), scanner->reader_.get()));
    scanner->partitions_opened_ = scanner->reader_->partitions_opened();
  } else if (const int cursors = RowReader::CursorCount(*scanner->plan_);
             cursors > 0) {
    OBKV_ASSIGN_OR_RETURN(scanner->lease_,
                          ctx->readers(scanner->plan_->consistency).Acquire());
    // One cursor of one page is one statement: its own snapshot.
    const storage::Transaction::Kind kind =
        cursors == 1 ? storage::Transaction::Kind::kReadOnDemand
                     : storage::Transaction::Kind::kRead;
    Status st = scanner->OpenReader(kind);
    if (!st.ok() && scanner->lease_->broken()) {
      // An idle session whose server restarted: nothing was read yet, so
      // reconnecting once is safe (a transaction's Begin does the same).
      st = scanner->OpenReader(kind);
    }
    OBKV_RETURN_IF_ERROR(st);
    scanner->partitions_opened_ = scanner->reader_->partitions_opened();
  }
  if (counter != nullptr) counter->CountRequests(now_ms);
  scanner->counter_ = std::move(counter);
  return std::unique_ptr<Scanner>(std::move(scanner));
}

Status NormalScanner::OpenReader(storage::Transaction::Kind kind) {
  reader_.reset();
  txn_.Abort();
  OBKV_ASSIGN_OR_RETURN(txn_, storage::Transaction::Begin(lease_.get(), kind));
  reader_ = std::make_unique<RowReader>(plan_.get(), lease_.get());
  return reader_->Open();
}

NormalScanner::~NormalScanner() { Finish(); }

void NormalScanner::Finish() {
  if (counter_ != nullptr) counter_->EndCellRow();
  reader_.reset();
  txn_.Abort();  // a read transaction: nothing to commit
  lease_ = storage::ConnectionPool::Lease();
}

void NormalScanner::EmitChunk(RowResult* out) {
  const size_t n = std::min(pending_.cells.size() - pending_pos_,
                            static_cast<size_t>(plan_->batch));
  out->row = pending_.row;
  out->cells.clear();
  for (size_t i = 0; i < n; ++i) {
    out->cells.push_back(std::move(pending_.cells[pending_pos_ + i]));
  }
  pending_pos_ += n;
}

void NormalScanner::Fail() {
  status_ = CurrentExceptionStatus("scan");
  Finish();
}

bool NormalScanner::NextCell(CellView* out) {
  // Filters and reversed reads make whole rows first.
  if (!streams_cells_) return Scanner::NextCell(out);
  try {
    if (pending_pos_ < pending_.cells.size()) {
      // The rest of a row Next split by `batch`.
      const Cell& cell = pending_.cells[pending_pos_++];
      *out = CellView{pending_.row,   cell.family, cell.qualifier,
                      cell.timestamp, cell.value,  /*first_in_row=*/false};
      if (counter_ != nullptr) counter_->CountCell(*out);
      return true;
    }
    if (reader_ == nullptr) return false;
    bool new_row = false;
    if (!reader_->NextCell(out, &new_row)) {
      status_ = reader_->status();
      Finish();
      return false;
    }
    if (new_row) {
      if (plan_->limit > 0 && rows_ >= plan_->limit) {
        Finish();
        return false;
      }
      ++rows_;
    }
    out->first_in_row = new_row;
    if (counter_ != nullptr) counter_->CountCell(*out);
    return true;
  } catch (...) {
    Fail();
    return false;
  }
}

bool NormalScanner::NextRow(RowResult* out) {
  try {
    // Next after NextCell starts at the next row: that row is counted.
    if (counter_ != nullptr) counter_->EndCellRow();
    const bool got = ReadRow(out);
    if (got && counter_ != nullptr) counter_->CountRow(*out);
    return got;
  } catch (...) {
    Fail();
    return false;
  }
}

bool NormalScanner::ReadRow(RowResult* out) {
  try {
    if (pending_pos_ < pending_.cells.size()) {
      EmitChunk(out);
      return true;
    }
    if (reader_ == nullptr) return false;
    if (plan_->limit > 0 && rows_ >= plan_->limit) {
      Finish();
      return false;
    }
    RowResult* target = plan_->batch > 0 ? &pending_ : out;
    if (!reader_->NextRow(target)) {
      status_ = reader_->status();
      Finish();
      return false;
    }
    ++rows_;
    if (plan_->batch > 0) {
      pending_pos_ = 0;
      EmitChunk(out);
    }
    return true;
  } catch (...) {
    Fail();
    return false;
  }
}

}  // namespace obkvlite
