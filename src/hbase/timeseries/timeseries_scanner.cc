// Copyright (c) obkvlite authors.
#include "hbase/timeseries/timeseries_scanner.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "hbase/read/timeseries_doc_cursor.h"
#include "layout/timeseries_layout.h"
#include "layout/timeseries_value.h"
#include "layout/timestamp_codec.h"
#include "storage/transaction.h"

namespace obkvlite {
namespace {

struct Entry {
  std::string qualifier;
  int64_t ts;
  int64_t s;
  std::string value;
};

class TimeseriesScanner final : public Scanner {
 public:
  explicit TimeseriesScanner(ReadPlan plan) : plan_(std::move(plan)) {}
  ~TimeseriesScanner() override { Finish(); }

  // Reads on a leased connection of its own.
  Status Open(StoreContext* ctx) {
    OBKV_ASSIGN_OR_RETURN(lease_, ctx->readers(plan_.consistency).Acquire());
    Status st = Open(lease_.get());
    if (!st.ok() && lease_->broken()) {
      // An idle session whose server restarted: nothing was read yet, so
      // reconnecting once is safe (a transaction's Begin does the same).
      cursors_.clear();
      txn_.Abort();
      st = Open(lease_.get());
    }
    return st;
  }

  // Reads on `conn`, which must outlive the scanner. A scan (not a Get)
  // reads in pages where the connection asks for them.
  Status Open(storage::Connection* conn) {
    const FamilyRead& read = plan_.families.front();
    const int64_t page = plan_.point ? 0 : conn->page_rows();
    // Several tables need one snapshot; several pages of one take it
    // when the first page turns out full (DocCursor).
    if (read.tables.size() > 1 || page > 0) {
      OBKV_ASSIGN_OR_RETURN(
          txn_, storage::Transaction::Begin(
                    conn, read.tables.size() > 1
                              ? storage::Transaction::Kind::kRead
                              : storage::Transaction::Kind::kReadOnDemand));
    }
    const layout::TBounds times =
        layout::EncodeTimeRange(read.times, read.through_max);
    cursors_.resize(read.tables.size());
    for (size_t i = 0; i < read.tables.size(); ++i) {
      OBKV_RETURN_IF_ERROR(
          cursors_[i].Open(conn, read.family->partition_tables[read.tables[i]],
                           &plan_.keys, times, /*paged=*/page > 0));
    }
    partitions_opened_ = static_cast<int>(read.partitions.size());
    return Status::OK();
  }

  bool NextRow(RowResult* out) override {
    out->row.clear();
    out->cells.clear();
    if (done_ || !status_.ok()) return false;
    if (plan_.limit > 0 && rows_ >= plan_.limit) return Stop();
    while (true) {
      const DocCursor* min = nullptr;
      for (const DocCursor& c : cursors_) {
        if (c.valid() && (min == nullptr || c.key() < min->key())) min = &c;
      }
      if (min == nullptr) return Stop();
      std::string row(min->key());
      Status st = ReadRow(row);
      if (!st.ok()) {
        status_ = st;
        return Stop();
      }
      if (entries_.empty()) continue;
      EmitRow(row, out);
      ++rows_;
      return true;
    }
  }

  Status status() const override { return status_; }
  int partitions_opened() const override { return partitions_opened_; }

 private:
  // Decodes every document of `row` from every cursor into entries_.
  Status ReadRow(const std::string& row) {
    entries_.clear();
    const FamilyRead& read = plan_.families.front();
    for (DocCursor& c : cursors_) {
      while (c.valid() && c.key() == row) {
        OBKV_RETURN_IF_ERROR(
            layout::DecodeTimeseriesValue(c.value(), &members_));
        const int64_t ts = layout::DecodeTimestamp(c.t());
        const int64_t s = c.s();
        for (auto& [q, v] : members_) {
          if (!read.Wants(q)) continue;
          entries_.push_back(Entry{std::move(q), ts, s, std::move(v)});
        }
        OBKV_RETURN_IF_ERROR(c.Next());
      }
    }
    return Status::OK();
  }

  void EmitRow(const std::string& row, RowResult* out) {
    std::sort(entries_.begin(), entries_.end(),
              [](const Entry& a, const Entry& b) {
                const int c = a.qualifier.compare(b.qualifier);
                if (c != 0) return c < 0;
                if (a.ts != b.ts) return a.ts > b.ts;
                return a.s < b.s;  // newest write first
              });
    const std::string& family = plan_.families.front().family->name();
    out->row = row;
    for (size_t i = 0; i < entries_.size(); ++i) {
      Entry& e = entries_[i];
      if (i > 0 && e.ts == entries_[i - 1].ts &&
          e.qualifier == entries_[i - 1].qualifier) {
        continue;  // shadowed by a newer write of the same cell
      }
      out->cells.push_back(
          Cell{row, family, e.qualifier, e.ts, std::move(e.value)});
    }
  }

  bool Stop() {
    Finish();
    return false;
  }

  void Finish() {
    if (done_) return;
    done_ = true;
    cursors_.clear();  // frees their statements
    txn_.Abort();
    lease_ = storage::ConnectionPool::Lease();
  }

  ReadPlan plan_;
  storage::ConnectionPool::Lease lease_;
  storage::Transaction txn_;
  std::vector<DocCursor> cursors_;
  std::vector<Entry> entries_;
  std::vector<std::pair<std::string, std::string>> members_;
  int64_t rows_ = 0;
  int partitions_opened_ = 0;
  bool done_ = false;
  Status status_;
};

}  // namespace

Result<RowResult> ReadTimeseriesRow(StoreContext* ctx, ReadPlan plan) {
  RowResult row;
  const std::optional<ReadConsistency> consistency = plan.consistency;
  OBKV_RETURN_IF_ERROR(ctx->RunRead(
      [&](storage::Connection* conn) -> Status {
        TimeseriesScanner scanner(std::move(plan));
        OBKV_RETURN_IF_ERROR(scanner.Open(conn));
        if (!scanner.Next(&row)) return scanner.status();
        return Status::OK();
      },
      consistency));
  return row;
}

Result<std::unique_ptr<Scanner>> OpenTimeseriesScanner(StoreContext* ctx,
                                                       ReadPlan plan) {
  auto scanner = std::make_unique<TimeseriesScanner>(std::move(plan));
  OBKV_RETURN_IF_ERROR(scanner->Open(ctx));
  return std::unique_ptr<Scanner>(std::move(scanner));
}

}  // namespace obkvlite
